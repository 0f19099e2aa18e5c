// The org's theme stylesheets (docs/contract.md#tenancy): one by name with its content version, and the addresses and
// texts the existing client's pages ask for. A stylesheet's address carries its version, so it is cached for good.
import { orgTheme } from '../db/orgs';
import { cssVersion, themeHref } from '../lib/theme-address';

/** The org's stylesheet `name` and its content version; null when the org has none of that name. */
export async function themeStylesheet(db: D1Database, orgId: number, name: string): Promise<{ css: string; version: string } | null> {
  const theme = await orgTheme(db, orgId, name);
  return theme ? { css: theme.css, version: await cssVersion(theme.css) } : null;
}

/** The org's theme stylesheet: its versioned address (the unversioned one when it has none) and its text. */
export async function themeCss(db: D1Database, orgId: number): Promise<{ href: string; css: string }> {
  const theme = await orgTheme(db, orgId, 'theme');
  const href = theme ? themeHref(await cssVersion(theme.css)) : '/api/general/getCss/theme';
  return { href, css: theme?.css ?? '' };
}

/** The org's signed-out and signed-in stylesheets: their addresses and texts (empty when it has none). */
export async function preAndPostLoginCss(db: D1Database, orgId: number) {
  const [pre, post] = await Promise.all([orgTheme(db, orgId, 'prelogin'), orgTheme(db, orgId, 'postlogin')]);
  return {
    preLogin: { href: '/api/general/getCss/prelogin', css: pre?.css ?? '' },
    postLogin: { href: '/api/general/getCss/postlogin', css: post?.css ?? '' },
  };
}
