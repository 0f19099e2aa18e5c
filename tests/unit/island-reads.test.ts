// A page's read that failed is said as failed, never turned into "not found" or "none" (docs/decisions/0081): an island
// that catches a read's error without looking at it, and sets anything but a failure, is a new caller bypassing
// src/islands/ui/LoadFailed.tsx. The few reads that only fill a convenience are named here with why.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const ISLANDS = join(ROOT, 'src', 'islands');

/**
 * Reads whose failure may quietly leave the page without them (file: the state set), each with why. None today: the
 * checkout's "Saved travellers" picker, the last one, now says its failure too.
 */
const CONVENIENCES: Record<string, string> = {};

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

/** `.catch(() => setX(…))`: the error dropped unseen, and some state set in its place. */
const DROPPED = /\.catch\(\(\)\s*=>\s*(?:!gone\s*&&\s*)?(set\w+\([^)]*\))/g;

describe('island reads', () => {
  it('turn a failed read into a failure, not into "not found" or "none"', () => {
    const found: string[] = [];
    for (const file of files(ISLANDS)) {
      const name = relative(ROOT, file);
      for (const m of readFileSync(file, 'utf8').matchAll(DROPPED)) {
        const set = m[1]!;
        if (/^set\w*(Failed|Error)\(/.test(set) || CONVENIENCES[name] === set) continue;
        found.push(`${name}: .catch(() => ${set})`);
      }
    }
    expect(found, 'say the failure (src/islands/ui/LoadFailed.tsx), or name the read here as a convenience').toEqual([]);
  });

  it('finds the pattern it forbids', () => {
    expect([..."load().catch(() => setMissing(true)); other().catch(() => !gone && setRows([]))".matchAll(DROPPED)].map((m) => m[1])).toEqual(['setMissing(true)', 'setRows([])']);
  });
});
