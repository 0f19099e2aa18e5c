// The Worker entry: /api (Hono) first, then Astro's pages and assets, each page dressed for the request's org.
import { handle } from '@astrojs/cloudflare/handler';
import { app } from './app';
import type { Bindings } from './env';
import { decoratePage } from './pages/decorate';
import { refreshRates } from './services/rates';
import { sweepPendingPayments } from './flows/payments';
import { paymentsFor } from './outside/payments';

const API_PREFIXES = ['/api/', '/_sim/', '/go/'];

async function route(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === '/api' || API_PREFIXES.some((p) => pathname.startsWith(p))) return app.fetch(request, env, ctx);
  const response = await handle(request, env as unknown as Parameters<typeof handle>[1], ctx);
  return decoratePage(request, response, env);
}

export default {
  async fetch(request, env, ctx) {
    try {
      return await route(request, env, ctx);
    } finally {
      // A refusal that answers before reading the body (415, 403, 413) must still consume it: an unread body
      // breaks the next request on the connection under wrangler dev (workers-sdk#15203).
      if (request.body && !request.bodyUsed) ctx.waitUntil(request.arrayBuffer().catch(() => undefined));
    }
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(refreshRates(env));
    // Pending bookings whose expiry event never arrived give their holds back (decision 0019).
    ctx.waitUntil(sweepPendingPayments({ db: env.DB, payments: paymentsFor(env) }).then((counts) => console.log(JSON.stringify({ level: 'info', event: 'payments.sweep', ...counts }))));
  },
} satisfies ExportedHandler<Bindings>;
