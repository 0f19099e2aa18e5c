// Every statement that moves an org's version in D1 is told to the edge (docs/decisions/0025-edge-cache.md): pages,
// org rows and a search's kept places are keyed by the version the edge holds, and a move it never hears of is passed
// over only when its entry ages out (a writer's lives a day). A console write is told by the console's middleware
// (functions/app.ts, `publishOrgVersionIfMoved`); anything else that moves it (a channel manager's push, the import's
// photo step) tells it itself. A new module moving the version fails here until it says which.
import { describe, expect, it } from 'vitest';
import { sourceOf, workerFiles } from './worker-files';

const MOVES = /version\s*=\s*version\s*\+\s*1/;
const CONSOLE = 'the console’s middleware (functions/app.ts)';

/** Each module that moves the version, and who tells the edge: the console's middleware, or a flow that calls a publisher. */
const TOLD: Record<string, { by: typeof CONSOLE } | { by: string; call: RegExp }> = {
  'functions/db/console.ts': { by: CONSOLE },
  'functions/db/domains.ts': { by: CONSOLE },
  'functions/db/labels.ts': { by: CONSOLE },
  'functions/db/orgs.ts': { by: CONSOLE }, // the logo's write; incrementOrgVersion is bumpOrgVersion's, which tells the edge
  'functions/db/photos.ts': { by: CONSOLE },
  'functions/db/rooms.ts': { by: CONSOLE },
  'functions/db/supplier-hotels.ts': { by: CONSOLE },
  'functions/db/suppliers.ts': { by: CONSOLE },
  'functions/db/channel.ts': { by: 'functions/flows/channel.ts', call: /await publishOrgVersion\(/ },
  'functions/db/supplier-photos.ts': { by: 'functions/flows/supplier-photos.ts', call: /await publishOrgVersionIfBehind\(/ },
};

describe('a move of the org’s version reaches the edge', () => {
  it('every module that moves it is one whose teller is known', () => {
    const movers = workerFiles().filter((f) => MOVES.test(sourceOf(f)));
    expect(movers.filter((f) => !(f in TOLD)), 'say in TOLD who tells the edge (a job: publishOrgVersionIfBehind, functions/cache/orgs.ts)').toEqual([]);
    expect(Object.keys(TOLD).filter((f) => !movers.includes(f)), 'these no longer move it: drop them from TOLD').toEqual([]);
  });

  it('a flow named as the teller calls its publisher', () => {
    for (const told of Object.values(TOLD)) {
      if (!('call' in told)) continue;
      expect(sourceOf(told.by), told.by).toMatch(told.call);
    }
  });

  it('the console’s middleware tells the edge after every write that moved it', () => {
    const app = sourceOf('functions/app.ts');
    expect(app).toMatch(/api\.use\('\/admin\/\*'[\s\S]{0,300}publishOrgVersionIfMoved\(/);
  });
});
