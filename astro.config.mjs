// Astro renders the product's pages (prerendered where they can be) and hydrates React islands;
// the Cloudflare adapter builds one Worker whose entry (functions/worker.ts) puts the Hono API in front.
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';

// The browser's chunks: React in one file and the shell every page hydrates (the layout's islands, their stores, the
// api client) in another, so a page's first load is a few requests of well-compressed code rather than a dozen small
// ones. The dialogs the shell opens stay in their own chunks, imported when they open.
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const SHELL = new RegExp(
  [
    String.raw`[\\/]src[\\/]islands[\\/](AccountMenu|LocaleSwitcher|ProductMenuLinks|DialogHost|LoyaltyBindings)\.tsx$`,
    String.raw`[\\/]src[\\/]stores[\\/](locale|session|startup|dialogs)\.ts$`,
    String.raw`[\\/]src[\\/]shared[\\/](api-client|account-menu|products)\.ts$`,
    String.raw`[\\/]src[\\/]islands[\\/]account[\\/]focus-return\.ts$`,
    String.raw`node_modules[\\/](nanostores|@nanostores[\\/]react)[\\/]`,
    String.raw`vite[\\/]preload-helper`,
  ].join('|'),
);

// BUILD_DIR lets several builds live side by side (each test run serves its own).
export default defineConfig({
  outDir: process.env.BUILD_DIR ?? './dist',
  output: 'static',
  markdown: { syntaxHighlight: false },
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  security: { csp: true },
  build: { inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  vite: {
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
