// Drawing as markup: the same `h(tag, attrs, ...children)` as src/islands/ui/dom.ts, for the edge, which writes what the
// page would draw into the HTML it serves (functions/pages/first-screen.ts, docs/decisions/0050-first-photo-with-the-page.md).
import { escapeHtml } from '../rules/html-text';

type Attribute = string | number | boolean | null | undefined;

/** A piece of markup: a child that is written as it is, where a string child is text. */
export class Markup {
  constructor(readonly html: string) {}
}

type Child = Markup | string | null | undefined | false;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const NAME = /^[a-z][a-z0-9-]*$/;

/** `<tag attrs…>children</tag>` as markup, with dom.ts's rules: `className` is the class, true an empty attribute. */
export function html(tag: string, attrs: Record<string, Attribute> = {}, ...children: Child[]): Markup {
  if (!NAME.test(tag)) throw new Error(`not a tag name: ${tag}`);
  let out = `<${tag}`;
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    const attr = name === 'className' ? 'class' : name;
    if (!NAME.test(attr)) throw new Error(`not an attribute name: ${attr}`);
    out += value === true ? ` ${attr}=""` : ` ${attr}="${escapeHtml(String(value))}"`;
  }
  out += '>';
  if (VOID.has(tag)) return new Markup(out);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    out += child instanceof Markup ? child.html : escapeHtml(child);
  }
  return new Markup(`${out}</${tag}>`);
}

export const markup = (text: string) => new Markup(text);
