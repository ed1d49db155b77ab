// The step's setup on the service, up to its one test run: the module's test environment
// variables, a configuration version, the upload of the archive to it, and the run itself,
// adopted or created. Each is saved for the post step the moment it exists; the value handed on
// says how far the setup got, which the report names and the stops after a failure or a
// cancellation need.
//
// Exactly one live test run per configuration version, with the requested options
// (action-interface "Mode run-module-tests"). The spec says an upload creates the run by itself
// (4.2); with `auto-queue-runs: false` (2.3) it should not, and the service's own command-line
// tool creates the run explicitly. Whichever way the service behaves, a run it started by
// itself is adopted when it carries the requested options (no second run at all), and
// otherwise the step creates its own and every other run of the version is stopped
// (other-runs.ts). A create whose answer was lost is looked up before it is ever repeated.

import { createReadStream } from 'node:fs';
import { ConfigurationError, getErrorMessage } from '../../../errors.ts';
import type { RunModuleTestsInputs } from '../../../inputs/schema.ts';
import type { Cancellation } from '../../../lifetime/cancellation.ts';
import type { Clock } from '../../../lifetime/clock.ts';
import { CLOCK_ALLOWANCE_MS } from '../../../lifetime/budgets.ts';
import { Deadline } from '../../../lifetime/deadline.ts';
import { abortAfterFirstSignal } from '../../../lifetime/grace.ts';
import { pollUntil } from '../../../lifetime/poll.ts';
import type { ReportSink } from '../../../report/sink.ts';
import type { ServiceClient } from '../../../service/client.ts';
import { createOnce } from '../../../create-once.ts';
import {
  AmbiguousWriteError,
  ApiError,
  isApiError,
  isNotFound,
  mayHaveLanded,
  NetworkError,
} from '../../../service/errors.ts';
import type { ModuleRef } from '../../../service/module-tests.ts';
import type { TestRun } from '../../../service/types.ts';
import { moduleLabel } from '../module-ref.ts';
import type { VersionRef } from '../module-ref.ts';
import { DEFAULT_OTHER_RUNS_TIMING } from './other-runs.ts';
import { saveConfigurationVersion, saveCreateSent, saveRunStarted, saveUploaded } from '../state.ts';
import type { SaveState } from '../state.ts';
import type { RunModuleTestsTuning } from '../tuning.ts';
import { isFinal } from './status.ts';
import { setTestVariables } from '../test-variables.ts';
import type { TestVariableChanges } from '../test-variables.ts';
import {
  adoptableRun,
  isDefaultRequest,
  optionDifferences,
  optionsFingerprint,
  requestedRunOf,
  runsOfConfigurationVersion,
} from './version-runs.ts';
import type { RequestedTestRun } from './version-runs.ts';

/** How far the setup got. */
export interface Setup {
  /** The test environment variables set, when any were given. */
  variables?: TestVariableChanges;
  /** The configuration version, once created. */
  version?: VersionRef;
  /**
   * Set once the upload to the version began: from then on the service may start a run of it by
   * itself (spec 4.2). `answeredAt`: when the upload was answered, if it was.
   */
  upload?: { answeredAt?: number };
  /** The create of the test run went out: a run may exist although no answer came. */
  createSent: boolean;
}

export type StartOutcome =
  | { kind: 'started'; setup: Setup & { version: VersionRef; upload: { answeredAt: number } }; started: StartedTestRun }
  /** `failure`: what failed, as the step's failure message. */
  | { kind: 'failed'; setup: Setup; failure: string }
  /** The job was cancelled before the step knew its run. */
  | { kind: 'cancelled'; setup: Setup };

export interface StartInput {
  inputs: RunModuleTestsInputs;
  module: ModuleRef;
  /** The packed archive. */
  archive: { file: string; bytes: number };
  client: ServiceClient;
  cancellation: Cancellation;
  saveState: SaveState;
  sink: Pick<ReportSink, 'info' | 'warning' | 'addSecret'>;
  tuning: StartTuning;
}

/** The start's timings (RunModuleTestsTuning in tuning.ts holds them with the mode's others). */
/** The mode's tuning (tuning.ts) that the start reads. */
export type StartTuning = Pick<
  RunModuleTestsTuning,
  'adoptWaitMs' | 'adoptLookMs' | 'createWaitAfterSignalMs' | 'uploadTimeoutMs' | 'clock' | 'otherRuns'
>;

/**
 * A 403 from the single-use upload address (spec 5). After an attempt that dropped it may mean
 * that attempt was stored, but the spec does not say so, nor whether a dropped attempt stores
 * all of the archive or none: tests on a configuration that may not be there would report
 * nothing true, so the step stops and says so.
 */
const UPLOAD_REFUSED =
  'the upload address refused the archive (403 Forbidden). The address takes one upload: when an earlier attempt ' +
  'dropped, it may have been stored or not, and the service does not say which, so this configuration version is not tested; run the step again';

/** A part of the setup that failed, named as the failure message names it. */
class SetupError extends Error {
  readonly stage: string;
  constructor(stage: string, cause: unknown) {
    super(`${stage} failed`, { cause });
    this.stage = stage;
  }
}

