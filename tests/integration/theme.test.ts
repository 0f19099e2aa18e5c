// The org theme stylesheet: pages name it by a hash of its content, that address is cached for good (immutable), and
// the first page view after a theme change already names the new stylesheet.
import { describe, expect, it } from 'vitest';
import { ACME, baseUrl, call } from './helpers';
import { d1Query } from './auth-helpers';

const themeHref = (html: string) => /<link rel="stylesheet" href="(\/api\/general\/getCss\/theme\?v=[0-9a-f]{16})"/.exec(html)?.[1];

describe('the org theme stylesheet address', () => {
  it('pages name each org’s theme by its content; that address is cached for good, the bare one for five minutes', async () => {
    const mine = themeHref((await call('/')).text);
    const acme = themeHref((await call('/privacy-policy', { host: ACME })).text);
    expect(mine, 'a versioned theme link').toBeTruthy();
    expect(acme, 'a versioned theme link').toBeTruthy();
    expect(acme).not.toBe(mine);

    const versioned = await call(mine!);
    expect(versioned.status).toBe(200);
    expect(versioned.text).toContain('--brand:#0b5cad');
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bare = await call('/api/general/getCss/theme');
    expect(bare.text).toBe(versioned.text);
    expect(bare.headers['cache-control']).toBe('public, max-age=300');
    // Someone else's version (another org's, an outdated one) is not cached for good.
    expect((await call(acme!)).headers['cache-control']).toBe('public, max-age=300');
  });

  it('the first page view after a theme change names the changed stylesheet', async () => {
    const before = themeHref((await call('/', { host: ACME })).text)!;
    const mark = `/* changed ${crypto.randomUUID()} */`;
    // Changed in place, updated_at left as it was: the address follows the content, not the timestamp.
    await d1Query(`UPDATE org_themes SET css = css || '${mark}' WHERE org_id = 2 AND name = 'theme'`);
    // What the console's theme writer does after its change: the org's version moves on (docs/decisions/0025).
    expect((await call('/api/dev/org-changed', { host: ACME, body: {}, headers: { origin: `http://${ACME}:${new URL(baseUrl()).port}` } })).status).toBe(200);
    const after = themeHref((await call('/', { host: ACME })).text)!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const css = await call(after, { host: ACME });
    expect(css.text).toContain(mark);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('getwhitelabelcss hands out the same versioned address', async () => {
    const page = themeHref((await call('/')).text);
    const r = await call('/api/general/getwhitelabelcss', { body: { pageCode: 'home' } });
    expect(r.status).toBe(200);
    expect(r.json.data.href).toBe(page);
  });
});
