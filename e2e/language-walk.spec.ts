// Every word in the visitor's language (issue 18, docs/decisions/0034-translated-content.md): every page of the sweep
// (e2e/worker-pages.ts), signed out and signed in as a consumer, an agent and an admin, in French and in Spanish,
// shows no English text from the en-US label tables or the seeded content. The English needles are built from the
// tables and the seed: a text that also appears in the other language (brand names, cities, "Total", "Spa") is left
// out, and the rest is looked for as whole words in what a person reads or hears: the visible text, the title, and
// the accessible names, placeholders and alternative texts.
import { expect as baseExpect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LABELS, type Language } from '../src/shared/i18n';
import { currencyName, regionName } from '../src/shared/i18n/regions';
import { seededTexts } from '../seed/parts/11-translations.mjs';
import { open, PAGES, realPath, SWEEP, type Visitor, ACCOUNTS } from './worker-pages';

const expect = baseExpect.configure({ timeout: 20_000 });
const WALKED: Language[] = ['fr-FR', 'es-ES'];
/**
 * Who walks in which language. Every page is walked signed out in both languages; the signed-in visitors, whose pages
 * draw on the same tables and content, walk in one language each, so the walk fits the CI budget (about 170 tests).
 */
const WALKERS: { visitor: Visitor; languages: Language[] }[] = [
  { visitor: 'signed out', languages: WALKED },
  { visitor: 'demo', languages: ['fr-FR'] },
  { visitor: 'agent', languages: ['es-ES'] },
  { visitor: 'admin', languages: ['fr-FR'] },
];
const VISITORS = WALKERS.map((w) => w.visitor) as string[];

type Text = Record<Language, string>;

/**
 * The catalogue's English country names (also the nationalities' names, same codes), read from the migration that
 * holds them, each beside the names a French and a Spanish page show (docs/decisions/0038-country-names.md).
 */
function countryTexts(): Text[] {
  const sql = readFileSync(join(import.meta.dirname, '../migrations/0002_catalogue.sql'), 'utf8');
  const rows = sql.slice(sql.indexOf('INSERT INTO countries'), sql.indexOf(';', sql.indexOf('INSERT INTO countries')));
  return [...rows.matchAll(/^\s*\(\d+, '((?:[^']|'')+)', '([A-Z]{2})',.*'((?:[^']|'')+)', '((?:[^']|'')+)'\),?$/gm)].map(([, en, code, es, fr]) => {
    const name = (s: string) => s.replaceAll("''", "'");
    return { 'en-US': name(en!), 'fr-FR': regionName(code!, 'fr-FR', name(fr!)), 'es-ES': regionName(code!, 'es-ES', name(es!)) };
  });
}

/** The catalogue's English currency names ("United States Dollar"), beside their French and Spanish names. */
function currencyTexts(): Text[] {
  const sql = readFileSync(join(import.meta.dirname, '../migrations/0002_catalogue.sql'), 'utf8');
  const rows = sql.slice(sql.indexOf('INSERT INTO currencies'), sql.indexOf(';', sql.indexOf('INSERT INTO currencies')));
  return [...rows.matchAll(/^\s*\(\d+, '([A-Z]{3})', '((?:[^']|'')+)',/gm)].map(([, code, en]) => ({
    'en-US': en!,
    'fr-FR': currencyName(code!, 'fr-FR', en!),
    'es-ES': currencyName(code!, 'es-ES', en!),
  }));
}

