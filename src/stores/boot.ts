// What the edge put in the page (the boot block: org, language, currency, the shell's labels) and the preference cookies.
// No React and no store here: the deferred shell (src/islands/shell/deferred-shell.ts) reads it before React loads.
import type { OrgConfig } from '../shared/contract/org';

/** What functions/pages/decorate.ts puts in <script type="application/json" id="tc-boot">. */
export interface Boot {
  org: OrgConfig | null;
  language: string;
  currency: string;
  labels: Record<string, string>;
  showKeys: boolean;
}

export const BOOT_ID = 'tc-boot';
export const DEFAULT_LANGUAGE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readBoot(): Boot | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById(BOOT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as Boot;
  } catch {
    return null;
  }
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A preference cookie: a year long, sent on top-level navigations (SameSite=Lax), readable by the edge. */
export function writeCookie(name: string, value: string, maxAge = YEAR_SECONDS) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}
