// One structured log line per event, tagged with the request id that the answer carries in X-Request-Id.
import type { Context } from 'hono';
import type { AppEnv } from './env';

type Level = 'info' | 'warn' | 'error';

/** A request's log line as a plain function, for the code below the handlers that never takes a Context. */
export type Log = (level: Level, event: string, fields?: Record<string, unknown>) => void;

/**
 * Writes `{ level, event, ...context, ...fields }` as one JSON line (warn and error go to stderr): the one writer of log
 * lines, for a request (logEvent) and for what runs without one (a page's dressing, the scheduled jobs).
 */
export const lineLog = (context: Record<string, unknown> = {}): Log => (level, event, fields = {}) => {
  const line = JSON.stringify({ level, event, ...context, ...fields });
  if (level === 'info') console.log(line);
  else console.error(line);
};

/** Writes `{ level, event, requestId, path, ...fields }` as one JSON line (warn and error go to stderr). */
export function logEvent(c: Context<AppEnv>, level: Level, event: string, fields: Record<string, unknown> = {}) {
  lineLog({ requestId: c.get('requestId'), path: c.req.path })(level, event, fields);
}

export const requestLog = (c: Context<AppEnv>): Log => (level, event, fields) => logEvent(c, level, event, fields);

/** An error's message without its stack, for a log field. */
export const reason = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));
