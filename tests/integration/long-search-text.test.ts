// Search texts as long as the schemas allow never reach a 500: D1 refuses LIKE patterns over 50 bytes, so the
// client, city and destination searches must match long texts another way (found searching a client by a full email).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, Client } from './helpers';
import { AGENT, newClient, signIn } from './agent-helpers';

let agent: Client;
beforeAll(async () => {
  agent = await signIn(AGENT);
});

describe('long search texts', () => {
  it('an agent finds a client by a 60-character email, and only that client', async () => {
    const email = `long-search-${crypto.randomUUID()}-x@example.com`;
    expect(email.length).toBeGreaterThan(50);
    const made = await newClient(agent, { email });
    await newClient(agent);
    const r = await agent.call(`/api/agent/clients?q=${encodeURIComponent(email)}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.map((c: { client_id: number }) => c.client_id)).toEqual([made.client_id]);
    expect(r.json.count).toBe(1);
    const upper = await agent.call(`/api/agent/clients?q=${encodeURIComponent(email.toUpperCase())}`);
    expect(upper.json.count).toBe(1);
  });

  it('a client search of 80 characters (the limit) answers an empty page, not a 500', async () => {
    const r = await agent.call(`/api/agent/clients?q=${'%_'.repeat(40)}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ count: 0, data: [] });
  });

  it('a name search still matches the start of a first or last name or of the full name, in any case', async () => {
    const last = `Zed${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
    const made = await newClient(agent, { first_name: 'Ottilie', last_name: last });
    for (const q of [last.toLowerCase(), `ottilie ${last.slice(0, 5)}`, last.slice(0, 6).toUpperCase()]) {
      const r = await agent.call(`/api/agent/clients?q=${encodeURIComponent(q)}`);
      expect(r.json.data.map((c: { client_id: number }) => c.client_id), q).toContain(made.client_id);
    }
    const middle = await agent.call(`/api/agent/clients?q=${encodeURIComponent(last.slice(2))}`);
    expect(middle.json.data.map((c: { client_id: number }) => c.client_id)).not.toContain(made.client_id);
  });

  it('a product search takes a city of 80 characters, the destination list one of 60 (their limits), with 200 and no results', async () => {
    const city = 'Lisbon'.padEnd(80, 'x');
    const search = await call(`/api/products/search?type=HLT&city=${encodeURIComponent(city)}`);
    expect(search.status, search.text).toBe(200);
    expect(search.json.count).toBe(0);
    const cities = await call(`/api/products/cities?q=${encodeURIComponent(city.slice(0, 60))}`);
    expect(cities.status, cities.text).toBe(200);
    expect(cities.json.data).toEqual([]);
  });

  it('a city prefix still finds its city, in any case, and wildcards are plain text', async () => {
    const search = await call('/api/products/search?type=HLT&city=lisb');
    expect(search.json.count).toBeGreaterThan(0);
    for (const p of search.json.data) expect(p.city).toBe('Lisbon');
    expect((await call('/api/products/search?type=HLT&city=%25')).json.count).toBe(0);
    const cities = await call('/api/products/cities?q=LIS');
    expect(cities.json.data.map((c: { city: string }) => c.city)).toContain('Lisbon');
    expect((await call('/api/products/cities?q=_')).json.data).toEqual([]);
  });
});
