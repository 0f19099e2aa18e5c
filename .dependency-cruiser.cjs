// The layer rule, checked by `npm run lint:layers` (the first step of `npm test`). Every rule here holds today;
// a new import that breaks one fails the test run. The layers: src/shared is pure and stands alone; the islands,
// stores and pages (src/) never reach into the Worker (functions/); functions/db holds the SQL and needs only
// functions/lib and src/shared; routers never import routers; functions/flows sits below the routers; nothing imports
// in a circle.
/** A layer whose files may import nothing but the named paths (and packages and Node's core modules). */
const importsOnly = (name, comment, from, allowed) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { pathNot: [...allowed, 'node_modules'], dependencyTypesNot: ['core'] },
});
/** A layer whose files never import the named paths. */
const neverImports = (name, comment, from, to) => ({ name, comment, severity: 'error', from: { path: from }, to: { path: to } });

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
    neverImports(
      'routes-not-routes',
      'A router (or the page decorator, functions/pages/) never imports a router: a rule two of them need is a use-case ' +
        'in functions/flows/ (plain values in and out), or a helper in functions/http/.',
      '^functions/(routes|pages)/',
      '^functions/routes/',
    ),
    neverImports(
      'flows-below-routes',
      'Use-cases take plain values, never a request: functions/flows/ imports no router, page decorator or HTTP middleware.',
      '^functions/flows/',
      '^functions/(routes|pages|http)/',
    ),
    importsOnly(
      'shared-stands-alone',
      'src/shared is used by the islands and the API alike: it imports nothing outside itself but packages.',
      '^src/shared/',
      ['^src/shared/'],
    ),
    {
      name: 'browser-code-not-worker',
      comment: 'Islands, stores, pages and layouts (src/) never import the Worker’s code (functions/).',
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
    importsOnly(
      'db-only-lib-shared-db',
      'functions/db (all the SQL) imports only functions/db, functions/lib and src/shared.',
      '^functions/db/',
      ['^functions/(db|lib)/', '^src/shared/'],
    ),
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
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
