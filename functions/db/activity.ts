// The activity log (table activity_log): sign-ins, sign-outs and the client's /api/iqps/user-fqs actions.
export function logActivity(
  db: D1Database,
  a: { orgId: number; userId: number | null; action: string; ip: string; clientIp?: string; userAgent?: string },
) {
  return db
    .prepare('INSERT INTO activity_log (org_id, user_id, action, ip, client_ip, user_agent) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(a.orgId, a.userId, a.action.slice(0, 40), a.ip.slice(0, 64), (a.clientIp ?? '').slice(0, 64), (a.userAgent ?? '').slice(0, 512));
}
