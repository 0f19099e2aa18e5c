// The outside world for the fault gate, served from the test process on loopback: Google's keys, Facebook's Graph, the
// savings provider, the rates provider and a mail API, each switchable to answer 500, time out or answer malformed data.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

export type Service = 'google' | 'facebook' | 'savings' | 'rates' | 'mail';
export type Mode = 'ok' | 'fail' | 'timeout' | 'malformed';

/** Longer than every client timeout of the Worker (3 s identity and savings, 5 s rates and mail). */
const HANG_MS = 9_000;

export const RATES = { USD: 1, EUR: 0.9, GBP: 0.8, CAD: 1.35, AUD: 1.5, JPY: 150, INR: 84, MXN: 18 };

export class OutsideWorld {
  url = '';
  readonly modes: Record<Service, Mode> = { google: 'ok', facebook: 'ok', savings: 'ok', rates: 'ok', mail: 'ok' };
  readonly calls: { service: Service; method: string; path: string; at: number }[] = [];
  readonly mails: { to: string; subject: string; text: string }[] = [];
  readonly members = new Map<string, Record<string, unknown>>();
  private server?: Server;
  private key?: { kid: string; privateKey: CryptoKey; jwk: JWK };
  private fbTokens = new Map<string, { id: string; email: string; name: string; appId: string }>();
  private hanging = new Set<ServerResponse>();

  async start(): Promise<this> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    this.key = { kid: 'gate-key-1', privateKey, jwk: { ...(await exportJWK(publicKey)), kid: 'gate-key-1', alg: 'RS256', use: 'sig' } };
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  stop() {
    for (const res of this.hanging) res.destroy();
    this.server?.close();
  }

  set(service: Service, mode: Mode) {
    this.modes[service] = mode;
  }

  reset() {
    for (const s of Object.keys(this.modes) as Service[]) this.modes[s] = 'ok';
  }

  callsTo(service: Service, since = 0) {
    return this.calls.filter((c) => c.service === service && c.at >= since);
  }

  /** The Worker's settings that point every outside service here. */
  vars(): Record<string, string> {
    return {
      GOOGLE_JWKS_URL: `${this.url}/google/jwks`,
      GOOGLE_ISSUER: `${this.url}/google`,
      FACEBOOK_GRAPH_URL: `${this.url}/facebook`,
      SAVINGS_API_URL: `${this.url}/savings`,
      SAVINGS_DIRECTOR_URL: `${this.url}/savings/director`,
      RATES_API_URL: `${this.url}/rates`,
      MAIL_API_URL: `${this.url}/mail`,
      MAIL_API_KEY: 'gate-mail-key',
    };
  }

