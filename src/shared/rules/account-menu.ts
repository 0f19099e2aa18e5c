// The account menu's entries (docs/product.md#screens, docs/product.md#roles): each one is for signed-in visitors, signed-out visitors or both, some only
// for agents. The four account entries open their section of /user-details (docs/decisions/0015-account-details.md).

export type AccountAction = 'signin' | 'logout' | 'language' | 'currency';

export interface AccountMenuEntry {
  id: string;
  labelKey: string;
  href?: string;
  action?: AccountAction;
  /** Language and Currencies are marked neither signed-in nor signed-out only: they are offered to everyone. */
  when: 'signed-in' | 'signed-out' | 'always';
  agentOnly?: boolean;
  /** Entries of one group sit together; the menu draws a line between groups. */
  group: 'account' | 'agent' | 'locale' | 'help' | 'session';
}

export const ACCOUNT_MENU: readonly AccountMenuEntry[] = [
  { id: 'booking-history', labelKey: 'menu_booking_history', href: '/user-details#booking-history', when: 'signed-in', group: 'account' },
  { id: 'my-account', labelKey: 'menu_my_account', href: '/user-details#my-account', when: 'signed-in', group: 'account' },
  { id: 'travel-profile', labelKey: 'menu_travel_profile', href: '/user-details#travel-profile', when: 'signed-in', group: 'account' },
  { id: 'my-trips', labelKey: 'menu_my_trips', href: '/user-details#my-trips', when: 'signed-in', group: 'account' },
  { id: 'wallet', labelKey: 'menu_wallet', href: '/wallet', when: 'signed-in', group: 'account' },
  { id: 'agent-home', labelKey: 'menu_agent_home', href: '/agent', when: 'signed-in', agentOnly: true, group: 'agent' },
  { id: 'agent-profile', labelKey: 'menu_agent_profile', href: '/agent/profile', when: 'signed-in', agentOnly: true, group: 'agent' },
  { id: 'agent-clients', labelKey: 'menu_client_list', href: '/agent/client-list', when: 'signed-in', agentOnly: true, group: 'agent' },
  { id: 'agent-quotes', labelKey: 'menu_my_quotes', href: '/agent/my-quotes', when: 'signed-in', agentOnly: true, group: 'agent' },
  { id: 'agent-bookings', labelKey: 'menu_agent_bookings', href: '/agent/booking-history', when: 'signed-in', agentOnly: true, group: 'agent' },
  // Signed out, Sign in comes first: it is what the menu button says, and Enter on the button lands on it.
  { id: 'signin', labelKey: 'menu_signin', action: 'signin', when: 'signed-out', group: 'session' },
  { id: 'language', labelKey: 'menu_language', action: 'language', when: 'always', group: 'locale' },
  { id: 'currency', labelKey: 'menu_currencies', action: 'currency', when: 'always', group: 'locale' },
  { id: 'help', labelKey: 'menu_help', href: '/help', when: 'always', group: 'help' },
  { id: 'logout', labelKey: 'menu_logout', action: 'logout', when: 'signed-in', group: 'session' },
];

/** User type 1 is an agent, 2 a consumer (docs/product.md#roles). */
export function accountMenuFor(signedIn: boolean, userType: 1 | 2): AccountMenuEntry[] {
  return ACCOUNT_MENU.filter(
    (e) => (e.when === 'always' || (e.when === 'signed-in') === signedIn) && (!e.agentOnly || userType === 1),
  );
}
