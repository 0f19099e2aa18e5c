// Work kept off the way to a reply (docs/decisions/0071-supplier-search-merge.md): the isolate has one thread, and what
// runs on it as the reply is being written (a kept answer's JSON and its Cache API put) delays the reply's bytes.

/** How long such work waits: longer than writing a reply takes, short enough that what it keeps serves the next request. */
export const AFTER_REPLY_MS = 25;

/** Runs `work` once the reply has had time to leave: hand the promise to waitUntil. */
export function afterReply<T>(work: () => Promise<T>): Promise<T> {
  return new Promise((next) => setTimeout(next, AFTER_REPLY_MS)).then(work);
}
