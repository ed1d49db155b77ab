import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { signalsReceived } from '../../cancellation.ts';
import { getErrorMessage } from '../../errors.ts';
import type { RunModuleTestsInputs } from '../../inputs/schema.ts';
import { isNotFound } from '../../service/errors.ts';
import type { TestRun } from '../../service/types.ts';
import { formatDuration } from '../../wait/poll.ts';
import type { ModeContext, ModeResult } from '../mode.ts';
import { packConfiguration, resolveModuleRoot } from './configuration-archive.ts';
import type { PackedConfiguration } from './configuration-archive.ts';
import { dryRunResult, plannedVariables } from './dry-run.ts';
import { moduleLabel, moduleRefOf } from './module-ref.ts';
import { saveCancelRequested, saveConfigurationVersion, saveCreateSent, saveRunFinal, saveRunStarted } from './run-state.ts';
import { runsOfConfigurationVersion, startTestRun } from './start-test-run.ts';
import type { RequestedTestRun, StartedTestRun } from './start-test-run.ts';
import { TestRunStopper } from './stop-test-run.ts';
import type { StopOutcome } from './stop-test-run.ts';
import { TestLogParser } from './test-log.ts';
import type { ParsedTestLog } from './test-log.ts';
import { formatBytes, noRunResult, testRunResult } from './test-run-report.ts';
import type { RunContext } from './test-run-report.ts';
import { isFinal } from './test-run-status.ts';
import { upsertTestVariables } from './test-variables.ts';
import { waitForTestRun } from './wait-for-test-run.ts';
import type { WaitTiming } from './wait-for-test-run.ts';
import { abortAfterFirstSignal, windDownOf } from './wind-down.ts';
import type { WindDown } from './wind-down.ts';

/** Timings of the mode; tests and benchmarks shorten them. */
export interface RunModuleTestsTuning {
  wait: Partial<WaitTiming>;
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
  /** Then, the longest look-up of the run by configuration version. */
  lookUpAfterSignalMs: number;
  /** After a timeout, the longest wait for a queued run to start so that it can be cancelled. */
  queuedCancelWaitMs: number;
  /** After a timeout, how long the cancelled run is watched so that its end can be reported. */
  watchAfterTimeoutCancelMs: number;
  /** Longest upload attempt. */
  uploadTimeoutMs: number;
  /** Longest read of the test log. */
  logReadTimeoutMs: number;
  /** Where the archive is packed (default RUNNER_TEMP or the system's). */
  tempDir?: string;
}

export const DEFAULT_TUNING: RunModuleTestsTuning = {
  wait: {},
  stopPollMs: 250,
  windDownMs: 8500,
  forceBudgetMs: 1200,
  createWaitAfterSignalMs: 3000,
  lookUpAfterSignalMs: 2000,
  queuedCancelWaitMs: 60_000,
  watchAfterTimeoutCancelMs: 10_000,
  uploadTimeoutMs: 10 * 60_000,
  logReadTimeoutMs: 60_000,
};

/** After a signal, the log is read only when this much of the runner's 7.5 s is left. */
const LOG_AFTER_SIGNAL_BUDGET_MS = 7000;

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
  const moduleRoot = await resolveModuleRoot(context.workspaceRoot, inputs.moduleDirectory);
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
  const progress: SetupProgress = { uploadStarted: false, createSent: false };
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
    const version = await client.moduleTests.createConfigurationVersion(module, { autoQueueRuns: false, signal });
    ctx.configurationVersionId = version.id;
    // From here on a run may exist on this version (the upload may start one, spec 4.2): the
    // post step must be able to find it even if this step dies before it knows the run's id.
    saveConfigurationVersion(saveState, version.id, module);
    const uploadUrl = version.attributes['upload-url'];
    if (!uploadUrl) throw new Error(`the service gave configuration version ${version.id} no upload-url`);
    // A single-use address that carries its own authorization (spec 2.3, 5): a secret.
    sink.addSecret(uploadUrl);
    stage = 'uploading the configuration';
    progress.uploadStarted = true;
    await client.moduleTests.uploadConfiguration(uploadUrl, () => createReadStream(packed.file), {
      contentLength: packed.bytes,
      signal,
      timeoutMs: t.uploadTimeoutMs,
    });
    sink.info(`Uploaded the configuration to configuration version ${version.id}.`);
    stage = 'starting the test run';
    started = await startTestRun(client, module, version.id, requestedRun(inputs), {
      signal,
      createSignal: createWait.signal,
      beforeCreate: () => {
        signal.throwIfAborted();
        progress.createSent = true;
        saveCreateSent(saveState);
      },
      onRun: (run) => saveRunStarted(saveState, run.id, module),
      onCreateRefused: () => saveCreateSent(saveState, false),
    });
  } catch (error) {
    if (signal.aborted) return cancelledBeforeRun(ctx, progress, context, t);
    return noRunResult(ctx, { failure: setupFailure(ctx, stage, error) });
  } finally {
    createWait.dispose();
  }
  ctx.started = started;
  announce(started, ctx, (line) => sink.info(line), (line) => sink.warning(line));
  return followRun(ctx, started.run, context, t);
}

