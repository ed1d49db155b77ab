import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const out = mkdtempSync(join(tmpdir(), 'dist-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

it('dist/ equals a fresh build (run `npm run build` and commit dist/ when this fails)', () => {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.js'), '--out', out], { cwd: root, stdio: 'pipe' });
  const built = files(out);
  expect(files(join(root, 'dist'))).toEqual(built);
  const stale = built.filter((f) => !readFileSync(join(out, f)).equals(readFileSync(join(root, 'dist', f))));
  expect(stale).toEqual([]);
}, 120_000);
