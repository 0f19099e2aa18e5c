// The server Playwright tests run against: the built Worker on a fresh local D1 with the development seed.
import { freshPersistDir, prepareDatabase, startServer } from './lib/server.mjs';

const port = Number(process.env.E2E_PORT ?? 8792);
const persistTo = freshPersistDir('e2e');
await prepareDatabase({ persistTo, quiet: true });
const server = await startServer({ port, persistTo, stdio: 'inherit', detached: false, logLevel: 'warn' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { server.stop(); process.exit(0); });
