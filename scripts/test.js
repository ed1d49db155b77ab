// `npm test`: the lint, the layout check, the type check and the tests, side by side. The
// checks each hold a core for a few to about ten seconds, and most test files wait on sockets,
// child processes and timers: run before the tests, the checks made a fifth of the run's wall
// time. They run at a lower priority, so that the tests' own timings (a step that must leave
// before the runner's kill) are not squeezed by them. Their output is printed after the tests',
// in one piece each. Exits non-zero when any of them fails.
import { spawn } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The script a package's `bin` names (as npm links it into node_modules/.bin). */
function bin(pkg, name) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: bins } = require(manifest);
  return join(dirname(manifest), typeof bins === 'string' ? bins : bins[name]);
}

/**
 * Runs a tool's script on this Node; resolves with its exit code and, when captured, its output.
 * A captured one runs at a lower priority.
 */
function run(script, args, capture) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (capture && child.pid !== undefined) {
      try {
        setPriority(child.pid, constants.priority.PRIORITY_BELOW_NORMAL);
      } catch {
        // Not allowed here: it runs at the normal priority.
      }
    }
    let output = '';
    if (capture) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

// The layout and the type check keep what they learnt from one run to the next in
// node_modules/.cache (prettier: each file's content; tsc: each file's and its dependencies'
// results), so that a run after a small change checks only what changed; a fresh clone, as in
// CI, checks everything. The lint keeps nothing: a type-aware rule's finding in one file can
// change with another file's types, which ESLint's cache would not see.
const cache = join(root, 'node_modules', '.cache');
const checks = [
  { name: 'eslint .', script: bin('eslint', 'eslint'), args: ['.'] },
  {
    name: 'prettier --check .',
    script: bin('prettier', 'prettier'),
    args: ['--check', '--cache', '--cache-strategy', 'content', '.'],
  },
  {
    // TypeScript 7's compiler, native: the same check in a quarter of the CPU of TypeScript 6's,
    // which stays for the tools that need its JavaScript API (ncc, typescript-eslint).
    name: 'tsc --noEmit -p tsconfig.check.json',
    script: bin('@typescript/native', 'tsc'),
    args: [
      '--noEmit',
      '-p',
      'tsconfig.check.json',
      '--incremental',
      '--tsBuildInfoFile',
      join(cache, 'tsc', 'check.tsbuildinfo'),
    ],
  },
];

const checked = checks.map(async ({ name, script, args }) => ({ name, ...(await run(script, args, true)) }));
const tests = await run(bin('vitest', 'vitest'), ['run', ...process.argv.slice(2)], false);
const results = await Promise.all(checked);
for (const { name, code, output } of results) process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name}\n${output}`);
process.exitCode = [...results.map((r) => r.code), tests.code].find((code) => code !== 0) ?? 0;
