// The layer rule, checked by `npm run lint:layers` (scripts/lint-layers.mjs, the first step of `npm test`) over every
// file of functions/ and src/, the .astro pages, layouts and components included (the script shows dependency-cruiser
// their code; run bare, depcruise would skip their imports). A new import that breaks a rule fails the test run.
//
// The Worker (functions/), from the top:
//   worker.ts, app.ts        the entry: mounts everything
//   routes/                  the routers: -> flows, http, db, src/shared (never another router)
//   dev/                     development-only routes and simulators, mounted by app.ts alone: never a router
//   pages/                   the page decorator: -> flows, http, auth, cache, db, lib, src/shared (never a router)
//   flows/ (and services/)   use-cases, plain values in and out: -> cache, db, outside, auth, lib, src/shared
//   http/                    request plumbing (with security.ts) and what a request gives the flows (its
//                            session, cookies, mailer): -> auth, cache, db, lib, outside, src/shared
//   auth/, outside/          sessions and accounts; the outside world: -> db, lib, outside, src/shared (outside: cache too)
//   cache/                   the reads kept per isolate and at the edge, beside the reads they wrap: -> db, lib, src/shared
//   db/                      all the SQL and row mapping, no cache: -> lib, src/shared (never lib/edge-cache)
//   lib/                     crypto, cookies, the edge cache's primitives, written once: -> src/shared
//   env.ts, errors.ts, log.ts  the bindings, the contract's error type, the log line: read by every layer above db
// The browser's side (src/): islands, stores and directives never reach the Worker nor the .astro side; src/shared
// stands alone, used by both; the Worker reads nothing of src/ but src/shared. Nothing imports in a circle.

/** The Worker's base files, which every layer above functions/db may import. */
const CORE = '^functions/(env|errors|log)\\.ts$';
/** The request plumbing: functions/http/ and the guards and validation beside the entry. */
const HTTP = '^functions/(http/|security\\.ts$)';
const SHARED = '^src/shared/';
/** The edge cache's primitives (the Workers Cache API): used by functions/cache/ and above, never by functions/db/. */
const EDGE_CACHE = '^functions/lib/edge-cache\\.ts$';

/** A layer whose files may import nothing but the named paths (and packages and Node's core modules). */
const importsOnly = (name, comment, from, allowed, fromNot) => ({
  name,
  comment,
  severity: 'error',
  from: fromNot ? { path: from, pathNot: fromNot } : { path: from },
  to: { pathNot: [...allowed, 'node_modules'], dependencyTypesNot: ['core'] },
});
/** A layer whose files never import the named paths. */
const neverImports = (name, comment, from, to, fromNot) => ({
  name,
  comment,
  severity: 'error',
  from: fromNot ? { path: from, pathNot: fromNot } : { path: from },
  to: { path: to },
});

/**
 * Files that break a rule today and are being reworked elsewhere (issue 30, the routers' rework of decision 0054):
 * excepted by name, each with the imports that break it, until that work lands; then its name goes. A file not named
 * here holds the rule now, and so does a new one.
 */
