// The org's version as an isolate reads it (functions/cache/org-version.ts): read from the edge about once a second, a
// change told through the isolate seen by its next request, and a read that began before a change never kept after it.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { tellEdge, versionAtEdge, VERSION_MEMO_MS } from '../../functions/cache/org-version';

/** The Cache API as the edge has it, counting reads; a read may be held until `release()`. */
function fakeEdge() {
  const entries = new Map<string, string>();
  let hold: Promise<void> | null = null;
  const edge = {
    reads: 0,
    holdReads() {
      let release!: () => void;
      hold = new Promise((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
    default: {
      async match(req: Request) {
        edge.reads++;
        const body = entries.get(req.url);
        if (hold) await hold;
        return body === undefined ? undefined : new Response(body);
      },
      async put(req: Request, res: Response) {
        entries.set(req.url, await res.text());
      },
      async delete(req: Request) {
        return entries.delete(req.url);
      },
    },
  };
  return edge;
}

let edge: ReturnType<typeof fakeEdge>;
beforeEach(() => {
  edge = fakeEdge();
  vi.stubGlobal('caches', edge);
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('reads the edge once a moment, and a change told through the isolate at once', async () => {
  const org = 9_001;
  await tellEdge(org, 4);
  expect(await versionAtEdge(org)).toBe(4);
  expect(await versionAtEdge(org)).toBe(4);
  expect(await versionAtEdge(org)).toBe(4);
  expect(edge.reads).toBe(1);
  await tellEdge(org, 5);
  expect(await versionAtEdge(org)).toBe(5);
  expect(edge.reads).toBe(2);
  vi.setSystemTime(Date.now() + VERSION_MEMO_MS);
  expect(await versionAtEdge(org)).toBe(5);
  expect(edge.reads).toBe(3);
});

it('does not keep a version read before a change that ended after it', async () => {
  const org = 9_002;
  await tellEdge(org, 1);
  const release = edge.holdReads();
  const early = versionAtEdge(org);
  await tellEdge(org, 2);
  release();
  expect(await early).toBe(1);
  expect(await versionAtEdge(org)).toBe(2);
});
