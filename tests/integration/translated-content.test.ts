// Translated content (docs/decisions/0034-translated-content.md): products, wallet cards, campaigns and mails in the
// request's language (the `lang` query, else the lan_code cookie, else the org's default), each record whole in one
// language, with the same payload fields as before.
import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { bookingBody, firstProduct, issue, key, signIn, traveler } from './booking-helpers';

const SEARCH = '/api/products/search?type=ACT&city=Paris&per_page=20';
const byName = (list: { name: string }[]) => list.map((p) => p.name).sort();

describe('products in the visitor’s language', () => {
  it('a search names and describes each product wholly in French or Spanish, with the same fields as in English', async () => {
    const [en, fr, es, cookie] = await Promise.all([call(SEARCH), call(`${SEARCH}&lang=fr-FR`), call(`${SEARCH}&lang=es-ES`), call(SEARCH, { cookie: 'lan_code=fr-FR' })]);
    for (const r of [en, fr, es, cookie]) expect(r.status, r.text).toBe(200);
    expect(byName(en.json.data)).toEqual(['Louvre Highlights Guided Visit', 'Seine Sunset Cruise']);
    expect(byName(fr.json.data)).toEqual(['Croisière sur la Seine au coucher du soleil', 'Visite guidée des chefs-d’œuvre du Louvre']);
    expect(byName(es.json.data)).toEqual(['Crucero por el Sena al atardecer', 'Visita guiada a las obras maestras del Louvre']);
    expect(cookie.json.data).toEqual(fr.json.data);
    // The same products, prices and fields: only the text changed.
    const shape = (r: typeof en) => r.json.data.map(({ name, summary, ...rest }: Record<string, unknown>) => ({ ...rest, keys: Object.keys({ name, summary, ...rest }).sort() }));
    expect(shape(fr)).toEqual(shape(en));
  });

  it('the details carry name, description and amenities from one language; an unknown language gets the org’s default', async () => {
    const hotel = await firstProduct('HLT');
    const [en, fr, odd] = await Promise.all([
      call(`/api/products/${hotel.product_id}`),
      call(`/api/products/${hotel.product_id}?lang=fr-FR`),
      call(`/api/products/${hotel.product_id}?lang=de-DE`),
    ]);
    expect(fr.json.data.description).toMatch(/^Un hôtel à /);
    expect(fr.json.data.amenities).toContain('Wi-Fi gratuit');
    expect(fr.json.data.amenities).not.toContain('Free Wi-Fi');
    expect(en.json.data.description).toMatch(/^A hotel in /);
    expect(odd.json).toEqual(en.json);
    expect(Object.keys(fr.json.data).sort()).toEqual(Object.keys(en.json.data).sort());
  });

  it('Acme’s copy of a product is translated too', async () => {
    const r = await call('/api/products/search?type=ACT&city=Paris&lang=es-ES', { host: 'acme.localhost' });
    expect(r.status, r.text).toBe(200);
    expect(byName(r.json.data)).toContain('Crucero por el Sena al atardecer');
  });
});

