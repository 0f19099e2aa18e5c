// Unit tests of src/shared run in Node; integration tests run against the built Worker (scripts/lib/worker-host.mjs) with
// real local D1.
// The fuzz gate is a project of its own: it starts its own Workers, and `npm test` runs it in a second vitest beside
// the other projects (scripts/side-by-side.mjs), so its hundred thousand requests overlap the integration files
// (which wait on the network far more than they compute) instead of following them.
import { defineConfig } from 'vitest/config';

/**
 * The integration files run one after another in one worker that keeps its modules (`isolate: false`): each of them
 * imports the app's declarations (tests/integration/declared-replies.ts checks every reply against them), and a fresh
 * module graph per file cost seconds a file. They talk to the server over HTTP and mock nothing, so sharing the graph
 * shares nothing a test could change.
 */
const server = { testTimeout: 30_000, hookTimeout: 60_000, fileParallelism: false, isolate: false } as const;

/**
 * The integration files run one after another against one server, so they are split into two lanes, each with its own
 * server and database (tests/integration/global-setup.ts), that `npm test` runs side by side. The second lane holds the
 * files that mostly wait (on timeouts of failing providers, rate-limit windows, mail and webhook deliveries): about half
 * of the wall time each, measured per file in a CI run.
 */
const SECOND_LANE = [
  'faults', 'security', 'links', 'agent', 'agent-admin', 'photos', 'rate-limits', 'admin-create-org',
].map((name) => `tests/integration/${name}.test.ts`);

export default defineConfig({
  test: {
    projects: [
      // Property tests run thousands of cases: on a busy machine 5 s is not enough, and they wait on nothing but the CPU.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/fuzz.test.ts', ...SECOND_LANE],
          globalSetup: ['tests/integration/global-setup.ts'],
          ...server,
        },
      },
      { test: { name: 'integration-2', include: SECOND_LANE, globalSetup: ['tests/integration/global-setup.ts'], ...server } },
      { test: { name: 'fuzz', include: ['tests/integration/fuzz.test.ts'], ...server } },
    ],
  },
});
