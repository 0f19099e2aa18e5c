// Referral links (docs/contract.md#referrals): building one from a base address, and reading the referral out of a landing URL.

export type ReferralBaseKind = 'site' | 'landing' | 'current';

export interface ReferralLinkInput {
  /** Absolute address the link starts from: the site, the loyalty landing page or the current page. */
  base: string;
  code: string;
  name?: string;
  org?: string | number;
  /** Extra parameters, in order; empty names and the referral parameters themselves are skipped. */
  extra?: ReadonlyArray<readonly [string, string]> | Record<string, string>;
  /** Where the visitor goes after landing; sent URL-encoded once. */
  redirect?: string;
}

/** The parameters this builder writes; a base that already carries one of them has it replaced, not doubled. */
export const REFERRAL_PARAMS = ['referral_code', 'referral_name', 'referral_org', 'redirect'] as const;
export const REFERRAL_COOKIE_DAYS = 30;

const enc = (s: string) => encodeURIComponent(s);

function extraPairs(extra: ReferralLinkInput['extra']): [string, string][] {
  if (!extra) return [];
  const list = Array.isArray(extra) ? extra : Object.entries(extra);
  const reserved: readonly string[] = REFERRAL_PARAMS;
  return list.map(([k, v]) => [String(k).trim(), String(v ?? '')] as [string, string]).filter(([k]) => k !== '' && !reserved.includes(k));
}

/** base + referral_code, referral_name, referral_org, extra parameters and redirect; the base's own query and fragment are kept. */
export function buildReferralLink(input: ReferralLinkInput): string {
  const url = new URL(input.base);
  const extras = extraPairs(input.extra);
  const ours = new Set<string>([...REFERRAL_PARAMS, ...extras.map(([k]) => k)]);
  // The base's query is kept exactly as written, minus any parameter this link sets again.
  const kept = url.search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => {
      if (part === '') return false;
      const rawName = part.split('=')[0]!;
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        /* keep names that are not valid percent-encoding as they are */
      }
      return !ours.has(name);
    });
  const added: string[] = [`referral_code=${enc(input.code)}`];
  if (input.name) added.push(`referral_name=${enc(input.name)}`);
  if (input.org !== undefined && input.org !== '') added.push(`referral_org=${enc(String(input.org))}`);
  for (const [k, v] of extras) added.push(`${enc(k)}=${enc(v)}`);
  if (input.redirect) added.push(`redirect=${enc(input.redirect)}`);
  return `${url.origin}${url.pathname}?${[...kept, ...added].join('&')}${url.hash}`;
}

export interface ReferralParams {
  referralCode: string;
  referralOrg: string;
  referralName: string;
  redirect: string;
}

const CODE_RE = /^[A-Za-z0-9_-]{1,64}$/;
const ORG_RE = /^[0-9]{1,9}$/;

/** The referral a landing URL carries, or null when it carries none; malformed codes and orgs are ignored. */
export function readReferralParams(url: string | URL): ReferralParams | null {
  const u = typeof url === 'string' ? new URL(url, 'http://localhost') : url;
  const q = u.searchParams;
  const code = (q.get('referral_code') ?? '').trim();
  const org = (q.get('referral_org') ?? '').trim();
  const validCode = CODE_RE.test(code) ? code : '';
  const validOrg = ORG_RE.test(org) ? org : '';
  if (!validCode && !validOrg) return null;
  return { referralCode: validCode, referralOrg: validOrg, referralName: (q.get('referral_name') ?? '').slice(0, 100), redirect: q.get('redirect') ?? '' };
}

const MAX_REDIRECT = 2048;
/** A path whose start a browser reads as another host: `//host`, `/\host` (backslash counts as slash). */
const OTHER_HOST = /^[\\/]{2}/;
/** Characters browsers drop or rewrite while parsing an address (tabs, newlines, other controls) and backslashes. */
const UNSAFE_CHARS = /[\u0000-\u001f\u007f\\]/;

/** Percent-decoding applied until nothing changes (at most 5 rounds); null when the text is not valid percent-encoding. */
function fullyDecoded(text: string): string | null {
  let current = text;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** `path` resolved against `origin` and normalised, when it stays on that origin and does not read as another host. */
function normalisedPath(path: string, origin: URL): string | null {
  const target = new URL(path, origin);
  if (target.origin !== origin.origin) return null;
  const normal = target.pathname + target.search + target.hash;
  return OTHER_HOST.test(normal) ? null : normal;
}

/**
 * The same-site path a landing may forward to, normalised, or '' (so a referral link is never an open redirect).
 * Accepted: a path that starts with exactly one `/` and, normalised, still resolves to `origin`. Refused: schemes
 * and absolute addresses (even this site's own), `//` and `/\` starts, backslashes and control characters, and any of
 * these hidden behind percent-encoding or dot segments (`/.//evil.example` normalises to `//evil.example`).
 */
export function sameOriginRedirect(redirect: string, origin: string): string {
  if (!redirect || redirect.length > MAX_REDIRECT || redirect[0] !== '/') return '';
  const decoded = fullyDecoded(redirect);
  if (decoded === null || UNSAFE_CHARS.test(decoded) || OTHER_HOST.test(decoded)) return '';
  try {
    const site = new URL(origin);
    const normal = normalisedPath(redirect, site);
    // The decoded form must be just as harmless: a server or a later decode must not turn it into another host.
    if (normal === null || normalisedPath(decoded, site) === null) return '';
    // Once normalised, the path must be a fixed point: following it again lands on the same address.
    return normalisedPath(normal, site) === normal ? normal : '';
  } catch {
    return '';
  }
}

/** Cookie strings (for document.cookie) that store a landing's referral until sign-up reads it. */
export function referralCookies(params: ReferralParams, secure: boolean): string[] {
  const attrs = `; Path=/; Max-Age=${REFERRAL_COOKIE_DAYS * 86400}; SameSite=Lax${secure ? '; Secure' : ''}`;
  const out: string[] = [];
  if (params.referralCode) out.push(`referral_code=${enc(params.referralCode)}${attrs}`);
  if (params.referralOrg) out.push(`referral_org=${enc(params.referralOrg)}${attrs}`);
  return out;
}

export interface ShortLinkParams {
  referralCode?: string;
  referralName?: string;
  referralOrg?: string | number;
  /** utm_source, utm_medium, utm_campaign: empty ones are left out. */
  utm?: Record<string, string>;
}

/** Where a short link sends its visitor: `base` (absolute) with the referral parameters and the link's UTM fields. */
export function shortLinkTarget(base: string, p: ShortLinkParams): string {
  const extra = Object.entries(p.utm ?? {}).filter(([, v]) => v !== '');
  if (p.referralCode) return buildReferralLink({ base, code: p.referralCode, name: p.referralName, org: p.referralOrg, extra });
  const url = new URL(base);
  for (const [k, v] of extra) url.searchParams.set(k, v);
  return url.toString();
}
