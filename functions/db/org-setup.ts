// A new org (scripts/admin.mjs create-org): its row with the product's defaults and its platform address, active at once.
// It starts closed (migration 0040) and with a neutral brand: no logo (the header shows its name as text), never
// another org's.
export interface NewOrg {
  id: number;
  name: string;
  host: string;
}

/** The next free org id (the command line runs one creation at a time; the primary key refuses a clash). */
export const nextOrgIdQuery = (db: D1Database) => db.prepare('SELECT IFNULL(MAX(id), 0) + 1 AS id FROM orgs');

/** Who answers on a host already, if anyone. */
export const hostTakenQuery = (db: D1Database, host: string) =>
  db.prepare('SELECT org_id FROM org_domains WHERE host = ? UNION ALL SELECT org_id FROM custom_hostnames WHERE host = ?').bind(host, host);

export function createOrgStatements(db: D1Database, org: NewOrg) {
  return [
    db
      .prepare(
        `INSERT INTO orgs (id, name, logo_url, eligible_products, wallet_options, default_language, default_currency, min_checkin_days, closed)
         VALUES (?, ?, '', 'hotel,activities,resorts,stays', 'Discount Cards,Certificates,Cash Card', 'en-US', 'USD', 1, 1)`,
      )
      .bind(org.id, org.name),
    db.prepare('INSERT INTO org_domains (host, org_id) VALUES (?, ?)').bind(org.host, org.id),
  ];
}
