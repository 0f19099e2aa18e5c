// The chosen language and currency, the label map and t(): read from the edge's boot block, changed by the switchers.
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { request } from './api';
import { translate, type LabelVars } from '../shared/i18n/translate';
import { areaLabels, type LabelArea } from '../shared/i18n/areas';
import type { OrgConfig } from '../shared/contract/org';
import { $signedIn } from './session';

/** What functions/pages/decorate.ts puts in <script type="application/json" id="tc-boot">. */
export interface Boot {
  org: OrgConfig | null;
  language: string;
  currency: string;
  labels: Record<string, string>;
  showKeys: boolean;
}

export const BOOT_ID = 'tc-boot';
export const DEFAULT_LANGUAGE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readBoot(): Boot | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById(BOOT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as Boot;
  } catch {
    return null;
  }
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A preference cookie: a year long, sent on top-level navigations (SameSite=Lax), readable by the edge. */
export function writeCookie(name: string, value: string, maxAge = YEAR_SECONDS) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

const boot = readBoot();

export const $language = atom<string>(boot?.language ?? readCookie('lan_code') ?? DEFAULT_LANGUAGE);
export const $currency = atom<string>(boot?.currency ?? readCookie('currency_code') ?? DEFAULT_CURRENCY);
export const $labels = atom<Record<string, string>>(boot?.labels ?? {});
export const $showKeys = atom<boolean>(boot?.showKeys ?? false);

/** Which part of the language-and-currency dialog is open (the account menu opens it too). */
export const $localeDialog = atom<'language' | 'currency' | null>(null);
export const openLocaleDialog = (section: 'language' | 'currency') => $localeDialog.set(section);
export const closeLocaleDialog = () => $localeDialog.set(null);

const loadedAreas = new Map<LabelArea, Promise<void>>();

/**
 * Brings label areas (their bundled texts in the page's language) beside the boot block's: the boot block's win, as they
 * hold the org's own texts. Each area is fetched once; a failed fetch leaves its labels empty rather than the page broken.
 */
export function loadLabelAreas(areas: readonly LabelArea[]): Promise<void> {
  return Promise.all(
    areas.map((area) => {
      let loaded = loadedAreas.get(area);
      if (!loaded) {
        loaded = areaLabels(area, $language.get())
          .then((labels) => $labels.set({ ...labels, ...$labels.get() }))
          .catch(() => void loadedAreas.delete(area));
        loadedAreas.set(area, loaded);
      }
      return loaded;
    }),
  ).then(() => undefined);
}

/** t(key, { n, … }) in the chosen language (src/shared/i18n/translate.ts); a missing label is the key when keys are shown, else empty. */
export const t = (key: string, vars?: LabelVars) => translate($labels.get(), $showKeys.get(), $language.get(), key, vars);

/** t() for islands: re-renders when the labels or the language change. */
export function useT() {
  const labels = useStore($labels);
  const showKeys = useStore($showKeys);
  const language = useStore($language);
  return useCallback((key: string, vars?: LabelVars) => translate(labels, showKeys, language, key, vars), [labels, showKeys, language]);
}

// Without the edge's boot block (astro dev), fetch the labels once.
if (typeof document !== 'undefined' && !boot) {
  request('$get', '/api/general/getLabels', { query: { lang: $language.get() } })
    .then((r) => $labels.set(Object.fromEntries(r.data.map((l) => [l.field_name, l.wl_lang_value]))))
    .catch(() => {});
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

/** Each language shown in its own tongue, whatever language the page is in. */
export const NATIVE_LANGUAGE_NAMES: Record<string, string> = { 'en-US': 'English', 'es-ES': 'Español', 'fr-FR': 'Français' };

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
