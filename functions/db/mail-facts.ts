// What the booking mails say beyond the booking row: where the stay is (its address, country, check-in and check-out
// times on the hotel's clock) and the org's colours (its published theme), read once per mail.
export interface StayPlaceRow {
  address: string;
  city: string;
  country: string;
  check_in_time: string;
  check_out_time: string;
}

export function stayPlaceOf(db: D1Database, productId: number): Promise<StayPlaceRow | null> {
  return db.prepare('SELECT address, city, country, check_in_time, check_out_time FROM products WHERE id = ?').bind(productId).first<StayPlaceRow>();
}

/** The org's published theme (its checked values, JSON) and stylesheet, or null when it never published one. */
export function themeOfOrg(db: D1Database, orgId: number): Promise<{ css: string; source: string } | null> {
  return db.prepare("SELECT css, source FROM org_themes WHERE org_id = ? AND name = 'theme'").bind(orgId).first<{ css: string; source: string }>();
}

/** The site (origin) the booking's confirmation was owed with: a cancellation's mail links there too. */
export async function confirmedSiteOf(db: D1Database, bookingId: number): Promise<string> {
  const row = await db.prepare("SELECT site FROM booking_mails WHERE booking_id = ? AND kind = 'confirmed'").bind(bookingId).first<{ site: string }>();
  return row?.site ?? '';
}
