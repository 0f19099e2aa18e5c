// The date-range picker's dialog, after the WAI-ARIA APG date picker dialog: a month grid moved through with the
// arrows, Home/End, Page Up/Down (months; with Shift, years), Enter or Space to choose, Escape to close. Check-in
// first, then check-out; the weeks start on the org's calendar day (its calendarType). Imported when the picker first opens.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { addDays, dayOfWeek, daysBetween, isoDay, monthGrid, monthOf, shiftMonth, type DateRange, type Weekday } from '../../shared/rules/booking-dates';
import { chooseDay, dayChoosable, type RangePhase, type RangeRules } from '../../shared/rules/date-range';
import { dateFormat, formatDay, WEEKDAY_DAY } from '../../shared/rules/format-day';
import { useT } from '../../stores/locale';

export interface DateRangeCalendarProps {
  id: string;
  value: DateRange;
  rules: RangeRules;
  language: string;
  /** The first day of the week (weekStartsOn of the org's calendarType). */
  weekStart: Weekday;
  onDone: (range: DateRange) => void;
  onClose: () => void;
  /** The button that opened the dialog: a press on it is not a press outside. */
  toggle: RefObject<HTMLButtonElement | null>;
}


export default function DateRangeCalendar({ id, value, rules, language, weekStart, onDone, onClose, toggle }: DateRangeCalendarProps) {
  const t = useT();
  const [range, setRange] = useState<DateRange>(value);
  const [phase, setPhase] = useState<RangePhase>('checkIn');
  const startDay = dayChoosable(value.checkIn, 'checkIn', value, rules) ? value.checkIn : rules.min;
  const [focusDay, setFocusDay] = useState(startDay);
  const [month, setMonth] = useState(monthOf(startDay));
  const dialog = useRef<HTMLDivElement>(null);
  // A phone gets a full-screen sheet; it is placed at the end of the body so no stacking context (the sticky header's)
  // can cover it.
  const [sheet] = useState(() => window.matchMedia('(max-width: 575.98px)').matches);
  // Focus follows the focused day only when the keyboard (or opening) moved it, so the month buttons keep theirs.
  const moveFocus = useRef(true);

  const days = useMemo(() => monthGrid(month, weekStart), [month, weekStart]);
  const formats = useMemo(
    () => ({
      weekday: dateFormat(language, { weekday: 'short', timeZone: 'UTC' }),
      weekdayLong: dateFormat(language, { weekday: 'long', timeZone: 'UTC' }),
      month: dateFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      day: dateFormat(language, { dateStyle: 'full', timeZone: 'UTC' }),
    }),
    [language],
  );
  const weekdays = useMemo(
    () =>
      // 2023-01-01 was a Sunday.
      Array.from({ length: 7 }, (_, i) => {
        const d = new Date(Date.UTC(2023, 0, 1 + ((i + weekStart) % 7)));
        return { short: formats.weekday.format(d), long: formats.weekdayLong.format(d) };
      }),
    [formats, weekStart],
  );
  const monthTitle = formats.month.format(new Date(`${month}-01T00:00:00Z`));
  const choosable = (d: string) => dayChoosable(d, phase, range, rules);

  useEffect(() => {
    if (!moveFocus.current) return;
    dialog.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  useEffect(() => {
    const away = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!dialog.current?.contains(target) && !toggle.current?.contains(target)) onClose();
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [onClose, toggle]);

  function moveTo(d: string) {
    moveFocus.current = true;
    setFocusDay(d);
    if (monthOf(d) !== month) setMonth(monthOf(d));
  }

  function choose(d: string) {
    const next = chooseDay(d, phase, range, rules);
    if (next.range === range) return;
    if (next.done) return onDone(next.range);
    setRange(next.range);
    setPhase(next.phase);
    moveTo(d);
  }

  function startPhase(next: RangePhase) {
    setPhase(next);
    const day = next === 'checkOut' && range.checkOut ? range.checkOut : next === 'checkOut' ? addDays(range.checkIn, 1) : range.checkIn || rules.min;
    moveTo(day);
  }

  function onGridKey(e: React.KeyboardEvent) {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (e.key in moves) {
      e.preventDefault();
      moveTo(addDays(focusDay, moves[e.key]!));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const offset = (dayOfWeek(focusDay) - weekStart + 7) % 7;
      moveTo(addDays(focusDay, e.key === 'Home' ? -offset : 6 - offset));
    } else if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      const target = shiftMonth(monthOf(focusDay), (e.key === 'PageUp' ? -1 : 1) * (e.shiftKey ? 12 : 1));
      const last = Number(isoDay(new Date(Date.parse(`${shiftMonth(target, 1)}-01T00:00:00Z`) - 86_400_000)).slice(8));
      moveTo(`${target}-${String(Math.min(Number(focusDay.slice(8)), last)).padStart(2, '0')}`);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(focusDay);
    }
  }

  // A modal dialog keeps Tab inside it; Escape closes it and gives the focus back to the picker's button.
  function onDialogKey(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && dialog.current) {
      const stops = [...dialog.current.querySelectorAll<HTMLElement>('button:not([disabled]):not([tabindex="-1"])')];
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  }

  const previewNights = phase === 'checkOut' && choosable(focusDay) ? daysBetween(range.checkIn, focusDay) : 0;
  const status = rules.single
    ? t('bk_date_dialog')
    : phase === 'checkIn'
      ? t('bk_choose_check_in')
      : previewNights > 0
        ? `${t('bk_choose_check_out')} · ${t('bk_nights_n', { n: previewNights })}`
        : `${t('bk_choose_check_out')} · ${t('bk_max_nights_n', { n: rules.maxNights })}`;
  const inRange = (d: string) => !rules.single && range.checkIn && range.checkOut && d > range.checkIn && d < range.checkOut;
  const endDay = (d: string) => (d ? formatDay(language, d, WEEKDAY_DAY) : t('bk_not_chosen'));

  const content = (
    <div
      ref={dialog}
      id={`${id}-dialog`}
      className="bk-range__dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-dialog-title`}
      data-testid="calendar"
      onKeyDown={onDialogKey}
    >
      <div className="bk-range__top">
        <h2 id={`${id}-dialog-title`} className="bk-range__title">
          {rules.single ? t('bk_date_dialog') : t('bk_dates_dialog')}
        </h2>
        <button type="button" className="btn btn-ghost btn-sm bk-range__close" aria-label={t('close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {rules.single ? null : (
        <div className="bk-range__ends">
          <button type="button" className="bk-range__phase" aria-pressed={phase === 'checkIn'} data-testid="phase-check-in" onClick={() => startPhase('checkIn')}>
            <span className="bk-range__end-name">{t('bk_check_in')}</span>
            <span className="bk-range__end-day">{endDay(range.checkIn)}</span>
          </button>
          <button type="button" className="bk-range__phase" aria-pressed={phase === 'checkOut'} data-testid="phase-check-out" disabled={!range.checkIn} onClick={() => startPhase('checkOut')}>
            <span className="bk-range__end-name">{t('bk_check_out')}</span>
            <span className="bk-range__end-day">{endDay(range.checkOut)}</span>
          </button>
        </div>
      )}
      <p className="bk-range__status" aria-live="polite" data-testid="range-status">
        {status}
      </p>
      <div className="bk-calendar__head">
        <button type="button" className="btn btn-ghost btn-sm bk-calendar__nav" aria-label={t('bk_calendar_previous')} onClick={() => ((moveFocus.current = false), setMonth(shiftMonth(month, -1)))}>
          <span aria-hidden="true">‹</span>
        </button>
        <h3 id={`${id}-month`} className="bk-calendar__title" aria-live="polite">
          {monthTitle}
        </h3>
        <button type="button" className="btn btn-ghost btn-sm bk-calendar__nav" aria-label={t('bk_calendar_next')} onClick={() => ((moveFocus.current = false), setMonth(shiftMonth(month, 1)))}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div role="grid" aria-labelledby={`${id}-month`} onKeyDown={onGridKey} className="bk-calendar__grid">
        <div role="row" className="bk-calendar__row">
          {weekdays.map((w) => (
            <span role="columnheader" key={w.long} title={w.long} aria-label={w.long} className="bk-calendar__wd" data-testid="weekday">
              {w.short}
            </span>
          ))}
        </div>
        {Array.from({ length: 6 }, (_, week) => (
          <div role="row" className="bk-calendar__row" key={week}>
            {days.slice(week * 7, week * 7 + 7).map((d) => {
              const ok = choosable(d);
              const isEnd = d === range.checkIn || (!rules.single && d === range.checkOut);
              return (
                <span role="gridcell" key={d} aria-selected={isEnd}>
                  <button
                    type="button"
                    data-day={d}
                    tabIndex={d === focusDay ? 0 : -1}
                    aria-label={formats.day.format(new Date(`${d}T00:00:00Z`))}
                    aria-disabled={!ok || undefined}
                    className={`bk-calendar__day${monthOf(d) === month ? '' : ' is-outside'}${isEnd ? ' is-selected' : ''}${inRange(d) ? ' is-in-range' : ''}`}
                    onClick={() => {
                      moveFocus.current = true;
                      setFocusDay(d);
                      choose(d);
                    }}
                  >
                    {Number(d.slice(8))}
                  </button>
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
  return sheet ? createPortal(content, document.body) : content;
}
