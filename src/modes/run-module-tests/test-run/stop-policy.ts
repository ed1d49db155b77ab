// The plan of every stop of a test run, side by side. Why the run is stopped (the job was
// cancelled, the wait timed out or lost the run, the service queued it by itself, the post step
// found it left behind) and the signals received so far decide how long the stop may take,
// whether the cancel goes out at once, and when a force-cancel follows. The main step's wind-down
// (the runner's schedule, lifetime/wind-down.ts) and the post step's are here as well: the guard
// (version-guard.ts) asks them at each signal and applies them to every stop it holds. Pure: the
// time comes from the clock given, and nothing is sent.

import { WATCH_AFTER_CANCEL_MS, LAST_LOOK_AFTER_STOP_MS } from '../../../lifetime/budgets.ts';
import type { Cancellation } from '../../../lifetime/cancellation.ts';
import type { Clock } from '../../../lifetime/clock.ts';
import { Deadline } from '../../../lifetime/deadline.ts';
import { windDownNow } from '../../../lifetime/wind-down.ts';
import type { WindDown, WindDownTiming } from '../../../lifetime/wind-down.ts';
import type { TestRun } from '../../../service/types.ts';
import type { StopPlan, TestRunStopper } from './stop.ts';

/** What the signals received so far call for; undefined before any. */
export type WindDownOf = () => WindDown | undefined;

/** The main step: the runner's schedule, counted from each signal's arrival (lifetime/wind-down.ts). */
export function mainStepWindDown(cancellation: Cancellation, timing: WindDownTiming, clock: Clock): WindDownOf {
  return () => windDownNow(cancellation, timing, clock);
}

/**
 * The post step being cancelled in turn: what was sent stays sent, and the waiting stops
 * `afterSignalMs` from now; no force-cancel of its own (the runs it stops have theirs).
 */
export function postStepWindDown(cancellation: Cancellation, afterSignalMs: number, clock: Clock): WindDownOf {
  return () =>
    cancellation.signal.aborted
      ? {
          firstAt: cancellation.receivedAt[0] ?? clock.now(),
          deadline: Deadline.after(afterSignalMs, clock),
          killNear: false,
          force: false,
        }
      : undefined;
}

/** The job is being cancelled: the step's own run is stopped within the wind-down. */
export function atSignal(windDown: WindDown): StopPlan {
  return { deadline: windDown.deadline };
}

/** After a signal: when the stops must have ended, and until when other runs are looked for. */
export interface SignalBounds {
  /** When the first signal arrived (now, when none has). */
  firstAt: number;
  stopBy: Deadline;
  lookBy: Deadline;
}

/**
 * The bounds of what the main step still does once the job is being cancelled: its stops end with
 * the wind-down (`windDownMs` after the first signal when none is known yet), and the look for
 * other runs `lookUpAfterSignalMs` after the first signal.
 */
export function afterSignal(
  windDown: WindDown | undefined,
  timing: { windDownMs: number; lookUpAfterSignalMs: number },
  clock: Clock,
): SignalBounds {
  const firstAt = windDown?.firstAt ?? clock.now();
  return {
    firstAt,
    stopBy: windDown?.deadline ?? new Deadline(firstAt + timing.windDownMs, clock),
    lookBy: new Deadline(firstAt + timing.lookUpAfterSignalMs, clock),
  };
}

/**
 * The wait ended without a final status (the timeout ran out, or the run could no longer be read):
 * the cancel goes out at once, whatever the run was last seen doing, and the step ends within
 * `stopAfterWaitMs`; once the cancel is accepted the run winds down by itself. The last look for
 * other runs is held short: a service that stalls reads must not hold the step.
 */
export function afterWait(timing: { stopAfterWaitMs: number }, clock: Clock): { plan: StopPlan; lookBy: Deadline } {
  return {
    plan: {
      deadline: Deadline.after(timing.stopAfterWaitMs, clock),
      cancelAtOnce: true,
      watchAfterCancelMs: WATCH_AFTER_CANCEL_MS,
    },
    lookBy: Deadline.after(LAST_LOOK_AFTER_STOP_MS, clock),
  };
}

/** A run of the version the step did not start: cancelled at once, and watched for a while. */
export function otherRun(
  timing: { stopWatchMs: number; watchAfterCancelMs: number },
  clock: Clock,
  lastSeen: TestRun,
): StopPlan {
  return {
    deadline: Deadline.after(timing.stopWatchMs, clock),
    watchAfterCancelMs: timing.watchAfterCancelMs,
    cancelAtOnce: true,
    lastSeen,
  };
}

/**
 * A run the main step left behind, found by the post step: a queued run is waited for to start
 * (`queuedWaitMs`), then cancelled, given `graceMs` to tear down, and force-cancelled; the stop
 * lasts long enough for all of that.
 */
export function leftBehind(
  timing: { queuedWaitMs: number; graceMs: number; forceSlackMs: number },
  clock: Clock,
  lastSeen?: TestRun,
): StopPlan {
  return {
    startBy: Deadline.after(timing.queuedWaitMs, clock),
    deadline: Deadline.after(timing.queuedWaitMs + timing.graceMs + timing.forceSlackMs, clock),
    forceAfterCancelMs: timing.graceMs,
    ...(lastSeen ? { lastSeen } : {}),
  };
}

/** The force-cancel the wind-down calls for: at once, or its stated time after the cancel is accepted. */
export function forceAsWindDownSays(stopper: TestRunStopper, windDown: WindDown): void {
  if (windDown.force) stopper.forceNow();
  else if (windDown.forceAfterCancelMs !== undefined) stopper.forceAfterCancel(windDown.forceAfterCancelMs);
}
