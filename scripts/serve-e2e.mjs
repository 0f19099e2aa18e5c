// The server Playwright tests run against: the built Worker on a fresh copy of the migrated and seeded local D1.
import { writeFileSync } from 'node:fs';
import { e2eStateFile, preparedCopy, startServer } from './lib/server.mjs';

const port = Number(process.env.E2E_PORT ?? 8792);
const persistTo = await preparedCopy('e2e');
// Specs that run the admin command (e2e/admin-launch.spec.ts) reach this server's database through this file.
writeFileSync(e2eStateFile(port), JSON.stringify({ persistTo }));
// Searches wait longer for the bed bank than production does (as the integration servers do, tests/integration/
// global-setup.ts): the simulator runs in this same Worker beside the browsers, and a loaded machine must not make a
// search or a home page that is not about a late supplier partial.
const vars = { SUPPLIER_SEARCH_BUDGET_MS: '4000' };
const server = await startServer({ port, persistTo, stdio: 'inherit', detached: false, logLevel: 'warn', vars });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { server.stop(); process.exit(0); });
