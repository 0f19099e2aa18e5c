// A stand-in for D1Database that only records statements, so the Worker's own statement builders can be run by
// command-line tools (scripts/admin.mjs) and sent to `wrangler d1 execute` as SQL text with the values inlined.
import { q } from '../../seed/index.mjs';

/** A bound value as an SQL literal (text through the seed's quoting: single quotes doubled). */
export function literal(v) {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`Cannot bind ${v}`);
    return String(v);
  }
  if (typeof v === 'bigint') return String(v);
  return q(String(v));
}

/** Replaces each `?` outside quoted text with the next bound value; the counts must match. */
export function inline(sql, binds) {
  let out = '';
  let i = 0;
  let quote = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      if (i >= binds.length) throw new Error('More placeholders than bound values');
      out += literal(binds[i++]);
    } else out += ch;
  }
  if (i !== binds.length) throw new Error('More bound values than placeholders');
  return out;
}

/** prepare(sql).bind(...values).toSql(): what D1 would have run. */
export const recorder = {
  prepare(sql) {
    const statement = (binds) => ({ sql, binds, bind: (...next) => statement(next), toSql: () => inline(sql, binds) });
    return statement([]);
  },
};