interface SetupProgress {
  /** The upload began: the service may have started a run by itself (spec 4.2). */
  uploadStarted: boolean;
  /** The create of the test run went out: a run may exist although no answer came. */
  createSent: boolean;
}

/**
 * The job was cancelled before the step knew its run. Once the upload had started, the service
 * may have started a run by itself; once the create was sent, it may have created ours without
 * the answer arriving in time. Such a run is looked up by configuration version and stopped like
 * our own; one that appears only later is left to the post step, which looks for it the same way.
 */
async function cancelledBeforeRun(ctx: RunContext, progress: SetupProgress, context: ModeContext, t: RunModuleTestsTuning): Promise<ModeResult> {
  const { sink } = context;
  const version = ctx.configurationVersionId;
  if (!progress.uploadStarted || version === undefined) {
    return noRunResult(ctx, { failure: 'The step was cancelled before a test run was started; nothing was left running.', canceled: true });
  }
  let runs: TestRun[] = [];
  let lookUpError: string | undefined;
  try {
    runs = await runsOfConfigurationVersion(context.client, ctx.module, version, { signal: AbortSignal.timeout(t.lookUpAfterSignalMs) });
  } catch (error) {
    lookUpError = getErrorMessage(error);
  }
  const run = runs[0];
  if (run === undefined) {
    if (!progress.createSent && lookUpError === undefined) {
      return noRunResult(ctx, { failure: 'The step was cancelled before a test run was started; nothing was left running.', canceled: true });
    }
    const why = progress.createSent
      ? 'the test run was being created and the service had not answered'
      : `the runs of configuration version ${version} could not be listed (${lookUpError ?? 'no answer'})`;
    const failure =
      `The step was cancelled while ${why}. ` +
      `The post step looks for a test run of configuration version ${version} and stops it if one exists.`;
    return noRunResult(ctx, { failure, canceled: true });
  }
  saveRunStarted(context.saveState, run.id, ctx.module);
  ctx.started = { run, adopted: !progress.createSent, differences: [], others: runs.slice(1) };
  sink.info(`Found test run ${run.id} of configuration version ${version}: stopping it.`);
  return followRun(ctx, run, context, t);
}

