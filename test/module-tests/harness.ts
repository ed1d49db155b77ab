// Drives runModuleTests against a fresh emulator with a real client and a plain sink whose lines
// are kept; the module is examples/module, seen from the repository root, so that annotation
// paths carry the module-directory prefix as on a pull request.

import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { RunModuleTestsInputs } from '../../src/inputs/schema.ts';
import type { ModeResult } from '../../src/modes/mode.ts';
import { runModuleTests } from '../../src/modes/run-module-tests/run.ts';
import type { RunModuleTestsTuning } from '../../src/modes/run-module-tests/tuning.ts';
import { plainSink } from '../../src/report/plain-sink.ts';
import { createServiceClient } from '../../src/service/client.ts';
import type { ServiceClientOptions } from '../../src/service/client.ts';
import { currentPersonality, startEmulator } from '../emulator/index.ts';
import { ManualClock, tracked } from '../support/manual-clock.ts';
import { testCancellation } from '../support/test-cancellation.ts';
import type { TestCancellation } from '../support/test-cancellation.ts';
import type { Emulator, EmulatorOptions, RecordedRequest } from '../emulator/api.ts';
import { systemClock } from '../../src/lifetime/clock.ts';

export { testCancellation };
export type { TestCancellation };

export const REPOSITORY_ROOT = join(import.meta.dirname, '..', '..');
export const MODULE_DIRECTORY = 'examples/module';
export const MODULE = { name: 'log-bucket', provider: 'aws' } as const;

/** Retries in milliseconds and no client-side pacing, so that fault tests stay fast. */
export const FAST_CLIENT: Partial<ServiceClientOptions> = {
  retry: { baseDelayMs: 5, maxDelayMs: 40 },
  rateLimitPerSecond: 10_000,
  onRequest: () => undefined,
};

/**
 * Quick polls and short stops, so that a run of 200 ms is followed in a few reads. Under the
 * strict personality the harness has the service queue its own run within 150 ms of the upload
 * (instead of 2 s): the late-run window of 400 ms then covers it. Tests of later runs pin both.
 */
export const FAST_TUNING: Partial<RunModuleTestsTuning> = {
  wait: { initialIntervalMs: 20, maxIntervalMs: 60, backoff: 1.5 },
  otherRuns: { firstLookMs: 30, maxLookMs: 200, lateRunWindowMs: 400, stopWatchMs: 3000, watchAfterCancelMs: 1000 },
  adoptWaitMs: 250,
  adoptLookMs: 30,
  stopPollMs: 20,
  windDownMs: 3000,
  forceBudgetMs: 1000,
  stopAfterWaitMs: 3000,
};

/** How soon the service queues its own run under the strict personality, in harness tests. */
export const FAST_AUTO_RUN_DELAY_MS: [number, number] = [0, 150];

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

export interface ModuleTestRun {
  result: ModeResult;
  /** Every line the sink wrote. */
  log: string;
  /** State saved for the post step. */
  state: Map<string, string>;
}

export interface Harness {
  emulator: Emulator;
  inputs(overrides?: Partial<RunModuleTestsInputs>): RunModuleTestsInputs;
  run(
    overrides?: Partial<RunModuleTestsInputs>,
    options?: {
      tuning?: Partial<RunModuleTestsTuning>;
      cancellation?: TestCancellation;
      client?: Partial<ServiceClientOptions>;
      /** Default: the repository itself. */
      workspaceRoot?: string;
      /** Each line the sink writes, as it is written. */
      onLine?: (line: string) => void;
    },
  ): Promise<ModuleTestRun>;
}

export async function startHarness(emulatorOptions: EmulatorOptions = {}): Promise<Harness> {
  const strict = (emulatorOptions.personality ?? currentPersonality()) === 'strict';
  // The client here does not pace itself (FAST_CLIENT), so the service's limit, which the strict
  // emulator enforces, is lifted unless a test sets it: the action's own pacing meets it in the
  // tests that run the action whole.
  const emulator = await startEmulator({
    rateLimitPerSecond: Infinity,
    ...emulatorOptions,
    testRuns: { ...(strict ? { autoRunDelayMs: FAST_AUTO_RUN_DELAY_MS } : {}), ...emulatorOptions.testRuns },
  });
  open.push(() => emulator.close());
  emulator.seedRegistryModule({ name: MODULE.name, provider: MODULE.provider });
  const inputs = (overrides: Partial<RunModuleTestsInputs> = {}): RunModuleTestsInputs => ({
    mode: 'run-module-tests',
    token: emulator.token,
    baseUrl: emulator.baseUrl,
    timeoutMs: 60_000,
    dryRun: false,
    githubToken: '',
    checkName: '',
    commentOnPr: false,
    organization: emulator.organization,
    moduleDirectory: MODULE_DIRECTORY,
    moduleNamespace: emulator.organization,
    moduleName: MODULE.name,
    moduleProvider: MODULE.provider,
    testDirectory: 'tests',
    testFilters: [],
    testVariables: [],
    testEnvVariables: [],
    testEnvVariablesPrune: false,
    verbose: false,
    failOnTestFailure: true,
    junitFile: '',
    allowLinksOutsideRepository: false,
    ...overrides,
  });
  return {
    emulator,
    inputs,
    async run(overrides = {}, options = {}) {
      const all = inputs(overrides);
      const client = createServiceClient({
        clock: systemClock,
        baseUrl: emulator.baseUrl,
        token: emulator.token,
        ...FAST_CLIENT,
        ...options.client,
      });
      const lines: string[] = [];
      const secrets = [emulator.token, ...all.testEnvVariables.map((v) => v.value)];
      const sink = plainSink({
        stdout: {
          write: (text: string) => {
            lines.push(text);
            options.onLine?.(text);
          },
        },
        secrets,
      });
      const state = new Map<string, string>();
      try {
        const result = await runModuleTests(
          all,
          {
            clock: systemClock,
            sink,
            client,
            cancellation: options.cancellation ?? testCancellation(),
            saveState: (name, value) => state.set(name, value),
            workspaceRoot: options.workspaceRoot ?? REPOSITORY_ROOT,
          },
          {
            ...FAST_TUNING,
            ...options.tuning,
            wait: { ...FAST_TUNING.wait, ...options.tuning?.wait },
            otherRuns: { ...FAST_TUNING.otherRuns, ...options.tuning?.otherRuns },
          },
        );
        return { result, log: lines.join(''), state };
      } finally {
        await client.close();
      }
    },
  };
}

