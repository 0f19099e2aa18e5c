// The development seed (docs/contract.md#development), assembled from one part per area; every statement is idempotent.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export async function buildSeedSql(ctx) {
  const dir = join(import.meta.dirname, 'parts');
  const files = readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort();
  const chunks = [];
  for (const f of files) {
    const part = await import(join(dir, f));
    chunks.push(`-- ${f}`, await part.default(ctx));
  }
  return chunks.join('\n') + '\n';
}

/** SQL string literal. */
export const q = (v) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
