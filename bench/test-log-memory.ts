// Peak memory of the action reading a huge test log: the built bundle runs run-module-tests
// against the emulator, whose log-read-url points at a local server that streams a generated log
// of 300 MB (test/support/huge-test-log.ts) without holding it. The bundle's peak RSS is its own
// `process.resourceUsage().maxRSS`, written at exit; a 1 MB log gives the floor.
// Usage: npm exec -- node bench/test-log-memory.ts [--mb 300] [--endless]
//   --endless: then a log that never ends, which the step reads for its 60 s bound.

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../test/emulator/index.ts';
import { hugeTestLog } from '../test/support/huge-test-log.ts';
import { startLogFront } from '../test/support/log-front.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const MB = 1024 * 1024;
const mbArg = process.argv.indexOf('--mb');
const SIZE_MB = mbArg > 0 ? Number(process.argv[mbArg + 1]) : 300;
if (!(SIZE_MB > 0)) throw new Error('--mb takes a size in megabytes');

const work = mkdtempSync(path.join(os.tmpdir(), 'log-bench-'));
const bundle = path.join(work, 'dist');
execFileSync(process.execPath, [path.join(REPO, 'scripts', 'build.js'), '--out', bundle], {
  cwd: REPO,
  stdio: 'inherit',
});

const emulator = await startEmulator({
  testRuns: {
    queuedMs: 20,
    runningMs: 100,
    outcome: { status: 'finished', testStatus: 'fail', passed: 9, failed: 1, errored: 0, skipped: 0, log: '' },
  },
});
emulator.seedRegistryModule({ name: 'log-bucket', provider: 'aws' });

// The upload origin as the action sees it: uploads passed on to the emulator, logs made here.
let logBytes = 0;
let logSize = 0;
let endless = false;
let blocks = { total: 0, failed: 0 };
const front = await startLogFront(emulator, (res) => {
  const log = hugeTestLog(logSize, endless);
  res.writeHead(200, { 'content-type': 'text/plain' });
  log.stream.on('data', (chunk: string) => (logBytes += Buffer.byteLength(chunk)));
  const done = (): void => {
    blocks = log.blocks();
  };
  log.stream.on('end', done);
  res.on('close', () => {
    done();
    log.stream.destroy();
  });
  log.stream.pipe(res);
});

interface Measured {
  code: number | null;
  maxRssMiB: number;
  seconds: number;
  stdout: string;
}

async function runStep(megabytes: number, forever = false): Promise<Measured> {
  logSize = megabytes * MB;
  endless = forever;
  logBytes = 0;
  const rssFile = path.join(work, 'rss');
  const output = path.join(work, 'output');
  const summary = path.join(work, 'summary');
  for (const file of [rssFile, output, summary]) writeFileSync(file, '');
  const probe = `data:text/javascript,import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(process.env.RSS_FILE, String(process.resourceUsage().maxRSS)));`;
  const inputs: Record<string, string> = {
    mode: 'run-module-tests',
    token: emulator.token,
    'base-url': emulator.baseUrl,
    organization: emulator.organization,
    'module-directory': 'examples/module',
    'module-name': 'log-bucket',
    'module-provider': 'aws',
    'fail-on-test-failure': 'false',
  };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: work,
    RUNNER_TEMP: work,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    RSS_FILE: rssFile,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', probe, path.join(bundle, 'index.js')], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    code,
    maxRssMiB: Number(readFileSync(rssFile, 'utf8')) / 1024,
    seconds: (performance.now() - started) / 1000,
    stdout,
  };
}

try {
  console.log(`node ${process.version}, ${os.cpus().length} CPUs\n`);
  const floor = await runStep(1);
  console.log(
    `1 MB log:   peak RSS ${floor.maxRssMiB.toFixed(1)} MiB, ${floor.seconds.toFixed(1)} s, exit ${floor.code}`,
  );
  const big = await runStep(SIZE_MB);
  console.log(
    `${SIZE_MB} MB log: peak RSS ${big.maxRssMiB.toFixed(1)} MiB, ${big.seconds.toFixed(1)} s, exit ${big.code}; ${(logBytes / MB).toFixed(1)} MiB served, ${blocks.total} run blocks (${blocks.failed} failing)`,
  );
  const annotations = big.stdout.split('\n').filter((l) => l.startsWith('::error ')).length;
  console.log(`  annotations written: ${annotations}; last lines of the step:`);
  for (const l of big.stdout.trimEnd().split('\n').slice(-4)) console.log(`  | ${l.slice(0, 200)}`);
  console.log(`\n  budget 256 MiB: ${big.maxRssMiB < 256 ? 'within' : 'OVER'}`);
  if (process.argv.includes('--endless')) {
    const endlessRun = await runStep(0, true);
    console.log(
      `\nendless log: peak RSS ${endlessRun.maxRssMiB.toFixed(1)} MiB, step ended after ${endlessRun.seconds.toFixed(1)} s, exit ${endlessRun.code}; ${(logBytes / MB).toFixed(1)} MiB served`,
    );
    for (const l of endlessRun.stdout.split('\n').filter((l) => l.includes('read only in part')))
      console.log(`  | ${l.slice(0, 240)}`);
  }
} finally {
  await front.close();
  await emulator.close();
  rmSync(work, { recursive: true, force: true });
}
