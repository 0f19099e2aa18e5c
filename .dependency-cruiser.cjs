// The layer rule, checked by `npm run lint:layers` (the first step of `npm test`). Every rule here holds today;
// a new import that breaks one fails the test run. The layers: src/shared is pure and stands alone; the islands,
// stores and pages (src/) never reach into the Worker (functions/); functions/db holds the SQL and needs only
// functions/lib and src/shared; nothing imports in a circle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import circles (type-only imports count: they couple the files all the same). One known circle is excepted ' +
        'until the session user type has its own home: functions/env.ts and functions/auth/session.ts import each ' +
        'other’s types.',
      severity: 'error',
      from: { pathNot: '^functions/(env|auth/session)\\.ts$' },
      to: { circular: true },
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
