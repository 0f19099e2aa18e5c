// The labels of one language for one org: the bundled tables (src/shared/i18n) merged with the org's D1 overrides,
// kept per isolate and at the edge under the org's version (a change of labels bumps it: docs/decisions/0025-edge-cache.md).
import { LABELS } from '../../src/shared/i18n';
import { isLanguage } from '../../src/shared/i18n/language';
import { labelOverrides } from '../db/labels';
import { edgeGet, edgePut } from '../lib/edge-cache';

/** Versions, languages and orgs together stay few; past this the isolate's copies are dropped and read again. */
const MAX_KEPT = 256;
const cache = new Map<string, Record<string, string>>();

/** Every label key in `lang`; a missing translation is the key itself when `showKeys`, otherwise '' (spec section 8). */
export async function labelsFor(db: D1Database, orgId: number, lang: string, showKeys: boolean, orgVersion = 0): Promise<Record<string, string>> {
  const key = `labels/${orgId}/${orgVersion}/${lang}/${showKeys ? 1 : 0}`;
  const hit = cache.get(key) ?? (await edgeGet<Record<string, string>>(key));
  if (hit) return keep(key, hit);
  const labels: Record<string, string> = {};
  for (const [field, texts] of Object.entries(LABELS)) {
    const text = isLanguage(lang) ? texts[lang] : undefined;
    labels[field] = text || (showKeys ? field : '');
  }
  Object.assign(labels, await labelOverrides(db, orgId, lang));
  await edgePut(key, labels);
  return keep(key, labels);
}

function keep(key: string, labels: Record<string, string>) {
  if (!cache.has(key) && cache.size >= MAX_KEPT) cache.clear();
  cache.set(key, labels);
  return labels;
}
