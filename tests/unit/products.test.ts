// The product menu: which entries an org shows and where each one leads (docs/product.md#screens, "Product menu paths").
import { describe, expect, it } from 'vitest';
import { allInclusiveHref, eligibleCodes, menuFor, productPath, PRODUCTS } from '../../src/shared/rules/products';

const links = { orgId: 7, allInclusiveUrl: 'https://ai.example.com/search?src=tc', tripsSiteUrl: 'https://trips.example.com/' };
const user = { firstName: 'Ana', lastName: 'Lopez Díaz', email: 'ana+1@example.com', phoneNumber: '+34600111222' };

describe('productPath', () => {
  it('hotel and green deals go to the home page, weeks to /resorts', () => {
    expect(productPath('hotel')).toBe('/');
    expect(productPath('hotelgd')).toBe('/');
    expect(productPath('weeks')).toBe('/resorts');
  });

  it('other page products go to /<code>', () => {
    for (const code of ['dreamtrips', 'condo', 'packages', 'stays', 'resorts', 'holidaystays', 'cruises', 'flight', 'cars', 'transfers', 'activities'])
      expect(productPath(code)).toBe(`/${code}`);
  });

  it("'tra' (the external trips site) is never turned into a path, nor are external, method or unknown entries", () => {
    expect(productPath('tra')).toBeNull();
    expect(productPath('all-inclusive')).toBeNull();
    expect(productPath('dailydeals')).toBeNull();
    expect(productPath('nope')).toBeNull();
  });
});

describe('menuFor', () => {
  it('keeps only the eligible codes, in menu order, whatever order or spacing the org lists them in', () => {
    const items = menuFor(' cruises,HOTEL ,activities,stays,dailydeals', null, links);
    expect(items.map((i) => i.code)).toEqual(['hotel', 'stays', 'activities', 'cruises', 'dailydeals']);
  });

  it('an org with no eligible products gets an empty menu', () => {
    expect(menuFor('', null, links)).toEqual([]);
  });

  it('daily deals is a method entry with no address', () => {
    const [deals] = menuFor(['dailydeals'], null, links);
    expect(deals).toMatchObject({ code: 'dailydeals', kind: 'method', method: 'dailydeals' });
    expect(deals!.href).toBeUndefined();
  });

  it('the trips site links to the org trips address; it is left out when the org has none', () => {
    expect(menuFor(['tra'], null, links)[0]).toMatchObject({ kind: 'external', href: 'https://trips.example.com/' });
    expect(menuFor(['tra'], null, { ...links, tripsSiteUrl: '' })).toEqual([]);
  });

  it('all-inclusive carries no personal details for a signed-out visitor', () => {
    expect(menuFor(['all-inclusive'], null, links)[0]!.href).toBe('https://ai.example.com/search?src=tc');
  });

  it('all-inclusive carries orgId, firstName, lastName, email and phoneNumber, URL-encoded, for a signed-in user', () => {
    const href = menuFor(['all-inclusive'], user, links)[0]!.href!;
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://ai.example.com/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      src: 'tc',
      orgId: '7',
      firstName: 'Ana',
      lastName: 'Lopez Díaz',
      email: 'ana+1@example.com',
      phoneNumber: '+34600111222',
    });
    expect(href).toContain('email=ana%2B1%40example.com');
  });

  it('every page entry has an address and every entry a label key', () => {
    const all = menuFor(PRODUCTS.map((p) => p.code), user, links);
    expect(all).toHaveLength(PRODUCTS.length);
    for (const item of all) {
      expect(item.labelKey).toMatch(/^product_/);
      if (item.kind !== 'method') expect(item.href).toBeTruthy();
    }
  });
});

describe('allInclusiveHref', () => {
  it('leaves an address it cannot parse alone', () => {
    expect(allInclusiveHref('not a url', 1, user)).toBe('not a url');
  });
});

describe('eligibleCodes', () => {
  it('splits, trims, lower-cases and drops empties', () => {
    expect(eligibleCodes('hotel, ,Stays,')).toEqual(['hotel', 'stays']);
  });
});
