// The committed catalogue migration is exactly what the generator makes from the maintained datasets.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueSql, OUT } from '../../scripts/gen-catalogue.mjs';

describe('catalogue migration', () => {
  it('is up to date with the generator and the datasets', () => {
    expect(readFileSync(OUT, 'utf8')).toBe(catalogueSql());
  });

  it('does not end in a SQL comment (D1 exec would fail)', () => {
    const lines = (catalogueSql() as string).trim().split('\n');
    expect(lines.at(-1)!.trim().startsWith('--')).toBe(false);
  });
});
