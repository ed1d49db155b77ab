// Policy sync benchmark: 500 policies in the repository against an organization holding the
// same 500, half of them different (125 another level, 125 other code), on the emulator with
// 20 ms latency and its 30 requests/s limit. Prints the wall time against the lower bound set by
// the rate limit, against a sequential run, and a re-sync that must write nothing.
// Usage: npm exec -- node bench/sync-policies.ts [--sequential-subset N] [--latency MS]
//   --sequential-subset N: the sequential baseline syncs only the first N policies (same mix)
//   and is extrapolated per request; by default it syncs all 500.
//   --latency MS: another emulator latency than 20 ms, to see where concurrency starts to matter.

import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Cancellation } from '../src/cancellation.ts';
import type { SyncPoliciesInputs } from '../src/inputs.ts';
import type { ModeResult } from '../src/modes/mode.ts';
import { runSyncPolicies } from '../src/modes/sync-policies/run.ts';
import { plainSink } from '../src/report/plain-sink.ts';
import { createServiceClient } from '../src/service/client.ts';
import { startEmulator } from '../test/emulator/index.ts';
import type { Emulator } from '../test/emulator/api.ts';

const POLICIES = 500;
const latencyArg = process.argv.indexOf('--latency');
const LATENCY_MS = latencyArg > 0 ? Number(process.argv[latencyArg + 1]) : 20;
if (!(LATENCY_MS >= 0)) throw new Error('--latency takes a number of milliseconds');
const LIMIT_PER_SECOND = 30;

const subsetArg = process.argv.indexOf('--sequential-subset');
const sequentialCount = subsetArg > 0 ? Math.min(POLICIES, Number(process.argv[subsetArg + 1])) : POLICIES;
if (!Number.isInteger(sequentialCount) || sequentialCount < 4) throw new Error('--sequential-subset takes a whole number of at least 4');

const name = (i: number): string => `policy-${String(i).padStart(3, '0')}`;
const code = (i: number): string => `# ${name(i)}\nimport "tfplan/v2" as tfplan\nmain = rule { length(tfplan.resource_changes) >= ${i % 7} }\n`;

/** i % 4: 0 another level, 1 other code, 2 and 3 identical. */
function seed(emulator: Emulator, count: number): void {
  for (let i = 0; i < count; i++) {
    emulator.seedPolicy({
      name: name(i),
      enforcementLevel: i % 4 === 0 ? 'soft-mandatory' : 'advisory',
      code: i % 4 === 1 ? `# an older version of ${name(i)}\n` : code(i),
    });
  }
}

async function repository(count: number): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sync-bench-'));
  await mkdir(path.join(root, 'policies'));
  for (let i = 0; i < count; i++) await writeFile(path.join(root, 'policies', `${name(i)}.native`), code(i));
  return root;
}

interface Measured {
  ms: number;
  requests: number;
  writes: number;
  limited: number;
  result: ModeResult;
}

async function sync(emulator: Emulator, root: string, sequential: boolean): Promise<Measured> {
  const client = createServiceClient({
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    onRequest: () => undefined,
    ...(sequential ? { concurrency: 1 } : {}),
  });
  const controller = new AbortController();
  const cancellation: Cancellation = { signal: controller.signal, received: [], onSignal: () => () => undefined, dispose: () => undefined };
  const inputs: SyncPoliciesInputs = {
    mode: 'sync-policies',
    token: emulator.token,
    baseUrl: emulator.baseUrl,
    timeoutMs: 60_000,
    dryRun: false,
    githubToken: '',
    checkName: '',
    organization: emulator.organization,
    policyFiles: ['policies/*.native'],
    policyConfig: '',
    enforcementLevel: 'advisory',
    policySets: [],
    prune: 'off',
  };
  emulator.clearRequests();
  const started = performance.now();
  try {
    const result = await runSyncPolicies(
      inputs,
      { sink: plainSink({ stdout: { write: () => true } }), client, cancellation, saveState: () => undefined, workspaceRoot: root },
      sequential ? { workers: 1 } : {},
    );
    const ms = performance.now() - started;
    const api = emulator.requests.filter((r) => r.port === 'api');
    return { ms, requests: api.length, writes: emulator.writeRequests().length, limited: api.filter((r) => r.status === 429).length, result };
  } finally {
    await client.close();
  }
}

