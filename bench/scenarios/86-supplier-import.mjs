// The bed bank's content import (CONTRACT §18, docs/decisions/0068-supplier-console-and-import.md): a new org of the
// bench's own database connects the Hotelbeds simulator's full test account (2,100 hotels in pages of 250) through the
// console and imports it; its progress is read every 50 ms. Reported: the credentials' save (one signed content call),
// the import's start answer, its time to 2,000 hotels and to the end, and its rate in hotels per second (overall, and
// between the first page written and the last, which leaves out the start); then the same import again, which updates
// every hotel in place. One run; the figures move with the load.
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

const IMPORT_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 50;
const PASSWORD = 'Zebra7!stripe';
const round1 = (v) => (v === null || v === undefined ? null : Math.round(v * 10) / 10);
const round2 = (v) => (v === null || v === undefined ? null : Math.round(v * 100) / 100);
const { DatabaseSync } = await import('node:sqlite');

/** One request with a Host of our choosing (the org): fetch cannot set it. */
function send(origin, host, method, path, { body, cookie, ip } = {}) {
  const url = new URL(path, origin);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { host: `${host}:${url.port}`, 'cf-connecting-ip': ip ?? '10.86.0.1' };
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
  if (cookie) headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    const req = request({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode, text, json, cookies: res.headers['set-cookie'] ?? [] });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Statements on the run's own D1 file (the Worker may be writing: wait for its lock). */
function sql(persistTo, text, params = []) {
  const dir = join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  const db = new DatabaseSync(join(dir, file));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    return db.prepare(text).all(...params);
  } finally {
    db.close();
  }
}

