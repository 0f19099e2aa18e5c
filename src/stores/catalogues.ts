// The country and nationality lists of the startup logic (docs/product.md#states), fetched the first time an island shows them. Kept out
// of startup.ts so that pages which never show them (the home page among them) do not load this code.
import { atom, onMount } from 'nanostores';
import { request, urlOf } from './api';
import { $nationality, logFailure } from './startup';
import { $language } from './locale';

export interface Country {
  countryName: string;
  countryId: number;
  countryCode: string;
  countryFlag: string;
  isdCode: string;
  distanceUnit: string | null;
  tempUnit: string | null;
  default_country: number;
}
export interface Nationality {
  nationalityId: number;
  nationalityName: string;
  nationalityCode: string;
}

export const $countries = atom<Country[]>([]);
export const $nationalities = atom<Nationality[]>([]);

/** A catalogue list, or null (logged) when the call fails or answers something that is not a list. */
async function listFrom<T>(helper: string, route: '/api/general/getCountry' | '/api/general/getNationalities', lang: string): Promise<T[] | null> {
  const path = urlOf(route, undefined, { lang });
  try {
    // Read defensively: a startup helper keeps its fallback on any answer that is not a list.
    const data: unknown = (await request('$get', route, { query: { lang } }))?.data;
    if (!Array.isArray(data)) throw new Error('unreadable answer');
    return data as T[];
  } catch (err) {
    logFailure(helper, path, err);
    return null;
  }
}

let catalogues: Promise<void> | null = null;

/** The country and nationality lists, fetched the first time an island shows them; each falls back on its own. */
export function loadCatalogues(): Promise<void> {
  // The language in the address: the browser keeps one copy per language (docs/decisions/0038-country-names.md).
  const lang = $language.get();
  catalogues ??= Promise.all([
    listFrom<Country>('country list', '/api/general/getCountry', lang).then((countries) => $countries.set(countries ?? [])),
    listFrom<Nationality>('nationality list', '/api/general/getNationalities', lang).then((nationalities) => {
      $nationalities.set(nationalities ?? []);
      if (!nationalities) $nationality.set('US');
    }),
  ]).then(() => undefined);
  return catalogues;
}

onMount($countries, () => void loadCatalogues());
onMount($nationalities, () => void loadCatalogues());
