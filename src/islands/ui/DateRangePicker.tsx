// The one picker for a stay's dates (search, product page, quote builder): a button showing check-in, check-out and
// the nights, which opens the calendar dialog. The dialog's code (grid, keys, Intl) is fetched when first wanted.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { daysBetween, weekStartsOn, type DateRange } from '../../shared/rules/booking-dates';
import { formatDay, WEEKDAY_DAY } from '../../shared/rules/format-day';
import { $language, useT } from '../../stores/locale';
import { $org } from '../../stores/startup';

export interface DateRangePickerProps {
  /** The stay as chosen: check-out '' for a one-day booking. */
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** The earliest check-in (YYYY-MM-DD). */
  min: string;
  /** The last day the stay may touch, if the product has one. */
  max?: string;
  maxNights: number;
  /** One date (an activity): no check-out. */
  single?: boolean;
  error?: string;
  testId?: string;
}


let calendarModule: Promise<typeof import('./DateRangeCalendar')> | undefined;
const loadCalendar = () => (calendarModule ??= import('./DateRangeCalendar'));
const Calendar = lazy(loadCalendar);

export default function DateRangePicker({ value, onChange, min, max, maxNights, single = false, error, testId = 'dates' }: DateRangePickerProps) {
  const t = useT();
  const language = useStore($language);
  // The weeks start on the org's calendar day (orgCountryData.calendarType, Sunday unless the org chose Monday).
  const weekStart = weekStartsOn(useStore($org)?.orgBySite.orgCountryData.calendarType);
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const shown = (day: string) => (day ? formatDay(language, day, WEEKDAY_DAY) : t('bk_not_chosen'));
  const nights = !single && value.checkIn && value.checkOut ? daysBetween(value.checkIn, value.checkOut) : 0;

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <div className="field bk-range" role="group" aria-labelledby={`${id}-label`} data-testid={testId}>
      <span className="field-label" id={`${id}-label`}>
        {single ? t('bk_date') : t('bk_dates')}
      </span>
      <button
        ref={toggle}
        type="button"
        className="input bk-range__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        data-testid="dates-button"
        onPointerEnter={loadCalendar}
        onFocus={loadCalendar}
        onClick={() => setOpen((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" className="bk-range__icon">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
        <span id={`${id}-value`} className="bk-range__value">
          <span className="bk-range__end" data-testid="check-in-value" data-day={value.checkIn}>
            <span className="bk-range__end-name">{single ? t('bk_date') : t('bk_check_in')}</span> <span className="bk-range__end-day">{shown(value.checkIn)}</span>
          </span>
          {single ? null : (
            <>
              <span className="bk-range__end" data-testid="check-out-value" data-day={value.checkOut}>
                <span className="bk-range__end-name">{t('bk_check_out')}</span> <span className="bk-range__end-day">{shown(value.checkOut)}</span>
              </span>
              {nights > 0 ? (
                <span className="bk-range__nights" data-testid="nights">
                  {t('bk_nights_n', { n: nights })}
                </span>
              ) : null}
            </>
          )}
        </span>
      </button>
      {error ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <Calendar
            id={id}
            value={value}
            rules={{ min, max, maxNights, single }}
            language={language}
            weekStart={weekStart}
            onDone={(range) => {
              onChange(range);
              close();
            }}
            onClose={close}
            toggle={toggle}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