  async googleToken(email: string, aud: string, name = 'Gail Google', nonce?: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const [given, family] = name.split(' ');
    return new SignJWT({ email, email_verified: true, name, given_name: given, family_name: family, ...(nonce ? { nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: this.key!.kid, typ: 'JWT' })
      .setIssuer(`${this.url}/google`)
      .setAudience(aud)
      .setSubject(`g-${email}`)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(this.key!.privateKey);
  }

  facebookToken(email: string, appId: string, name = 'Fay Facebook'): string {
    const token = `fbgate${crypto.randomUUID().replaceAll('-', '')}`;
    this.fbTokens.set(token, { id: String(10_000_000 + this.fbTokens.size), email, name, appId });
    return token;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const service = url.pathname.split('/')[1] as Service;
    let body = '';
    for await (const chunk of req) body += chunk;
    this.calls.push({ service, method: req.method ?? 'GET', path: url.pathname, at: Date.now() });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/savings/director') return json(200, { cvt: url.searchParams.get('cvt') });
    const mode = this.modes[service] ?? 'ok';
    if (mode === 'fail') return json(500, { error: 'injected failure' });
    if (mode === 'timeout') {
      this.hanging.add(res);
      await new Promise((r) => setTimeout(r, HANG_MS));
      this.hanging.delete(res);
      if (!res.destroyed) json(200, { late: true });
      return;
    }
    if (mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Each service gets a body that parses badly or has the wrong shape.
      return res.end(service === 'google' ? '{"keys":"none"}' : service === 'rates' ? '{"base":"USD","rates":{"EUR":"a lot","GBP":-1}}' : '{"valid_members_count": 1, "data": ');
    }
    switch (service) {
      case 'google':
        return json(200, { keys: [this.key!.jwk] });
      case 'facebook': {
        if (url.pathname.endsWith('/debug_token')) {
          const t = this.fbTokens.get(url.searchParams.get('input_token') ?? '');
          const appId = (url.searchParams.get('access_token') ?? '').split('|')[0];
          if (!t) return json(200, { data: { is_valid: false } });
          return json(200, { data: { app_id: t.appId, is_valid: t.appId === appId, user_id: t.id, expires_at: Math.floor(Date.now() / 1000) + 600 } });
        }
        const t = this.fbTokens.get(url.searchParams.get('access_token') ?? '');
        if (!t) return json(400, { error: { message: 'Invalid OAuth access token.' } });
        return json(200, { id: t.id, name: t.name, email: t.email });
      }
      case 'savings': {
        const member = /\/members\/([^/]+)$/.exec(url.pathname)?.[1];
        if (req.method === 'GET' && member) {
          const found = this.members.get(decodeURIComponent(member));
          return found ? json(200, { member: found }) : json(404, { error: 'no such member' });
        }
        if (req.method === 'POST' && url.pathname.endsWith('/import')) {
          const list = (JSON.parse(body || '{}')?.import?.members ?? []) as Record<string, unknown>[];
          for (const m of list) this.members.set(String(m.member_customer_identifier), m);
          return json(200, [{ valid_members_count: list.length }]);
        }
        return json(404, { error: 'unknown' });
      }
      case 'rates':
        return json(200, { base: 'USD', timestamp: new Date().toISOString(), rates: RATES });
      case 'mail': {
        const mail = JSON.parse(body || '{}');
        this.mails.push({ to: mail.to, subject: mail.subject, text: mail.text });
        return json(200, { id: `mail-${this.mails.length}` });
      }
      default:
        return json(404, { error: 'unknown service' });
    }
  }
}

/**
 * The payment provider for the fault gate: the development Stripe simulator (functions/dev/sim/stripe.ts) served from
 * the test process, since the Worker serves it only in development. Its /control hook makes the next API calls answer
 * 500, hang past the SDK's timeout or answer malformed JSON; its webhooks go to `env.STRIPE_WEBHOOK_URL`.
 */
export class StripeStandIn {
  url = '';
  readonly env: Record<string, string>;
  private server?: Server;

  constructor(secrets: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string }) {
    this.env = { ...secrets, ENVIRONMENT: 'development' };
  }

  async start(): Promise<this> {
    const { stripeSim } = await import('../../functions/dev/sim/stripe');
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const answer = await stripeSim.fetch(new Request(`${this.url}${req.url}`, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }), this.env);
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  /** Webhooks go to the Worker under test once its address is known. */
  deliverTo(origin: string) {
    this.env.SELF_ORIGIN = origin;
    this.env.STRIPE_WEBHOOK_URL = `${origin}/api/payments/webhook`;
  }

  async control(body: Record<string, unknown>) {
    const r = await fetch(`${this.url}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`stripe control answered ${r.status}`);
  }

  /** Every call answers normally again and webhooks go to the Worker. */
  async reset() {
    await fetch(`${this.url}/reset`, { method: 'POST' });
  }

  async pay(sessionId: string) {
    const r = await fetch(`${this.url}/checkout/${sessionId}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ card: '4242424242424242' }) });
    return { status: r.status, json: (await r.json().catch(() => null)) as any };
  }

  async deliveries(): Promise<{ event_id: string; type: string; attempt: number; status: number | null }[]> {
    return ((await (await fetch(`${this.url}/deliveries`)).json()) as any).data;
  }

  stop() {
    this.server?.close();
  }
}

export type HostnameOp = 'create' | 'get' | 'delete';

/**
 * Cloudflare for SaaS custom hostnames for the fault gate (the API's wire shapes, as functions/dev/sim/cloudflare.ts
 * answers them), each operation switchable to answer 500, hang or answer malformed data. A hanging operation has
 * happened at the provider before its answer is lost, as a request that reached Cloudflare would have.
 */
