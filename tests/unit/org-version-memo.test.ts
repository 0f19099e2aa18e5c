// The org's version as an isolate reads it (functions/cache/org-version.ts): read from the edge about once a second, a
// change told through the isolate seen by its next request, and a read that began before a change never kept after it.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { readerKeepsVersion, tellEdge, versionAtEdge, VERSION_MEMO_MS } from '../../functions/cache/org-version';

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

it('a reader that read D1 before a change and puts its value after the writer did leaves the new version at the edge', async () => {
  const org = 9_004;
  let inD1 = 7;
  // The reader read 7 from D1; meanwhile an admin's change moves D1 to 8 and tells the edge.
  inD1 = 8;
  await tellEdge(org, inD1);
  // The reader's late put: it must not leave 7 at the edge (before, it did for a minute).
  await readerKeepsVersion(org, 7, async () => inD1);
  vi.setSystemTime(Date.now() + VERSION_MEMO_MS);
  expect(await versionAtEdge(org)).toBe(8);
});

it('a reader whose put lands between the change in D1 and the writer’s put reads D1 again and puts the new version', async () => {
  const org = 9_005;
  let inD1 = 3;
  // Nothing at the edge yet; the reader read 3, then D1 moves to 4 before the reader's put and the writer has not put 4 yet.
  await readerKeepsVersion(org, 3, async () => {
    const seen = inD1;
    inD1 = 4;
    return seen === 3 ? 4 : inD1;
  });
  vi.setSystemTime(Date.now() + VERSION_MEMO_MS);
  expect(await versionAtEdge(org)).toBe(4);
});

it('a reader keeps the version it read when nothing moved, with one read of D1 after its put', async () => {
  const org = 9_006;
  let reads = 0;
  await readerKeepsVersion(org, 12, async () => (reads++, 12));
  expect(reads).toBe(1);
  vi.setSystemTime(Date.now() + VERSION_MEMO_MS);
  expect(await versionAtEdge(org)).toBe(12);
});
