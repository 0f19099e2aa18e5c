// The unread-body workaround, written once: under wrangler dev an answer sent while the request body is still unread
// drops the next request on the same connection (workers-sdk#15203), so whatever may answer early reads the body first.
import type { Context } from 'hono';

/** Reads the request body through Hono, which keeps it for the handlers; a body already read is left as it is. */
export async function readBody(c: Context): Promise<void> {
  if (c.req.raw.body && !c.req.raw.bodyUsed) await c.req.arrayBuffer();
}

/**
 * An empty body is read as {} (the existing client sends some requests without one): the declared body schema then
 * checks it like any other (functions/http/route.ts). Call after readBody.
 */
export async function emptyBodyIsEmptyObject(c: Context): Promise<void> {
  const bytes = c.req.raw.body ? await c.req.arrayBuffer() : null;
  const empty = !bytes || (bytes.byteLength <= 64 * 1024 && new TextDecoder().decode(bytes).trim() === '');
  if (empty) c.req.bodyCache.json = Promise.resolve({});
}

/** readBody where a body that cannot be read (the client went away) must not turn the answer into an error. */
export const readBodyQuietly = (c: Context): Promise<void> => readBody(c).catch(() => undefined);
