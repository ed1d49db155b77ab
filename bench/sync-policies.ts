// Policy sync benchmark on the emulator (20 ms latency, its 30 requests/s limit), three runs:
//   new          500 policies in the repository, none in the organization;
//   half changed the same 500 against an organization holding them, half different (125 another
//                level, 125 other code);
//   re-sync      the half-changed organization synced again: no write at all.
// Each prints wall time and requests against the lower bound set by the rate limit (requests ÷
// 30 per second), the requests per policy by kind, and checks that the organization converged.
// Usage: npm exec -- node bench/sync-policies.ts [--latency MS] [--sequential N]
//   --latency MS: another emulator latency than 20 ms, to see where concurrency starts to matter.
//   --sequential N: also sync the first N half-changed policies one request at a time and
//   extrapolate per request, as a baseline for concurrency (off by default).

import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SyncPoliciesInputs } from '../src/inputs/schema.ts';
import type { ModeResult } from '../src/modes/mode.ts';
import { runSyncPolicies } from '../src/modes/sync-policies/run.ts';
import { plainSink } from '../src/report/plain-sink.ts';
import { createServiceClient } from '../src/service/client.ts';
import { startEmulator } from '../test/emulator/index.ts';
import type { Emulator, RecordedRequest } from '../test/emulator/api.ts';
import { testCancellation } from '../test/support/test-cancellation.ts';
import { systemClock } from '../src/lifetime/clock.ts';

const POLICIES = 500;
const LIMIT_PER_SECOND = 30;

function numberArg(flag: string): number | undefined {
  const at = process.argv.indexOf(flag);
  return at > 0 ? Number(process.argv[at + 1]) : undefined;
}
const LATENCY_MS = numberArg('--latency') ?? 20;
if (!(LATENCY_MS >= 0)) throw new Error('--latency takes a number of milliseconds');
const sequentialCount = numberArg('--sequential');
if (
  sequentialCount !== undefined &&
  !(Number.isInteger(sequentialCount) && sequentialCount >= 4 && sequentialCount <= POLICIES)
) {
  throw new Error(`--sequential takes a whole number from 4 to ${POLICIES}`);
}

const name = (i: number): string => `policy-${String(i).padStart(3, '0')}`;
const code = (i: number): string =>
  `# ${name(i)}\nimport "tfplan/v2" as tfplan\nmain = rule { length(tfplan.resource_changes) >= ${i % 7} }\n`;

/** i % 4: 0 another level, 1 other code, 2 and 3 identical. */
function seedHalfChanged(emulator: Emulator, count: number): void {
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
  api: RecordedRequest[];
  /** With the object store's (a download redirected there). */
  all: RecordedRequest[];
  result: ModeResult;
}

async function sync(emulator: Emulator, root: string, sequential: boolean): Promise<Measured> {
  const client = createServiceClient({
    clock: systemClock,
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    onRequest: () => undefined,
    ...(sequential ? { concurrency: 1 } : {}),
  });
  const cancellation = testCancellation();
  const inputs: SyncPoliciesInputs = {
    mode: 'sync-policies',
    token: emulator.token,
    baseUrl: emulator.baseUrl,
    timeoutMs: 60_000,
    dryRun: false,
    githubToken: '',
    checkName: '',
    commentOnPr: false,
    organization: emulator.organization,
    policyFiles: ['policies/*.native'],
    policyConfig: '',
    enforcementLevel: 'advisory',
    policySets: [],
    prune: 'off',
    allowLinksOutsideRepository: false,
  };
  emulator.clearRequests();
  const started = performance.now();
  try {
    const result = await runSyncPolicies(
      inputs,
      {
        clock: systemClock,
        sink: plainSink({ stdout: { write: () => true } }),
        client,
        cancellation,
        saveState: () => undefined,
        workspaceRoot: root,
      },
      sequential ? { workers: 1 } : {},
    );
    const ms = performance.now() - started;
    if (result.failure !== null) throw new Error(`the sync failed: ${result.failure}`);
    return { ms, api: emulator.requests.filter((r) => r.port === 'api'), all: [...emulator.requests], result };
  } finally {
    await client.close();
  }
}

