// One structured log line per event, tagged with the request id that the answer carries in X-Request-Id.
import type { Context } from 'hono';
import type { AppEnv } from './env';

type Level = 'info' | 'warn' | 'error';

/** Writes `{ level, event, requestId, path, ...fields }` as one JSON line (warn and error go to stderr). */
export function logEvent(c: Context<AppEnv>, level: Level, event: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, event, requestId: c.get('requestId'), path: c.req.path, ...fields });
  if (level === 'info') console.log(line);
  else console.error(line);
}

/** A request's log line as a plain function, for the code below the handlers that never takes a Context. */
export type Log = (level: Level, event: string, fields?: Record<string, unknown>) => void;

export const requestLog = (c: Context<AppEnv>): Log => (level, event, fields) => logEvent(c, level, event, fields);

/** An error's message without its stack, for a log field. */
export const reason = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));
