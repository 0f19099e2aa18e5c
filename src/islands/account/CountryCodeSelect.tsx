// The phone's country-code selector: a button showing flag and dialling code, opening a searchable list that
// filters by name, ISO code and dialling code CONTAINING the text; it closes 200 ms after a choice, 2 s after focus
// leaves it by the keyboard, and at once on Escape or a click (or tap) anywhere outside it.
import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useT } from '../../stores/locale';
import { filterCountries, type CountryOption } from './signup-logic';

export const CLOSE_AFTER_SELECT_MS = 200;
export const CLOSE_AFTER_BLUR_MS = 2000;

interface Props {
  id: string;
  countries: readonly CountryOption[];
  /** ISO code of the chosen country. */
  value: string;
  onChange: (country: CountryOption) => void;
}

export default function CountryCodeSelect({ id, countries, value, onChange }: Props) {
  const t = useT();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const options = useMemo(() => filterCountries(countries, query), [countries, query]);
  const current = countries.find((c) => c.countryCode === value);
  const optionId = (i: number) => `${listId}-o${i}`;

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const closeLater = (ms: number, refocus: boolean) => {
    cancelClose();
    closeTimer.current = setTimeout(() => {
      setOpen(false);
      if (refocus) buttonRef.current?.focus();
    }, ms);
  };
  useEffect(() => cancelClose, []);

  useEffect(() => {
    if (!open) return;
    setQuery('');
    const i = countries.findIndex((c) => c.countryCode === value);
    setActive(Math.max(i, 0));
    searchRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (boxRef.current?.contains(e.target as Node)) return;
      cancelClose();
      setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  useEffect(() => {
    if (open) listRef.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  function choose(country: CountryOption) {
    onChange(country);
    closeLater(CLOSE_AFTER_SELECT_MS, true);
  }

  function onSearchKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Home' && e.ctrlKey) {
      setActive(0);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (options[active]) choose(options[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      cancelClose();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  function onPopoverBlur(e: FocusEvent<HTMLDivElement>) {
    const to = e.relatedTarget as Node | null;
    if (to && (e.currentTarget.contains(to) || buttonRef.current === to)) return;
    closeLater(CLOSE_AFTER_BLUR_MS, false);
  }

  return (
    <div className="cc" ref={boxRef}>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        className="input cc-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`${t('labelled', { label: t('auth_country_code') })} ${current ? `${current.countryName} ${current.isdCode}` : ''}`}
        onClick={() => {
          cancelClose();
          setOpen((o) => !o);
        }}
        data-testid="country-code-button"
      >
        {current?.countryFlag ? <img className="cc-flag" src={`/flags/${current.countryFlag}`} alt="" width="20" height="15" /> : null}
        <span className="cc-isd">{current?.isdCode ?? '+'}</span>
        <svg className="cc-caret" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {open ? (
        <div className="cc-popover" onBlur={onPopoverBlur} onFocus={cancelClose}>
          <input
            ref={searchRef}
            className="input cc-search"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-label={t('auth_country_search')}
            placeholder={t('auth_country_search')}
            aria-autocomplete="list"
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={options[active] ? optionId(active) : undefined}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
          />
          <ul ref={listRef} id={listId} role="listbox" className="combo-list cc-list" aria-label={t('auth_countries')}>
            {options.length === 0 ? (
              <li className="combo-empty" role="presentation">
                {t('auth_no_matches')}
              </li>
            ) : null}
            {options.map((c, i) => (
              <li
                key={c.countryCode}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`combo-option cc-option${c.countryCode === value ? ' is-current' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(c)}
              >
                {c.countryFlag ? <img className="cc-flag" src={`/flags/${c.countryFlag}`} alt="" width="20" height="15" loading="lazy" /> : null}
                <span className="cc-name">{c.countryName}</span>
                <span className="cc-isd">{c.isdCode}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
