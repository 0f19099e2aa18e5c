// Channel managers' SQL: their credentials (kept hashed, shown once), the codes an OTA message names resolved within
// one org, and the audit row and version move of an applied message (the ARI itself: db/ari.ts ariStatements).
import type { Actor } from './console';

export interface ChannelCredentialRow {
  username: string;
  org_id: number;
  password_hash: string;
}

export interface ChannelCredentialListRow {
  username: string;
  created_at: string;
  last_used_at: string | null;
}

/** One credential by its username, whatever its org (the org is the credential's own). */
export function channelCredential(db: D1Database, username: string) {
  return db.prepare('SELECT username, org_id, password_hash FROM channel_credentials WHERE username = ?').bind(username).first<ChannelCredentialRow>();
}

export async function channelCredentials(db: D1Database, orgId: number): Promise<ChannelCredentialListRow[]> {
  const rows = await db
    .prepare('SELECT username, created_at, last_used_at FROM channel_credentials WHERE org_id = ? ORDER BY created_at DESC, username')
    .bind(orgId)
    .all<ChannelCredentialListRow>();
  return rows.results ?? [];
}

const AUDIT = 'INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail)';

/** The credential and its audit row, one batch. */
export function createChannelCredentialStatements(db: D1Database, orgId: number, actor: Actor, username: string, passwordHash: string) {
  return [
    db.prepare('INSERT INTO channel_credentials (username, org_id, password_hash, created_by) VALUES (?, ?, ?, ?)').bind(username, orgId, passwordHash, actor.id),
    db.prepare(`${AUDIT} VALUES (?, ?, ?, 'channel_credential.create', ?, ?)`).bind(orgId, actor.id, actor.email, `channel:${username}`, JSON.stringify({ username })),
  ];
}

/** The audit row (written only when the org has the credential) and the removal, one batch; the second tells whether it was there. */
export function revokeChannelCredentialStatements(db: D1Database, orgId: number, actor: Actor, username: string) {
  return [
    db
      .prepare(`${AUDIT} SELECT ?1, ?2, ?3, 'channel_credential.revoke', 'channel:' || CAST(?4 AS TEXT), json_object('username', ?4) WHERE EXISTS (SELECT 1 FROM channel_credentials WHERE username = ?4 AND org_id = ?1)`)
      .bind(orgId, actor.id, actor.email, username),
    db.prepare('DELETE FROM channel_credentials WHERE username = ? AND org_id = ?').bind(username, orgId),
  ];
}

export function touchChannelCredential(db: D1Database, username: string) {
  return db.prepare("UPDATE channel_credentials SET last_used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE username = ?").bind(username).run();
}

/** A hotel an OTA message may name: its product and the codes of its room types and rate plans. */
export interface ChannelHotel {
  productId: number;
  code: string;
  /** The bed bank a hotel was imported from ('hotelbeds'); absent for the org's own (products.source 'own'). */
  supplier?: string;
  rooms: Map<string, number>;
  plans: Map<string, { id: number; baseOccupancy: number; roomIds: Set<number> }>;
}

/**
 * The org's products whose codes the message names, with their room types and rate plans: one batch whatever their
 * number (the codes travel as one JSON array). Another org's code is not found, as an unknown one.
 */
export async function channelHotels(db: D1Database, orgId: number, codes: readonly string[]): Promise<Map<string, ChannelHotel>> {
  const out = new Map<string, ChannelHotel>();
  if (codes.length === 0) return out;
  const named = 'SELECT id FROM products WHERE org_id = ?1 AND code IN (SELECT value FROM json_each(?2))';
  const list = JSON.stringify([...new Set(codes)]);
  const [products, rooms, plans] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT id, code, source FROM products WHERE id IN (${named})`).bind(orgId, list),
    db.prepare(`SELECT id, product_id, code FROM room_types WHERE org_id = ?1 AND product_id IN (${named})`).bind(orgId, list),
    db
      .prepare(
        `SELECT id, product_id, code, base_occupancy, (SELECT group_concat(room_id) FROM rate_plan_rooms x WHERE x.rate_plan_id = rate_plans.id) AS room_ids
         FROM rate_plans WHERE org_id = ?1 AND product_id IN (${named})`,
      )
      .bind(orgId, list),
  ]);
  const byId = new Map<number, ChannelHotel>();
  for (const p of (products!.results ?? []) as { id: number; code: string; source: string }[]) {
    const hotel: ChannelHotel = { productId: p.id, code: p.code, ...(p.source !== 'own' ? { supplier: p.source } : {}), rooms: new Map(), plans: new Map() };
    out.set(p.code, hotel);
    byId.set(p.id, hotel);
  }
  for (const r of (rooms!.results ?? []) as { id: number; product_id: number; code: string }[]) byId.get(r.product_id)?.rooms.set(r.code, r.id);
  for (const r of (plans!.results ?? []) as { id: number; product_id: number; code: string; base_occupancy: number; room_ids: string | null }[]) {
    byId.get(r.product_id)?.plans.set(r.code, { id: r.id, baseOccupancy: r.base_occupancy, roomIds: new Set((r.room_ids ?? '').split(',').filter(Boolean).map(Number)) });
  }
  return out;
}

/**
 * What goes with an applied message in its batch: its audit row (the channel manager as the actor, no account) and the
 * org's version moved, as any console change does, so no cached page or search keeps the old rates.
 */
export function channelChangeStatements(db: D1Database, orgId: number, username: string, message: string, detail: unknown) {
  return [
    db
      .prepare('INSERT INTO admin_audit (org_id, actor_id, actor_email, action, target, detail) VALUES (?, NULL, ?, ?, ?, ?)')
      .bind(orgId, `channel manager ${username}`, 'channel.ari', message, JSON.stringify(detail)),
    db.prepare('UPDATE orgs SET version = version + 1 WHERE id = ?').bind(orgId),
  ];
}
