// `npm run test:soak`: the whole vitest suite N times in a row (default 5) with a busy loop per
// core beside it, as on a shared CI machine, and at the end a table of which tests failed in
// which run. A test that fails by luck fails here first. Exits non-zero when any run had a
// failure.
//
//   npm run test:soak                      5 runs, one busy loop per core
//   npm run test:soak -- --runs 20         20 runs (or SOAK_RUNS=20)
//   npm run test:soak -- --busy 4          4 busy loops (0: none)
//   npm run test:soak -- --runs 30 test/integration/module-tests/one-live-run.test.ts
//                                          anything else goes to `vitest run` as it is
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SoakFailure, SoakRunReport } from './soak-reporter.ts';

const root = join(import.meta.dirname, '..');

interface Options {
  runs: number;
  busy: number;
  vitestArgs: string[];
}

function count(name: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isInteger(n) || n < 0) {
    console.error(`test:soak: --${name} takes a whole number, got ${value === undefined ? 'nothing' : `"${value}"`}`);
    process.exit(2);
  }
  return n;
}

function parseOptions(args: string[]): Options {
  const options: Options = {
    runs: count('runs', process.env.SOAK_RUNS || '5'),
    busy: availableParallelism(),
    vitestArgs: [],
  };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag === '--runs' || flag === '--busy') {
      const value = inline ?? args[++i];
      options[flag === '--runs' ? 'runs' : 'busy'] = count(flag.slice(2), value);
    } else options.vitestArgs.push(args[i]!);
  }
  if (options.runs === 0) options.runs = 1;
  return options;
}

/** A process that keeps one core busy until it is killed. */
function busyLoop(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
}

interface RunOutcome {
  seconds: number;
  tests: number;
  failures: SoakFailure[];
}

let current: ChildProcess | undefined;

function runSuite(run: number, options: Options, scratch: string): Promise<RunOutcome> {
  const report = join(scratch, `run-${run}.json`);
  const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        vitest,
        'run',
        '--reporter=dot',
        `--reporter=${join(root, 'scripts', 'soak-reporter.ts')}`,
        ...options.vitestArgs,
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, SOAK_REPORT: report } },
    );
    current = child;
    child.on('close', (code, signal) => {
      current = undefined;
      const seconds = (performance.now() - started) / 1000;
      let outcome: SoakRunReport;
      try {
        outcome = JSON.parse(readFileSync(report, 'utf8')) as SoakRunReport;
      } catch {
        outcome = { tests: 0, failures: [] };
      }
      const failures = [...outcome.failures];
      // A run that ended badly with nothing failed in its report (a crash, a kill) is a failure too.
      if ((code !== 0 || signal !== null) && failures.length === 0)
        failures.push({ name: 'vitest', error: `ended with ${signal ?? `exit code ${code}`} and no failed test` });
      resolve({ seconds, tests: outcome.tests, failures });
    });
  });
}

/** Rows of cells as a plain-text table, each column as wide as its widest cell. */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const options = parseOptions(process.argv.slice(2));
const loops = Array.from({ length: options.busy }, busyLoop);
const scratch = mkdtempSync(join(tmpdir(), 'svc-soak-'));
const stop = (): void => {
  for (const loop of loops) loop.kill();
  rmSync(scratch, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    current?.kill(signal);
    stop();
    process.exit(130);
  });
}

const outcomes: RunOutcome[] = [];
try {
  for (let run = 1; run <= options.runs; run++) {
    console.log(`\n── test:soak run ${run} of ${options.runs}, ${options.busy} busy loop(s) beside it ──\n`);
    outcomes.push(await runSuite(run, options, scratch));
  }
} finally {
  stop();
}

const failedIn = new Map<string, { runs: number[]; error: string }>();
outcomes.forEach((outcome, i) => {
  for (const failure of outcome.failures) {
    const entry = failedIn.get(failure.name) ?? { runs: [], error: failure.error };
    entry.runs.push(i + 1);
    failedIn.set(failure.name, entry);
  }
});
const failures = outcomes.reduce((sum, outcome) => sum + outcome.failures.length, 0);

console.log(`\n── test:soak: ${options.runs} run(s), ${options.busy} busy loop(s) ──\n`);
console.log(
  table([
    ['run', 'seconds', 'tests', 'failed'],
    ...outcomes.map((o, i) => [String(i + 1), o.seconds.toFixed(0), String(o.tests), String(o.failures.length)]),
  ]),
);
if (failedIn.size > 0) {
  console.log('');
  console.log(
    table([
      ['failed in run(s)', 'test', 'first error'],
      ...[...failedIn].map(([name, { runs, error }]) => [runs.join(', '), name, error]),
    ]),
  );
}
console.log(`\nruns: ${options.runs}, failures: ${failures}`);
process.exitCode = failures === 0 ? 0 : 1;
