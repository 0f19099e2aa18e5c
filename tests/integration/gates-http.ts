// HTTP to the gates' own Worker, as helpers.ts's call() does for the shared one: any Host (the org), raw bodies, any headers.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent, request as httpRequest } from 'node:http';
import type { CallOptions, Reply } from './helpers';

let origin = '';
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

const scoped = new AsyncLocalStorage<string>();

/** Points call() at a gate server. */
export function useGate(o: string) {
  origin = o;
}

/** Runs `work` with call() pointed at `o` (for several gate servers at once; the default stays as it is). */
export function inGate<T>(o: string, work: () => Promise<T>): Promise<T> {
  return scoped.run(o, work);
}

/** `path` goes on the wire as given (no URL normalisation), so odd segments reach the Worker unchanged. */
export function call(path: string, opts: CallOptions = {}): Promise<Reply> {
  const base = scoped.getStore() ?? origin;
  if (!base) throw new Error('useGate(origin) first');
  const url = new URL(base);
  const method = opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? 'POST' : 'GET');
  const payload = opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
  const headers: Record<string, string> = {
    host: `${opts.host ?? 'localhost'}:${url.port}`,
    ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
    ...opts.headers,
  };
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: '127.0.0.1', port: url.port, path, method, headers, agent }, (res) => {
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
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, cookies: res.headers['set-cookie'] ?? [] });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
