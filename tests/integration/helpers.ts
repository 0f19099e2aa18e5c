// Talking to the Worker under test like a browser or client would: host (org), origin, cookies, JSON.
import { inject } from 'vitest';
import { request as httpRequest, type Agent } from 'node:http';
import { replyDrift } from './declared-replies';

export const baseUrl = () => inject('baseUrl');
export const ACME = 'acme.localhost';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
  cookies: string[];
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** Host name the request claims (selects the org); defaults to localhost. */
  host?: string;
  cookie?: string;
}

/** node:http, not fetch, so the Host header (the org) can be chosen freely. */
export function call(path: string, opts: CallOptions = {}): Promise<Reply> {
  const url = new URL(path, baseUrl());
  return sendTo(url.port, url.pathname + url.search, opts, false);
}

/**
 * One request to the Worker on 127.0.0.1:`port`; `path` goes on the wire as given. Shared by call() here and the
 * gates' call() (tests/integration/gates-http.ts), which keeps its connections alive.
 */
export function sendTo(port: string, path: string, opts: CallOptions, agent: Agent | false, resets = 0): Promise<Reply> {
  const method = opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? 'POST' : 'GET');
  const payload = opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
  const headers: Record<string, string> = {
    host: `${opts.host ?? 'localhost'}:${port}`,
    ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
    ...opts.headers,
  };
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: '127.0.0.1', port, path, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        const status = res.statusCode ?? 0;
        const drift = replyDrift(method, path, status, res.headers['content-type'], json);
        if (drift) reject(new Error(`The reply drifted from its declared schema: ${drift}`));
        else resolve({ status, headers: res.headers, text, json, cookies: res.headers['set-cookie'] ?? [] });
      });
      res.on('error', reject);
    });
    // A kept-alive connection the server closed while it sat idle fails on its next use before the request reaches
    // the Worker: Node's documented remedy is to send it again on a new connection (req.reusedSocket). On a machine
    // loaded far past its two cores, the local runtime also resets an occasional new connection of a burst of 60 before
    // answering it (seen once in a CI run): that one is sent again too, at most twice, since no reply came back.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' && (req.reusedSocket || resets < 2)) sendTo(port, path, opts, agent, req.reusedSocket ? resets : resets + 1).then(resolve, reject);
      else reject(err);
    });
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Keeps cookies between calls, as a browser does for one site. */
export class Client {
  jar = new Map<string, string>();
  constructor(readonly host = 'localhost') {}
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async call(path: string, opts: CallOptions = {}) {
    const reply = await call(path, { host: this.host, cookie: this.cookie || undefined, ...opts });
    for (const c of reply.cookies) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return reply;
  }
}

export const expectErrorShape = (json: any, code: string) => {
  if (json?.status !== 'failed' || json?.error?.code !== code || typeof json?.error?.message !== 'string') {
    throw new Error(`expected the contract's error shape with code ${code}, got ${JSON.stringify(json)}`);
  }
};

/** The cookies a reply sets other than the D1 bookmark (docs/decisions/0025-edge-cache.md), which carries no session. */
export const sessionCookies = (r: Pick<Reply, 'cookies'>) => r.cookies.filter((c) => !c.startsWith('d1bm='));
