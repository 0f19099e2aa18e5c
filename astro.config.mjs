// Astro renders the product's pages (prerendered where they can be) and hydrates React islands;
// the Cloudflare adapter builds one Worker whose entry (functions/worker.ts) puts the Hono API in front.
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { modulePreloads } from './scripts/lib/module-preloads.mjs';
import { scriptsAfterContentStep } from './scripts/lib/scripts-after-content.mjs';

// The browser's chunks: React in one file, the shell's islands (the header's, the dialog host, their React store
// bindings) in another, and the shell's stores without React (boot block, labels, session, startup, dialogs, the api
// client, nanostores) in a third, so a page's first load is a few requests of well-compressed code rather than a dozen
// small ones, and a page whose islands wait for a person (client:interaction) loads the stores without React
// (docs/decisions/0039-page-weight-by-interaction.md). The dialogs the shell opens stay in their own chunks.
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]|node_modules[\\/]@astrojs[\\/]react[\\/]dist[\\/]client\.js$/;
const SHELL = new RegExp(
  [
    String.raw`[\\/]src[\\/]islands[\\/]shell[\\/](AccountMenu|LocaleSwitcher|DialogHost|DeferredAccountMenu|DeferredLocaleSwitcher)\.tsx$`,
    String.raw`[\\/]src[\\/]stores[\\/]locale\.ts$`,
    String.raw`node_modules[\\/]@nanostores[\\/]react[\\/]`,
  ].join('|'),
);
const CORE = new RegExp(
  [
    String.raw`[\\/]src[\\/]stores[\\/](boot|labels|session|startup|dialogs|api)\.ts$`,
    String.raw`[\\/]src[\\/]shared[\\/]i18n[\\/](areas|translate)\.ts$`,
    String.raw`[\\/]src[\\/]shared[\\/](contract[\\/]api-client|rules[\\/]account-menu|rules[\\/]products)\.ts$`,
    String.raw`[\\/]src[\\/]islands[\\/]account[\\/]focus-return\.ts$`,
    String.raw`node_modules[\\/]nanostores[\\/]`,
    String.raw`vite[\\/]preload-helper`,
  ].join('|'),
);

// `client:interaction` (src/directives/interaction.ts): an island that loads its code, and React, when a person first
// points at, focuses or presses a key on it; `client:interaction="any"` with the first such island of the page.
const interactionDirective = {
  name: 'travel-club:client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./src/directives/interaction.ts', import.meta.url)) }),
  },
};

// Astro gives a page every stylesheet its server module graph reaches, through dynamic import() too: the account
// dialogs' auth.css would block the first paint of every page that has the dialog host. The server never renders the
// on-demand dialogs (they open in the browser), so its build answers their import() with an empty component; the
// browser build is untouched and loads each dialog's CSS with its chunk (Vite's preload), before the dialog shows.
const ON_DEMAND_DIALOG = /[\\/]src[\\/]islands[\\/](shell|account)[\\/]\w+Dialog\.tsx$/;
const SERVER_STUB = '\0on-demand-dialog';
const onDemandDialogs = {
  name: 'travel-club:on-demand-dialogs',
  applyToEnvironment: (environment) => environment.name !== 'client',
  async resolveDynamicImport(specifier, importer) {
    if (typeof specifier !== 'string' || !importer) return null;
    const resolved = await this.resolve(specifier, importer);
    return resolved && ON_DEMAND_DIALOG.test(resolved.id) ? SERVER_STUB : null;
  },
  resolveId: (id) => (id === SERVER_STUB ? id : null),
  load: (id) => (id === SERVER_STUB ? 'export default function OnDemandDialog() { return null; }' : null),
};

// `src/shared/i18n/<area>.ts?lang=<language>` (src/shared/i18n/areas.ts) is that table in one language: a chunk of
// field → text, a third of the whole table. The tables are plain data (type-only imports), so Node reads them as they are.
const ONE_LANGUAGE = /[\\/]src[\\/]shared[\\/]i18n[\\/][\w-]+\.ts\?lang=([\w-]+)$/;
const labelsInOneLanguage = {
  name: 'travel-club:labels-in-one-language',
  enforce: 'pre',
  async load(id) {
    const language = ONE_LANGUAGE.exec(id)?.[1];
    if (!language) return null;
    const file = id.slice(0, id.indexOf('?'));
    this.addWatchFile(file);
    const module = await import(`${pathToFileURL(file).href}?t=${Date.now()}`);
    // Every table the file exports (an area may keep its messages in a second table).
    const tables = Object.values(module).filter((value) => value && typeof value === 'object');
    const labels = Object.fromEntries(tables.flatMap((table) => Object.entries(table).map(([key, texts]) => [key, texts[language] ?? ''])));
    return `export default ${JSON.stringify(labels)};`;
  },
};

// Before any island hydrates, the label areas of the page's islands arrive (src/stores/page-labels.ts): the boot block
// carries only the shell's labels (docs/decisions/0008-page-weight.md).
const labelAreas = {
  name: 'travel-club:label-areas',
  hooks: { 'astro:config:setup': ({ injectScript }) => injectScript('before-hydration', `import '/src/stores/page-labels.ts';`) },
};

/**
 * This build's own name, part of every page's edge-cache key (functions/pages/decorate.ts): a page kept by the
 * previous deploy names its stylesheets and scripts, which the new deploy no longer serves.
 */
const BUILD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

// BUILD_DIR lets several builds live side by side (each test run serves its own).
export default defineConfig({
  outDir: process.env.BUILD_DIR ?? './dist',
  output: 'static',
  markdown: { syntaxHighlight: false },
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react(), labelAreas, interactionDirective, modulePreloads, scriptsAfterContentStep],
  security: { csp: true },
  build: { inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  vite: {
    define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
    plugins: [onDemandDialogs, labelsInOneLanguage],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // The adapter's Node `process` shim is for the Worker; browser chunks do not read it.
              banner: '',
              codeSplitting: {
                groups: [
                  { name: 'react', test: REACT, priority: 20 },
                  // A group takes its modules' dependencies too: the stores without React are taken first.
                  { name: 'core', test: CORE, priority: 15 },
                  { name: 'shell', test: SHELL, priority: 10 },
                ],
              },
            },
          },
        },
      },
    },
  },
  telemetry: false,
});
