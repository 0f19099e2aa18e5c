// The unread-body workaround, written once: under wrangler dev an answer sent while the request body is still unread
// drops the next request on the same connection (workers-sdk#15203). The reads through Hono are in functions/http/body.ts;
// these two take the raw stream and request.

/**
 * Reads a body no handler will read to its end and lets it go. A body is never cut off: cancelling the stream while
 * the client is still sending drops the connection under wrangler dev, whose proxy then answers 500 with its own stack
 * trace instead of our reply (docs/decisions/0013). The platform bounds a request body's size before the Worker.
 */
export async function drainBody(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body || body.locked) return;
  const reader = body.getReader();
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    /* the client went away: nothing left to read */
  }
}

/** The Worker's last word: a body still unread once the answer is made is read after it (415, 403, 413 refusals). */
export function drainAfterAnswer(request: Request, ctx: ExecutionContext): void {
  if (request.body && !request.bodyUsed) ctx.waitUntil(request.arrayBuffer().catch(() => undefined));
}
