// The console's suppliers (docs/contract.md section 18, docs/decisions/0068-supplier-console-and-import.md): credentials
// checked against the bed bank when saved and kept with the secret sealed (AES-GCM under SUPPLIER_SECRETS_KEY), the
// markup, and the content import: started once per org at a time, run page by page in the background (each page's
// products, room types and the job's cursor written in one batch), resumed by the hourly job when its worker died.
import { serviceUrl, type Bindings } from '../env';
import type { Log } from '../log';
import { ApiError, conflict, refuse } from '../errors';
import type { Actor } from '../db/console';
import {
  claimStaleImports, failImport, importJob, latestImport, removeSupplier as forgetSupplier, saveSupplier as storeSupplier, startImport as insertImport,
  stopImport as endImport, supplierHotelCount, supplierOf,
  writeImportPage, type ImportedHotel, type ImportRow, type SupplierRow,
} from '../db/suppliers';
import { hotelbedsClient, type BedBank, type BedBankFailure, type BedBankResult, type ContentLanguage, type ContentPage, type SupplierHotel } from '../outside/hotelbeds';
import { orgById } from '../db/orgs';
import { runPhotoStep, type FailedPhotos } from './supplier-photos';
import { base64url, fromBase64url, randomBytes } from '../auth/crypto';
import { SUPPLIERS, SUPPLIER_MSG, type Supplier, type SupplierImport, type SupplierSave, type SupplierState } from '../../src/shared/contract/suppliers';

/** Hotels per content page, and so per step of the import (APItude allows 1,000; smaller pages show progress sooner). */
export const IMPORT_PAGE = 250;
/** A running job whose worker has not moved it for this long is taken to have died: the hourly job resumes it. */
export const IMPORT_STALE_MS = 10 * 60_000;
/** Tries of one page when the supplier is slow or down, before the job is failed. */
const PAGE_TRIES = 3;

export type SupplierEnv = Pick<Bindings, 'SELF_ORIGIN' | 'HOTELBEDS_API_URL' | 'HOTELBEDS_PHOTOS_URL' | 'SUPPLIER_SECRETS_KEY' | 'PASSWORD_PEPPER'> &
  // Where the import copies the hotels' photos (the console upload's R2 bucket and Images binding).
  Partial<Pick<Bindings, 'PHOTOS' | 'IMAGES'>>;

export interface SupplierDeps {
  db: D1Database;
  env: SupplierEnv;
  clock: () => number;
  log: Log;
  /** Work that finishes after the answer (the request's waitUntil). */
  later: (work: Promise<unknown>) => unknown;
  /** The bed bank for these credentials (tests give their own; by default APItude at HOTELBEDS_API_URL). */
  bank?: (apiKey: string, secret: string) => BedBank;
}

// ---- the secret, sealed at rest -------------------------------------------------------------------------------------

/** The sealing key: SUPPLIER_SECRETS_KEY (a Worker secret); without it, one derived from the password pepper. */
const keyMaterial = (env: SupplierEnv) => env.SUPPLIER_SECRETS_KEY ?? `suppliers:${env.PASSWORD_PEPPER ?? ''}`;
const sealKeys = new Map<string, Promise<CryptoKey>>();
function sealKey(material: string): Promise<CryptoKey> {
  let key = sealKeys.get(material);
  if (!key) {
    key = crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(`supplier-seal:${material}`))
      .then((raw) => crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
    sealKeys.set(material, key);
  }
  return key;
}

export async function sealSecret(env: SupplierEnv, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await sealKey(keyMaterial(env)), new TextEncoder().encode(secret)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return base64url(out);
}

/** The secret, or null when it cannot be opened (altered, or sealed under another key). */
export async function unsealSecret(env: SupplierEnv, sealed: string): Promise<string | null> {
  const bytes = fromBase64url(sealed);
  if (!bytes || bytes.length < 13) return null;
  try {
    return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await sealKey(keyMaterial(env)), bytes.slice(12)));
  } catch {
    return null;
  }
}

