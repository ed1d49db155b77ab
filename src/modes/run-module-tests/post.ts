// The post step: a test run must never be left running behind a cancelled or killed job
// (action-interface "Cancellation"), nor beside the step's own run (a service may queue one by
// itself on upload, late). The main step saves the configuration version as soon as it exists,
// the run id the moment the run is known, and marks the run once it saw it final. This step
// makes sure every run of that version ends, the step's own when it was not seen final and any
// other: it cancels it (a queued run once it runs, within a bounded wait), then force-cancels it
// if it is still running after a grace period. A main step killed while its create was
// unanswered saved no run id: the run is found by its configuration version, once it appears.

import { getErrorMessage, stepFailure } from '../../errors.ts';
import type { StepFailure } from '../../errors.ts';
import { isAbortError } from '../../lifetime/abort.ts';
import type { Cancellation } from '../../lifetime/cancellation.ts';
import { systemClock } from '../../lifetime/clock.ts';
import { Deadline } from '../../lifetime/deadline.ts';
import { pollUntil } from '../../lifetime/poll.ts';
import type { Clock } from '../../lifetime/clock.ts';
import type { ReportSink } from '../../report/sink.ts';
import type { ServiceClient } from '../../service/client.ts';
import type { TestRun } from '../../service/types.ts';
import { formatDuration } from '../../report/format.ts';
import { moduleLabel } from './module-ref.ts';
import type { SavedTestRun } from './state.ts';
import type { StopOutcome } from './test-run/stop.ts';
import { VersionGuard } from './test-run/version-guard.ts';
import { isFinal } from './test-run/status.ts';
import { DEFAULT_POST_TUNING } from './tuning.ts';
import type { PostTuning } from './tuning.ts';
import { runFingerprint, runsOfConfigurationVersion } from './test-run/version-runs.ts';

/** What the post step's start-up (src/post-step.ts) hands it; the start-up closes the client and the cancellation. */
export interface PostStart {
  /** The state the main step saved, read once. */
  saved: SavedTestRun;
  sink: ReportSink;
  client: ServiceClient;
  cancellation: Cancellation;
}

export interface PostOptions {
  /** Its timings (DEFAULT_POST_TUNING in tuning.ts). */
  tuning?: Partial<PostTuning>;
  /** The clock of the step's waits and limits (default the real one). */
  clock?: Clock;
}

/**
 * The failure of a post step that cannot start (its inputs are refused, its client cannot be
 * built), reported on the sink.
 */
export function cannotStart(saved: SavedTestRun, sink: ReportSink, failure: StepFailure): StepFailure {
  const label = moduleLabel(saved.module);
  const what =
    saved.testRunId !== undefined && !saved.final
      ? `Test run ${saved.testRunId} of module ${label}`
      : `A test run of configuration version ${saved.configurationVersion?.id ?? '?'} (module ${label})`;
  // A failure, not a bad input (exit 2 is for a step that has sent nothing): the main step
  // has already started a run, which may still be running.
  return failed(sink, stepFailure(`${what} may still be running, and it cannot be stopped: ${failure.message}`));
}

/**
 * Null unless a run may still be running that this step could not stop; each failure is reported
 * on the sink as it happens, and the entry point turns the one returned into the exit code.
 */
export async function runPost(start: PostStart, options: PostOptions = {}): Promise<StepFailure | null> {
  const { saved, sink, client, cancellation } = start;
  const { module } = saved;
  const label = moduleLabel(module);

  const { queuedWaitMs, graceMs, forceSlackMs, pollMs, appearWaitMs, lateRunWindowMs, afterSignalMs }: PostTuning = {
    ...DEFAULT_POST_TUNING,
    ...options.tuning,
  };
  const clock = options.clock ?? systemClock;
  const guard = new VersionGuard({
    client,
    module,
    cancellation,
    // The post step being cancelled in turn: what was sent stays sent, the waiting stops.
    windDown: () =>
      cancellation.signal.aborted
        ? {
            firstAt: cancellation.receivedAt[0] ?? clock.now(),
            deadline: Deadline.after(afterSignalMs, clock),
            killNear: false,
            force: false,
          }
        : undefined,
    pollMs,
    clock,
    info: (line) => sink.info(line),
    warn: (line) => sink.warning(line),
    debug: (line) => sink.debug(line),
  });
  // Each run is stopped as soon as it is found: one the service queued by itself is not left
  // running while the step waits for the run of an unanswered create to appear.
  const stops: Array<Promise<StepFailure | null>> = [];
  const stop = ({ id, lastSeen }: RunToStop): void => {
    const plan = {
      startBy: Deadline.after(queuedWaitMs, clock),
      // Long enough for a queued run to start, be cancelled, get its grace and be force-cancelled.
      deadline: Deadline.after(queuedWaitMs + graceMs + forceSlackMs, clock),
      forceAfterCancelMs: graceMs,
      ...(lastSeen ? { lastSeen } : {}),
    };
    sink.info(`Test run ${id} of module ${label} was not seen to end by the main step: making sure it stops.`);
    const cancelAlreadyAccepted = saved.cancelRequested && id === saved.testRunId;
    stops.push(
      guard
        .stop(id, plan, { cancelAlreadyAccepted })
        .then((outcome) => report(sink, `Test run ${id} of module ${label}`, outcome, queuedWaitMs)),
    );
  };
  try {
    const found = await findRunsToStop(saved, {
      client,
      sink,
      signal: cancellation.signal,
      pollMs,
      appearWaitMs,
      lateRunWindowMs,
      stop,
      clock,
    });
    return [found, ...(await Promise.all(stops))].find((failure) => failure !== null) ?? null;
  } finally {
    // The start-up (src/post-step.ts) closes the client and the cancellation.
    guard.dispose();
  }
}

