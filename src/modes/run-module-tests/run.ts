import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { getErrorMessage } from '../../errors.ts';
import type { RunModuleTestsInputs } from '../../inputs/schema.ts';
import { signalsReceived } from '../../lifetime/cancellation.ts';
import { Deadline } from '../../lifetime/deadline.ts';
import { abortAfterFirstSignal } from '../../lifetime/grace.ts';
import { isApiError, isNotFound } from '../../service/errors.ts';
import type { TestRun } from '../../service/types.ts';
import { formatBytes, formatDuration, plural } from '../../report/format.ts';
import type { ModeContext, ModeResult } from '../mode.ts';
import { checkModuleDirectory, packConfiguration } from './configuration-archive.ts';
import type { PackedConfiguration } from './configuration-archive.ts';
import { dryRunResult, plannedVariables } from './dry-run.ts';
import { moduleLabel, moduleRefOf } from './module-ref.ts';
import { saveCancelRequested, saveConfigurationVersion, saveCreateSent, saveRunFinal, saveRunStarted } from './run-state.ts';
import { DEFAULT_OTHER_RUNS_TIMING, OtherRunsWatch } from './other-runs.ts';
import type { OtherRun, OtherRunsTiming } from './other-runs.ts';
import { adoptableRun, CLOCK_ALLOWANCE_MS, optionsFingerprint, runsOfConfigurationVersion, startTestRun } from './start-test-run.ts';
import type { RequestedTestRun, StartedTestRun, VersionRef } from './start-test-run.ts';
import { describeStop, TestRunStopper } from './stop-test-run.ts';
import { TestLogParser } from './test-log.ts';
import type { ParsedTestLog } from './test-log.ts';
import { noRunResult, testRunResult } from './test-run-report.ts';
import type { RunContext } from './test-run-report.ts';
import { describeStatus, isFinal } from './test-run-status.ts';
import { upsertTestVariables } from './test-variables.ts';
import { waitForTestRun } from './wait-for-test-run.ts';
import type { WaitTiming } from './wait-for-test-run.ts';
import { windDownOf } from './wind-down.ts';
import type { WindDown } from './wind-down.ts';

/** Timings of the mode; tests and benchmarks shorten them. */
export interface RunModuleTestsTuning {
  wait: Partial<WaitTiming>;
  /** Looks for, and stops, other runs of the configuration version. */
  otherRuns: Partial<OtherRunsTiming>;
  /**
   * With the default options, how long a run the service queues by itself on upload is looked
   * for before the step creates its own (adopting it means no second run at all).
   */
  adoptWaitMs: number;
  adoptLookMs: number;
  /** Reads of a run being stopped (a queued run is cancelled as soon as it runs). */
  stopPollMs: number;
  /**
   * After the first signal, how long the step keeps watching the run stop. The runner sends
   * SIGTERM 7.5 s after SIGINT and kills the process 2.5 s later (action-interface
   * "Cancellation"): the step must be gone by then, summary written. Counted from the signal's
   * arrival.
   */
  windDownMs: number;
  /** After the second signal, the time left for the force-cancel and the last read. */
  forceBudgetMs: number;
  /** After the first signal, how long a create of the test run already sent may still take. */
  createWaitAfterSignalMs: number;
  /**
   * When the step is cancelled before it knows its run, until when (counted from the first
   * signal) the runs of the configuration version may be looked up; the rest of the wind-down
   * is for stopping them.
   */
  lookUpAfterSignalMs: number;
  /**
   * When the wait ends without a final status (timeout, a read that failed), how long the run
   * is watched once its cancel is sent: the step ends within this long of the timeout, and the
   * post step makes sure of the rest.
   */
  stopAfterWaitMs: number;
  /** Longest upload attempt. */
  uploadTimeoutMs: number;
  /** Longest read of the test log. */
  logReadTimeoutMs: number;
  /** Where the archive is packed (default RUNNER_TEMP or the system's). */
  tempDir?: string;
}

export const DEFAULT_TUNING: RunModuleTestsTuning = {
  wait: {},
  otherRuns: {},
  adoptWaitMs: 2000,
  adoptLookMs: 500,
  stopPollMs: 250,
  windDownMs: 8500,
  forceBudgetMs: 1200,
  createWaitAfterSignalMs: 3000,
  lookUpAfterSignalMs: 6000,
  stopAfterWaitMs: 5000,
  uploadTimeoutMs: 10 * 60_000,
  logReadTimeoutMs: 60_000,
};