function bankOf(d: Pick<SupplierDeps, 'env' | 'bank'>, apiKey: string, secret: string): BedBank {
  if (d.bank) return d.bank(apiKey, secret);
  if (!d.env.HOTELBEDS_API_URL) throw new ApiError(503, 'UPSTREAM_FAILED', SUPPLIER_MSG.unreachable);
  const photos = d.env.HOTELBEDS_PHOTOS_URL;
  return hotelbedsClient({
    baseUrl: serviceUrl(d.env, d.env.HOTELBEDS_API_URL),
    apiKey,
    secret,
    // A relative image address ("/api/images/") is the app's own: kept relative, as the products' own photos are.
    ...(photos ? { photosUrl: photos } : {}),
  });
}

/** An org's working connection to a supplier: its client, signed with the org's credentials, and the org's markup. */
export interface OrgBank {
  supplier: Supplier;
  bank: BedBank;
  markupBps: number;
}

// A search asks for the org's connection on every request: the secret is opened once per sealed value and isolate.
const opened = new Map<string, Promise<string | null>>();

/**
 * The org's connection to a supplier for selling its hotels, when it is configured and switched on, else null: the one
 * way the search, a hotel's rates, checkout and an agent's booking reach a bed bank for an org. A secret that cannot be
 * opened (sealed under another key) is a connection that does not work: null, and the console says to save it again.
 */
export async function orgBank(d: Pick<SupplierDeps, 'db' | 'env' | 'bank'>, orgId: number, supplier: Supplier = 'hotelbeds'): Promise<OrgBank | null> {
  return openBank(d, await supplierOf(d.db, orgId, supplier));
}

/**
 * The org's connection to a supplier for the bookings already sold there (booking a paid one, cancelling, the
 * reconciliation), switched on or off: switching a supplier off stops selling its hotels, not the care of what was
 * sold (decision 0079). Null once it is disconnected, which its bookings still to come prevent.
 */
export async function bookingsBank(d: Pick<SupplierDeps, 'db' | 'env' | 'bank'>, orgId: number, supplier: Supplier): Promise<OrgBank | null> {
  return openBank(d, await supplierOf(d.db, orgId, supplier), { switchedOff: true });
}

/** `orgBank` from the org's connection row as read (a search reads it with the place's hotels: supplier-search.ts). */
export async function openBank(d: Pick<SupplierDeps, 'env' | 'bank'>, row: SupplierRow | null, o: { switchedOff?: boolean } = {}): Promise<OrgBank | null> {
  if (!row || (row.enabled !== 1 && !o.switchedOff) || (!d.bank && !d.env.HOTELBEDS_API_URL)) return null;
  const cacheKey = `${keyMaterial(d.env)}|${row.secret_sealed}`;
  let secret = opened.get(cacheKey);
  if (!secret) {
    secret = unsealSecret(d.env, row.secret_sealed);
    if (opened.size > 500) opened.clear();
    opened.set(cacheKey, secret);
  }
  const open = await secret;
  if (open === null) return null;
  return { supplier: row.supplier, bank: bankOf(d, row.api_key, open), markupBps: row.markup_bps };
}

// ---- the console's view -----------------------------------------------------------------------------------------------

const importOf = (row: ImportRow): SupplierImport => ({
  job_id: row.id,
  status: row.status,
  imported: row.imported,
  total: row.total,
  started_at: row.started_at,
  finished_at: row.finished_at,
  ...(row.error ? { error: row.error } : {}),
  photos: { status: row.status === 'failed' ? 'done' : row.photos_status, fetched: row.photos_fetched, errors: row.photo_errors },
});

async function stateOf(db: D1Database, orgId: number, supplier: Supplier, row: SupplierRow | null): Promise<SupplierState> {
  const [last, hotels] = await Promise.all([latestImport(db, orgId, supplier), supplierHotelCount(db, orgId, supplier)]);
  return {
    supplier,
    configured: row !== null,
    enabled: row?.enabled === 1,
    markup_percent: (row?.markup_bps ?? 0) / 100,
    api_key: row?.api_key ?? null,
    secret_set: row !== null,
    hotels,
    last_import: last ? importOf(last) : null,
  };
}

/** Every supplier the product offers, as this org has it (one not connected yet has no credentials). */
export async function listSuppliers(db: D1Database, orgId: number): Promise<SupplierState[]> {
  return Promise.all(SUPPLIERS.map(async (supplier) => stateOf(db, orgId, supplier, await supplierOf(db, orgId, supplier))));
}

