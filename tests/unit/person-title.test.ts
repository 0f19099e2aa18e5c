// A person's title through one translated helper (src/shared/i18n/person-title.ts): the same words on every page and mail.
import { describe, expect, it } from 'vitest';
import { titledName, titleLabel, titlesFrom, TITLE_LABEL_KEYS } from '../../src/shared/i18n/person-title';
import { SHELL_LABEL_KEYS } from '../../src/shared/i18n/areas';
import { LABELS } from '../../src/shared/i18n';
import { translate } from '../../src/shared/i18n/translate';

const tIn = (language: 'en-US' | 'fr-FR' | 'es-ES') => (key: string) =>
  translate(Object.fromEntries(Object.entries(LABELS).map(([k, v]) => [k, v[language]])), false, language, key);

describe('a title in the page’s language', () => {
  it('is Mlle, M. and Mme on a French page, as the client list and the quote pages both show it', () => {
    const fr = tIn('fr-FR');
    expect(['Miss', 'Mr', 'Mrs'].map((title) => titleLabel(fr, title))).toEqual(['Mlle', 'M.', 'Mme']);
    expect(titleLabel(fr, '')).toBe('');
    expect(titleLabel(fr, 'Dr')).toBe('');
  });

  it('translates the title a quote keeps at the front of its client’s name, and leaves other names alone', () => {
    expect(titledName(tIn('fr-FR'), 'Mrs Ana Lima')).toBe('Mme Ana Lima');
    expect(titledName(tIn('es-ES'), 'Miss Jo Park')).toBe('Srta. Jo Park');
    expect(titledName(tIn('en-US'), 'Mr Li')).toBe('Mr Li');
    expect(titledName(tIn('fr-FR'), 'Misses Smith Ltd')).toBe('Misses Smith Ltd');
    expect(titledName(tIn('fr-FR'), 'Mrs')).toBe('Mrs');
    expect(titledName(titlesFrom(LABELS, 'fr-FR'), 'Miss Jo Park')).toBe('Mlle Jo Park');
  });

  it('travels in every boot block, so an island of any area shows it', () => {
    for (const key of TITLE_LABEL_KEYS) expect(SHELL_LABEL_KEYS).toContain(key);
  });
});
