// Pages dressed at the edge (ADR 0001): security headers, org name/logo/menu per host, language, currency, boot block.
import { describe, expect, it } from 'vitest';
import { ACME, call } from './helpers';

const ROUTES = [
  '/', '/home', '/promotions', '/user-details', '/wallet', '/user/profile', '/user/travelers', '/user/my-trips',
  '/user/booking-history', '/agent', '/agent/profile', '/agent/my-quotes', '/agent/booking-history', '/agent/client-list',
  '/referral/programs', '/referral/credits', '/your-rewards', '/login/sso', '/verify-account', '/change-password',
  '/resorts', '/resorts/search-details', '/search-detail', '/hotel-details', '/hotel-checkout', '/checkout-success',
  '/privacy-policy', '/terms-of-use', '/activities', '/stays', '/condo', '/packages', '/cruises', '/flight', '/cars',
  '/transfers', '/dreamtrips', '/holidaystays',
];

const boot = (html: string) => JSON.parse(/<script type="application\/json" id="tc-boot">(.*?)<\/script>/s.exec(html)![1]!);
const menuCodes = (html: string) => [...html.matchAll(/<li class="product-nav__item" data-product="([^"]+)"/g)].map((m) => m[1]);
const heading = (html: string, key: string) => new RegExp(`<h1 data-l="${key}">([^<]*)<`).exec(html)?.[1];

