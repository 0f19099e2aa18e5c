// Adds or edits a rate plan in a dialog: its code and names, the meals it includes, its cancellation terms, who the
// night's price is for and what further guests pay, and the room types it sells.
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog';
import InventoryField from './InventoryField';
import { useConsoleForm } from './useConsoleForm';
import { centsOf, dollarsOf, fieldProps, NAME_LABEL, numberOf } from './inventory-form';
import { addPlan, savePlan, type ProductDetail } from '../../stores/inventory';
import { $language, useT } from '../../stores/locale';
import { RatePlanCreateSchema, RatePlanPatchSchema } from '../../shared/contract/inventory';
import { LANGUAGES } from '../../shared/i18n/types';
import { BOARDS, nameIn } from '../../shared/rules/stay-rates';

type Plan = ProductDetail['rate_plans'][number];
type Values = Omit<Plan, 'rate_plan_id' | 'free_cancellation_days' | 'cancellation_fee_percent' | 'base_occupancy' | 'extra_adult_usd_minor' | 'child_usd_minor' | 'child_free_under'> & {
  free_cancellation_days: number | null | undefined;
  cancellation_fee_percent: number | null | undefined;
  base_occupancy?: number;
  extra_adult_usd_minor?: number;
  child_usd_minor?: number;
  child_free_under?: number;
};

function editable(plan: Plan | null, roomIds: number[]): Values {
  if (!plan) {
    return {
      code: '', name: { 'en-US': '' }, board: 'RO', refundable: true, free_cancellation_days: null, cancellation_fee_percent: null, base_occupancy: 2,
      extra_adult_usd_minor: 0, child_usd_minor: 0, child_free_under: 0, room_ids: roomIds,
    };
  }
  const { rate_plan_id: _id, ...fields } = plan;
  return fields;
}

