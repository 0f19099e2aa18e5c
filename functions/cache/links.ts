// Marketing links kept for the redirect's warm path without D1 (docs/decisions/0030-fast-short-links.md), and the day's
// visitor salt kept once drawn. Each takes the read it wraps, so it knows no SQL of its own.
import { edgeDelete, edgeGet, edgePurgeEverywhere, edgePut } from '../lib/edge-cache';
import { drawDailySalt, linkRowBySlug } from '../db/links';

/** The link cache's bounds: per isolate, found links only, the least recently used forgotten first. */
const bySlug = new Map<string, { row: unknown; until: number }>();
const MAX_CACHED_LINKS = 512;
/**
 * An isolate keeps a link this long: a link changed from the console (which moves no org version) is purged at the edge
 * and in the isolate that changed it at once, and any other isolate follows within this time.
 */
const LINK_ISOLATE_MS = 60_000;
/** The purge tag of one link's edge entries, whatever the org's version. */
const linkTag = (orgId: number, slug: string) => `link-${orgId}-${slug.toLowerCase()}`;
/** A link read from D1 stays at the edge this long; a change of the org's version leaves it behind sooner. */
const LINK_EDGE_SECONDS = 3_600;

/**
 * The org's link by slug (any case): kept in the isolate and at the edge under the org's version, so whatever bumps
 * the version (bumpOrgVersion) leaves every kept copy behind on the next request. Only found links are kept: a link
 * made a moment ago is read (`read`) on its first visit, never answered 404 from a copy.
 */
export async function keptLink<T>(org: { id: number; version: number }, slug: string, read: () => Promise<T | null>): Promise<T | null> {
  const key = linkKey(org, slug);
  const hit = bySlug.get(key);
  if (hit && hit.until > Date.now()) {
    bySlug.delete(key);
    bySlug.set(key, hit);
    return hit.row as T;
  }
  const atEdge = await edgeGet<T>(key);
  const row = atEdge ?? (await read());
  if (!row) return null;
  if (!atEdge) await edgePut(key, row, LINK_EDGE_SECONDS, [linkTag(org.id, slug)]);
  bySlug.set(key, { row, until: Date.now() + LINK_ISOLATE_MS });
  if (bySlug.size > MAX_CACHED_LINKS) bySlug.delete(bySlug.keys().next().value!);
  return row;
}

const linkKey = (org: { id: number; version: number }, slug: string) => `link/${org.id}/${org.version}/${slug.toLowerCase()}`;

/** After a console change of one link: its kept copies go (this isolate, this data centre, then every data centre by tag). */
export async function forgetLink(org: { id: number; version: number }, slug: string): Promise<void> {
  const key = linkKey(org, slug);
  bySlug.delete(key);
  await edgeDelete(key);
  await edgePurgeEverywhere([linkTag(org.id, slug)]);
}

/** The salt of the day drawn (`draw`) by whichever request asks first, kept for the rest of that day only. */
const salts = new Map<string, string>();

export async function keptSalt(day: string, draw: () => Promise<string>): Promise<string> {
  const known = salts.get(day);
  if (known) return known;
  const salt = await draw();
  salts.clear();
  salts.set(day, salt);
  return salt;
}

/** The org's link by slug, kept for the redirect (per isolate and at the edge, under the org's version). */
export const linkBySlug = (db: D1Database, org: { id: number; version: number }, slug: string) => keptLink(org, slug, () => linkRowBySlug(db, org.id, slug));

/** The day's salt, kept once drawn. */
export const dailySalt = (db: D1Database, day: string) => keptSalt(day, () => drawDailySalt(db, day));
