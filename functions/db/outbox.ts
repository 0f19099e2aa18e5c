// The mail outbox (table outbox): every mail the development sender "sends", listed by GET /api/dev/outbox.
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
  created_at: string;
}

/** A file sent with a mail (text content, e.g. an .ics calendar entry). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export function insertOutbox(db: D1Database, orgId: number | null, mail: Omit<OutboxMail, 'created_at'>) {
  if (!mail.attachments?.length) {
    return db.prepare('INSERT INTO outbox (org_id, recipient, subject, text, html) VALUES (?, ?, ?, ?, ?)').bind(orgId, mail.to, mail.subject, mail.text, mail.html);
  }
  return db
    .prepare('INSERT INTO outbox (org_id, recipient, subject, text, html, attachments) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(orgId, mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.attachments));
}

/** Newest last; at most the latest `limit`, optionally for one recipient. */
export async function listOutbox(db: D1Database, opts: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  const limit = Math.min(Math.max(opts.limit ?? 200, 1), 1000);
  const where = opts.to ? 'WHERE recipient = ? COLLATE NOCASE' : '';
  const stmt = db.prepare(
    `SELECT * FROM (SELECT id, recipient AS "to", subject, text, html, attachments, created_at FROM outbox ${where} ORDER BY id DESC LIMIT ?) ORDER BY id ASC`,
  );
  const { results } = await (opts.to ? stmt.bind(opts.to, limit) : stmt.bind(limit)).all<Omit<OutboxMail, 'attachments'> & { id: number; attachments: string }>();
  return results.map(({ to, subject, text, html, attachments, created_at }) => {
    const files = JSON.parse(attachments || '[]') as OutboxAttachment[];
    return { to, subject, text, html, ...(files.length ? { attachments: files } : {}), created_at };
  });
}
