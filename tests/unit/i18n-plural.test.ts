// t(key, { n }): the plural form of a counted label chosen by Intl.PluralRules in each language, placeholders filled.
import { describe, expect, it } from 'vitest';
import { LABELS, LANGUAGES, type Language } from '../../src/shared/i18n';
import { pluralCategory, translate } from '../../src/shared/i18n/translate';

const labelsIn = (lang: Language) => Object.fromEntries(Object.entries(LABELS).map(([k, v]) => [k, v[lang]]));
const t = (lang: Language, key: string, vars?: Record<string, string | number>) => translate(labelsIn(lang), false, lang, key, vars);

/** [language, label, count, what a person reads]. */
const FORMS: [Language, string, number, string][] = [
  // en-US: 1 is one; 0 and 2 are other.
  ['en-US', 'bk_nights_n', 1, '1 night'],
  ['en-US', 'bk_nights_n', 2, '2 nights'],
  ['en-US', 'bk_nights_n', 0, '0 nights'],
  ['en-US', 'bk_guests_n', 1, '1 guest'],
  ['en-US', 'bk_total_nights', 1, 'Total for 1 night'],
  // es-ES: 1 is one; 0 and 2 are other; a million is many, which falls back to other.
  ['es-ES', 'bk_nights_n', 1, '1 noche'],
  ['es-ES', 'bk_nights_n', 2, '2 noches'],
  ['es-ES', 'bk_nights_n', 0, '0 noches'],
  ['es-ES', 'bk_total_guests', 1, 'Total por 1 persona'],
  ['es-ES', 'bk_guests_n', 1_000_000, '1.000.000 huéspedes'],
  // fr-FR: 0 and 1 are one; 2 is other.
  ['fr-FR', 'bk_nights_n', 0, '0 nuit'],
  ['fr-FR', 'bk_nights_n', 1, '1 nuit'],
  ['fr-FR', 'bk_nights_n', 2, '2 nuits'],
  ['fr-FR', 'bk_max_guests', 1, 'Jusqu’à 1 voyageur'],
  ['fr-FR', 'bk_max_guests', 5, 'Jusqu’à 5 voyageurs'],
];

describe('plural forms', () => {
  it.each(FORMS)('%s %s with n = %d reads "%s"', (lang, key, n, text) => {
    expect(t(lang, key, { n })).toBe(text);
  });

  it('takes the categories from Intl.PluralRules', () => {
    expect(pluralCategory('en-US', 1)).toBe('one');
    expect(pluralCategory('fr-FR', 0)).toBe('one');
    expect(pluralCategory('es-ES', 1_000_000)).toBe('many');
    expect(pluralCategory('not a language!', 1)).toBe('other');
  });

  it('counts with other placeholders beside n', () => {
    expect(t('en-US', 'bk_results_count', { n: 1, place: 'Lisbon' })).toBe('1 result · Lisbon');
    expect(t('en-US', 'bk_results_count', { n: 12, place: 'Lisbon' })).toBe('12 results · Lisbon');
  });

  it('every counted label has its one and other forms in every language', () => {
    const counted = Object.keys(LABELS).filter((k) => k.endsWith('_one'));
    expect(counted.length).toBeGreaterThan(0);
    for (const one of counted) {
      const other = one.replace(/_one$/, '_other');
      for (const lang of LANGUAGES) {
        expect(LABELS[one]![lang], `${one} ${lang}`).toMatch(/\{n\}/);
        expect(LABELS[other]?.[lang], `${other} ${lang}`).toMatch(/\{n\}/);
      }
    }
  });
});

describe('translate', () => {
  it('a label without plural forms takes n as a plain placeholder', () => {
    expect(t('en-US', 'bk_page_n', { n: 1 })).toBe('Page 1');
    expect(t('fr-FR', 'bk_photo_of', { n: 2, name: 'Hôtel {x}' })).toBe('Photo 2 de Hôtel {x}');
  });

  it('writes a count as the language does: "2,000 reviews", "2 000 avis"', () => {
    expect(t('en-US', 'bk_reviews_n', { n: 2000 })).toBe('2,000 reviews');
    expect(t('fr-FR', 'bk_reviews_n', { n: 2000 })).toBe('2\u202f000 avis');
    expect(t('es-ES', 'bk_reviews_n', { n: 12500 })).toMatch(/^12.500 /);
    expect(t('fr-FR', 'bk_reviews_n', { n: 999 })).toBe('999 avis');
  });

  it('fills every occurrence and leaves unknown placeholders alone', () => {
    expect(translate({ k: '{a} and {a} but {b}' }, false, 'en-US', 'k', { a: 'x' })).toBe('x and x but {b}');
  });

  it('a missing label is the key when keys are shown, else empty', () => {
    expect(translate({}, true, 'en-US', 'nope_n', { n: 1 })).toBe('nope_n');
    expect(translate({}, false, 'en-US', 'nope_n', { n: 1 })).toBe('');
  });

  it('an org override of one form wins for that form only', () => {
    const labels = { ...labelsIn('en-US'), bk_nights_n_one: 'one single night' };
    expect(translate(labels, false, 'en-US', 'bk_nights_n', { n: 1 })).toBe('one single night');
    expect(translate(labels, false, 'en-US', 'bk_nights_n', { n: 3 })).toBe('3 nights');
  });
});
