// How islands call /api: same-origin JSON, the contract's error shape turned into ApiFailure, optional zod check.
import type { z } from 'zod';

export interface ApiErrorBody {
  status: 'failed';
  error?: { code: string; message: string; key?: string; issues?: { path: string; message: string; key?: string }[]; data?: Record<string, unknown> };
  message?: unknown;
}

export class ApiFailure extends Error {
  constructor(readonly status: number, readonly body: ApiErrorBody | undefined) {
    super(body?.error?.message ?? (typeof body?.message === 'string' ? body.message : `Request failed (${status})`));
  }
}

/** The longest pause a read waits before asking once more after a 503 (seconds). */
const MOST_RETRY_AFTER_S = 2;

export async function api<T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; schema?: z.ZodType<T>; signal?: AbortSignal } = {},
): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const send = () =>
    fetch(path, {
      method,
      credentials: 'same-origin',
      headers: options.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  let res = await send();
  // A read the server could not answer just now (503 with Retry-After: the database was briefly unavailable) is asked
  // once more after the pause it names, at most MOST_RETRY_AFTER_S: the page shows what it asked for, not an error. A
  // write is never sent twice.
  const pause = Number(res.headers.get('retry-after'));
  if (res.status === 503 && method === 'GET' && pause > 0 && pause <= MOST_RETRY_AFTER_S) {
    await new Promise((done) => setTimeout(done, pause * 1000));
    res = await send();
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw new ApiFailure(res.status, data as ApiErrorBody | undefined);
  return options.schema ? options.schema.parse(data) : (data as T);
}