const refusalOf = (failure: BedBankFailure) =>
  failure.kind === 'unauthorised' || failure.kind === 'refused'
    ? refuse('api_key', SUPPLIER_MSG.refused)
    : new ApiError(502, 'UPSTREAM_FAILED', SUPPLIER_MSG.unreachable);

/**
 * Saves the credentials, markup and switch once the supplier has accepted the credentials (one content call for one
 * hotel): a refused key is a 400 and nothing is written; a supplier down is a 502. Audited, the secret never in it.
 */
export async function saveSupplier(d: SupplierDeps, orgId: number, actor: Actor, supplier: Supplier, input: SupplierSave): Promise<SupplierState> {
  const before = await supplierOf(d.db, orgId, supplier);
  let secret = input.secret;
  if (secret === undefined) {
    const kept = before && before.api_key === input.api_key ? await unsealSecret(d.env, before.secret_sealed) : null;
    if (kept === null) throw refuse('secret', SUPPLIER_MSG.secret);
    secret = kept;
  }
  const check = await bankOf(d, input.api_key, secret).content({ from: 1, to: 1 }, { timeoutMs: 10_000 });
  if (!check.ok) {
    d.log('warn', 'supplier.credentials_refused', { supplier, kind: check.failure.kind, status: check.failure.status });
    throw refusalOf(check.failure);
  }
  const markupBps = Math.round(input.markup_percent * 100);
  const side = (s: { api_key: string; markup_bps: number; enabled: boolean }) => ({ api_key: s.api_key, markup_percent: s.markup_bps / 100, enabled: s.enabled });
  const detail = {
    before: before ? side({ ...before, enabled: before.enabled === 1 }) : null,
    after: side({ api_key: input.api_key, markup_bps: markupBps, enabled: input.enabled }),
    ...(input.secret !== undefined ? { secret_changed: true } : {}),
  };
  await storeSupplier(d.db, orgId, actor, supplier, { apiKey: input.api_key, secretSealed: await sealSecret(d.env, secret), markupBps, enabled: input.enabled }, detail);
  return stateOf(d.db, orgId, supplier, await supplierOf(d.db, orgId, supplier));
}

/**
 * Disconnects the supplier (DELETE, decision 0079): its credentials and markup are forgotten, so its hotels are no
 * longer sold, and the imported hotels stay among the org's products for a later connection. One statement checks and
 * removes, audited and moving the org's version: refused (409) while an import runs or while bookings still to come
 * (held, paid and not yet booked there, or confirmed and not yet over) need the supplier; nothing changes then.
 */
export async function removeSupplier(d: Pick<SupplierDeps, 'db' | 'log'>, orgId: number, actor: Actor, supplier: Supplier): Promise<SupplierState> {
  const before = await supplierOf(d.db, orgId, supplier);
  if (!before) throw conflict(SUPPLIER_MSG.noConnection);
  const detail = { before: { api_key: before.api_key, markup_percent: before.markup_bps / 100, enabled: before.enabled === 1 } };
  if (!(await forgetSupplier(d.db, orgId, actor, supplier, detail))) {
    if (!(await supplierOf(d.db, orgId, supplier))) throw conflict(SUPPLIER_MSG.noConnection);
    if ((await latestImport(d.db, orgId, supplier))?.status === 'running') throw conflict(SUPPLIER_MSG.removeImporting);
    throw conflict(SUPPLIER_MSG.removeBooked);
  }
  d.log('info', 'supplier.removed', { supplier });
  return stateOf(d.db, orgId, supplier, null);
}

// ---- the import -------------------------------------------------------------------------------------------------------

/** The latest import of the org's supplier, or a 404 when there has been none. */
export async function importStatus(db: D1Database, orgId: number, supplier: Supplier): Promise<SupplierImport | null> {
  const last = await latestImport(db, orgId, supplier);
  return last ? importOf(last) : null;
}

