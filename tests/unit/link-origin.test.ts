// Links the Worker writes (mails, the payment page's ways back, quote links) start at the org's configured origin,
// through one helper (functions/http/request.ts siteOrigin, given to flows as deps(c).origin), never at the request's
// own URL, whose Host any client may forge (issue 33: a Host of localhost:1 mailed links to port 1).
import { describe, expect, it } from 'vitest';
import { sourceOf, workerFiles } from './worker-files';

const HELPER = 'functions/http/request.ts';

/** An origin taken from the request's own address: `new URL(c.req.url).origin`, however it is spaced or named. */
const FROM_REQUEST = /\breq\.(?:raw\.)?url\s*\)+\s*\.origin\b/;

/**
 * Code that still builds an origin from the request, each with why it may or until when. A file named here that no
 * longer does fails the test too, so the entry goes with the code.
 */
const KNOWN: Record<string, string> = {
  // The short link's Location is made relative again (its own origin stripped), so no link leaves with the Host.
  'functions/routes/short-links.ts': 'a redirect target made relative to the request again',
};

describe('links start at the org’s configured origin', () => {
  it('no code but the one helper builds an origin from the request’s own URL', () => {
    const builders = workerFiles().filter((f) => f !== HELPER && FROM_REQUEST.test(sourceOf(f)));
    expect(builders.filter((f) => !(f in KNOWN)), 'use siteOrigin (functions/http/request.ts) or deps(c).origin').toEqual([]);
    expect(Object.keys(KNOWN).filter((f) => !builders.includes(f)), 'these no longer build one: drop them from KNOWN').toEqual([]);
  });

  it('the pattern finds the forms it is meant to', () => {
    for (const code of ['new URL(c.req.url).origin', 'new URL( c.req.url ).origin', 'new URL(ctx.req.raw.url).origin', '(new URL(c.req.url)).origin']) {
      expect(FROM_REQUEST.test(code), code).toBe(true);
    }
    expect(FROM_REQUEST.test('await siteOrigin(c, org)')).toBe(false);
    expect(FROM_REQUEST.test('new URL(c.req.url).pathname')).toBe(false);
  });

  it('the flows that write booking and payment links take the origin from their deps, not a request', () => {
    for (const f of ['functions/flows/checkout.ts', 'functions/flows/payments.ts', 'functions/flows/booking-mails.ts']) {
      const code = sourceOf(f);
      expect(code, f).not.toMatch(/from 'hono'|Context</);
    }
    expect(sourceOf('functions/flows/checkout.ts')).toMatch(/await d\.origin\(\)/);
  });
});
