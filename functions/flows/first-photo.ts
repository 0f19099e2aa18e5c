// A results page names its first card's photo to the browser with the page (decision 0050): the search remembers, at
// the edge, the first photo of each first page it answers, under the org's version (a photo added, removed or reordered
// moves it), and the edge reads that entry, no D1, when it serves a page whose address asks for that same search.
import { edgeGet, edgePut } from '../lib/edge-cache';
import { photoSrcset, RESULT_CARD_SIZES } from '../../src/shared/rules/photos';

/** How long a remembered photo is named: a hint, so a first result that changed since costs one wasted request at most. */
const FIRST_PHOTO_SECONDS = 10 * 60;
/** Only an address of this Worker's own, in characters a header line carries as they are. */
const SAFE_SRC = /^\/[\w\-./]{1,300}$/;

const keyOf = (orgId: number, version: number, search: string) => `first-photo/${orgId}/${version}/${search}`;

/**
 * Remembers the first photo of a search's answer; `search` is the request's path and query, as a page's `Link` header
 * names it (functions/pages/preload.ts). Returns the write, for the request's waitUntil.
 */
export async function rememberFirstPhoto(orgId: number, version: number, search: string, src: string | null | undefined): Promise<void> {
  if (!src || !SAFE_SRC.test(src)) return;
  const key = keyOf(orgId, version, search);
  if ((await edgeGet<string>(key)) !== src) await edgePut(key, src, FIRST_PHOTO_SECONDS);
}

/**
 * The `Link` header value preloading the first photo of the search `search`, as the first card's <img> chooses it (same
 * srcset and sizes, so one request), or null when the edge holds none.
 */
export async function firstPhotoPreload(orgId: number, version: number, search: string): Promise<string | null> {
  const src = await edgeGet<string>(keyOf(orgId, version, search));
  if (typeof src !== 'string' || !SAFE_SRC.test(src)) return null;
  const srcset = photoSrcset(src);
  const chosen = srcset ? `; imagesrcset="${srcset}"; imagesizes="${RESULT_CARD_SIZES}"` : '';
  return `<${src}>; rel=preload; as=image; fetchpriority=high${chosen}`;
}
