// `npm run lint:layers`: the layer rule (.dependency-cruiser.cjs) over every file of functions/ and src/, the .astro
// pages, layouts and components included. dependency-cruiser cannot read .astro: `extraExtensionsToScan` puts such a
// file in the graph with its imports unread, and a .astro file named on the command line goes to its JavaScript parser,
// which stumbles on the frontmatter and drops imports (the first one, and every <script>'s). So the lint cruises a copy
// of functions/ and src/ in which each X.astro is X.astro.ts: its frontmatter and the <script>s Astro bundles, the code
// whose imports Astro follows. An import of 'X.astro' finds X.astro.ts, and the report names X.astro again.
// Extra arguments go to depcruise (`npm run lint:layers -- -T json`).
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'functions'];
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

const FRONTMATTER = /^\s*---\r?\n([\s\S]*?)^---[ \t]*$/m;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/g;

/**
 * The code of a .astro file whose imports Astro follows: the frontmatter, and each <script> it processes and bundles
 * (one with no attributes, or with `src` alone); a script with any other attribute is left inline, as Astro leaves it.
 */
export function astroCode(text) {
  const frontmatter = FRONTMATTER.exec(text);
  const parts = [frontmatter?.[1] ?? ''];
  const template = frontmatter ? text.slice(frontmatter.index + frontmatter[0].length) : text;
  for (const [, attrs, body] of template.matchAll(SCRIPT)) {
    const src = /^\s*src=(["'])([^"']+)\1\s*$/.exec(attrs)?.[2];
    if (src?.startsWith('.')) parts.push(`import '${src}';`);
    else if (!attrs.trim()) parts.push(body);
  }
  return parts.join('\n');
}

function mirror() {
  const dir = mkdtempSync(join(tmpdir(), 'lint-layers-'));
  for (const folder of FOLDERS) {
    cpSync(join(ROOT, folder), join(dir, folder), { recursive: true, filter: (from) => !from.endsWith('.astro') });
    for (const file of readdirSync(join(ROOT, folder), { recursive: true }).filter((f) => f.endsWith('.astro'))) {
      const to = join(dir, folder, `${file}.ts`);
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, astroCode(readFileSync(join(ROOT, folder, file), 'utf8')));
    }
  }
  for (const file of ['tsconfig.json', 'package.json']) copyFileSync(join(ROOT, file), join(dir, file));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

if (process.argv[1] === import.meta.filename) {
  const dir = mirror();
  try {
    const args = [DEPCRUISE, '--config', join(ROOT, '.dependency-cruiser.cjs'), ...process.argv.slice(2), ...FOLDERS];
    const run = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const named = (out) => (out ?? '').replaceAll('.astro.ts', '.astro').replaceAll(dir, '.');
    process.stdout.write(named(run.stdout));
    process.stderr.write(named(run.stderr));
    process.exitCode = run.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
