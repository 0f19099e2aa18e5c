// An org's label overrides from the console: every label of a language with its default beside it, and changes that
// show on the next page view (the labels cache is keyed by the org's version, which the change bumps).
import type { Actor } from '../db/console';
import { labelOverrides, setLabelOverrides } from '../db/labels';
import { LABELS, type Language } from '../../src/shared/i18n';
import { LABEL_TABLES } from '../../src/shared/i18n/tables';
import { LABEL_AREA_NAMES } from '../../src/shared/i18n/area-names';

type Area = (typeof LABEL_AREA_NAMES)[number];
/** Each label's area (the part of the site it belongs to), for the console to group them by. */
const AREA_OF = new Map<string, Area>(LABEL_AREA_NAMES.flatMap((area) => Object.keys(LABEL_TABLES[area]).map((key) => [key, area] as const)).reverse());
import type { LabelEntry, LabelsPut } from '../../src/shared/contract/console-ops';

export async function labelsOf(db: D1Database, orgId: number, lang: Language): Promise<LabelEntry[]> {
  const overrides = await labelOverrides(db, orgId, lang);
  return Object.entries(LABELS)
    .map(([field_name, texts]) => ({ field_name, default: texts[lang] ?? '', override: overrides[field_name] ?? null, area: AREA_OF.get(field_name) ?? 'common' }))
    .sort((a, b) => LABEL_AREA_NAMES.indexOf(a.area) - LABEL_AREA_NAMES.indexOf(b.area) || a.field_name.localeCompare(b.field_name));
}

export async function changeLabels(db: D1Database, orgId: number, actor: Actor, lang: Language, texts: LabelsPut): Promise<LabelEntry[]> {
  const before = await labelOverrides(db, orgId, lang);
  const changed = Object.entries(texts).filter(([field, text]) => (before[field] ?? '') !== text);
  if (changed.length) {
    const detail = {
      before: Object.fromEntries(changed.map(([f]) => [f, before[f] ?? null])),
      after: Object.fromEntries(changed.map(([f, t]) => [f, t === '' ? null : t])),
    };
    await setLabelOverrides(db, orgId, lang, Object.fromEntries(changed), actor, detail);
  }
  return labelsOf(db, orgId, lang);
}