const TEXTS: { source: string; text: Text }[] = [
  ...Object.entries(LABELS).map(([key, text]) => ({ source: `label ${key}`, text })),
  ...(seededTexts() as Text[]).map((text) => ({ source: 'seed', text })),
  ...countryTexts().map((text) => ({ source: 'country', text })),
  ...currencyTexts().map((text) => ({ source: 'currency', text })),
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWords = (s: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(s)}(?![\\p{L}\\p{N}])`, 'u');

/** The parts of an English text a page could show: what lies between its {placeholders}, four letters or more. */
const fragments = (en: string) =>
  en
    .split(/\{\w+\}|\n/)
    .map((f) => f.trim().replace(/^[\s,.:;!?·–—-]+|[\s,.:;!?·–—-]+$/g, ''))
    .filter((f) => /\p{L}{4}/u.test(f));

/** The English needles for a walk in `language`, each with where it comes from. */
export function needlesFor(language: Language): { needle: string; source: string; pattern: RegExp }[] {
  const foreign = TEXTS.map((t) => t.text[language] ?? '').join('\n');
  const seen = new Set<string>();
  const out: { needle: string; source: string; pattern: RegExp }[] = [];
  for (const { source, text } of TEXTS) {
    if (!text['en-US'] || text['en-US'] === text[language]) continue;
    for (const needle of fragments(text['en-US'])) {
      if (seen.has(needle)) continue;
      seen.add(needle);
      const pattern = wholeWords(needle);
      // A word the other language uses too is no sign of English ("Destination", "Spa", "Travel Club", "Paris").
      if (pattern.test(foreign)) continue;
      out.push({ needle, source, pattern });
    }
  }
  return out;
}

/**
 * What a person reads or hears on the page: visible text, title, accessible names, placeholders and alternatives.
 * A part marked as another language (`lang`, WCAG 3.1.2: the console's translations page shows the texts it edits)
 * is left out, and so are the seeded people's names (data, not content: "Ada Admin", "Demo Traveller") and label keys.
 */
async function readable(page: Page): Promise<string> {
  const text = await page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const ours = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? pageLang) === pageLang;
    const parts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || ['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(el.tagName) || !ours(el) || !el.checkVisibility()) continue;
      parts.push(node.textContent ?? '');
    }
    for (const el of document.querySelectorAll<HTMLElement>('[aria-label], [title], [placeholder], img[alt], input[type="submit"], input[type="button"]')) {
      if (!ours(el) || el.closest('[hidden], [aria-hidden="true"]')) continue;
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(attr);
        if (v) parts.push(v);
      }
      if (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'button') && el.value) parts.push(el.value);
    }
    return parts.join('\n');
  });
  return [...PEOPLE, ...KEYS].reduce((t, name) => t.replaceAll(name, ''), text);
}

/** The seeded accounts' names (seed/parts/03-accounts.mjs, 09-console.mjs): people's names are shown as they are. */
const PEOPLE = ['Ada Admin', 'Mia Marketer', 'Demo Traveller', 'Alex Agent'];

/** Label keys are identifiers, not text (the translations editor lists them): longest first, so none is cut short. */
const KEYS = Object.keys(LABELS).sort((a, b) => b.length - a.length);

// One browser context per visitor and language for each worker, signed in once, its language cookie set before the
// first page; each test opens its own page in it (the sweeps' shared contexts keep English, so they are not reused).
const test = base.extend<{ visitor: Visitor; language: Language }, { contextOf: (visitor: Visitor, language: Language) => Promise<BrowserContext> }>({
  visitor: ['signed out', { option: true }],
  language: ['fr-FR', { option: true }],
  contextOf: [
    async ({ browser }, use, workerInfo) => {
      const made = new Map<string, Promise<BrowserContext>>();
      await use((visitor, language) => {
        const key = `${visitor}|${language}`;
        let context = made.get(key);
        if (!context) {
          context = (async () => {
            const baseURL = workerInfo.project.use.baseURL!;
            const ctx = await browser.newContext({ baseURL, locale: language });
            await ctx.addCookies([{ name: 'lan_code', value: language, url: baseURL }]);
            if (visitor !== 'signed out') {
              const [email, password] = ACCOUNTS[visitor];
              const r = await ctx.request.post('/api/signIn', { data: { jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'language-walk' } });
              expect(r.status(), await r.text()).toBe(200);
            }
            return ctx;
          })();
          made.set(key, context);
        }
        return context;
      });
      for (const context of made.values()) await (await context).close();
    },
    { scope: 'worker' },
  ],
  page: async ({ visitor, language, contextOf }, use) => {
    const page = await (await contextOf(visitor, language)).newPage();
    await use(page);
    await page.close();
  },
});

test.describe.configure({ mode: 'parallel', timeout: 60_000 });
test.use({ trace: 'on-first-retry' });

test('the needles are the tables’ and the seed’s English, without what both languages share', () => {
  for (const language of WALKED) {
    const needles = needlesFor(language).map((n) => n.needle);
    expect(needles.length, language).toBeGreaterThan(500);
    expect(needles).toContain('Search hotels');
    expect(needles).toContain('Central Park Bike Tour');
    expect(needles).toContain('Free Wi-Fi');
    expect(needles).not.toContain('Spa');
    expect(needles).not.toContain('The Hudson Row Hotel');
    // The catalogue's country names, as a profile or a traveller form shows them; not those the language shares.
    expect(needles).toContain('United States');
    expect(needles).toContain('Germany');
    expect(needles).not.toContain('Angola');
    expect(needles).toContain('United States Dollar');
  }
  expect(countryTexts().length).toBeGreaterThanOrEqual(240);
  expect(currencyTexts().length).toBeGreaterThanOrEqual(8);
});

for (const language of WALKED) {
  const needles = needlesFor(language);
  for (const { visitor, paths } of SWEEP.filter((s) => WALKERS.some((w) => w.visitor === s.visitor && w.languages.includes(language)))) {
    test.describe(`${language} ${visitor}`, () => {
      test.use({ visitor: visitor as Visitor, language });
      for (const path of paths) {
        test(`${path} shows no English`, async ({ page }) => {
          const response = await open(page, await realPath(page, path));
          expect(response?.status(), path).toBeLessThan(path === '/no-such-page' ? 500 : 400);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          const text = await readable(page);
          const english = needles.filter((n) => n.pattern.test(text)).map((n) => `“${n.needle}” (${n.source})`);
          expect(english, `${language} ${visitor} ${page.url()}`).toEqual([]);
        });
      }
    });
  }
}

test('the walk covers every page of src/pages', () => {
  for (const language of WALKED) {
    const walked = new Set(SWEEP.filter((s) => VISITORS.includes(s.visitor) && WALKERS.find((w) => w.visitor === s.visitor)!.languages.includes(language)).flatMap((s) => s.paths));
    for (const path of PAGES) expect(walked.has(path), `${language} ${path}`).toBe(true);
  }
});
