// D1's Sessions API (docs/decisions/0025-edge-cache.md): reads may go to the nearest replica, and the bookmark of a
// person's last request travels back with their next one in a cookie, so they always read their own writes.
import { parseCookies } from './cookies';

export const BOOKMARK_COOKIE = 'd1bm';
const BOOKMARK = /^[0-9a-f-]{1,128}$/i;

export function d1Session(db: D1Database, cookieHeader: string | null) {
  if (typeof db.withSession !== 'function') return { db, bookmarkCookie: () => null };
  const sent = parseCookies(cookieHeader)[BOOKMARK_COOKIE];
  const session = db.withSession(sent && BOOKMARK.test(sent) ? sent : 'first-unconstrained');
  return {
    db: session as unknown as D1Database,
    /** The Set-Cookie for the bookmark after this request, when there is one and it moved. */
    bookmarkCookie(secure: boolean): string | null {
      const bookmark = session.getBookmark();
      if (!bookmark || bookmark === sent || !BOOKMARK.test(bookmark)) return null;
      return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    },
  };
}