/**
 * A 403 from the single-use upload address (spec 5). After an attempt that dropped it may mean
 * that attempt was stored, but the spec does not say so, nor whether a dropped attempt stores
 * all of the archive or none: tests on a configuration that may not be there would report
 * nothing true, so the step stops and says so.
 */
const UPLOAD_REFUSED =
  'the upload address refused the archive (403 Forbidden). The address takes one upload: when an earlier attempt ' +
  'dropped, it may have been stored or not, and the service does not say which, so this configuration version is not tested; run the step again';

/** After a signal, the log is read only when this much of the runner's 7.5 s is left. */
const LOG_AFTER_SIGNAL_BUDGET_MS = 7000;

/** After a timeout or a failed wait, how long a run whose cancel was accepted is watched winding
 *  down (its teardown may take minutes; the post step makes sure it ends). */
const WATCH_AFTER_CANCEL_MS = 1000;

/** After a timeout or a failed wait, the longest last look for other runs of the version. */
const LAST_LOOK_AFTER_STOP_MS = 2000;

/** After a timeout or a failed wait, the longest read of the log of the stopped run. */
const LOG_AFTER_STOP_MS = 5000;

/**
 * Mode run-module-tests: packs the module, sets its test environment variables, uploads the
 * configuration, starts (or adopts) the one test run of that configuration version, waits for
 * it, and reports its results with annotations on the test files.
 */
