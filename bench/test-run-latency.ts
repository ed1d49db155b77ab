// How soon the action notices that a test run finished, and what the wait costs in requests.
//
//   npm exec -- node bench/test-run-latency.ts [--runs 9] [--seconds 60]
//
// Builds the bundle, starts the emulator with test runs that take `--seconds` (plus up to 2 s,
// drawn per run), and runs the built action `--runs` times at once (one module each, so that
// requests can be told apart).
// Latency: from the moment the emulator marks the run finished (its `finished-at`) to the exit
// of the action's process, which by then has read the log and written its report. Requests:
// every request of the action for its module, divided by the time from the run's creation to
// the exit. Targets: p50 latency at most 1.5 s, at most 1 request per second on average.

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startEmulator } from '../test/emulator/index.ts';
import type { Emulator } from '../test/emulator/api.ts';
import { exampleModuleOutcome } from '../test/support/example-module-log.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '9' }, seconds: { type: 'string', default: '60' } },
});
const runs = Number(values.runs);
const seconds = Number(values.seconds);
const root = join(import.meta.dirname, '..');
const work = join(root, '.bench-tmp', 'test-run-latency');

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
process.stdout.write('Building the bundle... ');
execFileSync(process.execPath, [join(root, 'scripts', 'build.js'), '--out', join(work, 'dist')], {
  cwd: root,
  stdio: 'pipe',
});
process.stdout.write('done.\n');

const emulator = await startEmulator({
  testRuns: { queuedMs: 500, runningMs: seconds * 1000, outcome: exampleModuleOutcome('pass') },
});
console.log(`${runs} runs of ${seconds} s each, at the same time...`);

interface Measured {
  module: string;
  latencyMs: number;
  requests: number;
  pollReads: number;
  waitSeconds: number;
  exitCode: number | null;
}

try {
  // The action polls on a rhythm counted from the run's creation, so runs of one fixed length
  // would all finish at the same point of it and the latencies would be one sample repeated.
  // Each run takes its length when it starts running: a length drawn anew every 50 ms spreads
  // them over more than one polling interval, as real runs are.
  const spread = setInterval(
    () => emulator.configure({ testRuns: { runningMs: seconds * 1000 + Math.random() * 2000 } }),
    50,
  );
  let results: Measured[];
  try {
    results = await Promise.all(
      Array.from({ length: runs }, async (_, i) => {
        // Started apart, so that they draw different lengths.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3000));
        return runOnce(emulator, `bench-${i + 1}`);
      }),
    );
  } finally {
    clearInterval(spread);
  }
  report(results);
} finally {
  await emulator.close();
  rmSync(work, { recursive: true, force: true });
}

async function runOnce(emulator: Emulator, name: string): Promise<Measured> {
  emulator.seedRegistryModule({ name, provider: 'aws' });
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  const output = join(dir, 'output');
  for (const file of ['output', 'summary', 'state']) writeFileSync(join(dir, file), '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    GITHUB_STATE: join(dir, 'state'),
    GITHUB_WORKSPACE: root,
    RUNNER_TEMP: dir,
    INPUT_MODE: 'run-module-tests',
    INPUT_TOKEN: emulator.token,
    'INPUT_BASE-URL': emulator.baseUrl,
    INPUT_ORGANIZATION: emulator.organization,
    'INPUT_MODULE-DIRECTORY': 'examples/module',
    'INPUT_MODULE-NAME': name,
    'INPUT_MODULE-PROVIDER': 'aws',
    INPUT_TIMEOUT: `${seconds * 2 + 60}s`,
  };
  const child = spawn(process.execPath, [join(work, 'dist', 'index.js')], { cwd: root, env, stdio: 'ignore' });
  const exit = await new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );

  const id = /^test-run-id<<.*\n(trun-\w+)\n/m.exec(readFileSync(output, 'utf8'))?.[1];
  if (!id) throw new Error(`${name}: the action gave no test-run-id (exit ${exit.code})`);
  const path = `/organizations/${emulator.organization}/tests/registry-modules/private/${emulator.organization}/${name}/aws/test-runs/${id}`;
  const answer = await fetch(`${emulator.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${emulator.token}`, accept: 'application/vnd.api+json' },
  });
  const run = (await answer.json()) as {
    data: { attributes: { 'created-at': string; 'status-timestamps': Record<string, string> } };
  };
  const finishedAt = Date.parse(run.data.attributes['status-timestamps']['finished-at']!);
  const createdAt = Date.parse(run.data.attributes['created-at']);

  const mine = emulator.requests.filter(
    (r) => r.port === 'api' && r.path.includes(`/private/${emulator.organization}/${name}/`),
  );
  // The reads above were the benchmark's own.
  const own = mine.filter((r) => r.at >= exit.at);
  const actionRequests = mine.length - own.length;
  const pollReads = mine.filter(
    (r) => r.at < exit.at && r.method === 'GET' && r.path.endsWith(`/test-runs/${id}`),
  ).length;
  return {
    module: name,
    latencyMs: exit.at - finishedAt,
    // The upload and the log read, on the other origin, are one each.
    requests: actionRequests + 2,
    pollReads,
    waitSeconds: (exit.at - createdAt) / 1000,
    exitCode: exit.code,
  };
}

function report(results: Measured[]): void {
  console.log('');
  console.log('module     exit  latency   requests  status reads  wait     status reads/s');
  for (const r of results) {
    console.log(
      `${r.module.padEnd(10)} ${String(r.exitCode).padEnd(5)} ${`${(r.latencyMs / 1000).toFixed(2)} s`.padEnd(9)} ${String(r.requests).padEnd(9)} ${String(r.pollReads).padEnd(13)} ${`${r.waitSeconds.toFixed(1)} s`.padEnd(8)} ${(r.pollReads / r.waitSeconds).toFixed(2)}`,
    );
  }
  const latencies = results.map((r) => r.latencyMs).sort((a, b) => a - b);
  const p = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  const median =
    latencies.length % 2 === 1 ? p(0.5) : (latencies[latencies.length / 2 - 1]! + latencies[latencies.length / 2]!) / 2;
  const rate = results.reduce((s, r) => s + r.requests, 0) / results.reduce((s, r) => s + r.waitSeconds, 0);
  console.log('');
  console.log(
    `completion latency: p50 ${(median / 1000).toFixed(2)} s, max ${(p(1) / 1000).toFixed(2)} s (target p50 <= 1.5 s)`,
  );
  console.log(`requests per second over the run, all requests of the action: ${rate.toFixed(2)} (target <= 1)`);
  if (results.some((r) => r.exitCode !== 0)) console.log('note: some runs did not exit 0');
}