/** Starts the import (202 with its id) and runs it after the answer; one at a time per org: another start is a 409. */
export async function startImport(d: SupplierDeps, orgId: number, actor: Actor, supplier: Supplier): Promise<{ job_id: number }> {
  if (!(await supplierOf(d.db, orgId, supplier))) throw conflict(SUPPLIER_MSG.notConnected);
  const jobId = await insertImport(d.db, orgId, actor, supplier, d.clock());
  if (jobId === null) throw conflict(SUPPLIER_MSG.importRunning);
  d.log('info', 'supplier.import_started', { supplier, job_id: jobId });
  d.later(runImport(d, jobId));
  return { job_id: jobId };
}

/**
 * Stops the running import (DELETE …/import, decision 0079): the job ends `failed` with "Stopped from the console" and
 * the hotels it wrote stay; a new import can start at once (a re-run updates in place). 409 when none is running.
 */
export async function stopImport(d: Pick<SupplierDeps, 'db' | 'log'>, orgId: number, actor: Actor, supplier: Supplier): Promise<SupplierImport> {
  const stopped = await endImport(d.db, orgId, actor, supplier, SUPPLIER_MSG.importStopped);
  if (!stopped) throw conflict(SUPPLIER_MSG.noImportRunning);
  d.log('info', 'supplier.import_stopped', { supplier, job_id: stopped.id, imported: stopped.imported });
  return importOf(stopped);
}

const TITLE_WORD = /(^|[\s'-])(\p{L})(\p{L}*)/gu;
/** "NEW YORK" → "New York": the content API writes cities in capitals; the site's own products do not. */
const cityName = (city: string) => city.toLowerCase().replace(TITLE_WORD, (_m, sep: string, first: string, rest: string) => `${sep}${first.toUpperCase()}${rest}`);
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number.isFinite(n) ? n : min)));

/** The site's languages: the content is imported in each, the org's default one first (the product's own columns). */
const CONTENT_LANGUAGES: readonly ContentLanguage[] = ['en-US', 'fr-FR', 'es-ES'];
const importLanguages = (defaultLanguage: string | undefined): ContentLanguage[] => {
  const first = CONTENT_LANGUAGES.find((l) => l === defaultLanguage) ?? 'en-US';
  return [first, ...CONTENT_LANGUAGES.filter((l) => l !== first)];
};

/** A hotel's facilities as the product's amenities (what its page lists under "What is included"), bounded. */
const MOST_AMENITIES = 30;
const amenitiesOf = (h: Pick<SupplierHotel, 'facilities'>) => h.facilities.slice(0, MOST_AMENITIES).map((f) => f.slice(0, 80));

/** The same hotel as the content API wrote it in another language. */
export interface HotelIn {
  language: ContentLanguage;
  hotel: SupplierHotel;
}

/**
 * A hotel of the content API as a product row (room types with section 17's limits; photos in their order), in the
 * org's default language, with its name, city, description and room names in the other languages (`translated`) as
 * the product's translations are kept.
 */
export function importedHotel(h: SupplierHotel, language: ContentLanguage = 'en-US', translated: readonly HotelIn[] = []): ImportedHotel {
  const rooms = h.rooms
    .filter((r) => r.code.length >= 1 && r.code.length <= 40)
    .map((r) => {
      const name = r.name.slice(0, 120) || r.code;
      const names: Record<string, string> = { [language]: name };
      for (const t of translated) names[t.language] = t.hotel.rooms.find((x) => x.code === r.code)?.name.slice(0, 120) || name;
      return {
        code: r.code,
        name,
        names,
        max_adults: clamp(r.maxAdults, 1, 20),
        max_children: clamp(r.maxChildren, 0, 20),
        max_occupancy: clamp(r.maxOccupancy, 1, 40),
      };
    });
  const name = h.name.slice(0, 200);
  return {
    code: h.code,
    name,
    texts: translated.map((t) => ({
      lang: t.language,
      name: t.hotel.name.slice(0, 200) || name,
      city: cityName(t.hotel.city ?? h.city ?? h.destinationCode),
      description: t.hotel.description ?? h.description ?? '',
      amenities: amenitiesOf(t.hotel.facilities.length ? t.hotel : h),
    })),
    amenities: amenitiesOf(h),
    city: cityName(h.city ?? h.destinationCode),
    country: h.countryCode ?? '',
    address: [h.address, h.postalCode].filter(Boolean).join(', '),
    latitude: Math.min(90, Math.max(-90, h.latitude)),
    longitude: Math.min(180, Math.max(-180, h.longitude)),
    description: h.description ?? '',
    rating: Math.min(5, Math.max(0, h.stars ?? 0)),
    max_guests: Math.max(1, ...rooms.map((r) => r.max_occupancy)),
    images: h.photos.filter((p) => p.roomCode === null).map((p) => p.url),
    rooms,
  };
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * One page of content in each language, the first the page's own (asked together: the supplier answers each as it
 * would one). Any language failing fails the page, which is tried again as a whole.
 */