export async function runModuleTests(
  inputs: RunModuleTestsInputs,
  context: ModeContext,
  tuning: Partial<RunModuleTestsTuning> = {},
): Promise<ModeResult> {
  const t: RunModuleTestsTuning = { ...DEFAULT_TUNING, ...tuning };
  const { sink, client } = context;
  const signal = context.cancellation.signal;
  const module = moduleRefOf(inputs);

  // Local work first: a module that cannot be packed stops the step before any request.
  const moduleRoot = await checkModuleDirectory(context.workspaceRoot, inputs.moduleDirectory);
  await warnWithoutTestDirectory(moduleRoot, inputs, (line) => sink.warning(line));
  const packed = await packConfiguration(moduleRoot, {
    signal,
    listEntries: inputs.dryRun,
    repositoryRoot: context.workspaceRoot,
    allowLinksOutsideRepository: inputs.allowLinksOutsideRepository,
    ...(t.tempDir ? { tempDir: t.tempDir } : {}),
  });
  try {
    for (const warning of packed.warnings) sink.warning(warning);
    sink.info(
      `Packed ${inputs.moduleDirectory}: ${packed.files} files, ${formatBytes(packed.bytes)}` +
        (packed.ignored.length > 0 ? ` (${plural(packed.ignored.length, 'path')} left out by .terraformignore and the defaults)` : '') +
        '.',
    );
    const ctx: RunContext = {
      inputs,
      module,
      workspaceRoot: context.workspaceRoot,
      configuration: { files: packed.files, bytes: packed.bytes, ignored: packed.ignored.length },
    };
    if (inputs.dryRun) {
      let variables;
      try {
        variables = await plannedVariables(client, module, inputs.testEnvVariables, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        return noRunResult(ctx, { failure: setupFailure(ctx, 'reading the test environment variables', error) });
      }
      return dryRunResult({ inputs, module, packed, variables });
    }
    return await uploadAndRun(ctx, packed, context, t);
  } finally {
    await packed.remove();
  }
}

async function uploadAndRun(ctx: RunContext, packed: PackedConfiguration, context: ModeContext, t: RunModuleTestsTuning): Promise<ModeResult> {
  const { sink, client, cancellation, saveState } = context;
  const signal = cancellation.signal;
  const { inputs, module } = ctx;
  let stage = 'setting the test environment variables';
  const progress: SetupProgress = { createSent: false };
  // A create already sent is not cut short at the first signal (its run would be unknown); it
  // gets a few seconds, then the run is looked up by configuration version.
  const createWait = abortAfterFirstSignal(cancellation, t.createWaitAfterSignalMs);
  let started: StartedTestRun;
  try {
    if (inputs.testEnvVariables.length > 0) {
      ctx.variables = await upsertTestVariables(client, module, inputs.testEnvVariables, { signal });
      sink.info(describeVariableChanges(ctx.variables));
    }
    stage = 'creating the configuration version';
    const since = Date.now() - CLOCK_ALLOWANCE_MS;
    const created = await client.moduleTests.createConfigurationVersion(module, { autoQueueRuns: false, signal });
    const version: VersionRef = { id: created.id, since };
    ctx.configurationVersionId = version.id;
    // From here on a run may exist on this version (the upload may start one, spec 4.2): the
    // post step must be able to find it even if this step dies before it knows the run's id.
    saveConfigurationVersion(saveState, version, module);
    const uploadUrl = created.attributes['upload-url'];
    if (!uploadUrl) throw new Error(`the service gave configuration version ${version.id} no upload-url`);
    // A single-use address that carries its own authorization (spec 2.3, 5): a secret.
    sink.addSecret(uploadUrl);
    stage = 'uploading the configuration';
    progress.uploading = version;
    await client.moduleTests
      .uploadConfiguration(uploadUrl, () => createReadStream(packed.file), { contentLength: packed.bytes, signal, timeoutMs: t.uploadTimeoutMs })
      .catch((error: unknown) => {
        throw isApiError(error, 403) ? new Error(UPLOAD_REFUSED, { cause: error }) : error;
      });
    progress.uploadedAt = Date.now();
    sink.info(`Uploaded the configuration to configuration version ${version.id}.`);
    stage = 'starting the test run';
    started = await startTestRun(client, module, version, requestedRun(inputs), {
      signal,
      createSignal: createWait.signal,
      adoptWaitMs: t.adoptWaitMs,
      adoptLookMs: t.adoptLookMs,
      beforeCreate: () => {
        signal.throwIfAborted();
        progress.createSent = true;
        saveCreateSent(saveState, { fingerprint: optionsFingerprint(requestedRun(inputs)) });
      },
      onRun: (run) => saveRunStarted(saveState, run.id, module),
      onCreateRefused: () => saveCreateSent(saveState, false),
    });
  } catch (error) {
    if (signal.aborted) return cancelledBeforeRun(ctx, progress, context, t);
    const failure = setupFailure(ctx, stage, error);
    // The upload may have started a run by itself (spec 4.2): none is left running.
    const others = progress.uploading ? await stopEveryRun(otherRunsWatch(context, ctx, progress, t)) : [];
    return noRunResult(ctx, { failure, others });
  } finally {
    createWait.dispose();
  }
  ctx.started = started;
  announce(started, ctx, (line) => sink.info(line), (line) => sink.warning(line));
  const watch = otherRunsWatch(context, ctx, progress, t, started.run.id);
  watch.start(started.others);
  return followRun(ctx, started.run, context, t, watch);
}

interface SetupProgress {
  /** The configuration version, once the upload to it began: the service may start a run of it by itself (spec 4.2). */
  uploading?: VersionRef;
  /** When the upload was answered. */
  uploadedAt?: number;
  /** The create of the test run went out: a run may exist although no answer came. */
  createSent: boolean;
}

/**
 * The watch over the other runs of the version being uploaded. The late-run window counts from
 * the upload's answer; for an upload cut short (it may still land), from now.
 */
function otherRunsWatch(context: ModeContext, ctx: RunContext, progress: SetupProgress, t: RunModuleTestsTuning, ownRunId?: string): OtherRunsWatch {
  const { sink, client } = context;
  return new OtherRunsWatch({
    client,
    module: ctx.module,
    version: progress.uploading!,
    ...(ownRunId !== undefined ? { ownRunId } : {}),
    uploadedAt: progress.uploadedAt ?? Date.now(),
    timing: { ...DEFAULT_OTHER_RUNS_TIMING, stopPollMs: t.stopPollMs, ...t.otherRuns },
    info: (line) => sink.info(line),
    warning: (line) => sink.warning(line),
    debug: (line) => sink.debug(line),
  });
}

/** Looks for runs of the version until the late-run window has passed, stopping each. */
function stopEveryRun(watch: OtherRunsWatch): Promise<OtherRun[]> {
  watch.start([]);
  return watch.finish();
}

/**
 * The job was cancelled before the step knew its run. Once the upload had started, the service
 * may have started a run by itself; once the create was sent, it may have created ours without
 * the answer arriving in time. The runs of the version are looked up: one with the requested
 * options is followed and stopped like our own, every other one is stopped too. One that appears
 * only later is left to the post step, which looks for it the same way.
 */
async function cancelledBeforeRun(ctx: RunContext, progress: SetupProgress, context: ModeContext, t: RunModuleTestsTuning): Promise<ModeResult> {
  const { sink, cancellation } = context;
  const version = progress.uploading;
  if (version === undefined) {
    return noRunResult(ctx, { failure: 'The step was cancelled before a test run was started; nothing was left running.', canceled: true });
  }
  const firstAt = signalsReceived(cancellation)[0]?.at ?? Date.now();
  const windDown = (): WindDown | undefined => windDownOf(signalsReceived(cancellation), t);
  // A look that has most of the wind-down, not a fixed few seconds: against a slow service a
  // list can take seconds. What is left after it is for the cancels.
  const lookUntil = Math.min(firstAt + t.lookUpAfterSignalMs, windDown()?.deadline ?? Infinity);
  let runs: TestRun[] = [];
  let lookUpError: string | undefined;
  try {
    runs = await runsOfConfigurationVersion(context.client, ctx.module, version, { signal: AbortSignal.timeout(Math.max(0, lookUntil - Date.now())) });
  } catch (error) {
    lookUpError = getErrorMessage(error);
  }
  const run = adoptableRun(runs, requestedRun(ctx.inputs));
  const watch = otherRunsWatch(context, ctx, progress, t, run?.id);
  if (run !== undefined) {
    saveRunStarted(context.saveState, run.id, ctx.module);
    ctx.started = { run, adopted: !progress.createSent, differences: [], others: [] };
    sink.info(`Found test run ${run.id} of configuration version ${version.id}: stopping it.`);
    watch.start(runs.filter((r) => r.id !== run.id && !isFinal(r)));
    return followRun(ctx, run, context, t, watch);
  }
  // No run of ours: every run of the version is stopped, within what is left of the wind-down.
  const apply = (): void => {
    const w = windDown();
    if (w) watch.windDown(w.deadline, w.force);
  };
  const off = cancellation.onSignal(apply);
  apply();
  let others: OtherRun[];
  try {
    watch.start(runs.filter((r) => !isFinal(r)));
    others = await watch.finish({ by: windDown()?.deadline ?? Date.now(), lookBy: lookUntil });
  } finally {
    off();
  }
  if (others.length === 0 && !progress.createSent && lookUpError === undefined) {
    return noRunResult(ctx, { failure: 'The step was cancelled before a test run was started; nothing was left running.', canceled: true });
  }
  const why = progress.createSent
    ? 'the test run was being created and the service had not answered'
    : lookUpError !== undefined
      ? `the runs of configuration version ${version.id} could not be listed (${lookUpError})`
      : 'the test run was being started';
  const failure =
    `The step was cancelled while ${why}. ` +
    `The post step looks for test runs of configuration version ${version.id} and stops any that is still running.`;
  return noRunResult(ctx, { failure, canceled: true, others });
}

/** How the wait for the run ended. */
type WaitEnd =
  | { end: 'final'; run: TestRun }
  | { end: 'timed-out' }
  | { end: 'cancelled' }
  /** A read failed for good: the run's state is unknown. */
  | { end: 'failed'; error: string };

/**
 * Waits for the run and reports it; on the step's cancellation, its timeout or a failed wait,
 * stops it first. Every other run of the version is stopped by `watch` meanwhile.
 */
async function followRun(ctx: RunContext, first: TestRun, context: ModeContext, t: RunModuleTestsTuning, watch: OtherRunsWatch): Promise<ModeResult> {
  const { sink, client, cancellation } = context;
  const { inputs, module } = ctx;
  const signal = cancellation.signal;
  let last = first;

  const stopper = new TestRunStopper({
    client,
    module,
    testRunId: first.id,
    log: (line) => sink.info(line),
    pollMs: t.stopPollMs,
    onCancelAccepted: () => saveCancelRequested(context.saveState),
  });
  // First signal: cancel (a queued run as soon as it runs). SIGTERM or a second signal:
  // force-cancel, which the spec allows only after a cancel (3.1), and leave before the runner's
  // kill. The limits count from each signal's arrival, also for signals that came before the
  // run was known and are applied only now.
  const windDown = (): WindDown | undefined => windDownOf(signalsReceived(cancellation), t);
  const onSignal = (): void => {
    const w = windDown();
    if (w === undefined) return;
    watch.windDown(w.deadline, w.force);
    if (!stopper.started) {
      sink.info(`The job is being cancelled: stopping test run ${first.id}.`);
      stopper.start({ deadline: w.deadline, lastSeen: last }).catch((error: unknown) => sink.debug(`Stopping test run ${first.id} failed: ${getErrorMessage(error)}`));
    } else {
      stopper.limitDeadline(w.deadline);
    }
    if (w.force) stopper.forceNow();
  };
  const off = cancellation.onSignal(onSignal);
  onSignal();

  try {
    const waited = await waitForEnd();
    switch (waited.end) {
      case 'final': {
        saveRunFinal(context.saveState);
        const log = await readLog(waited.run, signal, t.logReadTimeoutMs);
        return testRunResult(ctx, { run: waited.run, ...log, others: await watch.finish() });
      }
      case 'cancelled':
        return await afterCancellation();
      case 'timed-out':
      case 'failed':
        return await stopAfterWait(waited);
    }
  } finally {
    off();
    stopper.halt();
  }

  /**
   * One deadline for the wait (action-interface "timeout"): it cuts every read and every
   * back-off, so that neither a read that never answers nor a 429 whose Retry-After reaches
   * past it holds the step.
   */
  async function waitForEnd(): Promise<WaitEnd> {
    if (isFinal(first)) return { end: 'final', run: first };
    const deadline = Deadline.after(inputs.timeoutMs);
    try {
      const outcome = await waitForTestRun({
        client,
        module,
        testRunId: first.id,
        deadline,
        signal,
        log: (line) => sink.info(line),
        onRun: (run) => {
          last = run;
        },
        timing: t.wait,
      });
      return outcome.outcome === 'final' ? { end: 'final', run: outcome.value } : { end: 'timed-out' };
    } catch (error) {
      if (signal.aborted) return { end: 'cancelled' };
      if (deadline.expired) return { end: 'timed-out' };
      return { end: 'failed', error: getErrorMessage(error) };
    }
  }

  async function afterCancellation(): Promise<ModeResult> {
    const w = windDown();
    const deadline = w?.deadline ?? Date.now() + t.windDownMs;
    const lookBy = (w?.firstAt ?? Date.now()) + t.lookUpAfterSignalMs;
    const [stopped, others] = await Promise.all([stopper.outcome ?? stopper.start({ deadline, lastSeen: last }), watch.finish({ by: deadline, lookBy })]);
    const run = stopped.run ?? last;
    let log: Awaited<ReturnType<typeof readLog>> = {};
    if (isFinal(run)) {
      saveRunFinal(context.saveState);
      const left = (w?.firstAt ?? Date.now()) + LOG_AFTER_SIGNAL_BUDGET_MS - Date.now();
      // The log of a cancelled run names what it could not destroy; read it if time allows.
      if (!windDown()?.force && left > 500) log = await readLog(run, AbortSignal.timeout(Math.min(2000, left)), Math.min(2000, left));
    }
    return testRunResult(ctx, { run, ...log, canceled: describeStop(run, stopped), others });
  }

  /**
   * The wait ended without a final status: the timeout ran out, or the run could no longer be
   * read. Either way the cancel is sent at once, and the step ends within `stopAfterWaitMs`.
   */
  async function stopAfterWait(waited: Extract<WaitEnd, { end: 'timed-out' | 'failed' }>): Promise<ModeResult> {
    const statusAtTimeout = last.attributes.status;
    const by = Date.now() + t.stopAfterWaitMs;
    sink.info(
      waited.end === 'timed-out'
        ? `Timed out after ${formatDuration(inputs.timeoutMs)} waiting for test run ${first.id} (${describeStatus(statusAtTimeout)}): cancelling it.`
        : `Test run ${first.id} could no longer be read (${waited.error}): cancelling it.`,
    );
    const [stopped, others] = await Promise.all([
      stopper.start({ lastSeen: last, deadline: by, cancelAtOnce: true, watchAfterCancelMs: WATCH_AFTER_CANCEL_MS }),
      // A last look for other runs, held short: a service that stalls reads must not hold the step.
      watch.finish({ by, lookBy: Date.now() + LAST_LOOK_AFTER_STOP_MS }),
    ]);
    const run = stopped.run ?? last;
    const stopNote = describeStop(run, stopped);
    const waitError = waited.end === 'failed' ? { waitError: waited.error } : {};
    if (!isFinal(run)) {
      return waited.end === 'timed-out'
        ? testRunResult(ctx, { run, timedOut: true, statusAtTimeout, stopNote, others })
        : testRunResult(ctx, { run, ...waitError, stopNote, others });
    }
    saveRunFinal(context.saveState);
    const log = await readLog(run, signal, Math.min(t.logReadTimeoutMs, LOG_AFTER_STOP_MS));
    // It ended on its own as the wait ran out: its results are the answer.
    if (run.attributes.status !== 'canceled') return testRunResult(ctx, { run, ...log, others });
    return waited.end === 'timed-out'
      ? testRunResult(ctx, { run, ...log, timedOut: true, statusAtTimeout, stopNote, others })
      : testRunResult(ctx, { run, ...log, ...waitError, stopNote, others });
  }

  /** The log at `log-read-url`; a log that cannot be read is a warning, never a failure. */
  async function readLog(run: TestRun, readSignal: AbortSignal, timeoutMs: number): Promise<{ parsed?: ParsedTestLog; logError?: string }> {
    const url = run.attributes['log-read-url'];
    if (!url) {
      const logError = 'the service gave the run no log-read-url';
      sink.warning(`The log of test run ${run.id} could not be read (${logError}); the run's own counters are reported.`);
      return { logError };
    }
    // An address with its own authorization (spec 2.2): a secret, never printed.
    sink.addSecret(url);
    try {
      // Streamed into the parser, which keeps a bounded report of it: memory stays flat whatever
      // the log's size, and a log that never ends is read for `timeoutMs` at most.
      const parser = new TestLogParser();
      const read = await client.moduleTests.readLog(url, (chunk) => parser.push(chunk), { signal: readSignal, timeoutMs, maxMs: timeoutMs });
      const parsed = parser.end();
      const skipped = parsed.counts.notJson + parsed.counts.oversized;
      if (skipped > 0) sink.debug(`The test log held ${skipped} lines that are not messages of the test command; they were passed over.`);
      if (read.cut) {
        const why = read.cut.reason === 'time' ? `it was still being read after ${formatDuration(read.cut.afterMs)}` : `the connection failed (${read.cut.error})`;
        sink.warning(`The log of test run ${run.id} was read only in part (${formatBytes(read.bytes)}; ${why}); what was read is reported, with the run's own counters.`);
      }
      return { parsed };
    } catch (error) {
      const logError = readSignal.aborted ? 'the step was cancelled while it was read' : getErrorMessage(error);
      sink.warning(`The log of test run ${run.id} could not be read (${logError}); the run's own counters are reported.`);
      return { logError };
    }
  }
}

function requestedRun(inputs: RunModuleTestsInputs): RequestedTestRun {
  return {
    testDirectory: inputs.testDirectory,
    filters: inputs.testFilters,
    variables: inputs.testVariables,
    verbose: inputs.verbose,
  };
}

function announce(started: StartedTestRun, ctx: RunContext, info: (line: string) => void, warning: (line: string) => void): void {
  const { run } = started;
  const where = `configuration version ${ctx.configurationVersionId ?? '?'}`;
  if (started.adopted) {
    info(`The service started test run ${run.id} by itself when the configuration was uploaded; it carries the requested options and is used as the one run of ${where}.`);
  } else {
    info(`Started test run ${run.id} on ${where}.`);
  }
  // A service that takes the run but not all of its options: the run is still the one asked for.
  if (started.differences.length > 0) warning(`Test run ${run.id} does not carry every requested option: ${started.differences.join('; ')}.`);
}

function describeVariableChanges(changes: { created: string[]; updated: string[] }): string {
  const parts: string[] = [];
  if (changes.created.length > 0) parts.push(`created ${changes.created.join(', ')}`);
  if (changes.updated.length > 0) parts.push(`updated ${changes.updated.join(', ')}`);
  return `Test environment variables (sensitive): ${parts.join('; ')}.`;
}

function setupFailure(ctx: RunContext, stage: string, error: unknown): string {
  const hint = isNotFound(error)
    ? ` Check organization, module-namespace, module-name and module-provider (module ${moduleLabel(ctx.module)}), and that the token belongs to the owners team.`
    : '';
  return `The module tests were not run: ${stage} failed: ${getErrorMessage(error).replace(/\.$/, '')}.${hint}`;
}

async function warnWithoutTestDirectory(moduleRoot: string, inputs: RunModuleTestsInputs, warning: (line: string) => void): Promise<void> {
  const dir = resolve(moduleRoot, inputs.testDirectory);
  try {
    if ((await stat(dir)).isDirectory()) return;
  } catch {
    // Reported below.
  }
  warning(`The test-directory "${inputs.testDirectory}" is not a directory of ${join(inputs.moduleDirectory, '')}: the test run may find no tests.`);
}
