// The org theme stylesheet's address: versioned by a hash of its content, so it can be cached for good and a changed
// theme is a new address (the first page view after a change already names it).
export const THEME_PATH = '/api/general/getCss/theme';

/** The first 16 hex digits of the SHA-256 of the stylesheet. */
export async function cssVersion(css: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css)));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const themeHref = (version: string) => `${THEME_PATH}?v=${version}`;
