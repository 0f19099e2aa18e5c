// The layer rule, checked by `npm run lint:layers` (the first step of `npm test`). Every rule here holds today;
// a new import that breaks one fails the test run. The layers: src/shared is pure and stands alone; the islands,
// stores and pages (src/) never reach into the Worker (functions/); functions/db holds the SQL and needs only
// functions/lib and src/shared; routers never import routers; functions/flows sits below the routers; nothing imports
// in a circle.
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
      name: 'routes-not-routes',
      comment:
        'A router never imports another router: a rule two routers need is a use-case in functions/flows/ (plain values ' +
        'in and out), or a helper in functions/http/.',
      severity: 'error',
      from: { path: '^functions/routes/' },
      to: { path: '^functions/routes/' },
    },
    {
      name: 'pages-not-routes',
      comment: 'The page decorator (functions/pages/) shares rules with the API through functions/flows/, never through a router.',
      severity: 'error',
      from: { path: '^functions/pages/' },
      to: { path: '^functions/routes/' },
    },
    {
      name: 'flows-below-routes',
      comment: 'Use-cases take plain values, never a request: functions/flows/ imports no router, page decorator or HTTP middleware.',
      severity: 'error',
      from: { path: '^functions/flows/' },
      to: { path: '^functions/(routes|pages|http)/' },
    },
    {
      name: 'shared-stands-alone',
      comment: 'src/shared is used by the islands and the API alike: it imports nothing outside itself but packages.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { pathNot: ['^src/shared/', 'node_modules'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'browser-code-not-worker',
      comment: 'Islands, stores, pages and layouts (src/) never import the Worker’s code (functions/).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^functions/' },
    },
    {
      name: 'db-only-lib-shared-db',
      comment: 'functions/db (all the SQL) imports only functions/db, functions/lib and src/shared.',
      severity: 'error',
      from: { path: '^functions/db/' },
      to: { pathNot: ['^functions/(db|lib)/', '^src/shared/', 'node_modules'], dependencyTypesNot: ['core'] },
    },
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
