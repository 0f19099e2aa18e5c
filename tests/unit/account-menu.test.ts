// The account menu's entries for signed-out visitors, consumers and agents (docs/product.md#screens, docs/product.md#roles).
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MENU, accountMenuFor } from '../../src/shared/rules/account-menu';
import { commonLabels } from '../../src/shared/i18n/common';

const ids = (signedIn: boolean, type: 1 | 2) => accountMenuFor(signedIn, type).map((e) => e.id);

describe('account menu', () => {
  it('a signed-out visitor sees Sign-in, then Language, Currencies and Help (marked neither signed-in nor signed-out only)', () => {
    expect(ids(false, 2)).toEqual(['signin', 'language', 'currency', 'help']);
    expect(ids(false, 1)).toEqual(['signin', 'language', 'currency', 'help']);
  });

  it('a signed-in consumer sees the account entries and Log-out, not Sign-in nor agent pages', () => {
    expect(ids(true, 2)).toEqual(['booking-history', 'my-account', 'travel-profile', 'my-trips', 'wallet', 'language', 'currency', 'help', 'logout']);
  });

  it('an agent additionally gets the agent desk and the four agent pages', () => {
    const agent = accountMenuFor(true, 1);
    expect(agent.filter((e) => e.agentOnly).map((e) => e.href)).toEqual([
      '/agent',
      '/agent/profile',
      '/agent/client-list',
      '/agent/my-quotes',
      '/agent/booking-history',
    ]);
    expect(agent.map((e) => e.id)).toContain('logout');
  });

  it('the four account entries open their own section of /user-details; Wallet leads to /wallet', () => {
    const href = Object.fromEntries(ACCOUNT_MENU.filter((e) => e.href).map((e) => [e.id, e.href]));
    expect(href).toMatchObject({
      'booking-history': '/user-details#booking-history',
      'my-account': '/user-details#my-account',
      'travel-profile': '/user-details#travel-profile',
      'my-trips': '/user-details#my-trips',
      wallet: '/wallet',
      help: '/help',
    });
  });

  it('every entry is declared for signed-in, signed-out or both, and has a label in all three languages', () => {
    for (const e of ACCOUNT_MENU) {
      expect(['signed-in', 'signed-out', 'always']).toContain(e.when);
      const texts = commonLabels[e.labelKey];
      expect(texts?.['en-US'] && texts['es-ES'] && texts['fr-FR'], e.labelKey).toBeTruthy();
    }
  });
});
