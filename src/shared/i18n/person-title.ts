// A person's title (Miss, Mr, Mrs as stored) in a page's or a mail's language: one helper for every form, list, quote
// and mail, so a French page never shows "Mrs" beside "Mme". The labels (`title_<title>`) are in the common table and
// travel in every boot block (areas.ts SHELL_LABEL_KEYS), so any island shows a title without loading another area.
import { TITLES, type Title } from '../rules/person';
import type { LabelTable, Language } from './types';

export const TITLE_LABEL_KEYS: readonly string[] = TITLES.map((title) => `title_${title}`);

const isTitle = (text: string): text is Title => (TITLES as readonly string[]).includes(text);

/** A stored title in the language `t` translates into; '' for none (or a text that is not a title). */
export const titleLabel = (t: (key: string) => string, title: string | null | undefined): string => (title && isTitle(title) ? t(`title_${title}`) : '');

/** The titles' `t` for a mail in `language`, from a label table (a mail has no page labels). */
export const titlesFrom =
  (labels: LabelTable, language: string) =>
  (key: string): string =>
    labels[key]?.[language as Language] || labels[key]?.['en-US'] || '';

/**
 * A name kept with its title first, as a quote and an agent's booking copy their client's ("Mrs Ana Lima"), with the
 * title in the language: "Mme Ana Lima" on a French page.
 */
export function titledName(t: (key: string) => string, name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/);
  return first && isTitle(first) && rest.length > 0 ? `${titleLabel(t, first)} ${rest.join(' ')}` : name;
}
