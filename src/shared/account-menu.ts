// The account menu's entries (spec 2, 6): each one is for signed-in or signed-out visitors, some only for agents.

export type AccountAction = 'signin' | 'logout' | 'language' | 'currency';

export interface AccountMenuEntry {
  id: string;
  labelKey: string;
  href?: string;
  action?: AccountAction;
  when: 'signed-in' | 'signed-out';
  agentOnly?: boolean;
  /** Entries of one group sit together; the menu draws a line between groups. */
  group: 'account' | 'agent' | 'locale' | 'session';
}

export const ACCOUNT_MENU: readonly AccountMenuEntry[] = [
  { id: 'booking-history', labelKey: 'menu_booking_history', href: '/user/booking-history', when: 'signed-in', group: 'account' },
  { id: 'my-account', labelKey: 'menu_my_account', href: '/user/profile', when: 'signed-in', group: 'account' },
  { id: 'travel-profile', labelKey: 'menu_travel_profile', href: '/user-details#travel-profile', when: 'signed-in', group: 'account' },
  { id: 'my-trips', labelKey: 'menu_my_trips', href: '/user-details', when: 'signed-in', group: 'account' },
  { id: 'wallet', labelKey: 'menu_wallet', href: '/wallet', when: 'signed-in', group: 'account' },
  { id: 'agent-profile', labelKey: 'menu_agent_profile', href: '/agent/profile', when: 'signed-in', agentOnly: true, group: 'agent' },
  { id: 'agent-clients', labelKey: 'menu_client_list', href: '/agent/client-list', when: 'signed-in', agentOnly: true, group: 'agent' },
  { id: 'agent-quotes', labelKey: 'menu_my_quotes', href: '/agent/my-quotes', when: 'signed-in', agentOnly: true, group: 'agent' },
  { id: 'agent-bookings', labelKey: 'menu_agent_bookings', href: '/agent/booking-history', when: 'signed-in', agentOnly: true, group: 'agent' },
  { id: 'language', labelKey: 'menu_language', action: 'language', when: 'signed-in', group: 'locale' },
  { id: 'currency', labelKey: 'menu_currencies', action: 'currency', when: 'signed-in', group: 'locale' },
  { id: 'logout', labelKey: 'menu_logout', action: 'logout', when: 'signed-in', group: 'session' },
  { id: 'signin', labelKey: 'menu_signin', action: 'signin', when: 'signed-out', group: 'session' },
];

/** User type 1 is an agent, 2 a consumer (spec 6). */
export function accountMenuFor(signedIn: boolean, userType: 1 | 2): AccountMenuEntry[] {
  return ACCOUNT_MENU.filter(
    (e) => (e.when === 'signed-in') === signedIn && (!e.agentOnly || userType === 1),
  );
}
