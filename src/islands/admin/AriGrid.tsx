// A hotel's calendar in the console (/admin/products/calendar?id=): room types × nights, two or four weeks at a time,
// each night showing the rooms left and each rate plan's price and restrictions; a night chosen, then another,
// selects the nights between, and one form sets price, rooms, stays, closures or stop sell on those nights (on the
// chosen weekdays) in one change, as channel managers do.
import { useStore } from '@nanostores/react';
import { useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import ImportedNotice from './ImportedNotice';
import ConsoleGate from './ConsoleGate';
import InventoryField from './InventoryField';
import LoadState, { useConsoleLoad } from './LoadState';
import { useConsoleForm } from './useConsoleForm';
import { centsOf, fieldProps, numberOf } from './inventory-form';
import { changeAri, loadAri, loadProduct, type AriGrid as Grid, type ProductDetail } from '../../stores/inventory';
import { $language, useT } from '../../stores/locale';
import { ApiFailure } from '../../shared/contract/api-client';
import { AriUpdateSchema, isoWeekday } from '../../shared/contract/inventory';
import { addDays } from '../../shared/rules/booking-dates';
import { formatDay, formatDayRange } from '../../shared/rules/format-day';
import { nameIn } from '../../shared/rules/stay-rates';

export default function AriGrid() {
  return (
    <ConsoleGate section="admin">
      <Calendar />
    </ConsoleGate>
  );
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** 2024-01-01 was a Monday: the weekdays' names in any language from it. */
const weekdayName = (language: string, iso: number, weekday: 'long' | 'short') => formatDay(language, addDays('2024-01-01', iso - 1), { weekday });

type Tri = '' | 'yes' | 'no';
type Values = {
  room_id: number;
  rate_plan_id?: number;
  from: string;
  to: string;
  weekdays?: number[];
  price_usd_minor?: number | null;
  units?: number;
  min_stay?: number;
  max_stay?: number;
  closed_to_arrival?: boolean;
  closed_to_departure?: boolean;
  stop_sell?: boolean;
};
const triOf = (b: boolean | undefined): Tri => (b === undefined ? '' : b ? 'yes' : 'no');
const boolOf = (t: Tri): boolean | undefined => (t === '' ? undefined : t === 'yes');

/** The nights of a range on the chosen weekdays (all when none are chosen), at most 400. */
function nightsOn(from: string, to: string, weekdays: readonly number[] | undefined): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 0;
  let n = 0;
  for (let d = from, i = 0; d <= to && i < 400; d = addDays(d, 1), i++) if (!weekdays || weekdays.includes(isoWeekday(d))) n++;
  return n;
}

function Calendar() {
  const t = useT();
  const [productId] = useState(() => Number(new URLSearchParams(location.search).get('id')) || 0);
  const product = useConsoleLoad(() => (productId ? loadProduct(productId) : Promise.resolve(null)), productId);
  if (!productId) {
    return (
      <p className="console-muted">
        <a href="/admin/products">{t('inv_no_product')}</a>
      </p>
    );
  }
  if (!product.data) return <LoadState loaded={product} />;
  // A bed bank's hotel has no calendar of ours: its rooms and rates are the supplier's, priced live.
  if (product.data.source) return <ImportedNotice productId={product.data.product_id} supplier={product.data.source} />;
  return <ProductCalendar product={product.data} />;
}

function ProductCalendar({ product }: { product: ProductDetail }) {
  const t = useT();
  const language = useStore($language);
  const [start, setStart] = useState(todayUtc);
  const [weeks, setWeeks] = useState(2);
  const end = addDays(start, weeks * 7 - 1);
  const grid = useConsoleLoad(() => loadAri(product.product_id, start, end), `${start}|${end}`);
  const firstRoom = product.rooms[0];

  return (
    <>
      <p>
        <a href={`/admin/products/edit?id=${product.product_id}`}>← {t('inv_back_to_product', { name: product.name })}</a>
      </p>
      <h2 className="inv-title">{t('inv_calendar_title', { name: product.name })}</h2>
      {firstRoom && product.rate_plans.length ? <p className="console-muted">{t('inv_calendar_intro')}</p> : <p className="console-muted">{t('inv_no_rooms_calendar')}</p>}
      <div className="ari-controls">
        <button type="button" className="btn btn-sm" onClick={() => setStart(addDays(start, -7 * weeks))}>
          ← {t('inv_previous')}
        </button>
        <p className="ari-range" aria-live="polite" data-testid="ari-range">
          {formatDayRange(language, start, end)}
        </p>
        <button type="button" className="btn btn-sm" onClick={() => setStart(addDays(start, 7 * weeks))}>
          {t('inv_next')} →
        </button>
        <button type="button" className="btn btn-sm btn-secondary" onClick={() => setStart(todayUtc())} disabled={start === todayUtc()}>
          {t('inv_today')}
        </button>
        <label className="ari-period">
          <span>{t('inv_period')}</span>
          <select className="input" value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
            <option value={2}>{t('inv_two_weeks')}</option>
            <option value={4}>{t('inv_four_weeks')}</option>
          </select>
        </label>
      </div>
      {firstRoom ? (
        <Editor product={product} grid={grid.data} start={start} end={end} onChanged={grid.reload} gridState={<LoadState loaded={grid} />} />
      ) : null}
    </>
  );
}

/** The grid and the form that sets the nights it selects (the selection is the form's own values). */
function Editor({ product, grid, start, end, onChanged, gridState }: { product: ProductDetail; grid: Grid | null; start: string; end: string; onChanged: () => Promise<void>; gridState: React.ReactNode }) {
  const t = useT();
  const language = useStore($language);
  const form = useConsoleForm(AriUpdateSchema, { room_id: product.rooms[0]!.room_id, from: start, to: end } as never);
  const v = form.values as unknown as Values;
  const set = form.set as unknown as (name: keyof Values, value: unknown) => void;
  const setAll = (values: Values) => form.setValues(Object.fromEntries(Object.entries(values).filter(([, x]) => x !== undefined)) as never);
  const [texts, setTexts] = useState({ price: '', units: '', min_stay: '', max_stay: '' });
  const [anchor, setAnchor] = useState<{ row: string; date: string } | null>(null);
  const [picked, setPicked] = useState('');
  const [done, setDone] = useState('');

  const roomName = (id: number) => nameIn(product.rooms.find((r) => r.room_id === id)?.name ?? { 'en-US': '' }, language);
  const planName = (id: number) => nameIn(product.rate_plans.find((p) => p.rate_plan_id === id)?.name ?? { 'en-US': '' }, language);
  const plansOf = (roomId: number) => product.rate_plans.filter((p) => p.room_ids.includes(roomId));
  const days = grid?.rooms[0]?.nights.map((n) => n.date) ?? [];
  const dayLabel = (date: string) => formatDay(language, date, { weekday: 'short', day: 'numeric', month: 'short' });
  const money = (minor: number) =>
    new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', minimumFractionDigits: minor % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(minor / 100);
  const weekdays = v.weekdays ?? [...WEEKDAYS];

  /** A night chosen on a row: the first starts a selection, a second on the same row ends it (shift extends it). */
  function pick(roomId: number, planId: number | undefined, date: string, e: MouseEvent) {
    const row = `${roomId}|${planId ?? ''}`;
    const sameRow = anchor?.row === row;
    const [from, to] = sameRow && (e.shiftKey || v.from === v.to) && anchor!.date !== date ? [anchor!.date, date].sort() : [date, date];
    setAnchor(sameRow && from !== to ? null : { row, date });
    setAll({ ...v, room_id: roomId, rate_plan_id: planId, from: from!, to: to! });
    const what = planId === undefined ? roomName(roomId) : `${roomName(roomId)} – ${planName(planId)}`;
    setPicked(t('inv_selected', { what, range: formatDayRange(language, from!, to!) }));
    setDone('');
  }
  const selected = (roomId: number, planId: number | undefined, date: string) =>
    v.room_id === roomId && (v.rate_plan_id === undefined || v.rate_plan_id === planId) && date >= v.from && date <= v.to && weekdays.includes(isoWeekday(date));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone('');
    let changed = 0;
    const ok = await form.submit(async (update) => {
      try {
        changed = (await changeAri(product.product_id, { updates: [update as never] })).nights_changed;
      } catch (err) {
        // The server names the update's fields as updates.0.<field>: the form's fields are the update's own.
        if (err instanceof ApiFailure && err.body?.error?.issues) {
          throw new ApiFailure(err.status, { ...err.body, error: { ...err.body.error, issues: err.body.error.issues.map((i) => ({ ...i, path: i.path.replace(/^updates\.\d+\.?/, '') })) } });
        }
        throw err;
      }
    });
    if (!ok) return;
    setDone(t('inv_applied', { n: changed }));
    await onChanged();
  }

  const props = (name: string, hint = false) => ({ ...fieldProps('ari', name, form.errors, hint), onBlur: () => form.blur(name) });
  const typed = (name: 'units' | 'min_stay' | 'max_stay') => ({
    ...props(name, true),
    inputMode: 'numeric' as const,
    value: texts[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setTexts((x) => ({ ...x, [name]: e.target.value }));
      set(name, numberOf(e.target.value));
    },
  });
  const tri = (name: 'closed_to_arrival' | 'closed_to_departure' | 'stop_sell', hint = false) => (
    <select className="input" {...props(name, hint)} value={triOf(v[name])} onChange={(e) => set(name, boolOf(e.target.value as Tri))}>
      <option value="">{t('inv_leave')}</option>
      <option value="yes">{t('inv_yes')}</option>
      <option value="no">{t('inv_no')}</option>
    </select>
  );
  const count = nightsOn(v.from, v.to, v.weekdays);

  return (
    <>
      {grid ? (
        <>
          <div className="ari-scroll" role="region" aria-label={t('inv_grid_label')} data-testid="ari-grid">
            <table className="ari-grid" onKeyDown={moveAcross}>
              <thead>
                <tr>
                  <th scope="col" className="ari-corner">
                    {t('inv_grid_room')}
                  </th>
                  {days.map((date) => (
                    <th scope="col" key={date} className={isoWeekday(date) >= 6 ? 'is-weekend' : undefined}>
                      <span className="ari-weekday">{formatDay(language, date, { weekday: 'short' })}</span>
                      <span>{formatDay(language, date, { day: 'numeric', month: 'short' })}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {product.rooms.map((room) => {
                  const row = grid.rooms.find((r) => r.room_id === room.room_id);
                  if (!row) return null;
                  const name = nameIn(room.name, language);
                  return [
                    <tr key={`room-${room.room_id}`} className="ari-room-row" data-testid={`ari-room-${room.room_id}`}>
                      <th scope="row">
                        <span className="ari-row-name">{name}</span>
                        <span className="ari-row-sub">{t('inv_rooms_left_row')}</span>
                      </th>
                      {row.nights.map((n) => {
                        const left = n.stop_sell ? 0 : Math.max(0, n.units - n.sold);
                        const on = selected(room.room_id, undefined, n.date) && v.rate_plan_id === undefined;
                        const said = [t('inv_cell_rooms', { name, day: dayLabel(n.date), left, units: n.units }), n.stop_sell ? t('inv_cell_stop_long') : '', on ? t('inv_cell_selected') : ''];
                        return (
                          <td key={n.date}>
                            <button
                              type="button"
                              className={`ari-cell${on ? ' is-selected' : ''}${n.stop_sell ? ' is-closed' : ''}`}
                              data-night={n.date}
                              onClick={(e) => pick(room.room_id, undefined, n.date, e)}
                            >
                              <span className="ari-rooms">
                                {left}/{n.units}
                              </span>
                              {n.stop_sell ? <span className="ari-tag"> {t('inv_cell_stop')}</span> : null}
                              <CellWords words={said} />
                            </button>
                          </td>
                        );
                      })}
                    </tr>,
                    ...plansOf(room.room_id).map((plan) => {
                      const planLabel = `${name} – ${nameIn(plan.name, language)}`;
                      return (
                        <tr key={`plan-${room.room_id}-${plan.rate_plan_id}`} data-testid={`ari-plan-${room.room_id}-${plan.rate_plan_id}`}>
                          <th scope="row">
                            <span className="ari-row-plan">{nameIn(plan.name, language)}</span>
                          </th>
                          {row.nights.map((n) => {
                            const r = n.rates.find((x) => x.rate_plan_id === plan.rate_plan_id);
                            const price = r?.price_usd_minor ?? null;
                            const closed = !!r?.stop_sell || price === null;
                            const on = selected(room.room_id, plan.rate_plan_id, n.date);
                            const said = [
                              price === null ? t('inv_cell_unpriced', { name: planLabel, day: dayLabel(n.date) }) : t('inv_cell_price', { name: planLabel, day: dayLabel(n.date), price: money(price) }),
                              r?.stop_sell ? t('inv_cell_stop_long') : '',
                              r && r.min_stay > 1 ? t('inv_cell_min_long', { n: r.min_stay }) : '',
                              r?.max_stay ? t('inv_cell_max_long', { n: r.max_stay }) : '',
                              r?.closed_to_arrival ? t('inv_cell_cta_long') : '',
                              r?.closed_to_departure ? t('inv_cell_ctd_long') : '',
                              on ? t('inv_cell_selected') : '',
                            ];
                            return (
                              <td key={n.date}>
                                <button
                                  type="button"
                                  className={`ari-cell${on ? ' is-selected' : ''}${closed ? ' is-closed' : ''}`}
                                  data-night={n.date}
                                  data-price={price ?? ''}
                                  onClick={(e) => pick(room.room_id, plan.rate_plan_id, n.date, e)}
                                >
                                  <span className="ari-price">{price === null ? '—' : money(price)}</span>
                                  {r?.stop_sell ? <span className="ari-tag"> {t('inv_cell_stop')}</span> : null}
                                  {r && r.min_stay > 1 ? <span className="ari-tag"> {t('inv_min_tag', { n: r.min_stay })}</span> : null}
                                  {r?.closed_to_arrival || r?.closed_to_departure ? (
                                    <span className="ari-tag"> {[r.closed_to_arrival ? 'CTA' : '', r.closed_to_departure ? 'CTD' : ''].filter(Boolean).join(' ')}</span>
                                  ) : null}
                                  <CellWords words={said} />
                                </button>
                              </td>
                            );
                          })}
                        </tr>
                      );
                    }),
                  ];
                })}
              </tbody>
            </table>
          </div>
          <p className="console-muted ari-legend">{t('inv_legend')}</p>
        </>
      ) : (
        gridState
      )}
      <p className="visually-hidden" role="status" data-testid="ari-picked">
        {picked}
      </p>

      <form className="console-form console-group" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="ari-form-heading" data-testid="ari-form">
        <h2 id="ari-form-heading">{t('inv_set_nights')}</h2>
        <div className="console-grid">
          <InventoryField prefix="ari" name="room_id" label={t('inv_room_type')} error={form.errors.room_id}>
            <select
              className="input"
              {...props('room_id')}
              value={v.room_id}
              onChange={(e) => {
                const roomId = Number(e.target.value);
                setAll({ ...v, room_id: roomId, rate_plan_id: plansOf(roomId).some((p) => p.rate_plan_id === v.rate_plan_id) ? v.rate_plan_id : undefined });
              }}
            >
              {product.rooms.map((room) => (
                <option key={room.room_id} value={room.room_id}>
                  {nameIn(room.name, language)}
                </option>
              ))}
            </select>
          </InventoryField>
          <InventoryField prefix="ari" name="rate_plan_id" label={t('inv_rate_plan')} error={form.errors.rate_plan_id}>
            <select className="input" {...props('rate_plan_id')} value={v.rate_plan_id ?? ''} onChange={(e) => set('rate_plan_id', e.target.value ? Number(e.target.value) : undefined)}>
              <option value="">{t('inv_all_plans')}</option>
              {plansOf(v.room_id).map((plan) => (
                <option key={plan.rate_plan_id} value={plan.rate_plan_id}>
                  {nameIn(plan.name, language)}
                </option>
              ))}
            </select>
          </InventoryField>
          <InventoryField prefix="ari" name="from" label={t('inv_from')} error={form.errors.from}>
            <input className="input" type="date" {...props('from')} value={v.from} onChange={(e) => set('from', e.target.value)} />
          </InventoryField>
          <InventoryField prefix="ari" name="to" label={t('inv_to')} error={form.errors.to}>
            <input className="input" type="date" {...props('to')} value={v.to} onChange={(e) => set('to', e.target.value)} />
          </InventoryField>
        </div>
        <fieldset className="inv-checks inv-weekdays" aria-describedby="ari-weekdays-error">
          <legend>{t('inv_weekdays')}</legend>
          {WEEKDAYS.map((day) => (
            <div className="console-check" key={day}>
              <input
                type="checkbox"
                id={`ari-weekday-${day}`}
                checked={weekdays.includes(day)}
                onChange={(e) => {
                  const next = e.target.checked ? [...weekdays, day].sort() : weekdays.filter((d) => d !== day);
                  set('weekdays', next.length === 7 ? undefined : next);
                }}
              />
              <label htmlFor={`ari-weekday-${day}`}>{weekdayName(language, day, 'long')}</label>
            </div>
          ))}
          <p className="field-error" id="ari-weekdays-error">
            {form.errors.weekdays ?? ''}
          </p>
        </fieldset>
        <div className="console-grid">
          <InventoryField prefix="ari" name="price_usd_minor" label={t('inv_price_night')} hint={t('inv_price_hint')} error={form.errors.price_usd_minor}>
            <input
              className="input"
              {...props('price_usd_minor', true)}
              inputMode="decimal"
              disabled={v.price_usd_minor === null}
              value={texts.price}
              onChange={(e) => {
                setTexts((x) => ({ ...x, price: e.target.value }));
                set('price_usd_minor', centsOf(e.target.value));
              }}
            />
            <span className="console-check">
              <input
                type="checkbox"
                id="ari-unprice"
                checked={v.price_usd_minor === null}
                onChange={(e) => set('price_usd_minor', e.target.checked ? null : centsOf(texts.price))}
              />
              <label htmlFor="ari-unprice">{t('inv_unprice')}</label>
            </span>
          </InventoryField>
          <InventoryField prefix="ari" name="units" label={t('inv_units_night')} hint={t('inv_leave_hint')} error={form.errors.units}>
            <input className="input" {...typed('units')} />
          </InventoryField>
          <InventoryField prefix="ari" name="min_stay" label={t('inv_min_stay')} hint={t('inv_leave_hint')} error={form.errors.min_stay}>
            <input className="input" {...typed('min_stay')} />
          </InventoryField>
          <InventoryField prefix="ari" name="max_stay" label={t('inv_max_stay')} hint={t('inv_leave_hint')} error={form.errors.max_stay}>
            <input className="input" {...typed('max_stay')} />
          </InventoryField>
          <InventoryField prefix="ari" name="closed_to_arrival" label={t('inv_cta')} error={form.errors.closed_to_arrival}>
            {tri('closed_to_arrival')}
          </InventoryField>
          <InventoryField prefix="ari" name="closed_to_departure" label={t('inv_ctd')} error={form.errors.closed_to_departure}>
            {tri('closed_to_departure')}
          </InventoryField>
          <InventoryField prefix="ari" name="stop_sell" label={t('inv_stop_sell')} hint={t('inv_stop_sell_hint')} error={form.errors.stop_sell}>
            {tri('stop_sell', true)}
          </InventoryField>
        </div>
        <div className="console-actions">
          <button type="submit" className="btn btn-primary" disabled={form.state === 'saving'} data-testid="ari-apply">
            {t('inv_apply', { n: count })}
          </button>
          <p className={`console-status${form.state === 'failed' ? ' is-failed' : ' is-saved'}`} role="status" data-testid="ari-status">
            {form.state === 'failed' ? form.message : done}
          </p>
        </div>
      </form>
    </>
  );
}

/** The arrow keys move from night to night and from row to row of the grid (Tab leaves it at either end). */
function moveAcross(e: KeyboardEvent<HTMLTableElement>) {
  const cell = (e.target as HTMLElement).closest('td');
  if (!cell || !e.key.startsWith('Arrow')) return;
  const row = cell.parentElement as HTMLTableRowElement;
  const across = { ArrowLeft: cell.previousElementSibling, ArrowRight: cell.nextElementSibling } as Record<string, Element | null>;
  const next =
    e.key in across ? across[e.key] : (e.key === 'ArrowUp' ? row.previousElementSibling : row.nextElementSibling)?.children[cell.cellIndex];
  const button = next?.querySelector('button');
  if (!button) return;
  e.preventDefault();
  button.focus();
}

/**
 * What a cell says to a screen reader after what it shows (its name starts with the visible text, so a person who
 * reads "$180" can say it): the room type or plan, the night, and each restriction in words.
 */
function CellWords({ words }: { words: string[] }) {
  return <span className="visually-hidden">{`, ${words.filter(Boolean).join(', ')}`}</span>;
}