async function contentInLanguages(
  bank: BedBank, from: number, languages: ContentLanguage[],
): Promise<BedBankResult<ContentPage & { translated: { language: ContentLanguage; byCode: Map<string, SupplierHotel> }[] }>> {
  const pages = await Promise.all(languages.map((language) => bank.content({ from, to: from + IMPORT_PAGE - 1, language })));
  const failed = pages.find((p) => !p.ok);
  if (failed && !failed.ok) return failed;
  const [first, ...rest] = pages.map((p) => (p.ok ? p.value : null)) as ContentPage[];
  return {
    ok: true,
    value: { ...first!, translated: rest.map((p, i) => ({ language: languages[i + 1]!, byCode: new Map(p.hotels.map((h) => [h.code, h])) })) },
  };
}

/**
 * Runs a job from its cursor to the end: one content page per step, each written with the job's new cursor in one
 * batch, so a worker that dies between steps leaves a job the next runner continues without doing a page twice (and a
 * page done twice would only update in place). Once the pages are in (status `done`: the hotels are sellable), the
 * photo steps copy their photos from the photo cursor (decision 0075). Stops when the job and its photos are done, the
 * job failed, or another runner moved it.
 */
export async function runImport(d: Omit<SupplierDeps, 'later'>, jobId: number): Promise<void> {
  const failedPhotos: FailedPhotos = new Set();
  for (;;) {
    const job = await importJob(d.db, jobId);
    if (job?.status === 'done' && job.photos_status !== 'done') {
      if (await runPhotoStep(d, job, failedPhotos)) continue;
      return;
    }
    if (!job || job.status !== 'running') return;
    const supplier = await supplierOf(d.db, job.org_id, job.supplier);
    const secret = supplier ? await unsealSecret(d.env, supplier.secret_sealed) : null;
    if (!supplier || secret === null) {
      await failImport(d.db, jobId, SUPPLIER_MSG.notConnected);
      return;
    }
    const bank = bankOf(d, supplier.api_key, secret);
    const from = job.next_from;
    const languages = importLanguages((await orgById(d.db, job.org_id))?.default_language);
    let page = await contentInLanguages(bank, from, languages);
    for (let tries = 1; !page.ok && tries < PAGE_TRIES && ['timeout', 'unreachable', 'unavailable', 'malformed'].includes(page.failure.kind); tries++) {
      await wait(500 * tries);
      page = await contentInLanguages(bank, from, languages);
    }
    if (!page.ok) {
      d.log('error', 'supplier.import_failed', { job_id: jobId, from, kind: page.failure.kind, reason: page.failure.message });
      await failImport(d.db, jobId, page.failure.message);
      return;
    }
    const { translated } = page.value;
    const hotels = page.value.hotels.map((h) =>
      importedHotel(h, languages[0], translated.flatMap(({ language, byCode }) => (byCode.has(h.code) ? [{ language, hotel: byCode.get(h.code)! }] : []))),
    );
    const next = from + IMPORT_PAGE;
    const done = hotels.length === 0 || next > page.value.total;
    const moved = await writeImportPage(d.db, job, hotels, { from, next, total: page.value.total, done, nowMs: d.clock() });
    if (!moved) return;
    if (done) d.log('info', 'supplier.import_done', { job_id: jobId, total: page.value.total });
  }
}

/** The hourly job: resumes every import whose worker died (no step for IMPORT_STALE_MS) from where it stopped. */
export async function resumeStaleImports(d: SupplierDeps): Promise<number> {
  const now = d.clock();
  const jobs = await claimStaleImports(d.db, now - IMPORT_STALE_MS, now);
  for (const jobId of jobs) d.later(runImport(d, jobId));
  return jobs.length;
}