/** API requests as `METHOD path` under /api/v2 and upload-origin requests as `PORT METHOD`. */
export function requestLines(emulator: Emulator): string[] {
  return emulator.requests.map((r) =>
    r.port === 'api'
      ? `${r.method} ${r.path.replace(/^\/api\/v2\/organizations\/[^/]+\/tests\/registry-modules\/private\/[^/]+\/[^/]+\/[^/]+/, '{TESTROOT}')}`
      : `${r.port} ${r.method}`,
  );
}

export function jsonBody(request: RecordedRequest): unknown {
  return JSON.parse(request.body.toString('utf8')) as unknown;
}

export function header(request: RecordedRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

type EmulatedRun = ReturnType<Emulator['testRuns']>[number];

const FINAL_STATUSES = new Set(['finished', 'errored', 'canceled']);

/** The emulator's record of the run the step reports (its `test-run-id` output). */
export function reportedRun(emulator: Emulator, result: ModeResult): EmulatedRun {
  const id = result.outputs['test-run-id'];
  const run = emulator.testRuns().find((r) => r.id === id);
  if (run === undefined) throw new Error(`the step reports test run ${String(id)}, which the emulator does not know`);
  return run;
}

/** Runs not in a final status. */
export function liveRuns(emulator: Emulator): EmulatedRun[] {
  return emulator.testRuns().filter((run) => !FINAL_STATUSES.has(run.status));
}

/** Runs that were not cancelled: the one live run a step must leave per configuration version. */
export function uncancelledRuns(emulator: Emulator): EmulatedRun[] {
  return emulator.testRuns().filter((run) => run.status !== 'canceled' && !run.cancelRequested);
}

/** The first run of the emulator that is not cancelled: the run a test follows while the step runs. */
export function firstRun(emulator: Emulator): EmulatedRun | undefined {
  return emulator.testRuns().find((run) => !run.cancelRequested && run.status !== 'canceled');
}

/** Resolves once `check` holds, polling every 10 ms; fails after `ms`. */
export async function until(check: () => boolean, ms = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The harness with the step, its client, its cancellation and the emulator on one manual clock,
 * which moves only when the test moves it (`clock.followRealTime` to get somewhere at real
 * pace, `advance` for the part whose every millisecond matters). `run` starts the step; `log`
 * is what it has written so far.
 */
export async function startOnClock(emulatorOptions: EmulatorOptions = {}) {
  const clock = new ManualClock();
  const h = await startHarness({ ...emulatorOptions, clock });
  const cancellation = testCancellation(clock);
  let log = '';
  const run = (overrides: Partial<RunModuleTestsInputs> = {}, tuning: Partial<RunModuleTestsTuning> = {}) =>
    tracked(
      h.run(overrides, {
        cancellation,
        tuning: { ...tuning, clock },
        client: { clock },
        onLine: (line) => (log += line),
      }),
    );
  return { clock, h, cancellation, run, log: () => log };
}

/**
 * The step against a fresh emulator, both on one clock that moves from one wait to the next once
 * every answer on its way has arrived (`ManualClock.runUntilSettled`): when the service queues,
 * runs and ends a run, and when the step looks, are the times the test gives, whatever the
 * machine's load.
 */
export async function runOnClock(
  emulatorOptions: EmulatorOptions = {},
  overrides: Partial<RunModuleTestsInputs> = {},
  tuning: Partial<RunModuleTestsTuning> = {},
): Promise<ModuleTestRun & { h: Harness; clock: ManualClock }> {
  const { clock, h, run } = await startOnClock(emulatorOptions);
  const outcome = await clock.runUntilSettled(run(overrides, tuning).promise);
  return { ...outcome, h, clock };
}

/** The step has read its run running: its status line says so. */
export const readRunning = (log: () => string) => (): boolean => /Test run trun-\w+: running \(/.test(log());

/** The step has its test run, started or adopted: it says so. */
export const hasItsRun = (log: () => string) => (): boolean =>
  /(Started test run|The service started test run) trun-/.test(log());

/** Moves the clock to `ms` after `from` (which must not have passed). */
export async function advanceTo(clock: ManualClock, from: number, ms: number): Promise<void> {
  await clock.advance(from + ms - clock.now());
}

/** The step ends without the clock moving on: only answers already on their way are awaited. */
export async function endsNow(
  running: { promise: Promise<ModuleTestRun>; settled: () => boolean },
  what: string,
): Promise<ModuleTestRun> {
  await until(running.settled, 5000, what);
  return running.promise;
}
