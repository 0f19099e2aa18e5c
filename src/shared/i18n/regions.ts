// Country, nationality and currency names in the visitor's language (docs/decisions/0038-country-names.md): the
// catalogues keep their English names (the existing client's payloads), and French and Spanish ones come from the ISO
// code through CLDR, the same data the dates and numbers use, so every list and detail names a country the same way.
import type { Language } from './types';

type Kind = 'region' | 'currency';
const displayNames = new Map<string, Intl.DisplayNames>();

function cldrName(kind: Kind, code: string, language: Language, fallback: string): string {
  if (language === 'en-US') return fallback;
  let names = displayNames.get(`${kind}|${language}`);
  if (!names) displayNames.set(`${kind}|${language}`, (names = new Intl.DisplayNames(language, { type: kind, fallback: 'none' })));
  try {
    return names.of(code) ?? fallback;
  } catch {
    // A code Intl refuses (not two letters): the stored name.
    return fallback;
  }
}

/** The name of the region `code` (ISO 3166-1 alpha-2) in `language`; `fallback` where the language is English or CLDR has none. */
export const regionName = (code: string, language: Language, fallback: string) => cldrName('region', code, language, fallback);

/** The name of the currency `code` (ISO 4217) in `language`; `fallback` where the language is English or CLDR has none. */
export const currencyName = (code: string, language: Language, fallback: string) => cldrName('currency', code, language, fallback);

/** `list` ordered by `name` as a reader of `language` expects (accents fold: "Égypte" sits beside "Équateur"). */
export function byName<T>(list: T[], language: Language, name: (item: T) => string): T[] {
  const collator = new Intl.Collator(language);
  return [...list].sort((a, b) => collator.compare(name(a), name(b)));
}
