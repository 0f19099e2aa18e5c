// The catalogues (docs/contract.md#catalogues): countries, nationalities, currencies and languages named in the asked
// language, the org's labels, and the exchange rates between two currencies. The lists come back as kept bodies
// (functions/cache/catalogue.ts): the router sends them as they are, with their ETag.
import type { OrgRow } from '../db/orgs';
import { type CountryRow, listCountries, listCurrencies, listLanguages, listNationalities } from '../db/catalogue';
import { ratesFromUsd } from '../cache/rates';
import { labelsFor } from '../cache/labels';
import { keptLabelsBody, keptReference, type KeptBody } from '../cache/catalogue';
import { crossRate } from '../outside/rates';
import type { Country, CountryCat, CurrencyInfo, Nationality } from '../../src/shared/contract/catalogue';
import { byName, currencyName, regionName } from '../../src/shared/i18n/regions';
import type { Language } from '../../src/shared/i18n/types';

/** A country's name in `language`: the stored English one for en-US, else CLDR's from its code (the table's translation if CLDR has none). */
const countryName = (r: CountryRow, language: Language) => regionName(r.code, language, language === 'fr-FR' ? r.name_fr : language === 'es-ES' ? r.name_es : r.name);

/** The countries with their names in `language`, in that language's alphabetical order ("Türkiye" among the T's). */
const countriesIn = async (db: D1Database, language: Language) =>
  byName((await listCountries(db)).map((r) => ({ ...r, name: countryName(r, language) })), language, (r) => r.name);

// The lists are kept per language (isolate and edge) and a GET answer names its language in the address or varies by
// cookie (functions/http/kept-reply.ts): a French list is never served to an English page (docs/decisions/0038-country-names.md).
export const countryList = (db: D1Database, language: Language): Promise<KeptBody> =>
  keptReference(`countries|${language}`, async () => ({
    data: (await countriesIn(db, language)).map(
      (r): Country => ({
        countryName: r.name,
        countryId: r.id,
        countryCode: r.code,
        countryFlag: r.flag,
        isdCode: r.isd_code,
        distanceUnit: r.distance_unit,
        tempUnit: r.temp_unit,
        default_country: r.default_country === 1 ? 1 : 0,
      }),
    ),
  }));

/** The countries for the phone code picker. */
export const countryCatList = (db: D1Database, language: Language): Promise<KeptBody> =>
  keptReference(`countryCat|${language}`, async () => ({
    data: {
      data: (await countriesIn(db, language)).map(
        (r): CountryCat => ({ countryId: r.id, countryName: r.name, countryCode: r.code, isdCode: r.isd_code, countryFlag: r.flag }),
      ),
    },
  }));

// A nationality is named by its country (the list is keyed by the same ISO codes), in the list's own order.
const nationalitiesIn = async (db: D1Database, language: Language) =>
  (await listNationalities(db)).map(
    (r): Nationality => ({ nationalityId: r.id, nationalityName: regionName(r.code, language, r.name), nationalityCode: r.code }),
  );

/** The nationalities, wrapped twice as the existing client reads them. */
export const nationalityCatList = (db: D1Database, language: Language): Promise<KeptBody> =>
  keptReference(`nationalityCat|${language}`, async () => ({ data: { data: await nationalitiesIn(db, language) } }));

export const nationalityList = (db: D1Database, language: Language): Promise<KeptBody> =>
  keptReference(`nationalities|${language}`, async () => ({ data: await nationalitiesIn(db, language) }));

/** The currencies (named in `language`) and languages, and the org's defaults. */
export const currencyInfo = (db: D1Database, org: Pick<OrgRow, 'default_currency' | 'default_language'>, language: Language): Promise<KeptBody> =>
  keptReference(`currencyInfo|${org.default_currency}|${org.default_language}|${language}`, async () => {
    const [currencies, languages] = await Promise.all([listCurrencies(db), listLanguages(db)]);
    const data: CurrencyInfo = {
      currencies: currencies.map(({ id, name, code, status, flag }) => ({ id, name: currencyName(code, language, name), code, status, flag })),
      languages: languages.map(({ id, name, code }) => ({ id, name, code })),
      defaultCurrency: org.default_currency || 'USD',
      defaultLanguage: org.default_language || 'en-US',
    };
    return { data };
  });

/** The org's labels in `lang` (its overrides over the product's texts); a missing one is its key when `showKeys`. */
export async function labelList(db: D1Database, org: Pick<OrgRow, 'id' | 'version'>, lang: string, showKeys: boolean): Promise<KeptBody> {
  return keptLabelsBody(await labelsFor(db, org.id, lang, showKeys, org.version));
}

/** Units of `to` per unit of `from`; null without a rate for either. */
export async function currencyRate(db: D1Database, from: string, to: string): Promise<number | null> {
  return crossRate(await ratesFromUsd(db), from, to);
}

/** Every known rate from `from`, by currency code. */
export async function currencyRates(db: D1Database, from: string): Promise<{ currency: string; rate: number }[]> {
  const rates = await ratesFromUsd(db);
  return Object.keys(rates)
    .sort()
    .map((currency) => ({ currency, rate: crossRate(rates, from, currency) }))
    .filter((r): r is { currency: string; rate: number } => r.rate !== null);
}
