// The Worker entry: /api (Hono) first, then Astro's pages and assets, each page dressed for the request's org.
import { handle } from '@astrojs/cloudflare/handler';
import { app } from './app';
import type { Bindings } from './env';
import { decoratePage } from './pages/decorate';
import { refreshRates } from './services/rates';

const API_PREFIXES = ['/api/', '/_sim/', '/go/'];

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || API_PREFIXES.some((p) => pathname.startsWith(p))) return app.fetch(request, env, ctx);
    const response = await handle(request, env as unknown as Env, ctx);
    return decoratePage(request, response, env);
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(refreshRates(env));
  },
} satisfies ExportedHandler<Bindings>;
