// The warm path needs nothing but the edge (docs/decisions/0025-edge-cache.md): X-D1-Queries counts the D1 statements
// each request ran, and the org, theme, labels, rates and pages come from the edge cache keyed by the org's version.
import { describe, expect, it } from 'vitest';
import { call } from './helpers';

const d1 = (r: { headers: Record<string, unknown> }) => {
  const v = r.headers['x-d1-queries'];
  expect(v, 'X-D1-Queries').toMatch(/^\d+$/);
  return Number(v);
};

describe('X-D1-Queries', () => {
  it('every response in development says how many D1 statements it ran', async () => {
    for (const path of ['/api/health', '/api/no-such-route', '/', '/resorts', '/favicon-none']) d1(await call(path));
    // A search runs its page and its count as one batch of two statements, after the org is known.
    expect(d1(await call('/api/products/search?type=HLT&city=Zzzz'))).toBeGreaterThanOrEqual(2);
  });
});
