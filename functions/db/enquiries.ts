// Enquiries from the cruise, flight and help forms, per org, newest first for the console.
import type { Enquiry, EnquiryEntry, EnquiryKind } from '../../src/shared/contract/enquiry';

export function insertEnquiry(db: D1Database, orgId: number, e: Enquiry) {
  return db
    .prepare('INSERT INTO enquiries (org_id, kind, name, email, check_in, check_out, travellers, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(orgId, e.kind, e.name, e.email, e.check_in ?? null, e.check_out ?? null, e.travellers ?? null, e.message);
}

interface EnquiryRow {
  id: number;
  kind: EnquiryKind;
  name: string;
  email: string;
  check_in: string | null;
  check_out: string | null;
  travellers: number | null;
  message: string;
  created_at: string;
}

export async function listEnquiries(db: D1Database, orgId: number, kind: EnquiryKind | undefined, limit: number, offset: number) {
  const where = kind ? 'org_id = ? AND kind = ?' : 'org_id = ?';
  const binds = kind ? [orgId, kind] : [orgId];
  const [rows, total] = await db.batch([
    db.prepare(`SELECT id, kind, name, email, check_in, check_out, travellers, message, created_at FROM enquiries WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`).bind(...binds, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM enquiries WHERE ${where}`).bind(...binds),
  ]);
  const data: EnquiryEntry[] = ((rows!.results ?? []) as EnquiryRow[]).map((r) => ({
    enquiry_id: r.id,
    kind: r.kind,
    name: r.name,
    email: r.email,
    ...(r.check_in ? { check_in: r.check_in } : {}),
    ...(r.check_out ? { check_out: r.check_out } : {}),
    ...(r.travellers ? { travellers: r.travellers } : {}),
    message: r.message,
    created_at: r.created_at,
  }));
  return { count: Number((total!.results?.[0] as { n: number } | undefined)?.n ?? 0), data };
}
