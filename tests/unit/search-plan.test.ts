// Product search at scale: the statements functions/db/products.ts sends use the products indexes (EXPLAIN QUERY PLAN
// over the migrations in SQLite, as D1 runs them), and the city prefix as an index range matches what it replaced.
import { describe, expect, it } from 'vitest';
import { migrated, planRows, recorder, type Sent, type Sqlite } from './sql-plans';
import { productCities, productsByIds, productsNear, searchCandidates, searchProducts, type ProductFilter } from '../../functions/db/products';
import { ariToPriceStatement, inventoryFor } from '../../functions/db/ari';
import { cityNamed } from '../../functions/db/content';

const plan = (db: Sqlite, s: Sent) => planRows(db, s).map((r) => r.detail).join(' | ');

const filter: ProductFilter = { orgId: 1, type: 'HLT', city: 'Par', checkIn: '2030-01-01', checkOut: '2030-01-03', guests: 2 };

describe('product search plans', () => {
  it('a search by city reads a range of the org, type and city index, for the page, the count and the filter counts', async () => {
    const { db, sent } = recorder();
    await searchProducts(db, filter, 'rating', 20, 0);
    expect(sent).toHaveLength(3);
    const sqlite = migrated();
    for (const s of sent) expect(plan(sqlite, s)).toMatch(/products_by_org_type_city \(org_id=\? AND type=\? AND city>\? AND city<\?\)/);
  });

  it('a hotel search reads its candidates by the city index, their rooms, rates and nights by product (one batch), and its page by id', async () => {
    const { db, sent } = recorder();
    await searchCandidates(db, filter, 'rating');
    await searchCandidates(db, { orgId: 1, type: 'HLT' }, 'price', { latitude: 40.4, longitude: -3.7, radiusKm: 50 });
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    await inventoryFor(db, ids, '2030-01-01', '2030-01-03');
    await productsByIds(db, 1, ids.slice(0, 10));
    // Two candidate reads, one batch of five for a thousand hotels' inventory, one read of the page.
    expect(sent).toHaveLength(8);
    const sqlite = migrated();
    expect(plan(sqlite, sent[0]!)).toMatch(/products_by_org_type_city \(org_id=\? AND type=\? AND city>\? AND city<\?\)/);
    expect(plan(sqlite, sent[1]!)).toMatch(/products_by_org_type_lat \(org_id=\? AND type=\? AND latitude>\? AND latitude<\?\)/);
    expect(plan(sqlite, sent[2]!)).toMatch(/room_types/);
    // The ranges of each product ending on or after check-in (rooms', then rates'), and the nights with rooms sold.
    expect(plan(sqlite, sent[4]!)).toMatch(/room_ranges USING INDEX room_ranges_by_product \(product_id=\? AND to_night>\?\)/);
    expect(plan(sqlite, sent[5]!)).toMatch(/room_nights USING (PRIMARY KEY|INDEX room_nights_by_product) \((room_id=\? AND night>\? AND night<\?|product_id=\? AND night>\? AND night<\?)\)/);
    expect(plan(sqlite, sent[6]!)).toMatch(/rate_ranges USING INDEX rate_ranges_by_product \(product_id=\? AND to_night>\?\)/);
    expect(plan(sqlite, sent[7]!)).toMatch(/SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    for (const s of sent) expect(plan(sqlite, s)).not.toMatch(/SCAN (products|rate_ranges|room_ranges|room_nights)\b/);
  });

  it('the search reads what it keeps of its candidates in one statement: rooms, plans, ranges and rooms sold to come, by product', () => {
    const { db } = recorder();
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const read = plan(migrated(), ariToPriceStatement(db, ids, '2030-01-01') as unknown as { sql: string; binds: unknown[] });
    expect(read).toMatch(/SEARCH room_types USING (COVERING )?INDEX sqlite_autoindex_room_types_1 \(product_id=\?\)/);
    expect(read).toMatch(/SEARCH rp USING (COVERING )?INDEX sqlite_autoindex_rate_plans_1 \(product_id=\?\)/);
    expect(read).toMatch(/SEARCH room_ranges USING INDEX room_ranges_by_product \(product_id=\? AND to_night>\?\)/);
    expect(read).toMatch(/SEARCH rate_ranges USING INDEX rate_ranges_by_product \(product_id=\? AND to_night>\?\)/);
    expect(read).toMatch(/SEARCH room_nights USING INDEX room_nights_by_product \(product_id=\? AND night>\?\)/);
    expect(read).not.toMatch(/SCAN (products|rate_ranges|room_ranges|room_nights|room_types|rate_plans)\b/);
  });

  it('a search by coordinates reads a latitude range of the org, type and latitude index', async () => {
    const { db, sent } = recorder();
    await productsNear(db, { orgId: 1, type: 'RST' }, 40.4, -3.7, 50);
    expect(plan(migrated(), sent[0]!)).toMatch(/products_by_org_type_lat \(org_id=\? AND type=\? AND latitude>\? AND latitude<\?\)/);
  });

  it('the destination suggestions read a city range of the same index for each type', async () => {
    const { db, sent } = recorder();
    await productCities(db, 1, ['HLT', 'RST'], 'Par');
    expect(plan(migrated(), sent[0]!)).toMatch(/products_by_org_type_city \(org_id=\? AND type=\? AND city>\? AND city<\?\)/);
  });

  it('suggestions by a translated name read a range of the translations’ city index; a search looks its city up by both indexes (decision 0049)', async () => {
    const { db, sent } = recorder();
    await productCities(db, 1, ['HLT', 'RST'], 'Londr', 'fr-FR');
    expect(sent).toHaveLength(2);
    const sqlite = migrated();
    expect(plan(sqlite, sent[0]!)).toMatch(/products_by_org_type_city \(org_id=\? AND type=\? AND city>\? AND city<\?\)/);
    expect(plan(sqlite, sent[1]!)).toMatch(/product_texts_by_city \(org_id=\? AND lang=\? AND city>\? AND city<\?\)/);
    const named = recorder();
    await cityNamed(named.db, 1, 'HLT', 'Lisbonne', 'fr-FR');
    const lookup = plan(sqlite, named.sent[0]!);
    expect(lookup).toMatch(/products_by_org_type_city \(org_id=\? AND type=\? AND city=\?\)/);
    expect(lookup).toMatch(/product_texts_by_city \(org_id=\? AND lang=\? AND city=\?\)/);
  });

  it('the city range matches exactly the cities the case-insensitive prefix match did', async () => {
    const sqlite = migrated();
    sqlite.exec("INSERT INTO orgs (id, name) VALUES (1, 'o') ON CONFLICT DO NOTHING");
    const cities = ['Paris', 'paris', 'PARIS-Orly', 'Parma', 'Pa', 'Lisbon', 'París', 'Zürich', 'zürich', 'ZÜRICH', 'Par'];
    const insert = sqlite.prepare("INSERT INTO products (org_id, type, name, city, country, latitude, longitude, price_usd_minor, price_unit) VALUES (1, 'HLT', ?, ?, 'X', 0, 0, 100, 'night')");
    cities.forEach((city, i) => insert.run(`P${i}`, city));
    for (const asked of ['par', 'PAR', 'Paris', 'pa', 'z', 'Zü', 'zÜ', 'Lisbon', 'x', 'Parí']) {
      const { db, sent } = recorder();
      await searchProducts(db, { orgId: 1, type: 'HLT', city: asked }, 'name', 100, 0);
      const now = (sqlite.prepare(sent[0]!.sql).all(...(sent[0]!.binds as never[])) as { city: string }[]).map((r) => r.city).sort();
      const before = (sqlite.prepare("SELECT city FROM products WHERE org_id = 1 AND (city = ? COLLATE NOCASE OR instr(lower(city), lower(?)) = 1)").all(asked, asked) as { city: string }[])
        .map((r) => r.city)
        .sort();
      expect(now, asked).toEqual(before);
    }
  });
});
