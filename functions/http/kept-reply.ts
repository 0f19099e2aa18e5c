// Replies whose body was kept serialised with its ETag (functions/cache/catalogue.ts): a GET is revalidated (Cache-Control,
// ETag, Vary, and 304 when the caller holds the ETag); a POST (the existing client's form) gets the same body, never cached.
import type { Context, TypedResponse } from 'hono';
import type { AppEnv } from '../env';
import type { KeptBody } from '../cache/catalogue';

function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * A GET answer carries Cache-Control and the ETag and may be 304. The body is sent as it was serialised and kept;
 * `Reply` (the route's reply schema's type) is what it holds.
 */
export function revalidated<Reply>(c: Context<AppEnv>, kept: KeptBody, cacheControl: string) {
  c.header('ETag', kept.etag);
  c.header('Cache-Control', cacheControl);
  // Without `lang` in the address the language came from the cookie (or the org): a browser must not reuse the answer
  // for a page in another language.
  c.header('Vary', c.req.query('lang') ? 'Host' : 'Host, Cookie');
  if (ifNoneMatchHits(c.req.header('if-none-match'), kept.etag)) return c.body(null, 304);
  return fresh<Reply>(c, kept, cacheControl);
}

/** A POST (the existing client's form) gets the same body, never cached. */
export function fresh<Reply>(c: Context<AppEnv>, kept: KeptBody, cacheControl = 'no-store') {
  c.header('Cache-Control', cacheControl);
  c.header('Content-Type', 'application/json; charset=utf-8');
  return c.body(kept.body, 200) as Response as Response & TypedResponse<Reply, 200, 'json'>;
}
