// formatDay / dateFormat: one cached Intl.DateTimeFormat per language and options, days read as calendar days (UTC).
import { describe, expect, it } from 'vitest';
import { dateFormat, formatDay, LONG_DAY, SHORT_MONTH_DAY } from '../../src/shared/rules/format-day';
import { sha256Hex, toHex } from '../../src/shared/rules/digest';

describe('formatDay', () => {
  it('formats a day the same as a fresh Intl.DateTimeFormat in UTC, in every language', () => {
    for (const lang of ['en-US', 'es-ES', 'fr-FR']) {
      const fresh = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, { ...o, timeZone: 'UTC' }).format(new Date('2026-03-01T00:00:00Z'));
      expect(formatDay(lang, '2026-03-01')).toBe(fresh({ dateStyle: 'medium' }));
      expect(formatDay(lang, '2026-03-01T23:59:59Z', LONG_DAY)).toBe(fresh({ dateStyle: 'long' }));
      expect(formatDay(lang, '2026-03-01', SHORT_MONTH_DAY)).toBe(fresh(SHORT_MONTH_DAY));
    }
    expect(formatDay('en-US', '2026-03-01')).toBe('Mar 1, 2026');
  });

  it('builds one formatter per language and options', () => {
    expect(dateFormat('fr-FR', { dateStyle: 'medium' })).toBe(dateFormat('fr-FR', { dateStyle: 'medium' }));
    expect(dateFormat('fr-FR', { dateStyle: 'medium' })).not.toBe(dateFormat('es-ES', { dateStyle: 'medium' }));
  });

  it('gives back what Intl refuses as it was given', () => {
    expect(formatDay('en-US', 'not a day')).toBe('not a day');
    expect(formatDay('??', '2026-03-01')).toBe('2026-03-01');
  });
});

describe('sha256Hex', () => {
  it('is the lowercase hex SHA-256 of the UTF-8 text', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(new Uint8Array([0, 15, 255]))).toBe('000fff');
  });
});
