// A search the edge has answered before is drawn with the page (decision 0050): the search keeps, at the edge, its answer
// to each first page it serves a visitor without trade prices, under the org's version (any change to the org's
// content or photos moves it), the rates' version and the language, for five minutes; when the edge serves a results page
// whose address asks for that same search, it reads that entry (no D1), names the first photo in a `Link` header and
// writes the results into the page (functions/pages/first-screen.ts).
import { edgeGet, edgePut } from '../lib/edge-cache';
import { photoSrcset, RESULT_CARD_SIZES } from '../../src/shared/rules/photos';
import type { ResultPage } from '../../src/shared/rules/search-results';

/**
 * How long an answer is kept: five minutes. A popular search is drawn for each visitor from one answer, and React's own
 * search, live, replaces what the page shows within a second or so of its load.
 */
const ANSWER_SECONDS = 5 * 60;
/** Only an address of this Worker's own, in characters a header line carries as they are. */
const SAFE_SRC = /^\/[\w\-./]{1,300}$/;

interface Kept {
  ratesVersion: string;
  answer: ResultPage;
}

const keyOf = (orgId: number, version: number, language: string, search: string) => `first-answer/${orgId}/${version}/${language}/${search}`;

/** Keeps a first page's answer; `search` is the request's path and query, as a page's `Link` header names it. */
export async function rememberAnswer(at: { orgId: number; version: number; language: string; ratesVersion: string }, search: string, answer: ResultPage): Promise<void> {
  await edgePut(keyOf(at.orgId, at.version, at.language, search), { ratesVersion: at.ratesVersion, answer } satisfies Kept, ANSWER_SECONDS);
}

/** The kept answer to `search` for this org, language and rates, or null. */
export async function keptAnswer(at: { orgId: number; version: number; language: string; ratesVersion: string }, search: string): Promise<ResultPage | null> {
  const kept = await edgeGet<Kept>(keyOf(at.orgId, at.version, at.language, search));
  return kept && kept.ratesVersion === at.ratesVersion && Array.isArray(kept.answer?.data) ? kept.answer : null;
}

/**
 * The `Link` header value preloading an answer's first photo as the first card's <img> chooses it (same srcset and
 * sizes, so one request), or null.
 */
export function firstPhotoPreload(answer: ResultPage): string | null {
  const src = answer.data[0]?.image;
  if (typeof src !== 'string' || !SAFE_SRC.test(src)) return null;
  const srcset = photoSrcset(src);
  const chosen = srcset ? `; imagesrcset="${srcset}"; imagesizes="${RESULT_CARD_SIZES}"` : '';
  return `<${src}>; rel=preload; as=image; fetchpriority=high${chosen}`;
}