function check(label: string, measured: Measured): void {
  if (measured.result.failure !== null) throw new Error(`${label} failed: ${measured.result.failure}`);
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const lowerBound = (requests: number): number => (requests / LIMIT_PER_SECOND) * 1000;

const emulatorOptions = { latencyMs: LATENCY_MS, rateLimitPerSecond: LIMIT_PER_SECOND };
const root = await repository(POLICIES);
const sequentialRoot = sequentialCount === POLICIES ? root : await repository(sequentialCount);
const main = await startEmulator(emulatorOptions);
const baseline = await startEmulator(emulatorOptions);
try {
  console.log(`node ${process.version}; emulator: ${LATENCY_MS} ms latency, ${LIMIT_PER_SECOND} requests/s per token`);
  console.log(`${POLICIES} policies in the repository and in the service; ${POLICIES / 4} with another level, ${POLICIES / 4} with other code\n`);

  seed(main, POLICIES);
  const concurrent = await sync(main, root, false);
  check('the sync', concurrent);
  const bound = lowerBound(concurrent.requests);
  console.log('sync (16 policies at once, client: 8 requests in flight, 30 requests/s):');
  console.log(`  wall time        ${seconds(concurrent.ms)}`);
  console.log(`  requests         ${concurrent.requests} (${concurrent.writes} writes, ${concurrent.limited} answered 429)`);
  console.log(`  lower bound      ${seconds(bound)} (requests / ${LIMIT_PER_SECOND} per second)`);
  console.log(`  ratio to bound   ${(concurrent.ms / bound).toFixed(3)}x (target <= 1.25x)`);
  console.log(`  outputs          ${JSON.stringify({ ...concurrent.result.outputs, result: undefined })}\n`);

  seed(baseline, sequentialCount);
  const sequential = await sync(baseline, sequentialRoot, true);
  check('the sequential sync', sequential);
  const perRequest = sequential.ms / sequential.requests;
  const sequentialFull = sequentialCount === POLICIES ? sequential.ms : perRequest * concurrent.requests;
  console.log('sequential sync (one policy, one request at a time):');
  if (sequentialCount === POLICIES) {
    console.log(`  wall time        ${seconds(sequential.ms)} for ${sequential.requests} requests (${sequential.limited} answered 429)`);
  } else {
    console.log(`  measured         ${seconds(sequential.ms)} for ${sequentialCount} policies, ${sequential.requests} requests (${sequential.limited} answered 429)`);
    console.log(`  extrapolated     ${seconds(sequentialFull)} for the ${concurrent.requests} requests of the full sync (${perRequest.toFixed(1)} ms a request)`);
  }
  console.log(`  ratio to bound   ${(sequential.ms / lowerBound(sequential.requests)).toFixed(3)}x`);
  console.log(`  speed-up         ${(sequentialFull / concurrent.ms).toFixed(2)}x (sequential / concurrent)`);
  if (perRequest < 1000 / LIMIT_PER_SECOND + 5) {
    console.log(`  (at ${LATENCY_MS} ms latency, one request at a time already reaches the ${LIMIT_PER_SECOND} requests/s limit: the limit, not latency, is the bound)`);
  }
  console.log('');

  const again = await sync(main, root, false);
  check('the re-sync', again);
  console.log('re-sync of the same 500:');
  console.log(`  wall time        ${seconds(again.ms)}`);
  console.log(`  requests         ${again.requests} (${again.writes} writes)`);
  console.log(`  ratio to bound   ${(again.ms / lowerBound(again.requests)).toFixed(3)}x`);
  console.log(`  title            ${again.result.title}`);
  if (again.writes !== 0) throw new Error(`the re-sync sent ${again.writes} write requests`);
} finally {
  await Promise.all([main.close(), baseline.close()]);
  await rm(root, { recursive: true, force: true });
  if (sequentialRoot !== root) await rm(sequentialRoot, { recursive: true, force: true });
}
