// HTTP to the gates' own Worker, as helpers.ts's call() does for the shared one: any Host (the org), raw bodies, any headers.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent } from 'node:http';
import { sendTo, type CallOptions, type Reply } from './helpers';

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
  return sendTo(new URL(base).port, path, opts, agent);
}
