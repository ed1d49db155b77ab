// Bundles the action into dist/ with ncc (ESM): dist/index.js (the main step and the command
// line) and dist/post.js (the post step's small entry, which loads index.js only when there is
// something to clean up). Ships the HCL parser's WASM beside them: @cdktf/hcl2json reads
// main.wasm.gz from disk at run time, which ncc cannot see. And action.yml's inputs and outputs
// as JSON (dist/action.json), which the bundle reads instead of parsing the YAML at every start.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--out DIR` builds elsewhere, so a test can compare a fresh build with the committed dist/.
const outIndex = process.argv.indexOf('--out');
const dist = outIndex > 0 ? process.argv[outIndex + 1] : join(root, 'dist');
const require = createRequire(import.meta.url);

// `--transpile-only`: ncc would otherwise type-check the sources again, which `npm test` does once
// for the whole tree (tsconfig.check.json), and which was half the build's time. Each file is
// compiled alone (`isolatedModules`), so the bundle is the same byte for byte.
const NCC_OPTIONS = ['--quiet', '--transpile-only'];

const ncc = (entry, out, ...options) => {
  const build = promisify(execFile)(
    process.execPath,
    [require.resolve('@vercel/ncc/dist/ncc/cli.js'), 'build', entry, '-o', out, ...NCC_OPTIONS, ...options],
    {
      cwd: root,
    },
  );
  // ncc writes its errors to stderr and exits non-zero: show them as a failed build.
  return build.catch((error) => {
    process.stderr.write(error.stderr ?? '');
    throw new Error(`ncc could not bundle ${entry}`);
  });
};

rmSync(dist, { recursive: true, force: true });
// The two entries are independent bundles: built side by side, the build takes as long as the
// larger one.
const post = mkdtempSync(join(tmpdir(), 'post-entry-'));
try {
  await Promise.all([ncc('src/index.ts', dist, '--license', 'licenses.txt'), ncc('src/post-entry.ts', post)]);
  copyFileSync(join(post, 'index.js'), join(dist, 'post.js'));
} finally {
  rmSync(post, { recursive: true, force: true });
}
const { inputs, outputs } = parseYaml(readFileSync(join(root, 'action.yml'), 'utf8'));
writeFileSync(join(dist, 'action.json'), `${JSON.stringify({ inputs, outputs }, null, 2)}\n`);
const wasm = join(dirname(require.resolve('@cdktf/hcl2json/package.json')), 'main.wasm.gz');
mkdirSync(join(dist, 'hcl2json'), { recursive: true });
copyFileSync(wasm, join(dist, 'hcl2json', 'main.wasm.gz'));