/** Waits for the run and reports it; on the step's cancellation or timeout, stops it first. */
async function followRun(ctx: RunContext, first: TestRun, context: ModeContext, t: RunModuleTestsTuning): Promise<ModeResult> {
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
    const started = Date.now();
    let outcome;
    try {
      outcome = isFinal(first)
        ? ({ outcome: 'final', value: first } as const)
        : await waitForTestRun({
            client,
            module,
            testRunId: first.id,
            deadline: started + inputs.timeoutMs,
            signal,
            log: (line) => sink.info(line),
            onRun: (run) => {
              last = run;
            },
            timing: t.wait,
          });
    } catch (error) {
      if (signal.aborted) return await afterCancellation();
      return testRunResult(ctx, { run: last, waitError: getErrorMessage(error) });
    }
    if (outcome.outcome === 'final') {
      saveRunFinal(context.saveState);
      return testRunResult(ctx, { run: outcome.value, ...(await readLog(outcome.value, signal, t.logReadTimeoutMs)) });
    }
    return await afterTimeout();
  } finally {
    off();
    stopper.halt();
  }

  async function afterCancellation(): Promise<ModeResult> {
    const w = windDown();
    const stopped = await (stopper.outcome ?? stopper.start({ deadline: w?.deadline ?? Date.now() + t.windDownMs, lastSeen: last }));
    const run = stopped.run ?? last;
    let log: Awaited<ReturnType<typeof readLog>> = {};
    if (isFinal(run)) {
      saveRunFinal(context.saveState);
      const left = (w?.firstAt ?? Date.now()) + LOG_AFTER_SIGNAL_BUDGET_MS - Date.now();
      // The log of a cancelled run names what it could not destroy; read it if time allows.
      if (!windDown()?.force && left > 500) log = await readLog(run, AbortSignal.timeout(Math.min(2000, left)), Math.min(2000, left));
    }
    return testRunResult(ctx, { run, ...log, canceled: describeStop(run, stopped) });
  }

  async function afterTimeout(): Promise<ModeResult> {
    const statusAtTimeout = last.attributes.status;
    sink.info(`Timed out after ${formatDuration(inputs.timeoutMs)} waiting for test run ${first.id} (${statusAtTimeout}): cancelling it.`);
    const stopped = await stopper.start({
      lastSeen: last,
      deadline: Date.now() + t.queuedCancelWaitMs,
      watchAfterCancelMs: t.watchAfterTimeoutCancelMs,
    });
    const run = stopped.run ?? last;
    if (isFinal(run)) {
      saveRunFinal(context.saveState);
      const log = await readLog(run, signal, t.logReadTimeoutMs);
      // It ended on its own as the wait ran out: its results are the answer.
      if (run.attributes.status !== 'canceled') return testRunResult(ctx, { run, ...log });
      return testRunResult(ctx, { run, ...log, timedOut: true, statusAtTimeout, stopNote: describeStop(run, stopped) });
    }
    return testRunResult(ctx, { run, timedOut: true, statusAtTimeout, stopNote: describeStop(run, stopped) });
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

/** What became of the run once the step tried to stop it, as a sentence for the summary and the failure. */
function describeStop(run: TestRun, stopped: StopOutcome): string {
  const id = run.id;
  const status = run.attributes.status;
  const failed = stopped.lastError ? ` (last error: ${stopped.lastError})` : '';
  switch (stopped.end) {
    case 'not-found':
      return `test run ${id} no longer exists.`;
    case 'final':
      if (status === 'canceled') return stopped.forceAccepted ? `test run ${id} was force-cancelled.` : `test run ${id} was cancelled.`;
      return `test run ${id} had already ended (${status}).`;
    default:
      if (stopped.forceAccepted) return `test run ${id} was force-cancelled.`;
      if (stopped.forceSent) return `test run ${id} was sent a force-cancel, which the service had not answered when the step had to end (last seen ${status}); the post step makes sure it ends.`;
      if (stopped.cancelAccepted) return `test run ${id} was asked to cancel and is stopping (last seen ${status}); the post step makes sure it ends.`;
      if (status === 'running') return `test run ${id} could not be cancelled${failed}; the post step tries again.`;
      return `test run ${id} was still ${status} and can be cancelled only once it runs; the post step cancels it then${failed}.`;
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
    const base = `The service started test run ${run.id} by itself when the configuration was uploaded (although auto-queue-runs was false); it is used as the one run of ${where}`;
    if (started.differences.length > 0) warning(`${base}, but its options differ from the inputs: ${started.differences.join('; ')}.`);
    else info(`${base}; its options are the requested ones.`);
  } else {
    info(`Started test run ${run.id} on ${where}.`);
    if (started.differences.length > 0) warning(`Test run ${run.id} does not carry every requested option: ${started.differences.join('; ')}.`);
  }
  if (started.others.length > 0) {
    warning(`The service started more than one run for ${where} (${started.others.map((r) => r.id).join(', ')}); only ${run.id} is followed.`);
  }
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

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
