// The org theme stylesheet's address: versioned by a hash of its content, so it can be cached for good and a changed
// theme is a new address (the first page view after a change already names it).
import { sha256Hex } from './crypto';

export const THEME_PATH = '/api/general/getCss/theme';

/** The first 16 hex digits of the SHA-256 of the stylesheet. */
export async function cssVersion(css: string): Promise<string> {
  return (await sha256Hex(css)).slice(0, 16);
}

export const themeHref = (version: string) => `${THEME_PATH}?v=${version}`;