describe('wallet cards and campaigns', () => {
  it('a consumer’s wallet names its cards in French', async () => {
    const demo = await signIn();
    const r = await demo.call('/api/booking/get-paymentcard-by-user?lang=fr-FR', { method: 'POST', body: { currency: 'USD' } });
    expect(r.status, r.text).toBe(200);
    const names = r.json.data[0].cashcarddata.map((c: { card_name: string }) => c.card_name);
    expect(names).toContain('Carte prépayée Travel Club');
    expect(names).not.toContain('Travel Club Cash Card');
  });

  it('a card issued without a name is named by its kind in the reader’s language, and keeps a name it was given', async () => {
    const email = 'demo@example.com';
    const [discount, cash, certificate, named] = [
      await issue({ email, kind: 'discount', amount: 40, pro_code: 'HLT' }),
      await issue({ email, kind: 'cash', amount: 25 }),
      await issue({ email, kind: 'certificate', amount: 30, services: ['HLT'] }),
      await issue({ email, kind: 'cash', amount: 10, name: 'Carte cadeau Noël' }),
    ];
    const demo = await signIn();
    const nameIn = async (lang: string) => {
      const entry = (await demo.call(`/api/booking/get-paymentcard-by-user?lang=${lang}`, { method: 'POST', body: { currency: 'USD' } })).json.data[0];
      const all = [...entry.certidata, ...entry.discountcarddata, ...entry.cashcarddata] as { payment_card_id: number; card_name: string }[];
      return (id: number) => all.find((c) => c.payment_card_id === id)?.card_name;
    };
    const [en, fr, es] = await Promise.all([nameIn('en-US'), nameIn('fr-FR'), nameIn('es-ES')]);
    expect([en(discount.payment_card_id), en(cash.payment_card_id), en(certificate.payment_card_id)]).toEqual(['Discount card', 'Cash card', 'HLT certificate']);
    expect([fr(discount.payment_card_id), fr(cash.payment_card_id), fr(certificate.payment_card_id)]).toEqual(['Carte de réduction', 'Carte prépayée', 'Certificat HLT']);
    expect([es(discount.payment_card_id), es(cash.payment_card_id), es(certificate.payment_card_id)]).toEqual(['Tarjeta de descuento', 'Tarjeta monedero', 'Certificado HLT']);
    expect(fr(named.payment_card_id)).toBe('Carte cadeau Noël');
    expect(es(named.payment_card_id)).toBe('Carte cadeau Noël');
  });

  it('promotions come in Spanish', async () => {
    const r = await call('/api/referral/getCampaignList?campaign_type=Promotion&lang=es-ES');
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.map((c: { title: string }) => c.title)).toContain('Escapada de primavera');
  });
});

describe('mails in the recipient’s language', () => {
  it('a booking made on a French page is confirmed by a French mail, amounts and dates written the French way', async () => {
    const demo = await signIn();
    const act = await firstProduct('ACT');
    const cash = await issue({ kind: 'cash', amount: 100_000, currency: 'USD' });
    const body = { traveler, idempotency_key: key(), ...bookingBody(act.product_id, { cash_card_id: cash.payment_card_id, check_out: null }) };
    const r = await demo.call('/api/booking/checkout?lang=fr-FR', { body });
    expect(r.status, r.text).toBe(200);
    const ref = r.json.data.booking_id as string;
    const [mail] = (await call('/api/dev/outbox')).json.data.filter((m: { subject: string }) => m.subject.includes(ref));
    expect(mail.subject).toBe(`Travel Club\u00a0: réservation ${ref} confirmée`);
    expect(mail.text).toContain('Bonjour Ana,');
    expect(mail.text).toMatch(/Payé par carte\u00a0: 0,00\s\$US/);
    expect(mail.text).not.toMatch(/Price:|Total paid|guests?\b/);
  });
});

