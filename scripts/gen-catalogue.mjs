// Generates migrations/0002_catalogue.sql (countries, nationalities, currencies, languages, rate and label tables) from maintained datasets.
// Run: `npx node scripts/gen-catalogue.mjs` (add `--check` to fail when the committed file is out of date).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countries } from 'countries-list';
import { currencies as currencyData } from 'countries-list/currencies';
import isoCountries from 'i18n-iso-countries';

const ROOT = resolve(import.meta.dirname, '..');
export const OUT = join(ROOT, 'migrations', '0002_catalogue.sql');
const FLAGS = join(ROOT, 'node_modules', 'flag-icons', 'flags', '4x3');
const esNames = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'i18n-iso-countries', 'langs', 'es.json'), 'utf8')).countries;
const frNames = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'i18n-iso-countries', 'langs', 'fr.json'), 'utf8')).countries;

/** The client's fallback country id (spec section 9): United States keeps it whatever the dataset's order. */
const US_COUNTRY_ID = 235;
// Where road distances are signposted in miles: the US, the UK with its crown dependencies and the overseas
// territories that kept miles, the US territories, Liberia and Myanmar.
const MILES = new Set(['US', 'GB', 'LR', 'MM', 'GG', 'JE', 'IM', 'AI', 'VG', 'KY', 'FK', 'MS', 'SH', 'AC', 'TA', 'TC', 'AS', 'GU', 'MP', 'VI']);
const FAHRENHEIT = new Set(['US', 'BS', 'BZ', 'KY', 'PW', 'LR']);
// Uninhabited or without roads: no distance unit to speak of.
const NO_ROADS = new Set(['AQ', 'BV', 'HM', 'GS', 'TF', 'UM']);
/** Currencies offered in the currency menu, in menu order; USD is 9th so it gets the spec's id 9. */
const CURRENCY_MENU = ['EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'INR', 'MXN', 'CHF', 'USD', 'NZD', 'SGD', 'HKD', 'ZAR', 'BRL', 'SEK', 'CNY', 'AED', 'THB'];
/** The contract's wording for USD (the dataset says "US Dollar"). */
const CURRENCY_NAMES = { USD: 'United States Dollar' };
const LANGUAGE_ROWS = [
  ['en-US', 'English'],
  ['es-ES', 'Español'],
  ['fr-FR', 'Français'],
];

const q = (v) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
const FLAG_FILES = readdirSync(FLAGS);
/** flag-icons names subdivision flags parent-code (sh-ac.svg for Ascension); 'xx.svg' is its blank flag. */
const flagFile = (code) =>
  FLAG_FILES.find((f) => f === `${code}.svg`) ?? FLAG_FILES.find((f) => f.endsWith(`-${code}.svg`)) ?? 'xx.svg';
const firstName = (v) => (Array.isArray(v) ? v[0] : v) ?? null;

/** The dataset stores NANP codes as 1868: those are written +1-868. A country with several codes keeps one no other country uses. */
function isdCode(code, all) {
  const phones = countries[code].phone;
  const shared = (p) => Object.entries(all).some(([other, c]) => other !== code && c.phone.includes(p));
  const phone = phones.length > 1 ? (phones.find((p) => !shared(p)) ?? phones[0]) : phones[0];
  const digits = String(phone);
  return digits.length === 4 && digits.startsWith('1') ? `+1-${digits.slice(1)}` : `+${digits}`;
}

function countryRows() {
  const codes = Object.keys(countries).sort((a, b) => countries[a].name.localeCompare(countries[b].name, 'en'));
  const rows = codes.map((code, i) => ({
    id: i + 1,
    name: countries[code].name,
    code,
    alpha3: isoCountries.alpha2ToAlpha3(code) ?? null,
    flag: flagFile(code.toLowerCase()),
    isd: isdCode(code, countries),
    distance: NO_ROADS.has(code) ? null : MILES.has(code) ? 'Miles' : 'Km',
    temp: FAHRENHEIT.has(code) ? 'F' : 'C',
    isDefault: code === 'US' ? 1 : 0,
    nameEs: firstName(esNames[code]) ?? countries[code].name,
    nameFr: firstName(frNames[code]) ?? countries[code].name,
  }));
  // Ids follow the name order, except that the United States and whoever sorted into 235 swap ids.
  const us = rows.find((r) => r.code === 'US');
  const other = rows.find((r) => r.id === US_COUNTRY_ID);
  if (other && other !== us) [other.id, us.id] = [us.id, US_COUNTRY_ID];
  return rows.sort((a, b) => a.id - b.id);
}

/** Nationalities follow the countries, named after them; the United States is id 1 (the spec's default nationality). */
function nationalityRows(countryList) {
  const us = countryList.find((c) => c.code === 'US');
  const rest = countryList.filter((c) => c !== us).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [us, ...rest].map((c, i) => ({ id: i + 1, name: c.name, code: c.code }));
}

function currencyRows() {
  return CURRENCY_MENU.map((code, i) => {
    const data = currencyData[code];
    if (!data) throw new Error(`The currency dataset has no ${code}`);
    const flag = code === 'EUR' ? 'eu.svg' : flagFile(code.slice(0, 2).toLowerCase());
    return { id: i + 1, code, name: CURRENCY_NAMES[code] ?? data.name, symbol: data.symbol, flag, decimals: data.decimals ?? 2 };
  });
}

function values(rows, cols) {
  return rows.map((r) => `  (${cols.map((c) => q(r[c])).join(', ')})`).join(',\n');
}

export function catalogueSql() {
  const countryList = countryRows();
  const nationalities = nationalityRows(countryList);
  const currencyList = currencyRows();
  return `-- Catalogues and locale data (docs/contract.md#catalogues). GENERATED by scripts/gen-catalogue.mjs from countries-list,
-- i18n-iso-countries and flag-icons: do not edit by hand, change the generator and run it again.
CREATE TABLE countries (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT NOT NULL UNIQUE,
  alpha3 TEXT,
  flag TEXT NOT NULL,
  isd_code TEXT NOT NULL,
  distance_unit TEXT CHECK (distance_unit IN ('Miles', 'Km')),
  temp_unit TEXT CHECK (temp_unit IN ('C', 'F')),
  default_country INTEGER NOT NULL DEFAULT 0 CHECK (default_country IN (0, 1)),
  name_es TEXT NOT NULL,
  name_fr TEXT NOT NULL
);

CREATE TABLE nationalities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT NOT NULL UNIQUE
);

CREATE TABLE currencies (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE CHECK (length(code) = 3),
  name TEXT NOT NULL,
  symbol TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  flag TEXT NOT NULL,
  decimals INTEGER NOT NULL DEFAULT 2
);

CREATE TABLE languages (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL
);

CREATE TABLE exchange_rates (
  code TEXT PRIMARY KEY CHECK (length(code) = 3),
  rate REAL NOT NULL CHECK (rate > 0),
  updated_at TEXT
);

CREATE TABLE label_overrides (
  org_id INTEGER NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  field_name TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (org_id, lang, field_name)
);

INSERT INTO countries (id, name, code, alpha3, flag, isd_code, distance_unit, temp_unit, default_country, name_es, name_fr) VALUES
${values(
  countryList.map((c) => ({ ...c, default_country: c.isDefault })),
  ['id', 'name', 'code', 'alpha3', 'flag', 'isd', 'distance', 'temp', 'default_country', 'nameEs', 'nameFr'],
)};

INSERT INTO nationalities (id, name, code) VALUES
${values(nationalities, ['id', 'name', 'code'])};

INSERT INTO currencies (id, code, name, symbol, status, flag, decimals) VALUES
${values(
  currencyList.map((c) => ({ ...c, status: 1 })),
  ['id', 'code', 'name', 'symbol', 'status', 'flag', 'decimals'],
)};

INSERT INTO languages (id, code, name) VALUES
${values(
  LANGUAGE_ROWS.map(([code, name], i) => ({ id: i + 1, code, name })),
  ['id', 'code', 'name'],
)};

INSERT INTO exchange_rates (code, rate, updated_at) VALUES ('USD', 1, NULL);
`;
}

function main() {
  const sql = catalogueSql();
  if (process.argv.includes('--check')) {
    const current = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
    if (current !== sql) {
      console.error(`${OUT} is out of date: run scripts/gen-catalogue.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(OUT, sql);
    console.log(`wrote ${OUT}`);
  }
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) main();
