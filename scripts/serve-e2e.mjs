// The server Playwright tests run against: the built Worker on a fresh copy of the migrated and seeded local D1.
import { writeFileSync } from 'node:fs';
import { e2eStateFile, preparedCopy, startServer } from './lib/server.mjs';

const port = Number(process.env.E2E_PORT ?? 8792);
const persistTo = await preparedCopy('e2e');
// Specs that run the admin command (e2e/admin-launch.spec.ts) reach this server's database through this file.
writeFileSync(e2eStateFile(port), JSON.stringify({ persistTo }));
const server = await startServer({ port, persistTo, stdio: 'inherit', detached: false, logLevel: 'warn' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { server.stop(); process.exit(0); });