// docs/decisions/0049-city-names.md: a product translation names its city; the visitor searches by the name they read.
describe('cities in the visitor’s language', () => {
  const LISBON_HOTELS = '/api/products/search?type=HLT&per_page=20';
  const cities = (r: { json: { data: { city: string }[] } }) => [...new Set(r.json.data.map((p) => p.city))];

  it('results and details name the city in the page’s language, the description too', async () => {
    const [en, fr, es] = await Promise.all([
      call(`${LISBON_HOTELS}&city=Lisbon`),
      call(`${LISBON_HOTELS}&city=Lisbon&lang=fr-FR`),
      call(`${LISBON_HOTELS}&city=Lisbon&lang=es-ES`),
    ]);
    expect(cities(en)).toEqual(['Lisbon']);
    expect(cities(fr)).toEqual(['Lisbonne']);
    expect(cities(es)).toEqual(['Lisboa']);
    expect(fr.json.data[0].summary).toMatch(/^Un hôtel à Lisbonne, Portugal/);
    const details = await call(`/api/products/${fr.json.data[0].product_id}?lang=es-ES`);
    expect(details.json.data.city).toBe('Lisboa');
  });

  it('a search by the translated name finds what the English name finds, in any language, case aside', async () => {
    const en = await call(`${LISBON_HOTELS}&city=Lisbon`);
    const ids = (r: typeof en) => r.json.data.map((p: { product_id: number }) => p.product_id).sort();
    expect(ids(en).length).toBeGreaterThan(0);
    for (const [name, lang] of [['Lisbonne', 'fr-FR'], ['Lisboa', 'es-ES'], ['lisbonne', 'en-US'], ['LISBOA', 'fr-FR']]) {
      const r = await call(`${LISBON_HOTELS}&city=${encodeURIComponent(name)}&lang=${lang}`);
      expect(r.status, r.text).toBe(200);
      expect(ids(r), name).toEqual(ids(en));
    }
    // The answer names the searched city in the visitor's language (`place`), whatever name was searched; a prefix names none.
    const place = async (city: string, lang: string) => (await call(`${LISBON_HOTELS}&city=${encodeURIComponent(city)}&lang=${lang}`)).json.place;
    expect(await place('Lisbon', 'fr-FR')).toBe('Lisbonne');
    expect(await place('Lisbonne', 'es-ES')).toBe('Lisboa');
    expect(await place('lisbon', 'en-US')).toBe('Lisbon');
    expect(await place('Lis', 'fr-FR')).toBeUndefined();
        // The distance sort measures from the same centre, whatever the name.
    const [byEn, byFr] = await Promise.all([call(`${LISBON_HOTELS}&city=Lisbon&sort=distance`), call(`${LISBON_HOTELS}&city=Lisbonne&sort=distance&lang=fr-FR`)]);
    expect(byFr.json.data.map((p: { distance_km?: number }) => p.distance_km)).toEqual(byEn.json.data.map((p: { distance_km?: number }) => p.distance_km));
  });

  it('the destination suggestions offer a city by its own name and by its translation, named in the page’s language', async () => {
    const suggest = async (q: string, lang?: string) =>
      (await call(`/api/products/cities?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ''}`)).json.data.map((c: { city: string }) => c.city);
    expect(await suggest('Lond')).toEqual(['London']);
    expect(await suggest('Lond', 'fr-FR')).toEqual(['Londres']);
    expect(await suggest('Londr', 'fr-FR')).toEqual(['Londres']);
    expect(await suggest('Londr')).toEqual([]);
    expect(await suggest('Nueva', 'es-ES')).toEqual(['Nueva York']);
    expect(await suggest('L', 'fr-FR')).toEqual(expect.arrayContaining(['Lisbonne', 'Londres']));
  });

  it('a booking keeps the city it was made with, and is read back with the city in the reader’s language', async () => {
    const demo = await signIn();
    const lisbon = (await call('/api/products/search?type=ACT&city=Lisbon')).json.data[0] as { product_id: number; city: string };
    expect(lisbon.city).toBe('Lisbon');
    const cash = await issue({ kind: 'cash', amount: 100_000, currency: 'USD' });
    const body = { traveler, idempotency_key: key(), ...bookingBody(lisbon.product_id, { cash_card_id: cash.payment_card_id, check_out: null }) };
    const made = await demo.call('/api/booking/checkout', { body });
    expect(made.status, made.text).toBe(200);
    const ref = made.json.data.booking_id as string;
    const [fr, es, en] = await Promise.all(['fr-FR', 'es-ES', 'en-US'].map((lang) => demo.call(`/api/bookings/${ref}?lang=${lang}`)));
    expect([fr, es, en].map((r) => r.json.data.city)).toEqual(['Lisbonne', 'Lisboa', 'Lisbon']);
    const history = await demo.call('/api/reservations?lang=es-ES', { body: { json: { token: '' } } });
    expect(history.status, history.text).toBe(200);
    expect(history.json.data.find((b: { booking_id: string }) => b.booking_id === ref)?.city).toBe('Lisboa');
  });

  it('the home page’s destination cards lead to their results by the city’s name in the page’s language', async () => {
    const hrefs = (html: string) => [...html.matchAll(/data-dest-link="([^"]+)"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-dest-link="([^"]+)"/g)].map((m) => [m[1] ?? m[4], (m[2] ?? m[3])!.replace(/&amp;/g, '&')] as [string, string]);
    const fr = new Map(hrefs((await call('/?lang=fr-FR')).text));
    const en = new Map(hrefs((await call('/?lang=en-US')).text));
    expect(new URL(fr.get('Lisbon')!, 'http://x').searchParams.get('city')).toBe('Lisbonne');
    expect(new URL(en.get('Lisbon')!, 'http://x').searchParams.get('city')).toBe('Lisbon');
  });
});
