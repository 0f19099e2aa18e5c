// The language and currency dialog opened by the header button or the account menu; a choice reloads the page in it.
// Loaded by LocaleSwitcher only when it first opens.
import { useStore } from '@nanostores/react';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { $currency, $currencyInfo, $language, closeLocaleDialog, NATIVE_LANGUAGE_NAMES, setCurrency, setLanguage, useT } from '../../stores/locale';

export default function LocaleDialog({ section }: { section: 'language' | 'currency' }) {
  const t = useT();
  const language = useStore($language);
  const currency = useStore($currency);
  const info = useStore($currencyInfo);
  const [applying, setApplying] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // Before paint, so a key pressed as soon as the dialog shows (Escape) finds the focus inside it.
  useLayoutEffect(() => {
    if (!info) return;
    const pressed = dialogRef.current?.querySelector<HTMLElement>(`[data-section="${section}"] [aria-pressed="true"]`);
    (pressed ?? dialogRef.current?.querySelector<HTMLElement>('.choice'))?.focus();
  }, [info, section]);

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

  return createPortal(
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
  );
}
