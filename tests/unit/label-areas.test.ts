// The boot block carries the shell's labels; every other label travels with its area (src/shared/i18n/areas.ts). These
// read the islands' code and fail when a label an island shows would not reach the browser with it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LABELS } from '../../src/shared/i18n';
import { areasForIslands, ISLAND_LABEL_AREAS, LABEL_AREAS, RESULTS_FIRST_SCREEN_KEYS, SHELL_LABEL_KEYS, tableIn } from '../../src/shared/i18n/areas';
import { LABEL_TABLES } from '../../src/shared/i18n/tables';

const ROOT = resolve(import.meta.dirname, '../..');
const ISLANDS = join(ROOT, 'src/islands');

function resolveImport(from: string, spec: string): string | null {
  for (const ext of ['', '.ts', '.tsx', '/index.ts']) {
    const path = resolve(dirname(from), spec + ext);
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

/** A module and everything it imports statically from the repository (type-only imports and the label tables aside). */
function codeOf(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)) {
      const path = resolveImport(file, m[1]);
      if (path && !path.includes(`${join('src', 'shared', 'i18n')}`)) stack.push(path);
    }
  }
  return [...seen];
}

/** Every label key written as a string literal in these files (a plural key counts through its base). */
function labelKeysIn(files: string[]): Set<string> {
  const keys = new Set<string>();
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(/['"`]([a-z][a-z0-9_]+)['"`]/g)) if (Object.hasOwn(LABELS, m[1]) || Object.hasOwn(LABELS, `${m[1]}_other`)) keys.add(m[1]);
  return keys;
}

/** An island's file by its component name, in whichever area folder it lives (src/islands/<area>/). */
const AREAS = ['shell', 'account', 'booking', 'loyalty', 'agent', 'admin', 'ui'];
const islandFile = (name: string) => AREAS.map((area) => join(ISLANDS, area, `${name}.tsx`)).find(existsSync);

const SHELL_ENTRIES = ['AccountMenu', 'LocaleSwitcher', 'DeferredAccountMenu', 'DeferredLocaleSwitcher', 'DialogHost', 'LocaleDialog', 'SignInPrompt'];
/** The shell's islands and the layout's script (the product menu, the loyalty bindings, the header's stand-ins). */
const shellFiles = new Set([...SHELL_ENTRIES.map((name) => islandFile(name)!), join(ISLANDS, 'shell', 'page-shell.ts')].flatMap(codeOf));

describe('label areas', () => {
  it('every label belongs to one area table, so an island can fetch it', () => {
    const inAreas = new Set(Object.values(LABEL_TABLES).flatMap((table) => Object.keys(table)));
    expect(Object.keys(LABELS).filter((key) => !inAreas.has(key))).toEqual([]);
    expect(Object.keys(LABEL_TABLES).sort()).toEqual([...LABEL_AREAS].sort());
  });

  it('the shell shows only the labels the boot block carries', () => {
    const shell = new Set(SHELL_LABEL_KEYS);
    expect([...labelKeysIn([...shellFiles])].filter((key) => !shell.has(key))).toEqual([]);
    for (const key of SHELL_LABEL_KEYS) expect(LABELS[key], key).toBeDefined();
  });

  it("a results page's first screen shows only the labels its boot block carries (decision 0048)", () => {
    const carried = new Set([...SHELL_LABEL_KEYS, ...RESULTS_FIRST_SCREEN_KEYS]);
    const used = labelKeysIn(codeOf(join(ROOT, 'src', 'shared', 'render', 'first-screen-view.ts')));
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !carried.has(key))).toEqual([]);
    for (const key of RESULTS_FIRST_SCREEN_KEYS) expect(LABELS[key] ?? LABELS[`${key}_other`], key).toBeDefined();
  });

  it("each listed island's labels are in the shell or in its areas", () => {
    const shell = new Set(SHELL_LABEL_KEYS);
    for (const [island, areas] of Object.entries(ISLAND_LABEL_AREAS)) {
      const entry = islandFile(island);
      expect(entry, island).toBeDefined();
      const own = codeOf(entry!).filter((file) => !shellFiles.has(file));
      const reachable = new Set(areas.flatMap((area) => Object.keys(LABEL_TABLES[area])));
      const missing = [...labelKeysIn(own)].filter((key) => !shell.has(key) && !reachable.has(key) && !reachable.has(`${key}_other`));
      expect(missing, `${island} shows labels of areas it does not name`).toEqual([]);
    }
  });

  it('an island not listed gets every area, a listed one only its own', () => {
    expect(areasForIslands(['SomeNewIsland'])).toEqual(LABEL_AREAS);
    expect(areasForIslands(['AccountMenu', 'SearchBox'])).toEqual(['booking']);
    expect(areasForIslands(['AccountMenu'])).toEqual([]);
  });

  it('an area in one language is its bundled text, empty where the language has none', () => {
    const fr = tableIn({ a: { 'en-US': 'Hello', 'es-ES': 'Hola', 'fr-FR': 'Bonjour' } }, 'fr-FR');
    expect(fr).toEqual({ a: 'Bonjour' });
    expect(tableIn({ a: { 'en-US': 'Hello', 'es-ES': 'Hola', 'fr-FR': 'Bonjour' } }, 'de-DE')).toEqual({ a: '' });
  });
});
