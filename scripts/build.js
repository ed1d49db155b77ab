// Bundles the action into dist/ with ncc (ESM) and ships the HCL parser's WASM beside it:
// @cdktf/hcl2json reads main.wasm.gz from disk at run time, which ncc cannot see.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--out DIR` builds elsewhere, so a test can compare a fresh build with the committed dist/.
const outIndex = process.argv.indexOf('--out');
const dist = outIndex > 0 ? process.argv[outIndex + 1] : join(root, 'dist');
const require = createRequire(import.meta.url);

rmSync(dist, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [require.resolve('@vercel/ncc/dist/ncc/cli.js'), 'build', 'src/index.ts', '-o', dist, '--license', 'licenses.txt', '--quiet'],
  { cwd: root, stdio: 'inherit' },
);
const wasm = join(dirname(require.resolve('@cdktf/hcl2json/package.json')), 'main.wasm.gz');
mkdirSync(join(dist, 'hcl2json'), { recursive: true });
copyFileSync(wasm, join(dist, 'hcl2json', 'main.wasm.gz'));
