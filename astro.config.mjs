// Astro renders the product's pages (prerendered where they can be) and hydrates React islands;
// the Cloudflare adapter builds one Worker whose entry (functions/worker.ts) puts the Hono API in front.
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';

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
  telemetry: false,
});