const KNOWN = {
  // Routers that reach past flows and http into auth/, lib/ and outside/ (as `^functions/routes/<name>\\.ts$`): none now.
  routes: [],
  auth: [],
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles (type-only imports count: they couple the files all the same).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },

    // The browser's side and the Worker keep apart; src/shared is what they have in common.
    importsOnly(
      'shared-stands-alone',
      'src/shared is used by the islands and the API alike: it imports nothing outside itself but packages.',
      SHARED,
      [SHARED],
    ),
    {
      name: 'worker-not-island-code',
      comment:
        'The Worker (functions/) never imports island code: of src/ it reads only src/shared (no islands, stores, pages, ' +
        'layouts, components, directives or styles). A renderer the edge and an island both use lives in src/shared/render/.',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^src/', pathNot: SHARED },
    },
    {
      name: 'browser-code-not-worker',
      comment: 'Islands, stores, pages, layouts, components and directives (src/) never import the Worker’s code (functions/).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/stores/api\\.ts$' },
      to: { path: '^functions/' },
    },
    {
      name: 'typed-client-types-only',
      comment: 'The typed client (src/stores/api.ts) reads the routes’ types from functions/app.ts, as types only: no code of the Worker reaches the browser.',
      severity: 'error',
      from: { path: '^src/stores/api\\.ts$' },
      to: { path: '^functions/', pathNot: '^functions/app\\.ts$' },
    },
    {
      name: 'typed-client-no-worker-code',
      comment: 'The typed client imports functions/app.ts with `import type` only.',
      severity: 'error',
      from: { path: '^src/stores/api\\.ts$' },
      to: { path: '^functions/app\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    neverImports(
      'islands-not-astro',
      'Islands, stores and client directives are the code the pages hydrate: they never import the .astro side ' +
        '(src/pages, src/layouts, src/components), and stores never import islands (islands useStore() and call actions).',
      '^src/(islands|stores|directives)/',
      '^src/(pages|layouts|components)/',
    ),
    neverImports(
      'stores-not-islands',
      'Stores hold the state and the actions that change it; islands render it: a store never imports an island.',
      '^src/stores/',
      '^src/islands/',
    ),

    // The Worker's layers.
    neverImports(
      'routes-not-routes',
      'A router (or the page decorator, functions/pages/, or a development route in functions/dev/) never imports a ' +
        'router: a rule two of them need is a use-case in functions/flows/ (plain values in and out), or a helper in functions/http/.',
      '^functions/(routes|pages|dev)/',
      '^functions/routes/',
    ),
    importsOnly(
      'routes-above-flows',
      'A router validates, hands plain values to a flow and replies: it imports flows, http, cache, db and src/shared (and the ' +
        'Worker’s base files), never auth/, lib/ or outside/ directly (a flow or functions/http/ wraps them).',
      '^functions/routes/',
      ['^functions/(routes|flows|services|cache|db)/', HTTP, CORE, SHARED],
      KNOWN.routes,
    ),
    neverImports(
      'dev-only-from-the-entry',
      'Development-only routes and simulators (functions/dev/) are mounted by functions/app.ts alone: no production ' +
        'code imports them.',
      '^functions/',
      '^functions/dev/',
      '^functions/(app\\.ts$|dev/)',
    ),
    importsOnly(
      'pages-decorator-layer',
      'The page decorator (functions/pages/) reads flows, http, auth, cache, db, lib and src/shared, as a router would.',
      '^functions/pages/',
      ['^functions/(pages|flows|services|auth|cache|db|lib)/', HTTP, CORE, SHARED],
    ),
    importsOnly(
      'flows-below-routes',
      'Use-cases take plain values, never a request: functions/flows/ (and functions/services/, the use-cases not yet ' +
        'moved there) import cache, db, outside, auth, lib and src/shared, never a router, the page decorator or functions/http/.',
      '^functions/(flows|services)/',
      ['^functions/(flows|services|cache|db|outside|auth|lib)/', CORE, SHARED],
    ),
    importsOnly(
      'http-plumbing',
      'The request plumbing (functions/http/, security.ts) sits below the routers and the pages: it reads ' +
        'auth, cache, db, lib, outside (to build the mailer a flow is given) and src/shared, never a router, a flow or the page decorator.',
      HTTP,
      ['^functions/(http|auth|cache|db|lib|outside)/', HTTP, CORE, SHARED],
    ),
    importsOnly(
      'auth-below-flows',
      'Sessions and accounts (functions/auth/) sit below the flows: they read db, lib, outside and src/shared, never ' +
        'a router, a flow, the page decorator or functions/http/.',
      '^functions/auth/',
      ['^functions/(auth|db|lib|outside)/', CORE, SHARED],
      KNOWN.auth,
    ),
    importsOnly(
      'outside-below-flows',
      'The outside world (functions/outside/) is called by flows, never calls back: it reads cache, db, lib and src/shared, ' +
        'never a router, a flow, the page decorator or functions/http/ (the rates refresh writes through functions/cache/rates.ts).',
      '^functions/outside/',
      ['^functions/(outside|cache|db|lib)/', CORE, SHARED],
    ),
    importsOnly(
      'cache-beside-the-reads',
      'functions/cache (the reads kept per isolate and at the edge, decision 0056) wraps the SQL it keeps: it imports ' +
        'only functions/cache, functions/db, functions/lib and src/shared, and every layer above db may import it.',
      '^functions/cache/',
      ['^functions/(cache|db|lib)/', SHARED],
    ),
    importsOnly(
      'db-only-lib-shared-db',
      'functions/db (all the SQL) imports only functions/db, functions/lib and src/shared.',
      '^functions/db/',
      ['^functions/(db|lib)/', SHARED],
    ),
    neverImports(
      'db-keeps-no-cache',
      'functions/db holds SQL and row mapping only: it never talks to the edge cache (functions/lib/edge-cache.ts); a read ' +
        'kept per isolate or at the edge lives in functions/cache/, beside the read it wraps (decision 0056).',
      '^functions/db/',
      EDGE_CACHE,
    ),
    importsOnly(
      'lib-written-once',
      'functions/lib (crypto, cookies, the edge cache’s primitives, written once) imports only itself and src/shared.',
      '^functions/lib/',
      ['^functions/lib/', SHARED],
    ),
    {
      name: 'core-files-stand-low',
      comment:
        'The Worker’s base files (env.ts, errors.ts, log.ts) import each other and src/shared, and of the layers only ' +
        'types (the session user and the org row the request context carries).',
      severity: 'error',
      from: { path: CORE },
      to: { pathNot: [CORE, SHARED, 'node_modules'], dependencyTypesNot: ['core', 'type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.builds|\\.astro|\\.wrangler)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
