// Country and nationality names by ISO code in each language (docs/decisions/0038-country-names.md).
import { describe, expect, it } from 'vitest';
import { byName, currencyName, regionName } from '../../src/shared/i18n/regions';

describe('regionName', () => {
  it('keeps the stored English name and gives CLDR names in French and Spanish', () => {
    expect(regionName('US', 'en-US', 'United States')).toBe('United States');
    expect(regionName('US', 'fr-FR', 'United States')).toBe('États-Unis');
    expect(regionName('US', 'es-ES', 'United States')).toBe('Estados Unidos');
    expect(regionName('AC', 'fr-FR', 'Ascension Island')).toBe('Île de l’Ascension');
  });

  it('falls back to the stored name for a code Intl refuses', () => {
    expect(regionName('not a code', 'fr-FR', 'Nowhere')).toBe('Nowhere');
    expect(regionName('', 'es-ES', 'Nowhere')).toBe('Nowhere');
  });
});

describe('currencyName', () => {
  it('names a currency in the language, English kept as stored', () => {
    expect(currencyName('USD', 'en-US', 'United States Dollar')).toBe('United States Dollar');
    expect(currencyName('USD', 'fr-FR', 'United States Dollar')).toBe('dollar des États-Unis');
    expect(currencyName('EUR', 'es-ES', 'Euro')).toBe('euro');
  });
});

describe('byName', () => {
  it('orders as a reader of the language expects, accents folded, without changing the list it was given', () => {
    const list = ['Équateur', 'Espagne', 'Égypte', 'Allemagne'];
    expect(byName(list, 'fr-FR', (s) => s)).toEqual(['Allemagne', 'Égypte', 'Équateur', 'Espagne']);
    expect(list[0]).toBe('Équateur');
    expect(byName(['Tuvalu', 'Türkiye', 'Turkmenistan'], 'en-US', (s) => s)).toEqual(['Türkiye', 'Turkmenistan', 'Tuvalu']);
  });
});