const DEFAULT_LATE_RUN_WINDOW_MS = DEFAULT_OTHER_RUNS_TIMING.lateRunWindowMs;

/** Runs one part of the setup; what it throws names the part. */
async function during<T>(stage: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new SetupError(stage, error);
  }
}

/**
 * Sets the test environment variables, creates the configuration version, uploads the archive
 * to it and starts (or adopts) the one test run of it.
 */
export async function startRun(input: StartInput): Promise<StartOutcome> {
  const { inputs, module, client, saveState, sink, tuning: t } = input;
  const signal = input.cancellation.signal;
  const requested = requestedRunOf(inputs);
  const setup: Setup = { createSent: false };
  // A create already sent is not cut short at the first signal (its run would be unknown); it
  // gets a few seconds, then the run is looked up by configuration version.
  const createWait = abortAfterFirstSignal(input.cancellation, t.createWaitAfterSignalMs, t.clock);
  try {
    if (inputs.testEnvVariables.length > 0) {
      const variables = await during('setting the test environment variables', () =>
        setTestVariables(client, module, inputs.testEnvVariables, { prune: inputs.testEnvVariablesPrune, signal }),
      );
      setup.variables = variables;
      sink.info(describeVariableChanges(variables));
    }
    const { version, uploadUrl } = await during('creating the configuration version', async () => {
      // The service's clock, not the step's: `since` is held against the runs' created-at.
      const since = Date.now() - CLOCK_ALLOWANCE_MS;
      const created = await client.moduleTests.createConfigurationVersion(module, { autoQueueRuns: false, signal });
      const version: VersionRef = { id: created.id, since };
      setup.version = version;
      // From here on a run may exist on this version (the upload may start one, spec 4.2): the
      // post step must be able to find it even if this step dies before it knows the run's id.
      saveConfigurationVersion(saveState, version, module, t.otherRuns.lateRunWindowMs ?? DEFAULT_LATE_RUN_WINDOW_MS);
      const uploadUrl = created.attributes['upload-url'];
      if (!uploadUrl) throw new Error(`the service gave configuration version ${version.id} no upload-url`);
      // A single-use address that carries its own authorization (spec 2.3, 5): a secret.
      sink.addSecret(uploadUrl);
      return { version, uploadUrl };
    });
    const upload: { answeredAt?: number } = {};
    setup.upload = upload;
    await during('uploading the configuration', () =>
      client.moduleTests
        .uploadConfiguration(uploadUrl, () => createReadStream(input.archive.file), {
          contentLength: input.archive.bytes,
          signal,
          timeoutMs: t.uploadTimeoutMs,
        })
        .catch((error: unknown) => {
          throw isApiError(error, 403) ? new Error(UPLOAD_REFUSED, { cause: error }) : error;
        }),
    );
    const answeredAt = t.clock.now();
    upload.answeredAt = answeredAt;
    saveUploaded(saveState, answeredAt);
    sink.info(`Uploaded the configuration to configuration version ${version.id}.`);
    const started = await during('starting the test run', () =>
      startTestRun(client, module, version, requested, {
        signal,
        createSignal: createWait.signal,
        adoptWaitMs: t.adoptWaitMs,
        adoptLookMs: t.adoptLookMs,
        clock: t.clock,
        beforeCreate: () => {
          signal.throwIfAborted();
          setup.createSent = true;
          saveCreateSent(saveState, { fingerprint: optionsFingerprint(requested) });
        },
        onRun: (run) => saveRunStarted(saveState, run.id, module),
        onCreateRefused: () => saveCreateSent(saveState, false),
      }),
    );
    announce(started, version, sink);
    return { kind: 'started', setup: { ...setup, version, upload: { answeredAt } }, started };
  } catch (error) {
    if (signal.aborted) return { kind: 'cancelled', setup };
    const failed = error instanceof SetupError ? error : new SetupError('the setup', error);
    // A base-url whose host does not exist is the user's to fix, and nothing reached the service.
    if (failed.cause instanceof ConfigurationError) throw failed.cause;
    return { kind: 'failed', setup, failure: setupFailure(module, failed.stage, failed.cause) };
  } finally {
    createWait.dispose();
  }
}

/** The step's failure message when a part of the setup failed. */
export function setupFailure(module: ModuleRef, stage: string, error: unknown): string {
  const hint = isNotFound(error)
    ? ` Check organization, module-namespace, module-name and module-provider (module ${moduleLabel(module)}), and that the token belongs to the owners team.`
    : '';
  return `The module tests were not run: ${stage} failed: ${getErrorMessage(error).replace(/\.$/, '')}.${hint}`;
}

function describeVariableChanges(changes: TestVariableChanges): string {
  const parts: string[] = [];
  if (changes.created.length > 0) parts.push(`created ${changes.created.join(', ')}`);
  if (changes.updated.length > 0) parts.push(`updated ${changes.updated.join(', ')}`);
  if (changes.deleted.length > 0) parts.push(`deleted ${changes.deleted.join(', ')} (not named by test-env-variables)`);
  return `Test environment variables (sensitive): ${parts.join('; ')}.`;
}

