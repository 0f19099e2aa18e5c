// `client:interaction` in .astro files (src/directives/interaction.ts, registered in astro.config.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean | 'any';
  }
}
export {};