export default function RatePlanDialog({ product, plan, onClose, onSaved }: { product: ProductDetail; plan: Plan | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const t = useT();
  const language = useStore($language);
  const form = useConsoleForm(plan ? RatePlanPatchSchema : RatePlanCreateSchema, editable(plan, product.rooms.map((r) => r.room_id)) as never);
  const v = form.values as unknown as Values;
  const set = form.set as unknown as (name: keyof Values, value: unknown) => void;
  const [texts, setTexts] = useState(() => ({
    free_cancellation_days: v.free_cancellation_days == null ? '' : String(v.free_cancellation_days),
    cancellation_fee_percent: v.cancellation_fee_percent == null ? '' : String(v.cancellation_fee_percent),
    base_occupancy: String(v.base_occupancy ?? ''),
    child_free_under: String(v.child_free_under ?? ''),
    extra_adult_usd_minor: dollarsOf(v.extra_adult_usd_minor),
    child_usd_minor: dollarsOf(v.child_usd_minor),
  }));
  const props = (name: string, hint = false) => ({ ...fieldProps('plan', name, form.errors, hint), onBlur: () => form.blur(name) });
  /** A number typed as text; `empty` is what an empty field means (null: the product type's terms), `read` turns text into the value. */
  const typed = (name: keyof typeof texts, empty: null | undefined, read: (text: string) => number | undefined = numberOf, hint = false) => ({
    ...props(name, hint),
    inputMode: 'decimal' as const,
    value: texts[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setTexts((x) => ({ ...x, [name]: e.target.value }));
      set(name, e.target.value.trim() === '' ? empty : read(e.target.value));
    },
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const ok = await form.submit(async (parsed) => {
      if (plan) await savePlan(product.product_id, plan.rate_plan_id, parsed as never);
      else await addPlan(product.product_id, parsed as never);
    });
    if (ok) await onSaved();
  }

  const toggleRoom = (roomId: number, on: boolean) => set('room_ids', on ? [...v.room_ids, roomId] : v.room_ids.filter((id) => id !== roomId));

  return (
    <Dialog title={plan ? t('inv_edit_plan', { name: nameIn(plan.name, language) }) : t('inv_add_plan')} onClose={onClose} closeLabel={t('admin_close')} closeOnEscape>
      <form className="console-form" onSubmit={(e) => void submit(e)} noValidate data-testid="plan-form">
        <div className="console-grid">
          <InventoryField prefix="plan" name="code" label={t('inv_code')} error={form.errors.code}>
            <input className="input" {...props('code')} data-autofocus autoComplete="off" spellCheck={false} value={v.code} onChange={(e) => set('code', e.target.value)} />
          </InventoryField>
          {LANGUAGES.map((lang) => (
            <InventoryField key={lang} prefix="plan" name={`name-${lang}`} label={t(NAME_LABEL[lang])} error={lang === 'en-US' ? form.errors.name : undefined}>
              <input
                className="input"
                {...fieldProps('plan', `name-${lang}`, lang === 'en-US' ? form.errors : {})}
                lang={lang}
                value={v.name[lang] ?? ''}
                onChange={(e) => set('name', { ...v.name, [lang]: e.target.value })}
                onBlur={() => form.blur('name')}
              />
            </InventoryField>
          ))}
          <InventoryField prefix="plan" name="board" label={t('inv_board')} error={form.errors.board}>
            <select className="input" {...props('board')} value={v.board} onChange={(e) => set('board', e.target.value)}>
              {BOARDS.map((b) => (
                <option key={b} value={b}>
                  {t(`inv_board_${b}`)}
                </option>
              ))}
            </select>
          </InventoryField>
          <InventoryField prefix="plan" name="base_occupancy" label={t('inv_base_occupancy')} error={form.errors.base_occupancy}>
            <input className="input" {...typed('base_occupancy', undefined)} />
          </InventoryField>
          <InventoryField prefix="plan" name="extra_adult_usd_minor" label={t('inv_extra_adult')} error={form.errors.extra_adult_usd_minor}>
            <input className="input" {...typed('extra_adult_usd_minor', undefined, centsOf)} />
          </InventoryField>
          <InventoryField prefix="plan" name="child_usd_minor" label={t('inv_child_price')} error={form.errors.child_usd_minor}>
            <input className="input" {...typed('child_usd_minor', undefined, centsOf)} />
          </InventoryField>
          <InventoryField prefix="plan" name="child_free_under" label={t('inv_child_free_under')} error={form.errors.child_free_under}>
            <input className="input" {...typed('child_free_under', undefined)} />
          </InventoryField>
        </div>
        <div className="console-check">
          <input type="checkbox" id="plan-refundable" checked={v.refundable} onChange={(e) => set('refundable', e.target.checked)} />
          <label htmlFor="plan-refundable">{t('inv_refundable')}</label>
        </div>
        {v.refundable ? (
          <div className="console-grid">
            <InventoryField prefix="plan" name="free_cancellation_days" label={t('inv_free_days')} hint={t('inv_free_days_hint')} error={form.errors.free_cancellation_days}>
              <input className="input" {...typed('free_cancellation_days', null, numberOf, true)} />
            </InventoryField>
            <InventoryField prefix="plan" name="cancellation_fee_percent" label={t('inv_fee_percent')} error={form.errors.cancellation_fee_percent}>
              <input className="input" {...typed('cancellation_fee_percent', null)} />
            </InventoryField>
          </div>
        ) : null}
        <fieldset className="inv-checks" aria-describedby="plan-room_ids-error">
          <legend>{t('inv_sells')}</legend>
          {product.rooms.map((room) => (
            <div className="console-check" key={room.room_id}>
              <input type="checkbox" id={`plan-room-${room.room_id}`} checked={v.room_ids.includes(room.room_id)} onChange={(e) => toggleRoom(room.room_id, e.target.checked)} />
              <label htmlFor={`plan-room-${room.room_id}`}>{nameIn(room.name, language)}</label>
            </div>
          ))}
          <p className="field-error" id="plan-room_ids-error">
            {form.errors.room_ids ?? ''}
          </p>
        </fieldset>
        <div className="console-actions">
          <button type="submit" className="btn btn-primary" disabled={form.state === 'saving'}>
            {t(plan ? 'admin_save' : 'inv_add_plan')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('admin_cancel')}
          </button>
          <p className="console-status is-failed" role="status" data-testid="plan-status">
            {form.state === 'failed' ? form.message : ''}
          </p>
        </div>
      </form>
    </Dialog>
  );
}
