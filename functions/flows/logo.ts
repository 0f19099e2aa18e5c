// An org's logo (decision 0066): uploaded from the console's brand page, checked from its bytes, stored under the
// SHA-256 of those bytes (so its address changes with it and every copy may be kept for good), and made the org's
// logo at once with its audit row; the org's version moves, so pages show it from the next request on.
import { badRequest, notFound } from '../errors';
import { auditStatement, type Actor } from '../db/console';
import { setOrgLogoStatement } from '../db/orgs';
import { atomically } from '../db/batch';
import { LOGO_EXTENSIONS, LOGO_FILE, LOGO_MAX_BYTES, LOGO_MSG, logoAddress, sniffLogoType, svgProblem } from '../../src/shared/rules/logo';

export interface LogoStore {
  PHOTOS: R2Bucket;
}

const logoKey = (file: string) => `logos/${file}`;
const refuse = (message: string) => badRequest(message, [{ path: 'logo', message }]);

export async function uploadLogo(db: D1Database, store: LogoStore, orgId: number, actor: Actor, bytes: Uint8Array<ArrayBuffer>): Promise<{ logo_url: string }> {
  if (bytes.byteLength > LOGO_MAX_BYTES) throw refuse(LOGO_MSG.tooLarge);
  const type = sniffLogoType(bytes);
  if (!type) throw refuse(LOGO_MSG.type);
  if (type === 'image/svg+xml') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw refuse(LOGO_MSG.svgUnreadable);
    }
    const problem = svgProblem(text);
    if (problem) throw refuse(problem);
  }
  const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const file = `${hash}.${LOGO_EXTENSIONS[type]}`;
  await store.PHOTOS.put(logoKey(file), bytes, { httpMetadata: { contentType: type } });
  const address = logoAddress(file);
  await atomically(db, [setOrgLogoStatement(db, orgId, address), auditStatement(db, orgId, actor, 'org.logo', `org:${orgId}`, { after: { logo_url: address } })]);
  return { logo_url: address };
}

/** A stored logo's bytes and type, or 404. */
export async function logoFile(store: LogoStore, file: string): Promise<{ body: ReadableStream; type: string; size: number }> {
  if (!LOGO_FILE.test(file)) throw notFound(LOGO_MSG.noSuchLogo);
  const object = await store.PHOTOS.get(logoKey(file));
  if (!object) throw notFound(LOGO_MSG.noSuchLogo);
  return { body: object.body, type: object.httpMetadata?.contentType ?? 'application/octet-stream', size: object.size };
}