/** One look at the version's runs: what it listed, or why it could not. */
type Look = { listed: TestRun[] } | { error: unknown };

interface RunToStop {
  id: string;
  /** The run as listed, when it was found by its configuration version. */
  lastSeen?: TestRun;
}

/**
 * Hands `stop` the saved run unless the main step saw it final, and every run of the saved
 * configuration version that is not final, as each is found. The version is looked at again
 * until the window in which the service may queue a run by itself has passed (the main step's,
 * from the upload), and, when the main step sent a create it never saw answered, until a run with
 * the create's options appears or `appearWaitMs` passes. Resolves with the failure when a run may
 * be running that could not be found, else null.
 */
async function findRunsToStop(
  saved: SavedTestRun,
  options: {
    client: ServiceClient;
    sink: ReportSink;
    signal: AbortSignal;
    pollMs: number;
    appearWaitMs: number;
    lateRunWindowMs: number;
    stop: (run: RunToStop) => void;
    clock: Clock;
  },
): Promise<StepFailure | null> {
  const { sink, signal, stop, clock } = options;
  const known = new Set<string>();
  const stopOnce = (run: RunToStop): void => {
    if (known.has(run.id)) return;
    known.add(run.id);
    stop(run);
  };
  const versionRef = saved.configurationVersion;
  if (versionRef === undefined) {
    if (saved.testRunId !== undefined && !saved.final) stopOnce({ id: saved.testRunId });
    return null;
  }
  const version = versionRef.id;
  const label = moduleLabel(saved.module);
  // The run whose id is known is stopped at once, beside the look for others: a listing that
  // pages on, or fails, must not hold its cancel.
  if (saved.testRunId !== undefined && !saved.final) stopOnce({ id: saved.testRunId });
  // The run of a create the main step never saw answered may take a while to appear.
  const awaitingCreate = saved.testRunId === undefined && saved.createSent;
  const appearBy = Deadline.after(awaitingCreate ? options.appearWaitMs : 0, clock);
  // A service may queue a run of its own on the version up to the main step's window after the
  // upload: a main step killed before it ends must not leave that run to the service. An upload
  // the step died in may still land: then the window counts from now.
  const lateRunWindowMs = saved.lateRunWindowMs ?? options.lateRunWindowMs;
  const watchUntil = new Deadline((saved.uploadedAt ?? clock.now()) + lateRunWindowMs, clock);
  const ownFinal = saved.testRunId !== undefined && saved.final;
  let notedCreate = false;
  let notedWindow = false;
  let listedAny = false;
  let appeared = !awaitingCreate;
  // Until the run has appeared and the window has passed.
  const until = (): Deadline => (appeared ? watchUntil : appearBy.later(watchUntil));
  const look = async (): Promise<Look> => {
    try {
      return {
        listed: await runsOfConfigurationVersion(options.client, saved.module, versionRef, {
          clock,
          signal,
          known: saved.testRunId !== undefined ? [saved.testRunId] : [],
        }),
      };
    } catch (error) {
      return { error };
    }
  };
  const stopListed = (listed: readonly TestRun[]): void => {
    listedAny ||= listed.length > 0;
    for (const run of listed) {
      if (run.id === saved.testRunId ? !saved.final && !isFinal(run) : !isFinal(run))
        stopOnce({ id: run.id, lastSeen: run });
    }
    // The saved run may be missing from the list (the service no longer shows it): it is read by id.
    if (saved.testRunId !== undefined && !saved.final && !listed.some((run) => run.id === saved.testRunId))
      stopOnce({ id: saved.testRunId });
    appeared ||=
      saved.requested !== undefined ? listed.some((run) => runFingerprint(run) === saved.requested) : listed.length > 0;
  };
  /** Says once what is waited for, before the first pause for it. */
  const noteWait = (): void => {
    if (!appeared && !notedCreate) {
      notedCreate = true;
      sink.info(
        `The main step sent the create of a test run on configuration version ${version} (module ${label}) and saw no answer: ` +
          `waiting up to ${formatDuration(options.appearWaitMs)} for the run to appear.`,
      );
    }
    if (!watchUntil.expired && !notedWindow) {
      notedWindow = true;
      sink.info(
        `The service may still queue a test run of configuration version ${version} (module ${label}) by itself, ` +
          `up to ${formatDuration(lateRunWindowMs)} after the upload: looking for one until then.`,
      );
    }
  };
  let failedLook: unknown;
  let looked = false;
  try {
    // Looked at until the run appears and the window has passed; each look answered, however late.
    await pollUntil<Look>({
      read: look,
      onValue: (answer) => {
        looked = true;
        if ('listed' in answer) stopListed(answer.listed);
        else failedLook = answer.error;
      },
      isFinal: (answer) => 'error' in answer || until().expired || signal.aborted,
      signal,
      deadline: appearBy.later(watchUntil),
      pauses: () => {
        noteWait();
        return Math.min(options.pollMs, until().remainingMs());
      },
      cutReadsAtDeadline: false,
      readAtDeadline: true,
    });
  } catch (error) {
    // The post step is being cancelled: it looks no further (cancelled before its first look,
    // it stops the saved run all the same, as after a look that failed).
    if (!isAbortError(error)) throw error;
    if (!looked) failedLook = error;
  }
  if (failedLook !== undefined) {
    const error = failedLook;
    // Every run the step answers for must be read final at its end: one of the version may still
    // be running unseen, so the step fails, whatever it could stop.
    if (ownFinal || known.size > 0) {
      const stopped = saved.testRunId !== undefined && !saved.final ? ` Test run ${saved.testRunId} is stopped.` : '';
      return failed(
        sink,
        stepFailure(
          `The test runs of configuration version ${version} (module ${label}) could not be listed (${getErrorMessage(error)}), ` +
            `so another one may still be running.${stopped} Check the module's test runs in the service.`,
        ),
      );
    }
    return failed(
      sink,
      stepFailure(
        `The test runs of configuration version ${version} (module ${label}) could not be listed, and one may still be running: ${getErrorMessage(error)}. ` +
          `Check the module's test runs in the service.`,
      ),
    );
  }
  if (!appeared) {
    sink.warning(
      `No test run with the requested options appeared on configuration version ${version} (module ${label}) after the main step sent its create; ` +
        `if one appears later, cancel it in the service.`,
    );
  } else if (known.size === 0) {
    sink.info(
      listedAny
        ? `Every test run of configuration version ${version} (module ${label}) has ended: nothing to stop.`
        : `Configuration version ${version} (module ${label}) has no test run: nothing to stop.`,
    );
  }
  return null;
}

