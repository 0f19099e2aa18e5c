// An agent's clients (table agent_clients): every read and write is scoped to the org and the agent that owns them.
import type { ClientDetails, ClientInput } from '../../src/shared/contract/agent';

export interface ClientRow extends ClientDetails {
  id: number;
  org_id: number;
  agent_id: number;
  nationality_id: number | null;
}

export interface Owner {
  orgId: number;
  agentId: number;
}

const COLUMNS =
  'id, org_id, agent_id, title, first_name, last_name, email, nationality_id, country_code, phone_country_code, mobile_no, notes, created_at, updated_at';

/** One page of the agent's clients, by last name; `q` matches the start of a name word or any part of the email. */
export async function listClients(db: D1Database, owner: Owner, q: string | undefined, limit: number, offset: number) {
  let where = 'org_id = ? AND agent_id = ?';
  const binds: unknown[] = [owner.orgId, owner.agentId];
  if (q) {
    // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes (a full email is often longer). lower() folds ASCII like LIKE did.
    where += ` AND (instr(lower(first_name), lower(?)) = 1 OR instr(lower(last_name), lower(?)) = 1
                    OR instr(lower(first_name || ' ' || last_name), lower(?)) = 1 OR instr(lower(email), lower(?)) > 0)`;
    binds.push(q, q, q, q);
  }
  const [rows, total] = await db.batch([
    db
      .prepare(`SELECT ${COLUMNS} FROM agent_clients WHERE ${where} ORDER BY last_name COLLATE NOCASE, first_name COLLATE NOCASE, id LIMIT ? OFFSET ?`)
      .bind(...binds, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM agent_clients WHERE ${where}`).bind(...binds),
  ]);
  return { rows: (rows!.results ?? []) as ClientRow[], count: Number((total!.results?.[0] as { n: number } | undefined)?.n ?? 0) };
}

export function clientOf(db: D1Database, owner: Owner, id: number) {
  return db.prepare(`SELECT ${COLUMNS} FROM agent_clients WHERE id = ? AND org_id = ? AND agent_id = ?`).bind(id, owner.orgId, owner.agentId).first<ClientRow>();
}

const values = (c: ClientInput) => [c.title, c.first_name, c.last_name, c.email, c.nationality, c.country_code, c.phone_country_code, c.mobile_no, c.notes];

/** The new client, or null when the agent already has a client with this email (the unique index decides). */
export function insertClient(db: D1Database, owner: Owner, c: ClientInput) {
  return db
    .prepare(
      `INSERT INTO agent_clients (org_id, agent_id, title, first_name, last_name, email, nationality_id, country_code, phone_country_code, mobile_no, notes)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    )
    .bind(owner.orgId, owner.agentId, ...values(c))
    .first<ClientRow>();
}

export type UpdateOutcome = { kind: 'updated'; row: ClientRow } | { kind: 'missing' } | { kind: 'email-taken' };

export async function updateClient(db: D1Database, owner: Owner, id: number, c: ClientInput): Promise<UpdateOutcome> {
  let row: ClientRow | null;
  try {
    row = await updateStatement(db, owner, id, c).first<ClientRow>();
  } catch (err) {
    // A concurrent edit took the email between the NOT EXISTS check and the write: the unique index refused it.
    if (/UNIQUE/i.test(String(err))) return { kind: 'email-taken' };
    throw err;
  }
  if (row) return { kind: 'updated', row };
  return (await clientOf(db, owner, id)) ? { kind: 'email-taken' } : { kind: 'missing' };
}

function updateStatement(db: D1Database, owner: Owner, id: number, c: ClientInput) {
  return db
    .prepare(
      `UPDATE agent_clients SET title = ?, first_name = ?, last_name = ?, email = ?, nationality_id = ?, country_code = ?, phone_country_code = ?,
         mobile_no = ?, notes = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? AND org_id = ? AND agent_id = ?
         AND NOT EXISTS (SELECT 1 FROM agent_clients o WHERE o.agent_id = ? AND o.email = ? AND o.id <> ?)
       RETURNING ${COLUMNS}`,
    )
    .bind(...values(c), id, owner.orgId, owner.agentId, owner.agentId, c.email, id);
}

/** Quotes and bookings keep their copy of the client's name and email (their client_id becomes NULL). */
export async function deleteClient(db: D1Database, owner: Owner, id: number): Promise<boolean> {
  // RETURNING rather than meta.changes: D1 counts the rows the foreign keys' SET NULL touched as changes too.
  const row = await db.prepare('DELETE FROM agent_clients WHERE id = ? AND org_id = ? AND agent_id = ? RETURNING id').bind(id, owner.orgId, owner.agentId).first();
  return row !== null;
}

/** Whether the catalogue knows the dialling code and the country (both optional on a client). */
export async function phoneRefsKnown(db: D1Database, phoneCountryCode: string, countryCode: string) {
  const [isd, country] = await Promise.all([
    phoneCountryCode ? db.prepare('SELECT 1 AS x FROM countries WHERE isd_code = ? LIMIT 1').bind(phoneCountryCode).first() : 'skip',
    countryCode ? db.prepare('SELECT 1 AS x FROM countries WHERE code = ?').bind(countryCode).first() : 'skip',
  ]);
  return { isd: isd !== null, country: country !== null };
}
