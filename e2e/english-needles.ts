// The English a French or Spanish page must not show (issue 18, docs/decisions/0034-translated-content.md), read by
// the language walk (e2e/language-walk.spec.ts: every page signed out) and by the page sweep (e2e/sweep.spec.ts: the
// signed-in visitors' pages, each visitor in one language). The needles are built from the en-US label tables, the
// seeded content and the catalogue's country and currency names: a text that also appears in the other language (brand
// names, cities, "Total", "Spa") is left out, and the rest is looked for as whole words in what a person reads or
// hears: the visible text, the title, and the accessible names, placeholders and alternative texts.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LABELS, type Language } from '../src/shared/i18n';
import { currencyName, regionName } from '../src/shared/i18n/regions';
import { seededTexts } from '../seed/parts/11-translations.mjs';

type Text = Record<Language, string>;

/**
 * The catalogue's English country names (also the nationalities' names, same codes), read from the migration that
 * holds them, each beside the names a French and a Spanish page show (docs/decisions/0038-country-names.md).
 */
export function countryTexts(): Text[] {
  const sql = readFileSync(join(import.meta.dirname, '../migrations/0002_catalogue.sql'), 'utf8');
  const rows = sql.slice(sql.indexOf('INSERT INTO countries'), sql.indexOf(';', sql.indexOf('INSERT INTO countries')));
  return [...rows.matchAll(/^\s*\(\d+, '((?:[^']|'')+)', '([A-Z]{2})',.*'((?:[^']|'')+)', '((?:[^']|'')+)'\),?$/gm)].map(([, en, code, es, fr]) => {
    const name = (s: string) => s.replaceAll("''", "'");
    return { 'en-US': name(en!), 'fr-FR': regionName(code!, 'fr-FR', name(fr!)), 'es-ES': regionName(code!, 'es-ES', name(es!)) };
  });
}

/** The catalogue's English currency names ("United States Dollar"), beside their French and Spanish names. */
export function currencyTexts(): Text[] {
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
 * is left out, and so is a part marked translate="no" (people's names, which tests create too), the seeded people's
 * names (data, not content: "Ada Admin", "Demo Traveller") and label keys.
 */
export async function readable(page: Page): Promise<string> {
  const text = await page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    // A part in another language, or one no translation applies to (translate="no": people's names), is not the page's text.
    const ours = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? pageLang) === pageLang && !el.closest('[translate="no"]');
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

const made = new Map<Language, ReturnType<typeof needlesFor>>();
/** The English texts `page` shows though it is in `language`, each with where it comes from (empty when none). */
export async function englishOn(page: Page, language: Language): Promise<string[]> {
  if (!made.has(language)) made.set(language, needlesFor(language));
  const text = await readable(page);
  const english = made.get(language)!.filter((n) => n.pattern.test(text)).map((n) => `“${n.needle}” (${n.source})`);
  return language === 'fr-FR' ? [...english, ...englishColons(text)] : english;
}

/**
 * A French text puts a no-break space before a colon ("Statut : actif"); a word glued to its colon followed by a space
 * ("Statut: actif") is English typography, as when an island joins a label and a value itself (the `labelled` label).
 */
export function englishColons(text: string): string[] {
  return [...new Set([...text.matchAll(/[\p{L}\p{N})]+:(?=[ \n]|$)/gmu)].map(([m]) => `“${m}” (a colon without its no-break space)`))];
}
