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

export async function api<T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; schema?: z.ZodType<T>; signal?: AbortSignal } = {},
): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: options.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw new ApiFailure(res.status, data as ApiErrorBody | undefined);
  return options.schema ? options.schema.parse(data) : (data as T);
}
