// The search box: product type, destination with suggestions, the stay's dates in the one date-range picker (earliest
// today + minCheckinDays) and who is travelling (the rooms and their party for hotels, resorts and stays; the number of
// people for activities); it opens the results page of the type.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import DateRangePicker from '../ui/DateRangePicker';
import OccupancyPicker from './OccupancyPicker';
import { $language, useT } from '../../stores/locale';
import { $org, runStartup } from '../../stores/startup';
import { $results, criteriaFromQuery, defaultCriteria, resultsUrl, suggestCities, TYPE_LABEL, type CitySuggestion, type Criteria } from '../../stores/search';
import { addDays, eligibleTypes, MAX_GUESTS, MAX_NIGHTS, minCheckInDate } from '../../shared/rules/booking-dates';
import type { ProductType } from '../../shared/rules/wallet';
import { formatDay } from '../../shared/rules/format-day';
import { guestsOf, partySummary } from '../../shared/rules/occupancy-party';

export interface SearchBoxProps {
  /** A fixed product type (results pages of one type); without it the box offers the org's eligible types. */
  type?: ProductType;
  /** Read the current criteria from the address (results pages). */
  fromQuery?: boolean;
  heading?: boolean;
}

const SUMMARY_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

export default function SearchBox({ type, fromQuery = false, heading = true }: SearchBoxProps) {
  const t = useT();
  const org = useStore($org);
  const language = useStore($language);
  const id = useId();
  useEffect(() => void runStartup(), []);

  const minDays = org?.orgBySite.minCheckinDays ?? 1;
  const offered = useMemo<ProductType[]>(() => {
    const names = org ? org.eligibleProducts.map((p) => p.product_id).join(',') : 'hotel,resorts,stays,activities';
    return eligibleTypes(names);
  }, [org]);

  // On a results page the box starts with the address's search, its city as the answer names it: a press on the first
  // screen's box, replayed here the moment React has drawn it, searches what that box showed (decision 0048).
  const [c, setC] = useState<Criteria>(() => {
    const base = defaultCriteria(type ?? 'HLT', minDays);
    if (!fromQuery || typeof location === 'undefined') return base;
    const asked = criteriaFromQuery(location.search, base);
    const place = $results.get()?.place;
    return place && asked.city === (new URLSearchParams(location.search).get('city') ?? '') ? { ...asked, city: place } : asked;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // On a results page a phone shows the search as one line that opens the form, so the first result is on screen.
  const [collapsed, setCollapsed] = useState(true);
  // From the latest state, not this render's: on a page that waits for a person the box mounts with what they already
  // typed and chose replayed into it before this first effect runs (docs/decisions/0039-page-weight-by-interaction.md).
  useEffect(() => {
    setC((prev) => {
      const base = defaultCriteria(type ?? prev.type, minDays);
      return fromQuery && typeof location !== 'undefined' ? criteriaFromQuery(location.search, base) : { ...base, city: prev.city, guests: prev.guests, occupancy: prev.occupancy };
    });
  }, [minDays, type, fromQuery]);
  useEffect(() => {
    if (!type && offered.length && !offered.includes(c.type)) setC((prev) => ({ ...prev, type: offered[0]! }));
  }, [offered, type, c.type]);
  // A results page's answer names the searched city in the page's language ("Lisbonne" for city=Lisbon): the box says
  // it too, unless the person has changed the field since (docs/decisions/0049-city-names.md).
  const place = useStore($results)?.place;
  useEffect(() => {
    if (!fromQuery || !place) return;
    const searched = new URLSearchParams(location.search).get('city') ?? '';
    setC((prev) => (prev.city === searched ? { ...prev, city: place } : prev));
  }, [fromQuery, place]);

  const min = minCheckInDate(minDays);
  const nightly = c.type !== 'ACT';

  function update(patch: Partial<Criteria>) {
    setC((prev) => {
      const next = { ...prev, ...patch };
      if (patch.checkIn && next.type !== 'ACT' && (!next.checkOut || next.checkOut <= next.checkIn)) next.checkOut = addDays(next.checkIn, 1);
      return next;
    });
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (c.checkIn < min) found.checkIn = t('bk_checkin_too_early', { date: min });
    if (nightly && (!c.checkOut || c.checkOut <= c.checkIn)) found.checkOut = t('bk_checkout_after_checkin');
    if (nightly && c.checkOut > addDays(c.checkIn, MAX_NIGHTS)) found.checkOut = t('bk_stay_too_long');
    setErrors(found);
    if (Object.keys(found).length) return setCollapsed(false);
    location.assign(resultsUrl({ ...c, latitude: c.city ? '' : c.latitude, longitude: c.city ? '' : c.longitude, page: 1 }));
  }

  return (
    <form className={`bk-search${fromQuery ? ' bk-search--results' : ''}`} data-collapsed={fromQuery && collapsed ? 'true' : undefined} onSubmit={submit} aria-labelledby={heading ? `${id}-title` : undefined} aria-label={heading ? undefined : t('bk_search_button')} role="search" data-testid="search-box">
      {fromQuery ? (
        <button type="button" className="bk-search__summary" aria-expanded={!collapsed} aria-controls={`${id}-fields`} onClick={() => setCollapsed((v) => !v)} data-testid="search-summary">
          <span className="bk-search__summary-text">
            {[
              c.city || t('bk_any_destination'),
              nightly && c.checkOut ? `${formatDay(language, c.checkIn, SUMMARY_DAY)} – ${formatDay(language, c.checkOut, SUMMARY_DAY)}` : formatDay(language, c.checkIn, SUMMARY_DAY),
              nightly ? partySummary(t, c.occupancy) : t('bk_guests_n', { n: c.guests }),
            ].join(' · ')}
          </span>
          <span className="bk-search__summary-edit">{t(collapsed ? 'bk_search_change' : 'bk_search_close')}</span>
        </button>
      ) : null}
      {heading ? (
        <h2 id={`${id}-title`} className="bk-search__title">
          {t(`bk_search_title_${c.type}`)}
        </h2>
      ) : null}
      {!type && offered.length > 1 ? (
        <div className="bk-tabs" role="radiogroup" aria-label={t('bk_product_type')}>
          {offered.map((p) => (
            <label key={p} className={`bk-tab${c.type === p ? ' is-active' : ''}`}>
              <input type="radio" name={`${id}-type`} value={p} checked={c.type === p} onChange={() => update({ type: p, checkOut: p === 'ACT' ? '' : c.checkOut || addDays(c.checkIn, 2) })} />
              <span>{t(TYPE_LABEL[p])}</span>
            </label>
          ))}
        </div>
      ) : null}
      <div className="bk-search__fields" id={`${id}-fields`}>
        <Destination value={c.city} type={c.type} onChange={(city) => update({ city, latitude: '', longitude: '' })} />
        <DateRangePicker
          value={{ checkIn: c.checkIn, checkOut: nightly ? c.checkOut : '' }}
          single={!nightly}
          min={min}
          maxNights={MAX_NIGHTS}
          onChange={(range) => update({ checkIn: range.checkIn, ...(nightly ? { checkOut: range.checkOut } : {}) })}
          error={errors.checkIn || errors.checkOut}
        />
        {nightly ? (
          <OccupancyPicker value={c.occupancy} onChange={(occupancy) => update({ occupancy, guests: Math.min(MAX_GUESTS, guestsOf(occupancy)) })} />
        ) : (
          <div className="field bk-guests">
            <label htmlFor={`${id}-guests`}>{t('bk_guests')}</label>
            <input
              id={`${id}-guests`}
              className="input"
              type="number"
              min={1}
              max={MAX_GUESTS}
              value={c.guests}
              onChange={(e) => update({ guests: Math.min(MAX_GUESTS, Math.max(1, Math.floor(Number(e.target.value) || 1))) })}
            />
          </div>
        )}
        <div className="bk-search__submit">
          <button type="submit" className="btn btn-primary btn-lg">
            {t('bk_search_button')}
          </button>
        </div>
      </div>
    </form>
  );
}

const suggestionKey = (s: CitySuggestion) => `${s.city}-${s.country}`;

/** Destination with a list of matching cities (combobox: arrows to move, Enter to choose, Escape to close). */
function Destination({ value, type, onChange }: { value: string; type: ProductType; onChange: (city: string) => void }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(value);
  // The field follows a new value from the box (a chosen city, the address), while it is rendered rather than in an
  // effect: an effect at mount would undo the text a person typed before React (decision 0039).
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<{ query: string; type: ProductType; items: CitySuggestion[] }>({ query: '', type, items: [] });
  // Only cities that match the text in the field are offered. Until the answer for this text comes, the list for an
  // earlier text (the empty field the box opened with, a keystroke ago) shows those of its cities that still match
  // (the API matches the start of the name), so the arrows and Enter never choose a city the person did not type.
  const typed = text.trim();
  const items =
    answer.type !== type ? [] : answer.query === typed ? answer.items : answer.items.filter((s) => s.city.toLowerCase().startsWith(typed.toLowerCase()));
  // The highlighted city, not its place: a list refreshed under the person keeps it highlighted wherever it now is.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const active = items.findIndex((s) => suggestionKey(s) === activeKey);
  const highlight = (i: number) => setActiveKey(i >= 0 && items[i] ? suggestionKey(items[i]) : null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!open) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      const query = text.trim();
      void suggestCities(query, type, ctrl.signal).then((list) => {
        setAnswer({ query, type, items: list });
      });
    }, 120);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [text, type, open]);

  function choose(s: CitySuggestion) {
    setActiveKey(null);
    setText(s.city);
    onChange(s.city);
    setOpen(false);
  }

  return (
    <div className="field bk-destination">
      <label htmlFor={`${id}-input`}>{t('bk_destination')}</label>
      <input
        id={`${id}-input`}
        className="input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && items.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder={t('bk_destination_placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.trim());
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), 200);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            highlight(Math.min(items.length - 1, active + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            highlight(Math.max(-1, active - 1));
          } else if (e.key === 'Enter' && open && active >= 0 && items[active]) {
            e.preventDefault();
            choose(items[active]!);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={t('bk_suggestions')} className="bk-suggest" hidden={!open || items.length === 0}>
        {items.map((s, i) => (
          <li
            key={suggestionKey(s)}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault();
              clearTimeout(closeTimer.current);
              choose(s);
            }}
          >
            <span className="bk-suggest__city">{s.city}</span>
            <span className="muted small">{s.country}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
