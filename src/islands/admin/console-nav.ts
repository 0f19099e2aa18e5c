// The console's pages, in the order of the nav: the one list every console page and the nav read. A page added to
// the console gets its entry here (its label key in src/shared/i18n/console.ts).

/** 'admin' pages are for the org's admins; 'marketing' pages for its admins and marketers. */
export type ConsoleSection = 'admin' | 'marketing';

export interface ConsoleNavEntry {
  href: string;
  labelKey: string;
  section: ConsoleSection;
}

export const CONSOLE_NAV: readonly ConsoleNavEntry[] = [
  { href: '/admin', labelKey: 'admin_nav_launch', section: 'admin' },
  { href: '/admin/brand', labelKey: 'admin_nav_brand', section: 'admin' },
  { href: '/admin/settings', labelKey: 'admin_nav_settings', section: 'admin' },
  { href: '/admin/domains', labelKey: 'admin_nav_domains', section: 'admin' },
  { href: '/admin/access-codes', labelKey: 'admin_nav_access_codes', section: 'admin' },
  { href: '/admin/cards', labelKey: 'admin_nav_cards', section: 'admin' },
  { href: '/admin/members', labelKey: 'admin_nav_members', section: 'admin' },
  { href: '/admin/invitations', labelKey: 'admin_nav_invitations', section: 'admin' },
  { href: '/admin/products', labelKey: 'admin_nav_products', section: 'admin' },
  { href: '/admin/channel', labelKey: 'admin_nav_channel', section: 'admin' },
  { href: '/admin/suppliers', labelKey: 'admin_nav_suppliers', section: 'admin' },
  { href: '/admin/bookings', labelKey: 'admin_nav_bookings', section: 'admin' },
  { href: '/admin/translations', labelKey: 'admin_nav_translations', section: 'admin' },
  { href: '/admin/reviews', labelKey: 'admin_nav_reviews', section: 'admin' },
  { href: '/admin/audit', labelKey: 'admin_nav_audit', section: 'admin' },
  { href: '/admin/links', labelKey: 'admin_nav_links', section: 'marketing' },
];

/** Where a marketer lands: the first page of the marketing section. */
export const MARKETING_HOME = CONSOLE_NAV.find((e) => e.section === 'marketing')!.href;

/** The entries a role may open: an admin all of them, a marketer the marketing section only. */
export const navFor = (role: string | undefined): ConsoleNavEntry[] =>
  role === 'admin' ? [...CONSOLE_NAV] : role === 'marketer' ? CONSOLE_NAV.filter((e) => e.section === 'marketing') : [];
