// What starting the bundle costs, against starting Node.js itself.
//
//   npm exec -- node bench/startup.ts [--runs 20] [--node PATH ...] [--root DIR]
//
// For each Node.js binary (default: the one running this script), in interleaved rounds:
//   node -e 0             spawn to exit: the floor every step pays
//   bare request          a Node.js process that sends one request with node:http: spawn to its
//                         arrival at a local server (the floor plus the request itself)
//   --help                spawn to exit of the command line's help
//   first request         the main step as a runner starts it (INPUT_* variables, no arguments)
//                         in mode upgrade-no-code-workspace, from spawn to the arrival of its
//                         first request at the local server (which answers 404, so the step ends)
//   post, nothing saved   the post step of a job whose main step saved nothing to clean up:
//                         spawn to exit
// Wall time and CPU time (user + system, all threads), medians, each also as a multiple of
// `node -e 0`. CPU time is read from the kernel (/proc/PID/task/*/schedstat, Linux) when the
// request arrives, and from process.resourceUsage() at exit (a one-line module loaded with
// --import into every process measured to its exit). The target for the first request:
// under `node -e 0` + `bare request`, that is twice the floor plus the request itself.
// The entry points are read from action.yml's `runs:` in --root (default: this repository), so an
// older checkout can be measured the same way.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    node: { type: 'string', multiple: true },
    root: { type: 'string', default: join(import.meta.dirname, '..') },
  },
});
const runs = Number(values.runs);
const root = resolve(values.root);
const nodes = values.node?.map((n) => resolve(n)) ?? [process.execPath];
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as { runs: { main: string; post?: string } };
const main = join(root, action.runs.main);
const post = join(root, action.runs.post ?? action.runs.main);

let firstRequest: (() => void) | undefined;
const server = createServer((request, response) => {
  firstRequest?.();
  firstRequest = undefined;
  request.resume();
  response.writeHead(404, { 'content-type': 'application/vnd.api+json' });
  response.end('{"errors":[{"status":"404","title":"not found"}]}');
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
const work = mkdtempSync(join(tmpdir(), 'startup-bench-'));

/** A runner's environment: only what a step gets, files for its outputs, summary and state. */
function stepEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  for (const file of ['output', 'summary', 'state']) writeFileSync(join(work, file), '');
  return {
    PATH: process.env.PATH ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: join(work, 'output'),
    GITHUB_STEP_SUMMARY: join(work, 'summary'),
    GITHUB_STATE: join(work, 'state'),
    GITHUB_WORKSPACE: work,
    ...extra,
  };
}

// Written to fd 3 at exit: the process's own CPU time, in microseconds.
const cpuAtExit = join(work, 'cpu-at-exit.mjs');
writeFileSync(
  cpuAtExit,
  "import { writeSync } from 'node:fs';\nprocess.on('exit', () => { const u = process.resourceUsage(); writeSync(3, `${u.userCPUTime + u.systemCPUTime}\\n`); });\n",
);

interface Sample {
  wallMs: number;
  cpuMs: number;
}

/** Spawn to exit: wall time, and CPU time as the process counted it. */
async function toExit(node: string, args: string[], env: NodeJS.ProcessEnv): Promise<Sample> {
  const start = performance.now();
  const child = spawn(node, ['--import', cpuAtExit, ...args], { env, stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
  let cpu = '';
  child.stdio[3]!.on('data', (chunk: Buffer) => (cpu += chunk.toString()));
  await new Promise<void>((done, fail) => {
    child.on('error', fail);
    child.on('close', () => done());
  });
  return { wallMs: performance.now() - start, cpuMs: Number(cpu.trim()) / 1000 };
}

/** Spawn to the arrival of the first request: wall time, and CPU time the kernel counted by then. */
async function toFirstRequest(node: string, args: string[], env: NodeJS.ProcessEnv): Promise<Sample> {
  const start = performance.now();
  let sample: Sample | undefined;
  const child = spawn(node, args, { env, stdio: 'ignore' });
  firstRequest = () => (sample = { wallMs: performance.now() - start, cpuMs: cpuNanoseconds(child.pid!) / 1e6 });
  await new Promise<void>((done, fail) => {
    child.on('error', fail);
    child.on('close', () => done());
  });
  if (sample === undefined) throw new Error(`${args.join(' ')} exited without sending a request`);
  return sample;
}

/** Time every thread of the process has spent on a CPU so far (the first field of schedstat). */
function cpuNanoseconds(pid: number): number {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`))
    total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
  return total;
}

const inputs = {
  INPUT_MODE: 'upgrade-no-code-workspace',
  'INPUT_BASE-URL': baseUrl,
  INPUT_TOKEN: 'startup-bench-token',
  'INPUT_NO-CODE-MODULE-ID': 'nocode-startup',
  'INPUT_WORKSPACE-ID': 'ws-startup',
};

const cases = {
  'node -e 0': (node: string) => toExit(node, ['-e', '0'], stepEnv({})),
  'bare request': (node: string) =>
    toFirstRequest(
      node,
      ['-e', `require('node:http').get(${JSON.stringify(baseUrl)}, (r) => r.resume())`],
      stepEnv({}),
    ),
  '--help': (node: string) => toExit(node, [main, '--help'], stepEnv({})),
  'first request': (node: string) => toFirstRequest(node, [main], stepEnv(inputs)),
  'post, nothing saved': (node: string) => toExit(node, [post], stepEnv({ ...inputs, STATE_isPost: 'true' })),
};
type Case = keyof typeof cases;

try {
  for (const node of nodes) {
    const version = await new Promise<string>((done) => {
      const child = spawn(node, ['--version']);
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', () => done(out.trim()));
    });
    const samples = new Map<Case, Sample[]>(Object.keys(cases).map((name) => [name as Case, []]));
    // One warm-up round (page cache), then `runs` counted ones.
    for (let round = 0; round <= runs; round++) {
      for (const [name, measure] of Object.entries(cases) as [Case, (node: string) => Promise<Sample>][]) {
        const sample = await measure(node);
        if (round > 0) samples.get(name)!.push(sample);
      }
    }
    const wall = (name: Case) => median(samples.get(name)!.map((s) => s.wallMs));
    const cpu = (name: Case) => median(samples.get(name)!.map((s) => s.cpuMs));
    console.log(`\nNode.js ${version}, ${runs} rounds, ${main}`);
    console.log(
      `  ${''.padEnd(20)} ${'wall'.padStart(8)} ${'× floor'.padStart(8)} ${'cpu'.padStart(8)} ${'× floor'.padStart(8)}`,
    );
    for (const name of samples.keys()) {
      console.log(
        `  ${name.padEnd(20)} ${`${wall(name).toFixed(0)} ms`.padStart(8)} ${(wall(name) / wall('node -e 0')).toFixed(2).padStart(7)}× ${`${cpu(name).toFixed(0)} ms`.padStart(8)} ${(cpu(name) / cpu('node -e 0')).toFixed(2).padStart(7)}×`,
      );
    }
    const target = wall('node -e 0') + wall('bare request');
    console.log(
      `  first request: ${wall('first request').toFixed(0)} ms against a target of ${target.toFixed(0)} ms (node -e 0 + bare request): ${(wall('first request') / target).toFixed(2)}×`,
    );
  }
} finally {
  server.close();
  rmSync(work, { recursive: true, force: true });
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
