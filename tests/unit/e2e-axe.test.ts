// Every end-to-end spec runs axe through e2e/axe.ts (`axeOn`, `expectClean`), which builds it in legacy mode: axe's
// default opens a blank page per run to gather its results, a new renderer each time, which doubled axe's share of the
// suite's time. A spec that builds its own AxeBuilder would bring that cost back unseen.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const E2E = join(import.meta.dirname, '..', '..', 'e2e');

it('no end-to-end spec builds axe but e2e/axe.ts', () => {
  const own = readdirSync(E2E)
    .filter((f) => f.endsWith('.ts') && f !== 'axe.ts')
    .filter((f) => /@axe-core\/playwright|\bAxeBuilder\b/.test(readFileSync(join(E2E, f), 'utf8')));
  expect(own).toEqual([]);
  expect(readFileSync(join(E2E, 'axe.ts'), 'utf8')).toMatch(/new AxeBuilder\(\{ page \}\)\.setLegacyMode\(true\)/);
});
