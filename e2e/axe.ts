// axe (WCAG 2.0/2.1 A and AA) as the suite runs it: no serious or critical violation may remain, beyond KNOWN's.
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 20_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Violations already reported to their owner, each by where it shows (`<visitor> <path>` as in SWEEP, or a dialog
 * step's name), rule and element: left out of the verdict, but that place's test fails once the entry is no longer
 * seen there, so the list cannot outlive the bug.
 */
const KNOWN: { where: string; rule: string; target: string; why: string }[] = [];

/**
 * axe for a page, as every spec builds it: in legacy mode, axe runs and gathers its results in the page itself instead
 * of opening a blank page per run to gather them (@axe-core/playwright's default since axe 4.3, for cross-origin
 * frames, which no page here has). That blank page is a new renderer each time: legacy mode halves axe's time (4 pages
 * × 3 rounds on a loaded machine: 86 s → 42 s), and axe is most of a sweep test's time.
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/** Runs axe on the page (or part of it) and expects no serious or critical violation beyond KNOWN's for `where`. */
export async function expectClean(page: Page, where: string) {
  const builder = axeOn(page).withTags(TAGS);
  let results;
  try {
    results = await builder.analyze();
  } catch (err) {
    // The page moved on by itself (a signed-out or wrong-role visitor sent elsewhere): read where it landed.
    if (!/Execution context was destroyed|navigation/i.test(String(err))) throw err;
    await page.waitForLoadState('networkidle');
    results = await builder.analyze();
  }
  const known = KNOWN.filter((k) => k.where === where);
  const seen = new Set<(typeof KNOWN)[number]>();
  const problems: string[] = [];
  for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
    for (const node of v.nodes) {
      const target = node.target.join(' ');
      const entry = known.find((k) => k.rule === v.id && k.target === target);
      if (entry) seen.add(entry);
      else problems.push(`${v.id} (${v.impact}): ${v.help} at ${target} [${page.url()}]`);
    }
  }
  expect(problems, where).toEqual([]);
  for (const k of known) expect(seen.has(k), `${k.rule} at ${k.target} is no longer seen (${k.why}): remove it from KNOWN`).toBe(true);
}
