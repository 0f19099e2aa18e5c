// Serves the built Worker with Miniflare directly (the runtime `wrangler dev` runs inside), without wrangler dev's
// proxy: that proxy is a second workerd whose one Durable Object every request passes through, which halved the
// throughput on this machine and dropped requests under load ("Network connection lost"). Decision 0037.
// Usage: node scripts/lib/worker-host.mjs --port 8787 --persist-to <dir> [--var KEY:VALUE]... [--log warn|info]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    ip: { type: 'string', default: '127.0.0.1' },
    'persist-to': { type: 'string' },
    'server-dir': { type: 'string' },
    var: { type: 'string', multiple: true, default: [] },
    log: { type: 'string', default: 'info' },
  },
});

const serverDir = values['server-dir'];
const { workerOptions, main } = unstable_getMiniflareWorkerOptions(join(serverDir, 'wrangler.json'));
// The build is not bundled (no_bundle): every module of the server folder is given to the runtime as wrangler would,
// by the rules of the generated config (ES modules, text, data, WebAssembly).
const { modulesRules: _rules, rootPath, ...bindingsAndMore } = workerOptions;
const typeOf = (file) =>
  /\.m?js$/.test(file) ? 'ESModule' : /\.(txt|html|sql)$/.test(file) ? 'Text' : /\.bin$/.test(file) ? 'Data' : /\.wasm$/.test(file) ? 'CompiledWasm' : null;
const files = readdirSync(serverDir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && typeOf(e.name) && !e.parentPath.includes(`${serverDir}/.`))
  .map((e) => join(e.parentPath, e.name))
  .filter((f) => f !== main);
const modules = [main, ...files].map((path) => ({ type: typeOf(path), path, contents: readFileSync(path) }));

const vars = Object.fromEntries(values.var.map((v) => [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)]));
const info = values.log === 'info';

const mf = new Miniflare(
  convertV4MiniflareOptions({
    log: new Log(info ? LogLevel.INFO : LogLevel.WARN),
    logRequests: info,
    host: values.ip,
    port: Number(values.port),
    rootPath,
    resourcePersistencePath: join(values['persist-to'], 'v3'),
    // `/cdn-cgi/local/scheduled?cron=…` runs the cron handler, as wrangler dev's --test-scheduled does.
    unsafeTriggerHandlers: true,
    // No request to Cloudflare for the `request.cf` data: the runtime's placeholder (offline machines).
    cf: false,
    workers: [
      {
        ...bindingsAndMore,
        name: 'travel-club',
        modulesRoot: serverDir,
        modules,
        bindings: { ...bindingsAndMore.bindings, ...vars },
      },
    ],
  }),
);

const url = await mf.ready;
console.log(`Ready on ${url}`);
const stop = async () => {
  await mf.dispose().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
