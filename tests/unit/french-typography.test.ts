// French typography (docs/decisions/0034-translated-content.md): a colon, semicolon, exclamation or question mark takes a
// no-break space before it (U+202F narrow, or U+00A0), never an ordinary space or none. Every French text of every
// table in src/shared/i18n (the page labels, the mails, any table added later) is read, so a new label that forgets
// it fails here rather than on a French page.
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob('../../src/shared/i18n/*.ts', { eager: true }) as Record<string, Record<string, unknown>>;

/** Every [where, French text] in the i18n modules' exported tables (any object holding an 'fr-FR' string). */
function frenchTexts(): [string, string][] {
  const out: [string, string][] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, where: string) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const fr = (value as Record<string, unknown>)['fr-FR'];
    if (typeof fr === 'string') out.push([where, fr]);
    for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
  };
  for (const [file, exports] of Object.entries(modules)) for (const [name, value] of Object.entries(exports)) walk(value, `${file.replace(/^.*\//, '')}:${name}`);
  return out;
}

/**
 * The marks that break the rule: [:;!?] whose previous character is not a no-break space. Times (18:00), ratios
 * (4.5:1, {ratio}:1) and addresses (https://, /page?x=) are not French punctuation.
 */
export function badMarks(text: string): string[] {
  const bad: string[] = [];
  for (const m of text.matchAll(/[:;!?]/g)) {
    const i = m.index!;
    const before = text[i - 1] ?? '';
    const after = text[i + 1] ?? '';
    if (before === '\u202f' || before === '\u00a0') continue;
    if (m[0] === ':' && /[\d}]/.test(before) && /\d/.test(after)) continue;
    if (m[0] === ':' && after === '/' && text[i + 2] === '/') continue;
    if (m[0] === '?' && /\S/.test(before) && /\w=/.test(text.slice(i + 1, i + 4)) && /\/\S*$/.test(text.slice(0, i))) continue;
    bad.push(`…${text.slice(Math.max(0, i - 12), i + 6)}…`);
  }
  return bad;
}

describe('French typography in the label tables', () => {
  const texts = frenchTexts();

  it('reads every table (the page labels and the mails at least)', () => {
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.some(([where]) => where.startsWith('mail.ts:'))).toBe(true);
  });

  it('puts a no-break space before every : ; ! ? of a French text', () => {
    const offending = texts.flatMap(([where, text]) => badMarks(text).map((mark) => `${where}: ${mark}`));
    expect(offending).toEqual([]);
  });

  it('the rule itself: an ordinary space or none fails, a no-break space, a time or an address passes', () => {
    expect(badMarks('Clients trouvés: 3')).toHaveLength(1);
    expect(badMarks('Clients trouvés : 3')).toHaveLength(1);
    expect(badMarks('Vraiment ?')).toHaveLength(1);
    expect(badMarks('Clients trouvés\u202f: 3 ; merci\u00a0! Vraiment\u202f?')).toHaveLength(1);
    expect(badMarks('Clients trouvés\u202f: 3\u202f; merci\u00a0! Vraiment\u202f?')).toEqual([]);
    expect(badMarks('avant 18:00, un contraste de {ratio}:1, voir https://example.com/aide?q=1')).toEqual([]);
  });
});
