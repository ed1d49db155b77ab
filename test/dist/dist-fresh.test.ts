import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, inject, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

it('dist/ equals a fresh build (run `npm run build` and commit dist/ when this fails)', () => {
  const fresh = inject('bundleDir');
  const built = files(fresh);
  expect(files(join(root, 'dist'))).toEqual(built);
  const stale = built.filter((f) => !readFileSync(join(fresh, f)).equals(readFileSync(join(root, 'dist', f))));
  expect(stale).toEqual([]);
});
