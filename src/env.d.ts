/// <reference types="astro/client" />

// One language of a label table (astro.config.mjs, docs/decisions/0008-page-weight.md): field → text.
declare module '*?lang=en-US' {
  const labels: Record<string, string>;
  export default labels;
}
declare module '*?lang=es-ES' {
  const labels: Record<string, string>;
  export default labels;
}
declare module '*?lang=fr-FR' {
  const labels: Record<string, string>;
  export default labels;
}
