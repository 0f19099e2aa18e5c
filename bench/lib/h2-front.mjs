// The edge's protocol in front of the local Worker: HTTP/2 over TLS (a self-signed certificate made with openssl for
// the run), each answer compressed as the edge compresses text. The local runtime serves HTTP/1.1 on loopback, where a
// browser opens at most six connections to an origin and asks for one file at a time on each; Cloudflare serves every
// page over HTTP/2 or 3, where all of a page's files share one connection. Lighthouse's simulated phone models both
// (its connection pool), so a page audited over HTTP/1.1 pays for each of its twenty small files in turns of six that
// no visitor at the edge pays (docs/decisions/0051-heading-in-the-first-paint.md).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Headers that belong to one hop (HTTP/2 forbids the connection ones; the body is re-encoded here). */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'content-length', 'content-encoding']);
const COMPRESSIBLE = /text|javascript|json|css|svg|xml/;

/** Serves `origin` over HTTP/2 with TLS on a free port of 127.0.0.1; the browser must accept the certificate. */
export async function startH2Front(origin) {
  const dir = mkdtempSync(join(tmpdir(), 'h2-front-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
  const upstream = new URL(origin);
  const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true }, async (req, res) => {
    try {
      const headers = {};
      for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':') && !HOP.has(name)) headers[name] = value;
      headers.host = upstream.host;
      const answer = await fetch(new URL(req.url, upstream), { method: req.method, headers, redirect: 'manual' });
      const out = {};
      answer.headers.forEach((value, name) => void (HOP.has(name) || name === 'set-cookie' || (out[name] = value)));
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out['set-cookie'] = cookies;
      let body = Buffer.from(await answer.arrayBuffer());
      if (/gzip/.test(req.headers['accept-encoding'] ?? '') && COMPRESSIBLE.test(out['content-type'] ?? '')) {
        body = gzipSync(body);
        out['content-encoding'] = 'gzip';
      }
      res.writeHead(answer.status, out);
      res.end(body);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(err));
    }
  });
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    origin: `https://localhost:${server.address().port}`,
    close: () =>
      new Promise((closed) => {
        server.close(() => (rmSync(dir, { recursive: true, force: true }), closed()));
        for (const session of sessions) session.destroy();
      }),
  };
}
