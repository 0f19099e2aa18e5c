// D1 binds a JavaScript number as a REAL, so SQL that glues a bound number into text writes `product:84.0` (an audit
// target the console's filter by `product:84` then misses). Every SQL of functions/ therefore says what a bound value
// becomes before joining it to text: `CAST(?4 AS INTEGER)` for an id or a count, `CAST(? AS TEXT)` for a name. This test
// fails on a new statement that joins a bare parameter.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', 'functions');
const sources = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(ROOT, f));
/** `|| ?`, `|| ?3`, `? ||` and `?3 ||`: a bound parameter joined to text as it came. */
const BARE_JOIN = /\|\|\s*\?\d*(?!\d)|(?<![\w'])\?\d*\s*\|\|/;

describe('bound parameters joined to text', () => {
  it('finds the rule breaking on the shape it guards against, and not on the cast', () => {
    expect(BARE_JOIN.test("'product:' || ?4")).toBe(true);
    expect(BARE_JOIN.test("?1 || ':x'")).toBe(true);
    expect(BARE_JOIN.test("'product:' || CAST(?4 AS INTEGER)")).toBe(false);
    expect(BARE_JOIN.test("'product:' || id || ' ' || code")).toBe(false);
  });

  it('no SQL of functions/ joins a bare bound parameter to text', () => {
    const found = sources.flatMap((file) =>
      readFileSync(file, 'utf8').split('\n').flatMap((line, i) => (BARE_JOIN.test(line) ? [`${file.slice(ROOT.length + 1)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(sources.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});
