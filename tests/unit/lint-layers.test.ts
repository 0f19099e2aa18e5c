// The layer lint reads a .astro file as the code Astro follows (scripts/lint-layers.mjs): every import of the
// frontmatter, the first one too, and of each <script> Astro bundles, so a page's imports are held to the layer rule.
import { describe, expect, it } from 'vitest';
import { astroCode } from '../../scripts/lint-layers.mjs';

const imports = (code: string) => [...code.matchAll(/import\s+(?:[^'"]*?from\s+)?['"]([^'"]+)['"]/g)].map((m) => m[1]);

describe('astroCode', () => {
  it('keeps the frontmatter whole, its first import included, and leaves the markup out', () => {
    const page = `---\nimport '../styles/global.css';\nimport Base from '../layouts/Base.astro';\ninterface Props { title?: string }\n---\n<Base><p>import '../not/code';</p></Base>\n`;
    expect(imports(astroCode(page))).toEqual(['../styles/global.css', '../layouts/Base.astro']);
  });

  it('adds the <script>s Astro bundles (bare, or with src alone) and skips the inline ones', () => {
    const page = [
      '---',
      "import Base from '../layouts/Base.astro';",
      '---',
      "<script>\n  import { start } from '../islands/booking/results-start';\n  start();\n</script>",
      '<script src="../islands/shell/page-shell.ts"></script>',
      "<script is:inline>import('/from-the-browser.js');</script>",
      '<script type="application/ld+json">{"@type": "Organization"}</script>',
    ].join('\n');
    expect(imports(astroCode(page))).toEqual(['../layouts/Base.astro', '../islands/booking/results-start', '../islands/shell/page-shell.ts']);
  });

  it('reads a component without frontmatter', () => {
    expect(imports(astroCode("<script>\n  import '../islands/shell/deferred-shell';\n</script>\n"))).toEqual(['../islands/shell/deferred-shell']);
  });
});
