// Catalogue reads (countries, nationalities, currencies, languages) and exchange rates, with the SQL beside each. The
// rates' copy at the edge is functions/cache/rates.ts.
export interface CountryRow {
  id: number;
  name: string;
  code: string;
  alpha3: string | null;
  flag: string;
  isd_code: string;
  distance_unit: 'Miles' | 'Km' | null;
  temp_unit: 'C' | 'F' | null;
  default_country: number;
  name_fr: string;
  name_es: string;
}
export interface NationalityRow { id: number; name: string; code: string }
export interface CurrencyRow { id: number; code: string; name: string; symbol: string; status: number; flag: string; decimals: number }
export interface LanguageRow { id: number; code: string; name: string }

export async function listCountries(db: D1Database): Promise<CountryRow[]> {
  const { results } = await db
    .prepare('SELECT id, name, code, alpha3, flag, isd_code, distance_unit, temp_unit, default_country, name_fr, name_es FROM countries ORDER BY name')
    .all<CountryRow>();
  return results;
}

export async function listNationalities(db: D1Database): Promise<NationalityRow[]> {
  const { results } = await db.prepare('SELECT id, name, code FROM nationalities ORDER BY id').all<NationalityRow>();
  return results;
}

export async function listCurrencies(db: D1Database): Promise<CurrencyRow[]> {
  const { results } = await db
    .prepare('SELECT id, code, name, symbol, status, flag, decimals FROM currencies WHERE status = 1 ORDER BY id')
    .all<CurrencyRow>();
  return results;
}

export async function listLanguages(db: D1Database): Promise<LanguageRow[]> {
  const { results } = await db.prepare('SELECT id, code, name FROM languages ORDER BY id').all<LanguageRow>();
  return results;
}

/** Units of each currency per 1 USD as stored (USD itself is 1). */
export async function storedRates(db: D1Database): Promise<Record<string, number>> {
  const { results } = await db.prepare('SELECT code, rate FROM exchange_rates').all<{ code: string; rate: number }>();
  const rates: Record<string, number> = { USD: 1 };
  for (const r of results) rates[r.code] = r.rate;
  return rates;
}

/** Replaces the rates with `rates` in one batch (all or nothing); answers the rates now stored. */
export async function replaceRates(db: D1Database, rates: Record<string, number>, updatedAt: string): Promise<Record<string, number>> {
  const upsert = db.prepare(
    'INSERT INTO exchange_rates (code, rate, updated_at) VALUES (?, ?, ?) ON CONFLICT(code) DO UPDATE SET rate = excluded.rate, updated_at = excluded.updated_at',
  );
  await db.batch(Object.entries({ ...rates, USD: 1 }).map(([code, rate]) => upsert.bind(code, rate, updatedAt)));
  return storedRates(db);
}

/** Which of the given catalogue references exist (an absent one counts as known): a nationality id, a language code, an offered currency. */
export async function catalogueRefsKnown(db: D1Database, refs: { nationality?: number | null; language?: string; currency?: string | null }) {
  const [nationality, language, currency] = await Promise.all([
    refs.nationality ? db.prepare('SELECT 1 AS x FROM nationalities WHERE id = ?').bind(refs.nationality).first() : 'skip',
    refs.language ? db.prepare('SELECT 1 AS x FROM languages WHERE code = ?').bind(refs.language).first() : 'skip',
    refs.currency ? db.prepare('SELECT 1 AS x FROM currencies WHERE code = ? AND status = 1').bind(refs.currency).first() : 'skip',
  ]);
  return { nationality: Boolean(nationality), language: Boolean(language), currency: Boolean(currency) };
}
