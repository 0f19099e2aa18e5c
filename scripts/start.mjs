// npm start: build, apply migrations and the development seed to local D1, and serve everything on PORT (8787).
import { build, prepareDatabase, startServer } from './lib/server.mjs';

const port = Number(process.env.PORT ?? 8787);
build();
await prepareDatabase();
const server = await startServer({ port });
console.log(`\nTravel Club is running: http://localhost:${port}  (Acme Travel: http://acme.localhost:${port})\n`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { server.stop(); process.exit(0); });
