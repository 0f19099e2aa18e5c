// The Worker entry: /api (Hono) first, then Astro's pages and assets, each page dressed for the request's org.
import { handle } from '@astrojs/cloudflare/handler';
import { app } from './app';
import { errorBody } from './errors';
import { isDevelopment, type Bindings } from './env';
import { requestDb } from './db/retry';
import { d1Session } from './lib/d1-session';
import { secureFor } from './auth/cookies';
import { drainAfterAnswer } from './lib/body';
import { servePage } from './pages/decorate';
import { refreshRates } from './outside/rates';
import { sweepPendingPayments } from './flows/payments';
import { sendOwedMails } from './flows/booking-mails';
import { sendReviewInvitations } from './flows/reviews';
import { rateKey } from './flows/rates';
import { mailSender } from './outside/mail';
import { paymentsFor } from './outside/payments';
import { zonePurge } from './outside/edge-purge';
import { setEdgePurge } from './lib/edge-cache';
import { resumeStaleImports } from './flows/suppliers';
import { settleSupplierBookings } from './flows/supplier-bookings';
import { lineLog } from './log';

const API_PREFIXES = ['/api/', '/_sim/', '/go/'];
const SHORT_LINK_PREFIX = '/r/';

async function route(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === '/api' || API_PREFIXES.some((p) => pathname.startsWith(p))) return app.fetch(request, env, ctx);
  if (pathname.startsWith(SHORT_LINK_PREFIX)) {
    // A short link the org does not have is, for a browser, the site's own 404 page (with its way home).
    const answer = await app.fetch(request, env, ctx);
    if (answer.status !== 404 || !(request.headers.get('accept') ?? '').includes('text/html')) return answer;
  }
  return servePage(request, env, (page = request) => handle(page, env as unknown as Parameters<typeof handle>[1], ctx), (work) => ctx.waitUntil(work));
}

let purgeConfigured = false;
/** A version change purges the zone's cache in every data centre (docs/decisions/0035-purge-everywhere.md): set once per isolate, by a request or the hourly job, whichever comes first. */
function configurePurge(env: Bindings) {
  if (purgeConfigured) return;
  setEdgePurge(env.CF_ZONE_ID ? zonePurge(env) : null);
  purgeConfigured = true;
}

export default {
  async fetch(request, env, ctx) {
    try {
      configurePurge(env);
      // One D1 view per request for the API and the pages alike: its statements are counted once, here.
      const session = d1Session(env.DB, request.headers.get('cookie'));
      const { db, state } = requestDb(session.db, (name) => request.headers.get(name), env.ENVIRONMENT === 'faults');
      const response = await route(request, { ...env, DB: db }, ctx);
      const url = new URL(request.url);
      const bookmark = session.bookmarkCookie(secureFor(url.protocol, request.headers.get('host') ?? url.host));
      if (!bookmark && !isDevelopment(env)) return response;
      const out = new Response(response.body, response);
      if (bookmark) out.headers.append('Set-Cookie', bookmark);
      if (isDevelopment(env)) out.headers.set('X-D1-Queries', String(state.statements));
      return out;
    } catch (err) {
      // Whatever failed outside the API's own error handler, the client gets the contract's error shape, never a stack.
      console.error(JSON.stringify({ level: 'error', event: 'worker.unhandled', path: new URL(request.url).pathname, error: String(err), stack: (err as Error)?.stack }));
      return Response.json(errorBody('INTERNAL', 'Something went wrong'), { status: 500, headers: { 'Cache-Control': 'no-store' } });
    } finally {
      drainAfterAnswer(request, ctx);
    }
  },
  async scheduled(_controller, env, ctx) {
    configurePurge(env);
    ctx.waitUntil(refreshRates(env));
    // A supplier's content import whose worker died is resumed from its cursor (decision 0068).
    const log = lineLog();
    ctx.waitUntil(
      resumeStaleImports({ db: env.DB, env, clock: Date.now, log, later: (work) => ctx.waitUntil(work.catch((err) => log('error', 'supplier.import_crashed', { reason: String(err) }))) })
        .then((resumed) => log('info', 'supplier.import_sweep', { resumed })),
    );
    // Pending bookings whose expiry event never arrived give their holds back (decision 0019); one paid meanwhile is
    // confirmed, and a bed bank's booking made (decision 0070).
    const mail = { mailer: (orgId: number | null) => mailSender(env, orgId), failed: (purpose: string, err: unknown) => log('error', 'mail.send_failed', { purpose, reason: String(err) }) };
    const supplier = { env, mail, log, clock: Date.now };
    ctx.waitUntil(sweepPendingPayments({ db: env.DB, payments: paymentsFor(env), supplier }).then((counts) => console.log(JSON.stringify({ level: 'info', event: 'payments.sweep', ...counts }))));
    // Paid bed bank's bookings a crash left unbooked are booked (or failed and refunded); both sides reconciled (decision 0070).
    ctx.waitUntil(
      settleSupplierBookings({ db: env.DB, payments: paymentsFor(env), ...supplier })
        .then((counts) => log('info', 'supplier.bookings_sweep', counts))
        .catch((err) => log('error', 'supplier.bookings_sweep_failed', { reason: String(err) })),
    );
    // Booking mails a request left owed (it failed after the status change, or the mail API did) go now (decision 0029).
    ctx.waitUntil(
      sendOwedMails({ db: env.DB, mailer: (orgId) => mailSender(env, orgId), failed: (purpose, err) => console.log(JSON.stringify({ level: 'error', event: 'mail.send_failed', purpose, reason: String(err) })) }, null)
        .then((counts) => console.log(JSON.stringify({ level: 'info', event: 'mail.owed_sweep', ...counts }))),
    );
    // A day after check-out, the traveller of a confirmed stay is asked for a review, once per booking (decision 0065).
    ctx.waitUntil(
      sendReviewInvitations({
        db: env.DB, mailer: (orgId) => mailSender(env, orgId), key: rateKey(env), selfOrigin: env.SELF_ORIGIN, today: new Date().toISOString().slice(0, 10),
        failed: (purpose, err) => console.log(JSON.stringify({ level: 'error', event: 'mail.send_failed', purpose, reason: String(err) })),
      })
        .then((counts) => console.log(JSON.stringify({ level: 'info', event: 'review.invitations', ...counts })))
        .catch((err) => console.log(JSON.stringify({ level: 'error', event: 'review.invitations_failed', reason: String(err) }))),
    );
  },
} satisfies ExportedHandler<Bindings>;
