// The language and currency switcher in the header: a button showing the current choice; the dialog with both lists
// (LocaleDialog) is loaded when it first opens, from here or from the account menu.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { $currency, $language, $localeDialog, loadCurrencyInfo, NATIVE_LANGUAGE_NAMES, openLocaleDialog, useT } from '../../stores/locale';

const LocaleDialog = lazy(() => import('./LocaleDialog'));

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
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = section !== null;
  // The name starts with the text the button shows (WCAG 2.5.3 Label in Name), then says what it is for.
  const shown = `${shortLanguage(language)} · ${currency}`;

  useEffect(() => {
    if (!open) return;
    void loadCurrencyInfo();
    const previous = document.activeElement as HTMLElement | null;
    return () => (previous && previous !== document.body ? previous : buttonRef.current)?.focus();
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${shown}, ${t('labelled', { label: t('locale_button') })} ${NATIVE_LANGUAGE_NAMES[language] ?? language}`}
        onClick={() => openLocaleDialog('language')}
        data-testid="locale-button"
      >
        <GlobeIcon />
        <span className="menu-button__text">{shown}</span>
      </button>
      {section && (
        <Suspense fallback={null}>
          <LocaleDialog section={section} />
        </Suspense>
      )}
    </>
  );
}
