// Astro renders the product's pages (prerendered where they can be) and hydrates React islands;
// the Cloudflare adapter builds one Worker whose entry (functions/worker.ts) puts the Hono API in front.
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';

export default defineConfig({
  output: 'static',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  security: { csp: true },
  build: { inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  telemetry: false,
});
