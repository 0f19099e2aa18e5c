// A front before the e2e server that sends a page's HTML in two parts, a pause between them, as a slow network or a
// busy phone's parser meets it; everything else passes through whole. Tests use it over real HTTP (decision 0053).
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E_ORIGIN } from '../playwright.config';

export interface SlowFront {
  origin: string;
  close(): Promise<void>;
}

/** HTML documents are cut where `cutAt` first occurs in them and the rest follows `pauseMs` later. */
export async function slowFront(cutAt: string, pauseMs: number): Promise<SlowFront> {
  const upstream = new URL(E2E_ORIGIN);
  const server: Server = createServer((req, res) => {
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' } },
      (answer: IncomingMessage) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          delete headers['content-length'];
          res.writeHead(answer.statusCode ?? 502, headers);
          const cut = String(answer.headers['content-type']).startsWith('text/html') ? body.indexOf(cutAt) : -1;
          if (cut < 0) return void res.end(body);
          res.write(body.subarray(0, cut));
          setTimeout(() => res.end(body.subarray(cut)), pauseMs);
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