describe('pages', () => {
  it('every route of the product answers 200 with HTML', async () => {
    for (const path of ROUTES) {
      const r = await call(path);
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type'], path).toMatch(/^text\/html/);
      expect(r.text, path).toMatch(/<main id="main"/);
    }
  });

  it('no built page stops its parser before its content: the header runs no inline classic script (decision 0051)', async () => {
    // The build step changes built pages; the SSO landing is rendered on demand and keeps Astro's placement.
    for (const path of ROUTES.filter((route) => route !== '/login/sso')) {
      const { text } = await call(path);
      const header = text.slice(text.indexOf('<body'), text.indexOf('<main id="main"'));
      const scripts = [...header.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      // Where the header has islands, Astro's directives and island element are there, now as module scripts.
      if (header.includes('<astro-island')) expect(scripts.filter((attrs) => /type="module"/.test(attrs)).length, path).toBeGreaterThan(0);
      expect(scripts.filter((attrs) => !/\ssrc=|type="(module|application\/json)"/.test(attrs)), path).toEqual([]);
    }
  });

  it('every page holds its first frame until the whole page is parsed: the mark it expects comes after the footer (decision 0053)', async () => {
    for (const path of ROUTES) {
      const { text } = await call(path);
      const head = text.slice(0, text.indexOf('<body'));
      expect(head, path).toContain('<link rel="expect" href="#page-end" blocking="render">');
      const mark = text.indexOf('<span id="page-end" hidden></span>');
      expect(mark, path).toBeGreaterThan(text.indexOf('</footer>'));
      expect(text.indexOf('</footer>'), path).toBeGreaterThan(text.indexOf('</main>'));
      // After the mark, nothing a person sees: the dialog host (closed) and scripts.
      expect(text.slice(mark).match(/<(h\d|p|section|img|a|button|footer|main)\b/), path).toBeNull();
    }
  });

  it('pages carry the security headers and are private to the visitor, never revalidated blindly', async () => {
    const r = await call('/wallet', { host: ACME });
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['cache-control']).toBe('private, no-cache');
    expect(String(r.headers.vary)).toMatch(/cookie/i);
    expect(r.headers.etag).toBeUndefined();
  });

  it('static assets stay cacheable and undressed', async () => {
    const r = await call('/images/logo-acme.svg', { host: ACME });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control'] ?? '').not.toContain('private');
  });

  it('acme.localhost gets Acme name, logo, tag, theme link and only its eligible products', async () => {
    const r = await call('/', { host: ACME });
    expect(r.text).toMatch(/<title[^>]*>Find your next trip · Acme Travel<\/title>/);
    expect(r.text).toMatch(/<span class="brand-name" data-org-name>Acme Travel<\/span>/);
    expect(r.text).not.toContain('>Travel Club<');
    expect(r.text).toMatch(/<img[^>]*data-org-logo[^>]*src="\/images\/logo-acme.svg"/);
    expect(r.text).toMatch(/<meta name="google-tag-id" content="G-ACMETRAVEL"/);
    expect(r.text).toMatch(/href="\/api\/general\/getCss\/theme\?v=[0-9a-f]{16}"/);
    expect(menuCodes(r.text)).toEqual(['hotel', 'stays', 'activities', 'cruises', 'dailydeals']);
    expect(r.text).not.toContain('googletagmanager');
  });

  it('localhost gets Travel Club with its full menu, externals pointing at its addresses', async () => {
    const r = await call('/');
    expect(r.text).toMatch(/data-org-name>Travel Club</);
    const codes = menuCodes(r.text);
    expect(codes).toContain('all-inclusive');
    expect(codes).toContain('tra');
    expect(codes).toHaveLength(17);
    expect(r.text).toMatch(/data-external="all-inclusive"|href="https:\/\/all-inclusive.example.com\/search"/);
    expect(r.text).toContain('href="https://trips.example.com/"');
    expect(r.text).toMatch(/<button type="button" class="product-nav__link" data-method="dailydeals">/);
  });

  it('the language comes from ?lang, then the lan_code cookie, then the org default', async () => {
    const fromQuery = await call('/?lang=es-ES', { cookie: 'lan_code=fr-FR' });
    expect(fromQuery.text).toMatch(/<html lang="es-ES"/);
    expect(heading(fromQuery.text, 'home_title')).toBe('Encuentra tu próximo viaje');
    expect(fromQuery.cookies.join()).toMatch(/lan_code=es-ES;.*Max-Age=31536000.*SameSite=Lax/);
    const fromCookie = await call('/wallet', { cookie: 'lan_code=fr-FR' });
    expect(fromCookie.text).toMatch(/<html lang="fr-FR"/);
    expect(heading(fromCookie.text, 'page_wallet')).toBe('Portefeuille');
    const unknown = await call('/', { cookie: 'lan_code=de-DE' });
    expect(unknown.text).toMatch(/<html lang="en-US"/);
    expect(heading(unknown.text, 'home_title')).toBe('Find your next trip');
  });

  it('prices follow the currency_code cookie; an unknown code shows USD', async () => {
    const usd = await call('/');
    expect(usd.text).toMatch(/data-dest-price="Lisbon" data-currency="USD" data-minor="\d+">\$[\d,]+\.\d\d</);
    const eur = await call('/', { cookie: 'currency_code=EUR' });
    expect(eur.text).toMatch(/data-dest-price="Lisbon" data-currency="EUR" data-minor="\d+">€[\d,]+\.\d\d</);
    expect(eur.text).not.toMatch(/data-dest-price="Lisbon"[^>]*>\$/);
    const bogus = await call('/', { cookie: 'currency_code=ZZZ' });
    expect(bogus.text).toMatch(/data-dest-price="Lisbon" data-currency="USD" data-minor="\d+">\$[\d,]+\.\d\d</);
  });

  it("a product page names its product call to the browser in the page's currency; other pages and bad ids name none", async () => {
    const usd = await call('/hotel-details?id=3&check_in=2027-01-10');
    expect(usd.headers.link).toBe('</api/products/3?currency=USD>; rel=preload; as=fetch; crossorigin');
    expect((await call('/hotel-checkout/?id=12', { cookie: 'currency_code=EUR' })).headers.link).toBe('</api/products/12?currency=EUR>; rel=preload; as=fetch; crossorigin');
    // The id as the island reads it: '013' is product 13.
    expect((await call('/hotel-details?id=013')).headers.link).toBe('</api/products/13?currency=USD>; rel=preload; as=fetch; crossorigin');
    for (const path of ['/hotel-details', '/hotel-details?id=0', '/hotel-details?id=3x', '/hotel-details?id=-3', '/hotel-details?id=2.5', '/wallet?id=3', '/']) {
      expect((await call(path)).headers.link, path).toBeUndefined();
    }
  });

  it("a results page names its search as the island asks for it: the address's dates, else the default stay from UTC today; one date of two, none", async () => {
    // An old address's guests=3 is one room of three adults, asked for by its rooms (`occupancy`) and its total.
    const hotels = await call('/search-detail?type=HLT&city=Lisbon&check_in=2027-03-01&check_out=2027-03-04&guests=3&sort=price&min_rating=4');
    expect(hotels.headers.link).toBe(
      '</api/products/search?type=HLT&city=Lisbon&check_in=2027-03-01&check_out=2027-03-04&guests=3&occupancy=3&sort=price&min_rating=4&currency=USD>; rel=preload; as=fetch; crossorigin',
    );
    const rooms = await call('/stays?check_in=2027-03-01&check_out=2027-03-04&occupancy=2-5,9&occupancy=1');
    expect(rooms.headers.link).toBe(
      '</api/products/search?type=STY&check_in=2027-03-01&check_out=2027-03-04&guests=5&occupancy=2-5%2C9&occupancy=1&currency=USD>; rel=preload; as=fetch; crossorigin',
    );
    // The page's type wins over the address's, as on the page; an activity has no check-out.
    const activities = await call('/activities?type=HLT&check_in=2027-03-01', { cookie: 'currency_code=EUR' });
    expect(activities.headers.link).toBe('</api/products/search?type=ACT&check_in=2027-03-01&guests=2&currency=EUR>; rel=preload; as=fetch; crossorigin');
    // Without dates: the default stay, two nights from the org's earliest check-in, counted from today in UTC as the
    // island counts it (src/shared/rules/booking-dates.ts).
    const today = new Date().toISOString().slice(0, 10);
    for (const [path, type, city] of [['/resorts', 'RST', ''], ['/search-detail?city=Lisbon', 'HLT', '&city=Lisbon']] as const) {
      const m = new RegExp(`^</api/products/search\\?type=${type}${city}&check_in=([\\d-]{10})&check_out=([\\d-]{10})&guests=2&occupancy=2&currency=USD>; rel=preload; as=fetch; crossorigin$`).exec(String((await call(path)).headers.link));
      expect(m, path).not.toBeNull();
      expect(m![1]! >= today, path).toBe(true);
      expect((Date.parse(m![2]!) - Date.parse(m![1]!)) / 86_400_000, path).toBe(2);
    }
    for (const path of ['/stays?check_in=2027-03-01', '/search-detail?check_out=2027-03-04']) {
      expect((await call(path)).headers.link, path).toBeUndefined();
    }
    // An address too long to be worth a header line is served without one.
    const long = await call(`/search-detail?check_in=2027-03-01&check_out=2027-03-04&city=${'Lisboa'.repeat(400)}`);
    expect(long.status).toBe(200);
    expect(long.headers.link).toBeUndefined();
  });

  it("a results page the edge has answered before names its first photo and is written with its first screen; a change, a session or another language and it is not", async () => {
    const page = '/search-detail?type=HLT&city=Paris&check_in=2027-04-06&check_out=2027-04-09&guests=2&sort=price';
    const search = '/api/products/search?type=HLT&city=Paris&check_in=2027-04-06&check_out=2027-04-09&guests=2&occupancy=2&sort=price&currency=USD';
    const fetchLink = `<${search}>; rel=preload; as=fetch; crossorigin`;
    const results = (html: string) => /<astro-island[^>]*DeferredSearchResults\.[^>]*><astro-slot[^>]*>([\s\S]*?)<\/astro-slot>/.exec(html)?.[1] ?? '';
    const box = (html: string) => /<astro-island[^>]*DeferredSearchBox\.[^>]*><astro-slot[^>]*>([\s\S]*?)<\/astro-slot>/.exec(html)?.[1] ?? '';
    // Never asked before: the page names its search alone, and its islands' slots hold their skeletons.
    const before = await call(page);
    expect(before.headers.link).toBe(fetchLink);
    expect(results(before.text)).toContain('skeleton');
    const answer = await call(search);
    expect(answer.status).toBe(200);
    const first = answer.json.data[0] as { image: string; name: string; product_id: number };
    const key = first.image.split('/')[3];
    // The photo as the first card chooses it: the same srcset and sizes (src/shared/rules/photos.ts), so one request.
    const photo =
      `<${first.image}>; rel=preload; as=image; fetchpriority=high; imagesrcset="${[480, 800, 1200, 1600].map((w) => `/api/images/${key}/${w} ${w}w`).join(', ')}"; ` +
      'imagesizes="(min-width: 768px) 240px, 100vw"';
    // The first screen, written into the page: every card of the answer, its photo and price, the search box filled in.
    // Its photo is then in the HTML, with the priority its place gives it: the header names the search alone.
    await expect.poll(async () => (await call(page)).text, { timeout: 5_000 }).toContain('data-first-screen');
    const after = await call(page);
    expect(after.headers.link).toBe(fetchLink);
    const drawn = results(after.text);
    expect(drawn).toContain('data-first-screen=""');
    expect(drawn.match(/data-testid="result"/g)).toHaveLength(answer.json.data.length);
    expect(drawn).toContain(`data-product-id="${first.product_id}"`);
    expect(drawn).toContain(`src="${first.image}"`);
    expect(drawn).toMatch(/data-testid="price" data-amount="[\d.]+" data-currency="USD">\$[\d,]+\.\d\d</);
    expect(box(after.text)).toContain('value="Paris"');
    expect(after.text.match(/data-first-screen/g)).toHaveLength(1);
    // Each slot says which search it was drawn for: the page's script keeps it only for its own.
    expect(after.text.match(new RegExp(`<astro-slot data-drawn-for="${search.replace(/[?]/g, '\\?')}">`, 'g'))).toHaveLength(2);
    // Another language is another answer (its names), kept apart; until asked, no photo and no first screen.
    const french = await call(`${page}&lang=fr-FR`);
    expect(french.headers.link).toBe(fetchLink);
    expect(results(french.text)).toContain('skeleton');
    // A visitor with a session gets the photo named, not the page written: their prices are the page's own business.
    const signedIn = await call(page, { cookie: 'userToken=anything' });
    expect(signedIn.headers.link).toBe(`${fetchLink}, ${photo}`);
    expect(results(signedIn.text)).toContain('skeleton');
    // Another currency is another search; another org never reads this one's entry.
    expect(String((await call(page, { cookie: 'currency_code=EUR' })).headers.link)).not.toContain('as=image');
    const acme = await call(page, { host: ACME });
    expect(String(acme.headers.link)).not.toContain('as=image');
    expect(acme.text).not.toContain('data-first-screen');
    // A change (here by hand, as after a photo reorder) moves the version: neither is served any more.
    expect((await call('/api/dev/org-changed', { body: {} })).status).toBe(200);
    const changed = await call(page);
    expect(changed.headers.link).toBe(fetchLink);
    expect(changed.text).not.toContain('data-first-screen');
  });

  it("the home search box is written with the default stay's days, today's in UTC, in the page's language, kept page or not", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const shown = (language: string, iso: string) => new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
    const days = (html: string) => [...html.matchAll(/<span class="bk-range__end-day" data-stand-in-day="(in|out)">([^<]*)</g)].map((m) => m[2]);
    // Travel Club's earliest check-in is tomorrow; two nights.
    for (const language of ['en-US', 'fr-FR']) {
      const first = await call(`/?lang=${language}`);
      const again = await call(`/?lang=${language}`);
      expect(again.headers['x-page-cache'], language).toBe('hit');
      for (const page of [first, again]) expect(days(page.text), language).toEqual([shown(language, day(1)), shown(language, day(3))]);
    }
  });

  it('the boot block carries the org config, language, currency and labels for the islands', async () => {
    const r = await call('/wallet?lang=fr-FR', { host: ACME, cookie: 'currency_code=GBP' });
    const b = boot(r.text);
    expect(b.org).toMatchObject({ orgId: 2, orgName: 'Acme Travel', eligibleProducts: expect.any(Array) });
    expect(b.language).toBe('fr-FR');
    expect(b.currency).toBe('GBP');
    expect(b.labels.menu_logout).toBe('Se déconnecter');
    expect(b.showKeys).toBe(false);
  });

  it('nothing in a label can break out of the boot block', async () => {
    const r = await call('/');
    const block = /<script type="application\/json" id="tc-boot">(.*?)<\/script>/s.exec(r.text)![1]!;
    expect(block).not.toMatch(/<|>/);
  });
});