function report(sink: ReportSink, what: string, outcome: StopOutcome, queuedWaitMs: number): StepFailure | null {
  const status = outcome.run?.attributes.status;
  switch (outcome.end) {
    case 'not-found':
      // Deleted, or the token lost access: nothing this step can do, nothing to fail for.
      sink.info(`${what} no longer exists (404): nothing to stop.`);
      return null;
    case 'final':
      if (outcome.forceAccepted) sink.info(`${what} was force-cancelled.`);
      else if (outcome.cancelAccepted && status === 'canceled') sink.info(`${what} was cancelled.`);
      else sink.info(`${what} had already ended (${status ?? 'final'}).`);
      return null;
    default: {
      // Only a run read final counts as stopped: one still running when the step must end fails it.
      if (outcome.cancelAccepted) {
        const refused = outcome.forceRefused && !outcome.forceAccepted ? ' (its force-cancel was refused, 409)' : '';
        return failed(
          sink,
          stepFailure(
            `${what} was asked to ${outcome.forceAccepted ? 'force-cancel' : 'cancel'}${refused} and is still ${status ?? 'stopping'} ` +
              `at the end of the step; check it in the service.`,
          ),
        );
      }
      const why = outcome.lastError ? `: ${outcome.lastError}` : '';
      const when =
        status === 'running'
          ? ''
          : ` (it was still ${status ?? 'unknown'} after ${formatDuration(queuedWaitMs)}, and only a running test can be cancelled)`;
      return failed(sink, stepFailure(`${what} could not be cancelled${when}${why}; cancel it in the service.`));
    }
  }
}

/** Reports a failure as it happens (the step goes on stopping the other runs); the failure. */
function failed(sink: ReportSink, failure: StepFailure): StepFailure {
  sink.fail(failure.message);
  return failure;
}
