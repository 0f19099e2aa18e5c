// Drawing without React: an element with its attributes and children, for what a page draws before its islands have
// loaded (docs/decisions/0039-page-weight-by-interaction.md, 0048-results-first-screen.md).

type Attribute = string | number | boolean | null | undefined;
type Child = Node | string | null | undefined | false;

/** `<tag attrs…>children</tag>`: `className` is the class; true is an empty attribute; false, null and undefined are none. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, Attribute> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    el.setAttribute(name === 'className' ? 'class' : name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) el.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return el;
}
