// The language and currency switcher: a header button and a dialog with both lists; a choice reloads the page in it.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  $currency,
  $currencyInfo,
  $language,
  $localeDialog,
  closeLocaleDialog,
  loadCurrencyInfo,
  NATIVE_LANGUAGE_NAMES,
  openLocaleDialog,
  setCurrency,
  setLanguage,
  useT,
} from '../stores/locale';

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
    </svg>
  );
}

const shortLanguage = (code: string) => code.split('-')[0]!.toUpperCase();

export default function LocaleSwitcher() {
  const t = useT();
  const language = useStore($language);
  const currency = useStore($currency);
  const section = useStore($localeDialog);
  const info = useStore($currencyInfo);
  const [applying, setApplying] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const open = section !== null;

  useEffect(() => {
    if (!open) return;
    void loadCurrencyInfo();
    const previous = document.activeElement as HTMLElement | null;
    return () => (previous && previous !== document.body ? previous : buttonRef.current)?.focus();
  }, [open]);

  useEffect(() => {
    if (!open || !info) return;
    const pressed = dialogRef.current?.querySelector<HTMLElement>(`[data-section="${section}"] [aria-pressed="true"]`);
    (pressed ?? dialogRef.current?.querySelector<HTMLElement>('.choice'))?.focus();
  }, [open, info, section]);

  const onDialogKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      closeLocaleDialog();
    } else if (e.key === 'Tab') {
      const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  };

  const choose = (apply: () => Promise<void>) => {
    setApplying(true);
    void apply();
  };

  const dialog = open
    ? createPortal(
        <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && closeLocaleDialog()}>
          <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className="dialog dialog-wide" onKeyDown={onDialogKey}>
            <div className="dialog-header">
              <h2 id={titleId} className="dialog-title">
                {t('locale_dialog_title')}
              </h2>
              <button type="button" className="dialog-close" aria-label={t('close')} onClick={closeLocaleDialog}>
                <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </div>
            <div className="dialog-body">
              {applying || !info ? (
                <p className="cluster muted" role="status">
                  <span className="spinner spinner-sm" aria-hidden="true" />
                  {applying ? t('locale_applying') : t('loading')}
                </p>
              ) : (
                <>
                  <section data-section="language" aria-labelledby={`${titleId}-lang`}>
                    <h3 id={`${titleId}-lang`}>{t('locale_language')}</h3>
                    <ul className="choice-grid">
                      {info.languages.map((l) => (
                        <li key={l.code}>
                          <button
                            type="button"
                            className="choice"
                            lang={l.code}
                            aria-pressed={l.code === language}
                            onClick={() => (l.code === language ? closeLocaleDialog() : choose(() => setLanguage(l.code)))}
                          >
                            <span className="choice__main">{NATIVE_LANGUAGE_NAMES[l.code] ?? l.name}</span>
                            <span className="choice__sub">{l.code}</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  </section>
                  <section data-section="currency" aria-labelledby={`${titleId}-cur`}>
                    <h3 id={`${titleId}-cur`}>{t('locale_currency')}</h3>
                    <ul className="choice-grid">
                      {info.currencies.map((c) => (
                        <li key={c.code}>
                          <button
                            type="button"
                            className="choice"
                            aria-pressed={c.code === currency}
                            onClick={() => (c.code === currency ? closeLocaleDialog() : choose(() => setCurrency(c.code)))}
                          >
                            <span className="choice__main">{c.code}</span>
                            <span className="choice__sub">{c.name}</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  </section>
                </>
              )}
            </div>
          </div>
        </div>,
        document.body,
      )
    : null;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${t('locale_button')}: ${NATIVE_LANGUAGE_NAMES[language] ?? language}, ${currency}`}
        onClick={() => openLocaleDialog('language')}
        data-testid="locale-button"
      >
        <GlobeIcon />
        <span className="menu-button__text">
          {shortLanguage(language)} · {currency}
        </span>
      </button>
      {dialog}
    </>
  );
}
