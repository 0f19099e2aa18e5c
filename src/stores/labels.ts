// The chosen language and currency, the label map and t(), without React: read from the edge's boot block (./boot),
// changed by the switchers (./locale). Islands import these through ./locale, which adds useT().
import { atom } from 'nanostores';
import { request } from './api';
import { translate, type LabelVars } from '../shared/i18n/translate';
import { areaLabels, type LabelArea } from '../shared/i18n/areas';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE, readBoot, readCookie } from './boot';

const boot = readBoot();

export const $language = atom<string>(boot?.language ?? readCookie('lan_code') ?? DEFAULT_LANGUAGE);
export const $currency = atom<string>(boot?.currency ?? readCookie('currency_code') ?? DEFAULT_CURRENCY);
export const $labels = atom<Record<string, string>>(boot?.labels ?? {});
export const $showKeys = atom<boolean>(boot?.showKeys ?? false);

/** Each language shown in its own tongue, whatever language the page is in. */
export const NATIVE_LANGUAGE_NAMES: Record<string, string> = { 'en-US': 'English', 'es-ES': 'Español', 'fr-FR': 'Français' };

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

// Without the edge's boot block (astro dev), fetch the labels once.
if (typeof document !== 'undefined' && !boot) {
  request('$get', '/api/general/getLabels', { query: { lang: $language.get() } })
    .then((r) => $labels.set(Object.fromEntries(r.data.map((l) => [l.field_name, l.wl_lang_value]))))
    .catch(() => {});
}