function announce(started: StartedTestRun, version: VersionRef, sink: Pick<ReportSink, 'info' | 'warning'>): void {
  const { run } = started;
  const where = `configuration version ${version.id}`;
  if (started.adopted) {
    sink.info(
      `The service started test run ${run.id} by itself when the configuration was uploaded; ` +
        `it carries the requested options and is used as the one run of ${where}.`,
    );
  } else {
    sink.info(`Started test run ${run.id} on ${where}.`);
  }
  // A service that takes the run but not all of its options: the run is still the one asked for.
  if (started.differences.length > 0)
    sink.warning(`Test run ${run.id} does not carry every requested option: ${started.differences.join('; ')}.`);
}

export interface StartedTestRun {
  run: TestRun;
  /** The service had started the run by itself, with the requested options. */
  adopted: boolean;
  /** How the run's options differ from the requested ones, as sentences (variable values never shown). */
  differences: string[];
  /** Other runs of the version that were not final when the run was chosen: to be stopped. */
  others: TestRun[];
}

export interface StartOptions {
  /** Aborts the look-ups. */
  signal?: AbortSignal;
  /**
   * Aborts the create (and its look-up after an answer that was lost). The step's
   * cancellation does not cut a create short at once: it gives it a few seconds, then the run
   * is looked up by configuration version (action-interface "Cancellation").
   */
  createSignal?: AbortSignal;
  /**
   * With the default options, how long a run the service queues by itself on upload is looked
   * for before the step creates its own: adopting it means no second run at all.
   */
  adoptWaitMs: number;
  /** Pause between those looks. */
  adoptLookMs: number;
  /** The clock of that wait. */
  clock: Clock;
  /** Called right before each create is sent; throws to stop (the step is being cancelled). */
  beforeCreate?: () => void;
  /** Called as soon as the run is known, before any other request: its id must be saved then. */
  onRun?: (run: TestRun) => void;
  /** Called when the service refused every create it answered: no run of ours exists. */
  onCreateRefused?: () => void;
}

export async function startTestRun(
  client: ServiceClient,
  module: ModuleRef,
  version: VersionRef,
  requested: RequestedTestRun,
  options: StartOptions,
): Promise<StartedTestRun> {
  const signal = { clock: options.clock, ...(options.signal ? { signal: options.signal } : {}) };
  const createSignal = { clock: options.clock, ...(options.createSignal ? { signal: options.createSignal } : {}) };
  const lookFor = async (): Promise<{ runs: TestRun[]; adoptable: TestRun | undefined }> => {
    const runs = await runsOfConfigurationVersion(client, module, version, signal);
    return { runs, adoptable: adoptableRun(runs, requested) };
  };

  // Only a run with the default options can be one the service queued by itself and that is
  // worth waiting for; a run with other options is created at once.
  const { clock, adoptLookMs } = options;
  const looked = await pollUntil({
    read: lookFor,
    isFinal: (seen) => seen.adoptable !== undefined,
    signal: options.signal ?? new AbortController().signal,
    deadline: Deadline.after(isDefaultRequest(requested) ? options.adoptWaitMs : 0, clock),
    pauses: () => adoptLookMs,
    // Every look is answered (a slow list is no reason to create a second run), and the last
    // one is at the end of the wait.
    cutReadsAtDeadline: false,
    readAtDeadline: true,
  });
  // A poll reads at least once.
  const seen = looked.value!;
  if (seen.adoptable !== undefined) {
    const run = seen.adoptable;
    options.onRun?.(run);
    return { run, adopted: true, differences: [], others: othersOf(seen.runs, run) };
  }

  const before = new Set(seen.runs.map((run) => run.id));
  let ambiguous = false;
  const run = await createOnce(
    async () => {
      options.beforeCreate?.();
      try {
        return await client.moduleTests.createTestRun(
          module,
          {
            configurationVersionId: version.id,
            testDirectory: requested.testDirectory,
            filters: requested.filters,
            variables: requested.variables,
            verbose: requested.verbose,
          },
          createSignal,
        );
      } catch (error) {
        if (error instanceof AmbiguousWriteError) ambiguous = true;
        // An error answer, or a request that never reached the service: nothing was created.
        else if (!ambiguous && (error instanceof ApiError || error instanceof NetworkError))
          options.onCreateRefused?.();
        throw error;
      }
    },
    // The connection dropped after the create was sent: a new run of this version with the
    // requested options is that create. (Should it be one the service queued by itself, the
    // create's own run, if any, is another run of the version and is stopped as such.)
    async () => {
      const runs = await runsOfConfigurationVersion(client, module, version, createSignal);
      return adoptableRun(
        runs.filter((r) => !before.has(r.id)),
        requested,
      );
    },
    mayHaveLanded,
  );
  options.onRun?.(run);
  return { run, adopted: false, differences: optionDifferences(run, requested), others: othersOf(seen.runs, run) };
}

function othersOf(runs: readonly TestRun[], chosen: TestRun): TestRun[] {
  return runs.filter((run) => run.id !== chosen.id && !isFinal(run));
}
