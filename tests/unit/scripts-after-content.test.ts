// The build step that makes the header's inline scripts run after the parse (scripts/lib/scripts-after-content.mjs,
// decision 0051).
import { describe, expect, it } from 'vitest';
import { scriptsAfterContent } from '../../scripts/lib/scripts-after-content.mjs';

const DIRECTIVE = '(()=>{self.Astro.only=1})();';
const ISLAND_ELEMENT = '(()=>{customElements.define("astro-island",class{})})();';

describe('header scripts after the parse', () => {
  it('makes the inline classic scripts before <main> module scripts with the same text, and nothing else', () => {
    const html =
      '<html><head><script>var inHead=1</script><script type="application/json" id="tc-boot">{}</script></head><body><header>' +
      `<style>astro-island{display:contents}</style><script>${DIRECTIVE}</script><script type="text/javascript">${ISLAND_ELEMENT}</script><astro-island client="only"></astro-island>` +
      '<script type="application/json" id="data">{"a":1}</script><script type="module" src="/_astro/a.js"></script><script src="/x.js"></script>' +
      '</header><main><h1>Wallet</h1><script>var inMain=1</script></main><script type="module" src="/_astro/b.js"></script></body></html>';
    expect(scriptsAfterContent(html)).toBe(
      '<html><head><script>var inHead=1</script><script type="application/json" id="tc-boot">{}</script></head><body><header>' +
        `<style>astro-island{display:contents}</style><script type="module">${DIRECTIVE}</script><script type="module">${ISLAND_ELEMENT}</script><astro-island client="only"></astro-island>` +
        '<script type="application/json" id="data">{"a":1}</script><script type="module" src="/_astro/a.js"></script><script src="/x.js"></script>' +
        '</header><main><h1>Wallet</h1><script>var inMain=1</script></main><script type="module" src="/_astro/b.js"></script></body></html>',
    );
  });

  it('leaves a page without <main>, or without such scripts, as it is', () => {
    const noMain = `<body><script>${DIRECTIVE}</script><div>x</div></body>`;
    expect(scriptsAfterContent(noMain)).toBe(noMain);
    const clean = '<body><header><script type="module">1</script></header><main>m</main></body>';
    expect(scriptsAfterContent(clean)).toBe(clean);
  });
});
