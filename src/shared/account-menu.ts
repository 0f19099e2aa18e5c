// The account menu's entries (spec 2, 6): each one is for signed-in or signed-out visitors, some only for agents.

export type AccountAction = 'signin' | 'logout' | 'language' | 'currency';

export interface AccountMenuEntry {
  id: string;
  labelKey: string;
  href?: string;
  action?: AccountAction;
  when: 'signed-in' | 'signed-out';
  agentOnly?: boolean;
}

export const ACCOUNT_MENU: readonly AccountMenuEntry[] = [
  { id: 'booking-history', labelKey: 'menu_booking_history', href: '/user/booking-history', when: 'signed-in' },
  { id: 'my-account', labelKey: 'menu_my_account', href: '/user/profile', when: 'signed-in' },
  { id: 'travel-profile', labelKey: 'menu_travel_profile', href: '/user-details#travel-profile', when: 'signed-in' },
  { id: 'my-trips', labelKey: 'menu_my_trips', href: '/user-details', when: 'signed-in' },
  { id: 'wallet', labelKey: 'menu_wallet', href: '/wallet', when: 'signed-in' },
  { id: 'agent-profile', labelKey: 'menu_agent_profile', href: '/agent/profile', when: 'signed-in', agentOnly: true },
  { id: 'agent-clients', labelKey: 'menu_client_list', href: '/agent/client-list', when: 'signed-in', agentOnly: true },
  { id: 'agent-quotes', labelKey: 'menu_my_quotes', href: '/agent/my-quotes', when: 'signed-in', agentOnly: true },
  { id: 'agent-bookings', labelKey: 'menu_agent_bookings', href: '/agent/booking-history', when: 'signed-in', agentOnly: true },
  { id: 'language', labelKey: 'menu_language', action: 'language', when: 'signed-in' },
  { id: 'currency', labelKey: 'menu_currencies', action: 'currency', when: 'signed-in' },
  { id: 'logout', labelKey: 'menu_logout', action: 'logout', when: 'signed-in' },
  { id: 'signin', labelKey: 'menu_signin', action: 'signin', when: 'signed-out' },
];

/** User type 1 is an agent, 2 a consumer (spec 6). */
export function accountMenuFor(signedIn: boolean, userType: 1 | 2): AccountMenuEntry[] {
  return ACCOUNT_MENU.filter(
    (e) => (e.when === 'signed-in') === signedIn && (!e.agentOnly || userType === 1),
  );
}
