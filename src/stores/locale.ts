// The chosen language and currency, the label map and t() (from ./labels) with useT() for islands, and the switchers' actions.
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { request } from './api';
import { translate, type LabelVars } from '../shared/i18n/translate';
import { $signedIn } from './session';

// The boot block and the preference cookies live in ./boot (no React there: the page's first script reads them before any
// island hydrates, docs/decisions/0039-page-weight-by-interaction.md).
export { BOOT_ID, DEFAULT_CURRENCY, DEFAULT_LANGUAGE, readBoot, readCookie, writeCookie, type Boot } from './boot';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE, writeCookie } from './boot';

// The language, currency and labels with t() and the label areas live in ./labels, without React (the page's first
// scripts use them before any island hydrates, docs/decisions/0039-page-weight-by-interaction.md); islands take them here.
export { $currency, $labels, $language, $localeDialog, $showKeys, closeLocaleDialog, loadLabelAreas, NATIVE_LANGUAGE_NAMES, openLocaleDialog, t } from './labels';
import { $currency, $labels, $language, $showKeys, NATIVE_LANGUAGE_NAMES } from './labels';

/** t() for islands: re-renders when the labels or the language change. */
export function useT() {
  const labels = useStore($labels);
  const showKeys = useStore($showKeys);
  const language = useStore($language);
  return useCallback((key: string, vars?: LabelVars) => translate(labels, showKeys, language, key, vars), [labels, showKeys, language]);
}

export interface CurrencyOption {
  id: number;
  name: string;
  code: string;
  status: number | string;
  flag: string;
}
export interface LanguageOption {
  id: number;
  name: string;
  code: string;
}
export interface CurrencyInfo {
  currencies: CurrencyOption[];
  languages: LanguageOption[];
  defaultCurrency: string;
  defaultLanguage: string;
}


const FALLBACK_INFO: CurrencyInfo = {
  currencies: [{ id: 9, name: 'United States Dollar', code: 'USD', status: 1, flag: '' }],
  languages: Object.entries(NATIVE_LANGUAGE_NAMES).map(([code, name], i) => ({ id: i + 1, code, name })),
  defaultCurrency: DEFAULT_CURRENCY,
  defaultLanguage: DEFAULT_LANGUAGE,
};

export const $currencyInfo = atom<CurrencyInfo | null>(null);
let infoRequest: Promise<CurrencyInfo> | null = null;

/** The currencies and languages on offer (GET form, cached by the browser; fetched once per page). */
export function loadCurrencyInfo(): Promise<CurrencyInfo> {
  // The language in the address: currency names are in it, and the browser keeps one copy per language.
  infoRequest ??= request('$get', '/api/layout/getCurrencyinfo', { query: { lang: $language.get() } })
    .then((r) => r.data)
    .catch(() => FALLBACK_INFO)
    .then((info) => {
      $currencyInfo.set(info);
      return info;
    });
  return infoRequest;
}

async function savePreferences() {
  if ($signedIn.get() !== true) return;
  try {
    await request('$post', '/api/profile/updatePrefCurrLang', { body: { language: $language.get(), currency_code: $currency.get() } });
  } catch {
    // The cookies already carry the choice; the profile catches up at the next change.
  }
}

/** Static text is translated at the edge: load the page again, without a ?lang= that would override the choice. */
function reloadWithoutLangParam() {
  const url = new URL(location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    location.replace(url.toString());
  } else location.reload();
}

export async function setLanguage(code: string) {
  $language.set(code);
  writeCookie('lan_code', code);
  await savePreferences();
  reloadWithoutLangParam();
}

export async function setCurrency(code: string) {
  $currency.set(code);
  writeCookie('currency_code', code);
  await savePreferences();
  reloadWithoutLangParam();
}
