// Unit tests of src/shared run in Node; integration tests run against the built Worker under wrangler dev with real local D1.
// The fuzz gate is a project of its own: it starts its own Workers, and `npm test` runs it in a second vitest beside
// the other projects (scripts/side-by-side.mjs), so its hundred thousand requests overlap the integration files
// (which wait on the network far more than they compute) instead of following them.
import { defineConfig } from 'vitest/config';

const server = { testTimeout: 30_000, hookTimeout: 60_000, fileParallelism: false } as const;

export default defineConfig({
  test: {
    projects: [
      // Property tests run thousands of cases: on a busy machine 5 s is not enough, and they wait on nothing but the CPU.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/fuzz.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          ...server,
        },
      },
      { test: { name: 'fuzz', include: ['tests/integration/fuzz.test.ts'], ...server } },
    ],
  },
});
