// Every JSON reply the tests see is checked against the schema its route declares for that status (functions/http/route.ts,
// docs/decisions/0054-one-declaration-per-route.md): sendTo (tests/integration/helpers.ts), which every test's request
// goes through, refuses a reply that drifts from its declaration, so the test that saw it fails.
import type { z } from 'zod';
import { app } from '../../functions/app';

interface DeclaredRoute {
  method: string;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: z.ZodType }> } | undefined>;
}

interface Matcher {
  route: DeclaredRoute;
  pattern: RegExp;
  /** How many characters of the path are literal: /api/admin/cards/import wins over /api/admin/cards/{id}. */
  literal: number;
}

/** The routes as the app declares them, with their full paths (/api/…, /r/…, /_sim/…). */
export function declaredRoutes(): DeclaredRoute[] {
  return app.openAPIRegistry.definitions.flatMap((d) => (d.type === 'route' ? [d.route as unknown as DeclaredRoute] : []));
}

let matchers: Matcher[] | null = null;
function matchersOf(): Matcher[] {
  return (matchers ??= declaredRoutes().map((route) => {
    const source = route.path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
    return { route, pattern: new RegExp(`^${source}/?$`), literal: route.path.replace(/\{[^}]+\}/g, '').length };
  }));
}

/** The declared route that answers `method path` (the most literal of those whose pattern matches), if any. */
export function routeFor(method: string, path: string): DeclaredRoute | undefined {
  const bare = path.split('?')[0]!;
  let best: Matcher | undefined;
  for (const m of matchersOf()) {
    if (m.route.method.toUpperCase() !== method.toUpperCase() || !m.pattern.test(bare)) continue;
    if (!best || m.literal > best.literal) best = m;
  }
  return best?.route;
}

/**
 * Why a JSON reply does not match its declaration, or null when it does (or when no declared route answers the path:
 * an unknown path's 404, a route not declared yet).
 */
export function replyDrift(method: string, path: string, status: number, contentType: string | undefined, json: unknown): string | null {
  if (json === undefined || !/^application\/json/i.test(contentType ?? '')) return null;
  const route = routeFor(method, path);
  if (!route) return null;
  const declared = route.responses[String(status)] ?? route.responses[`${String(status)[0]}XX`] ?? route.responses.default;
  const schema = declared?.content?.['application/json']?.schema;
  if (!schema) return `${method} ${route.path} answered ${status} in JSON, which it does not declare`;
  const parsed = schema.safeParse(json);
  if (parsed.success) return null;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  return `${method} ${route.path} answered ${status} with a body its declaration refuses: ${issues}`;
}
