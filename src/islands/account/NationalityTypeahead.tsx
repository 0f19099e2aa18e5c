// The nationality type-ahead: an ARIA combobox whose list holds the nationalities STARTING with the typed text.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../stores/locale';
import { filterNationalities, type NationalityOption } from './signup-logic';

interface Props {
  id: string;
  nationalities: readonly NationalityOption[];
  value: number | null;
  onChange: (nationalityId: number | null) => void;
  /** aria-describedby of the input (hint, error). */
  describedBy?: string;
  invalid?: boolean;
}

const nameOf = (list: readonly NationalityOption[], id: number | null) => list.find((n) => n.nationalityId === id)?.nationalityName ?? '';

export default function NationalityTypeahead({ id, nationalities, value, onChange, describedBy, invalid }: Props) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState(() => nameOf(nationalities, value));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const options = useMemo(() => filterNationalities(nationalities, text), [nationalities, text]);
  const optionId = (i: number) => `${listId}-o${i}`;

  // A value set from outside (prefill, the lists arriving) shows its name unless the person is typing.
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setText(nameOf(nationalities, value));
  }, [value, nationalities]);

  useEffect(() => {
    if (active >= 0) listRef.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function choose(option: NationalityOption) {
    setText(option.nationalityName);
    onChange(option.nationalityId);
    setOpen(false);
    setActive(-1);
  }

  function onType(next: string) {
    setText(next);
    setOpen(true);
    setActive(-1);
    const exact = nationalities.find((n) => n.nationalityName.toLowerCase() === next.trim().toLowerCase());
    onChange(exact ? exact.nationalityId : null);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      if (open && active >= 0 && options[active]) {
        e.preventDefault();
        choose(options[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        // Closes the list only, not the dialog around it.
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  function onBlur() {
    setOpen(false);
    setActive(-1);
    const exact = nationalities.find((n) => n.nationalityName.toLowerCase() === text.trim().toLowerCase());
    if (exact) choose(exact);
    else setText(nameOf(nationalities, value));
  }

  const expanded = open && text.trim() !== '';
  return (
    <div className="combo">
      <input
        ref={inputRef}
        id={id}
        className="input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={text}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        onFocus={() => text && setOpen(true)}
      />
      <ul ref={listRef} id={listId} role="listbox" className="combo-list" aria-label={t('auth_nationality')} hidden={!expanded}>
        {expanded && options.length === 0 ? (
          <li className="combo-empty" role="presentation">
            {t('auth_no_matches')}
          </li>
        ) : null}
        {expanded
          ? options.map((n, i) => (
              <li
                key={n.nationalityId}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className="combo-option"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(n)}
              >
                {n.nationalityName}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
