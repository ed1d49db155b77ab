// The post step: a test run must never be left running behind a cancelled or killed job
// (action-interface "Cancellation"), nor beside the step's own run (a service may queue one by
// itself on upload, late). The main step saves the configuration version as soon as it exists,
// the run id the moment the run is known, and marks the run once it saw it final. This step
// makes sure every run of that version ends, the step's own when it was not seen final and any
// other: it cancels it (a queued run once it runs, within a bounded wait), then force-cancels it
// if it is still running after a grace period. A main step killed while its create was
// unanswered saved no run id: the run is found by its configuration version, once it appears.

import { stepFailure } from '../../errors.ts';
import type { StepFailure } from '../../errors.ts';
import type { Cancellation } from '../../lifetime/cancellation.ts';
import type { Clock } from '../../lifetime/clock.ts';
import type { ReportSink } from '../../report/sink.ts';
import type { ServiceClient } from '../../service/client.ts';
import { formatDuration } from '../../report/format.ts';
import { moduleLabel } from './module-ref.ts';
import type { SavedTestRun } from './state.ts';
import type { StopOutcome } from './test-run/stop.ts';
import { VersionGuard } from './test-run/version-guard.ts';
import { leftBehind, postStepWindDown } from './test-run/stop-policy.ts';
import { DEFAULT_POST_TUNING } from './tuning.ts';
import type { PostTuning } from './tuning.ts';
import { findRunsToStop } from './post-search.ts';
import type { RunToStop } from './post-search.ts';

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
  /** The clock of the step's waits and limits: the step's. */
  clock: Clock;
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
export async function runPost(start: PostStart, options: PostOptions): Promise<StepFailure | null> {
  const { saved, sink, client, cancellation } = start;
  const { module } = saved;
  const label = moduleLabel(module);

  const { queuedWaitMs, graceMs, forceSlackMs, pollMs, appearWaitMs, lateRunWindowMs, afterSignalMs }: PostTuning = {
    ...DEFAULT_POST_TUNING,
    ...options.tuning,
  };
  const { clock } = options;
  const guard = new VersionGuard({
    client,
    module,
    cancellation,
    windDown: postStepWindDown(cancellation, afterSignalMs, clock),
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
    const plan = leftBehind({ queuedWaitMs, graceMs, forceSlackMs }, clock, lastSeen);
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
    if (found !== null) failed(sink, found);
    return [found, ...(await Promise.all(stops))].find((failure) => failure !== null) ?? null;
  } finally {
    // The start-up (src/post-step.ts) closes the client and the cancellation.
    guard.dispose();
  }
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
