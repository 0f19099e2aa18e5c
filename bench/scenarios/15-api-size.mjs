// Gzip bytes of the catalogue answers (target: getCountry <= 12 KB gzip), as a browser receives them before decoding.
import { gzipSync } from 'node:zlib';

const TARGETS = [
  { name: 'GET /api/general/getCountry', method: 'GET', path: '/api/general/getCountry' },
  { name: 'POST /api/general/getCountry', method: 'POST', path: '/api/general/getCountry', body: '{}' },
  { name: 'POST /api/layout/getCurrencyinfo', method: 'POST', path: '/api/layout/getCurrencyinfo', body: '{}' },
];

export async function run(ctx) {
  const rows = [];
  for (const target of TARGETS) {
    const res = await fetch(ctx.origin + target.path, {
      method: target.method,
      body: target.body,
      headers: target.body ? { 'content-type': 'application/json' } : {},
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) {
      rows.push({ metric: `${target.name} gzip size`, value: null, unit: 'KB', note: `answered ${res.status}` });
      continue;
    }
    // The edge compresses the answer (wrangler dev does not); level 9 as for the page scripts in 10-page-js.
    const gzip = gzipSync(body, { level: 9 }).byteLength;
    rows.push({ metric: `${target.name} gzip size`, value: Math.round(gzip / 102.4) / 10, unit: 'KB', note: `${Math.round(body.byteLength / 102.4) / 10} KB uncompressed` });
  }
  return rows;
}