/** The organization holds exactly the repository's policies, at the level and with the code of the files. */
function checkConverged(emulator: Emulator, count: number): void {
  const stored = new Map(emulator.policies().map((p) => [p.name, p]));
  for (let i = 0; i < count; i++) {
    const p = stored.get(name(i));
    if (!p) throw new Error(`${name(i)} is missing after the sync`);
    if (p.enforcementLevel !== 'advisory' || p.code !== code(i) || p.description !== null) {
      throw new Error(`${name(i)} did not converge: ${JSON.stringify(p)}`);
    }
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const lowerBound = (requests: number): number => (requests / LIMIT_PER_SECOND) * 1000;

/** Requests by what they do, so that the count per policy can be read off. */
function kinds(api: RecordedRequest[]): string {
  const count = (test: (r: RecordedRequest) => boolean): number => api.filter(test).length;
  const parts = {
    'list pages': count((r) => r.method === 'GET' && /\/organizations\/[^/]+\/policies$/.test(r.path)),
    creates: count((r) => r.method === 'POST'),
    updates: count((r) => r.method === 'PATCH'),
    uploads: count((r) => r.method === 'PUT'),
    'code reads': count((r) => r.method === 'GET' && /\/download$/.test(r.path)),
    'object-store reads': count((r) => r.port !== 'api' && r.method === 'GET'),
    'read-backs': count((r) => r.method === 'GET' && /\/policies\/[^/]+$/.test(r.path)),
    '429s': count((r) => r.status === 429),
  };
  return Object.entries(parts)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
}

function report(label: string, measured: Measured): void {
  const requests = measured.api.length;
  const bound = lowerBound(requests);
  console.log(`${label}:`);
  console.log(`  wall time        ${seconds(measured.ms)}`);
  console.log(`  requests         ${requests} to the API (${kinds(measured.all)})`);
  console.log(`  lower bound      ${seconds(bound)} (requests / ${LIMIT_PER_SECOND} per second)`);
  console.log(`  ratio to bound   ${(measured.ms / bound).toFixed(3)}x`);
  console.log(`  outputs          ${JSON.stringify({ ...measured.result.outputs, result: undefined })}\n`);
}

const emulatorOptions = { latencyMs: LATENCY_MS, rateLimitPerSecond: LIMIT_PER_SECOND };
const root = await repository(POLICIES);
const fresh = await startEmulator(emulatorOptions);
const seeded = await startEmulator(emulatorOptions);
try {
  console.log(
    `node ${process.version}; emulator: ${LATENCY_MS} ms latency, ${LIMIT_PER_SECOND} requests/s per token; ${POLICIES} policies in the repository\n`,
  );

  const created = await sync(fresh, root, false);
  checkConverged(fresh, POLICIES);
  report(`new: ${POLICIES} policies, none in the organization`, created);

  seedHalfChanged(seeded, POLICIES);
  const changed = await sync(seeded, root, false);
  checkConverged(seeded, POLICIES);
  report(`half changed: ${POLICIES / 4} with another level, ${POLICIES / 4} with other code`, changed);

  const again = await sync(seeded, root, false);
  const writes = again.api.filter((r) => r.method !== 'GET').length;
  report('re-sync of the same 500', again);
  if (writes !== 0) throw new Error(`the re-sync sent ${writes} write requests`);

  if (sequentialCount !== undefined) {
    const baseline = await startEmulator(emulatorOptions);
    const subset = await repository(sequentialCount);
    try {
      seedHalfChanged(baseline, sequentialCount);
      const sequential = await sync(baseline, subset, true);
      const perRequest = sequential.ms / sequential.api.length;
      const extrapolated = perRequest * changed.api.length;
      console.log(`sequential half-changed sync of ${sequentialCount} (one policy, one request at a time):`);
      console.log(
        `  measured         ${seconds(sequential.ms)} for ${sequential.api.length} requests (${perRequest.toFixed(1)} ms a request)`,
      );
      console.log(
        `  extrapolated     ${seconds(extrapolated)} for the ${changed.api.length} requests of the half-changed sync`,
      );
      console.log(`  speed-up         ${(extrapolated / changed.ms).toFixed(2)}x (sequential / concurrent)`);
    } finally {
      await baseline.close();
      await rm(subset, { recursive: true, force: true });
    }
  }
} finally {
  await Promise.all([fresh.close(), seeded.close()]);
  await rm(root, { recursive: true, force: true });
}
