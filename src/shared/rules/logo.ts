// An org's logo (docs/contract.md#go-live, decision 0066): what the console may upload, read from the bytes. A logo is
// drawn in every page's header, so an SVG may hold nothing that runs or fetches: no script, no event handler, no
// reference outside itself (its own #fragments only), no embedded document.

export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/webp', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_EXTENSIONS: Record<LogoType, string> = { 'image/png': 'png', 'image/webp': 'webp', 'image/svg+xml': 'svg' };

export const LOGO_MSG = {
  type: 'Upload a PNG, WebP or SVG image',
  tooLarge: 'A logo is at most 1 MiB',
  svgScript: 'This SVG contains a script or an event handler: export it again without them',
  svgExternal: 'This SVG refers to files or addresses outside itself: embed everything it draws',
  svgUnreadable: 'This SVG could not be read: export it again as plain SVG',
  noSuchLogo: 'No such logo',
} as const;

/** A stored logo's file name: the SHA-256 of its bytes and its extension (the address changes when the logo does). */
export const LOGO_FILE = /^[0-9a-f]{64}\.(png|webp|svg)$/;
export const logoAddress = (file: string) => `/api/logos/${file}`;

/** What the bytes are, whatever the request claims: PNG and WebP by their signatures, SVG by its root element. */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  return /^<svg[\s>]/i.test(rest) ? 'image/svg+xml' : null;
}

/** Why an SVG may not be a logo (a LOGO_MSG text), or null when it draws only itself. */
export function svgProblem(text: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return LOGO_MSG.svgUnreadable;
  if (/<script[\s>/]/i.test(text) || /\son[a-z]+\s*=/i.test(text) || /javascript:/i.test(text)) return LOGO_MSG.svgScript;
  if (/<(foreignObject|iframe|embed|object)[\s>/]/i.test(text) || /@import/i.test(text)) return LOGO_MSG.svgExternal;
  // Every reference stays inside the file: href / xlink:href / src to a #fragment, url(#fragment).
  for (const m of text.matchAll(/\s(?:xlink:)?(?:href|src)\s*=\s*(["'])(.*?)\1/gi)) if (!m[2]!.trim().startsWith('#')) return LOGO_MSG.svgExternal;
  for (const m of text.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gi)) if (!m[2]!.trim().startsWith('#')) return LOGO_MSG.svgExternal;
  return null;
}
