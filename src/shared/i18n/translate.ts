// t(key, vars): a label in the page's language with its {placeholders} filled in. A label that counts something has
// one entry per plural form, `<key>_one`, `<key>_other` (and `_zero`, `_two`, `_few`, `_many` where a language needs
// them); the number `vars.n` picks the form by Intl.PluralRules, a missing form falls back to `<key>_other`, then to
// `<key>`. One entry per form keeps the label list flat (getLabels and the org overrides stay field → text).
export type LabelVars = Record<string, string | number>;

const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `n` in `language` ('one', 'other', 'many'…); 'other' for a language Intl refuses. */
export function pluralCategory(language: string, n: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      return 'other';
    }
    pluralRules.set(language, rules);
  }
  return rules.select(n);
}

/** `{name}` → vars.name for every placeholder named in vars; other braces are left as they are. */
export function fillPlaceholders(text: string, vars: LabelVars): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/**
 * The label `key` in `labels` (one language's field → text map), its plural form chosen by `vars.n`. A missing label is
 * the key when keys are shown, else empty (SHOW_LABEL_KEYS).
 */
export function translate(labels: Record<string, string>, showKeys: boolean, language: string, key: string, vars?: LabelVars): string {
  const n = vars?.n;
  const candidates = typeof n === 'number' ? [`${key}_${pluralCategory(language, n)}`, `${key}_other`, key] : [key];
  for (const candidate of candidates) {
    const text = labels[candidate];
    if (text !== undefined && text !== '') return vars ? fillPlaceholders(text, typeof n === 'number' ? { ...vars, n: countIn(language, n) } : vars) : text;
  }
  return showKeys ? key : '';
}

const countFormats = new Map<string, Intl.NumberFormat>();
/** The count `{n}` as the language writes it: "2,000 reviews", "2 000 avis" (a count of 999 or less is as it is). */
function countIn(language: string, n: number): string {
  if (Math.abs(n) < 1000) return String(n);
  let format = countFormats.get(language);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    } catch {
      return String(n);
    }
    countFormats.set(language, format);
  }
  return format.format(n);
}
