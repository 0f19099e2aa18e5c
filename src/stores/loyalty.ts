// Loyalty actions for the islands: daily deals from the product menu, a landing's referral kept in cookies, labels of the area.
import { useCallback } from 'react';
import { $signedIn } from './session';
import { openDialog } from './dialogs';
import { runStartup } from './startup';
import { useT } from './locale';
import { readReferralParams, referralCookies, sameOriginRedirect } from '../shared/rules/referral-link';
import { referralLabels } from '../shared/i18n/referral';
import { savingsLabels } from '../shared/i18n/savings';
import type { LabelVars } from '../shared/i18n/translate';

export const DAILY_SAVINGS_PATH = '/go/daily-savings';

/** Daily deals (docs/product.md#screens): signed in, the savings redirect opens in a new tab; signed out, the sign-in dialog. */
export async function openDailyDeals(): Promise<'opened' | 'signin'> {
  if ($signedIn.get() === null) await runStartup();
  if ($signedIn.get() !== true) {
    openDialog('signin');
    return 'signin';
  }
  window.open(DAILY_SAVINGS_PATH, '_blank', 'noopener');
  return 'opened';
}

/** Keeps referral_code / referral_org of the landing address as cookies for sign-up; follows a same-site redirect. */
export function storeLandingReferral(): void {
  const params = readReferralParams(location.href);
  if (!params) return;
  for (const cookie of referralCookies(params, location.protocol === 'https:')) document.cookie = cookie;
  const target = sameOriginRedirect(params.redirect, location.origin);
  if (target && target !== location.pathname + location.search + location.hash) location.replace(target);
}

const OWN: Record<string, Record<string, string>> = { ...referralLabels, ...savingsLabels };

/** t() for this area's islands; until the edge's label block is there, the area's own en-US text. */
export function useLoyaltyT() {
  const t = useT();
  return useCallback((key: string, vars?: LabelVars) => t(key, vars) || OWN[key]?.['en-US'] || key, [t]);
}