export class CloudflareStandIn {
  url = '';
  readonly modes: Record<HostnameOp, Mode> = { create: 'ok', get: 'ok', delete: 'ok' };
  readonly calls: { op: HostnameOp | 'list'; at: number }[] = [];
  private readonly hostnames = new Map<
    string,
    { id: string; hostname: string; status: 'pending' | 'active'; ownership_verification: { type: 'txt'; name: string; value: string }; ssl: { status: string } }
  >();
  private server?: Server;
  private hanging = new Set<ServerResponse>();

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  stop() {
    for (const res of this.hanging) res.destroy();
    this.server?.close();
  }

  set(op: HostnameOp, mode: Mode) {
    this.modes[op] = mode;
  }

  reset() {
    for (const op of Object.keys(this.modes) as HostnameOp[]) this.modes[op] = 'ok';
  }

  /** The TXT and CNAME records published: the provider's next check finds the ownership and the certificate active. */
  activate(hostname: string) {
    for (const h of this.hostnames.values()) {
      if (h.hostname !== hostname) continue;
      h.status = 'active';
      h.ssl.status = 'active';
    }
  }

  has(hostname: string) {
    return [...this.hostnames.values()].some((h) => h.hostname === hostname);
  }

  callsTo(op: HostnameOp | 'list', since = 0) {
    return this.calls.filter((c) => c.op === op && c.at >= since);
  }

  vars(): Record<string, string> {
    return { CF_API_URL: `${this.url}/client/v4`, CF_ZONE_ID: 'gate-zone' };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', this.url);
    const id = /\/custom_hostnames\/([^/]+)$/.exec(url.pathname)?.[1];
    // The zone's fallback origin (the CNAME target) is read before every add: it answers normally here.
    if (id === 'fallback_origin') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ success: true, errors: [], messages: [], result: { origin: 'customers.gate.example', status: 'active' } }));
    }
    const op: HostnameOp | 'list' = req.method === 'POST' ? 'create' : req.method === 'DELETE' ? 'delete' : id ? 'get' : 'list';
    this.calls.push({ op, at: Date.now() });
    const json = (status: number, value: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const ok = (result: unknown) => json(200, { success: true, errors: [], messages: [], result });
    const failure = (status: number, code: number, message: string) => json(status, { success: false, errors: [{ code, message }], messages: [], result: null });
    const mode = op === 'list' ? 'ok' : this.modes[op];
    if (mode === 'fail') return failure(500, 10001, 'injected failure');
    if (mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(op === 'get' ? '{"success":true,"errors":[],"messages":[],"result":{"id":42}}' : '{"success": true, "result": ');
    }
    let answer: () => void;
    if (op === 'create') {
      const hostname = String(JSON.parse(body || '{}').hostname ?? '').toLowerCase();
      if (this.has(hostname)) return failure(409, 1406, 'Duplicate custom hostname found.');
      const h = {
        id: crypto.randomUUID(), hostname, status: 'pending' as 'pending' | 'active',
        ownership_verification: { type: 'txt' as const, name: `_cf-custom-hostname.${hostname}`, value: crypto.randomUUID() },
        ssl: { status: 'pending_validation' },
      };
      this.hostnames.set(h.id, h);
      answer = () => ok(h);
    } else if (op === 'get') {
      const h = this.hostnames.get(id!);
      answer = () => (h ? ok(h) : failure(404, 1436, 'The custom hostname was not found.'));
    } else if (op === 'delete') {
      const gone = this.hostnames.delete(id!);
      answer = () => (gone ? ok({ id }) : failure(404, 1436, 'The custom hostname was not found.'));
    } else {
      const wanted = [...url.searchParams].find(([k]) => k.startsWith('hostname'))?.[1];
      const found = [...this.hostnames.values()].filter((h) => !wanted || h.hostname === wanted);
      answer = () => json(200, { success: true, errors: [], messages: [], result: found, result_info: { page: 1, per_page: 20, count: found.length, total_count: found.length, total_pages: 1 } });
    }
    if (mode === 'timeout') {
      this.hanging.add(res);
      await new Promise((r) => setTimeout(r, HANG_MS));
      this.hanging.delete(res);
    }
    answer();
  }
}
