// The Worker's own source files, for the tests that hold a rule over all of them (link-origin, version-publish): every
// `.ts` under functions/ but the development simulators', as paths from the repository's root.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

export function workerFiles(): string[] {
  return readdirSync(join(ROOT, 'functions'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((f) => !f.startsWith('functions/dev/'));
}

/** A file's text, by its path from the repository's root. */
export const sourceOf = (file: string) => readFileSync(join(ROOT, file), 'utf8');