/** A new org on its own host, with a verified admin signed in: the cookie its console calls carry. */
async function newOrgAdmin(ctx) {
  const slug = `bench-import-${crypto.randomUUID().slice(0, 8)}`;
  const host = `${slug}.localhost`;
  sql(ctx.persistTo, "INSERT INTO orgs (name, default_language) VALUES (?, 'en-US')", [`Bench import ${slug}`]);
  const [{ id: orgId }] = sql(ctx.persistTo, 'SELECT MAX(id) AS id FROM orgs WHERE name = ?', [`Bench import ${slug}`]);
  sql(ctx.persistTo, 'INSERT INTO org_domains (host, org_id) VALUES (?, ?)', [host, orgId]);
  const email = `admin-${slug}@example.com`;
  const signUp = await send(ctx.origin, host, 'POST', '/api/signUp', {
    body: {
      jsonRegister: {
        promotions: 0, accesscode: '', email_id: email, password: PASSWORD, confirm_password: PASSWORD, terms_accepted: true,
        googletoken: '', fbtoken: '', nationality: 1, site_url: 'http://localhost/', mastercode: '', referral_code: '', language: 'en-US',
        title: 'Mrs', site_id: 1, client_ip_address: '', true_client_ip: '', trip_id: '', referral_org: '',
        userdetails: { email_id: email, first_name: 'Ada', last_name: 'Lovelace', country_code: 'GB', mobile_no: '7700900123', mobile_country_code: '+44' },
      },
    },
  });
  if (signUp.json?.data?.code !== 200) throw new Error(`sign-up failed (${signUp.status}): ${signUp.text.slice(0, 300)}`);
  const mails = (await send(ctx.origin, host, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).json?.data ?? [];
  const link = mails.map((m) => /https?:\/\/[^\s"]+\/verify-account\?token=([A-Za-z0-9_%-]+)/.exec(m.text)?.[1]).find(Boolean);
  if (!link) throw new Error('no verification mail');
  const verified = await send(ctx.origin, host, 'POST', '/api/auth/verifyAccount', { body: { token: decodeURIComponent(link) } });
  if (verified.status !== 200) throw new Error(`verification failed (${verified.status})`);
  sql(ctx.persistTo, "UPDATE users SET role = 'admin' WHERE org_id = ? AND email = ?", [orgId, email]);
  const signIn = await send(ctx.origin, host, 'POST', '/api/signIn', {
    ip: '10.86.0.2',
    body: {
      jsonSign: {
        usr_type: 2, email_id: email, password: PASSWORD, googletoken: '', fbtoken: '', site_url: '', accesscode: '', isPasswordAttempt: true,
        promotions: { isPromotionVisited: 0 }, userdetails: { usr_email_id: '', first_name: '', last_name: '', mastercode: '' },
      },
      navAgent: 'bench',
    },
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed (${signIn.status})`);
  return { host, orgId, cookie: signIn.cookies.map((c) => c.split(';')[0]).join('; ') };
}

/** One import from the console's start to its end and its photos', its progress read every POLL_MS. */
async function importOnce(admin) {
  const t0 = performance.now();
  const started = await admin('POST', '/api/admin/suppliers/hotelbeds/import');
  const startMs = performance.now() - t0;
  if (started.status !== 202) throw new Error(`the import did not start (${started.status}): ${started.text}`);
  /** (ms since the start, hotels imported) each time the count moved. */
  const samples = [];
  let state;
  for (;;) {
    state = (await admin('GET', '/api/admin/suppliers/hotelbeds/import')).json?.data;
    const at = performance.now() - t0;
    if (state && (samples.length === 0 || samples.at(-1).imported !== state.imported)) samples.push({ at, imported: state.imported });
    if (state?.status === 'done') break;
    if (state?.status === 'failed' || at > IMPORT_TIMEOUT_MS) throw new Error(`the import did not finish: ${JSON.stringify(state)}`);
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
  // The photos follow the hotel pages (decision 0075): copied through the upload's path, the hotels sellable meanwhile.
  let photos = state.photos;
  while (photos && photos.status !== 'done') {
    if (performance.now() - t0 > IMPORT_TIMEOUT_MS) throw new Error(`the import's photos did not finish: ${JSON.stringify(photos)}`);
    await new Promise((done) => setTimeout(done, POLL_MS));
    photos = (await admin('GET', '/api/admin/suppliers/hotelbeds/import')).json?.data?.photos;
  }
  const firstPage = samples.find((s) => s.imported > 0);
  const last = samples.at(-1);
  return {
    state,
    startMs,
    photos,
    photosMs: performance.now() - t0,
    totalMs: last.at,
    to2000: samples.find((s) => s.imported >= 2000)?.at ?? null,
    steady: firstPage && last.at > firstPage.at ? (last.imported - firstPage.imported) / ((last.at - firstPage.at) / 1000) : null,
    readings: samples.length,
  };
}

export async function run(ctx) {
  const { origin, log } = ctx;
  const { host, orgId, cookie } = await newOrgAdmin(ctx);
  const admin = (method, path, body) => send(origin, host, method, path, { body, cookie });

  const saveStarted = performance.now();
  const saved = await admin('PUT', '/api/admin/suppliers/hotelbeds', { api_key: 'sim-key', secret: 'sim-secret', markup_percent: 10, enabled: true });
  const saveMs = performance.now() - saveStarted;
  if (saved.status !== 200) throw new Error(`connecting the simulator failed (${saved.status}): ${saved.text}`);

  const first = await importOnce(admin);
  // A re-run of the same account updates every hotel in place (CONTRACT §18): the same pages, each hotel found by code.
  const again = await importOnce(admin);
  const [{ n: held }] = sql(ctx.persistTo, "SELECT COUNT(*) AS n FROM products WHERE org_id = ? AND source = 'hotelbeds'", [orgId]);
  const [{ n: rooms }] = sql(ctx.persistTo, "SELECT COUNT(*) AS n FROM room_types r JOIN products p ON p.id = r.product_id WHERE p.org_id = ? AND p.source = 'hotelbeds'", [orgId]);
  const [{ n: photoRows }] = sql(ctx.persistTo, "SELECT COUNT(*) AS n FROM product_photos f JOIN products p ON p.id = f.product_id WHERE p.org_id = ? AND p.source = 'hotelbeds'", [orgId]);
  log(`supplier import: ${first.state.imported}/${first.state.total} in ${round2(first.totalMs / 1000)} s, again in ${round2(again.totalMs / 1000)} s (${held} products, ${rooms} room types)`);
  const load = 'one run; machine shared with other helpers (loaded)';
  return [
    { metric: 'supplier credentials saved (one signed content call)', value: round1(saveMs), unit: 'ms' },
    { metric: 'supplier import start answered (202)', value: round1(first.startMs), unit: 'ms' },
    { metric: 'supplier import: time to 2,000 hotels', value: first.to2000 === null ? null : round2(first.to2000 / 1000), unit: 's', note: `polled every ${POLL_MS} ms; ${load}` },
    { metric: `supplier import: time to the end (${first.state.imported} of ${first.state.total})`, value: round2(first.totalMs / 1000), unit: 's', note: `${held} products, ${rooms} room types written` },
    { metric: 'supplier import rate, overall', value: round1(first.state.imported / (first.totalMs / 1000)), unit: 'hotels/s', note: load },
    { metric: 'supplier import rate, first page to last', value: round1(first.steady), unit: 'hotels/s', note: `${first.readings} progress readings` },
    ...(first.photos
      ? [{ metric: 'supplier import: photos copied, time from the start', value: round2(first.photosMs / 1000), unit: 's', note: `${first.photos.fetched} photos fetched and made, ${first.photos.errors} skipped, ${photoRows} gallery rows; ${load}` }]
      : []),
    { metric: `supplier import again, updating in place: time to the end (${again.state.imported} of ${again.state.total})`, value: round2(again.totalMs / 1000), unit: 's', note: `${round1(again.state.imported / (again.totalMs / 1000))} hotels/s; ${held} products after it` },
  ];
}
