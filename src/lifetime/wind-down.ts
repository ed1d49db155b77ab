// How long the step may keep working once the runner has begun to cancel it. The runner sends
// SIGINT, then SIGTERM 7.5 s later, then kills the process 2.5 s after that (action-interface
// "Cancellation"): every limit here counts from when a signal arrived, never from when the
// step got round to it, so that a step busy with a slow request still leaves before the kill.

import { signalsReceived } from './cancellation.ts';
import type { Cancellation, ReceivedSignal } from './cancellation.ts';
import { systemClock } from './clock.ts';
import type { Clock } from './clock.ts';
import { Deadline } from './deadline.ts';

export interface WindDownTiming {
  /** After the first signal (SIGINT), how long the step keeps watching the run stop. */
  windDownMs: number;
  /** After SIGTERM (or any second signal), the time left for the force-cancel and a last read. */
  forceBudgetMs: number;
}

export interface WindDown {
  /** When the first signal arrived. */
  firstAt: number;
  /** When the step stops watching the run, to write its summary and exit. */
  deadline: Deadline;
  /** A second signal, or SIGTERM, arrived: force-cancel now. */
  force: boolean;
}

/** The wind-down the signals received by `cancellation` so far call for, on `clock`; undefined before any signal. */
export function windDownNow(
  cancellation: Cancellation,
  timing: WindDownTiming,
  clock: Clock = systemClock,
): WindDown | undefined {
  const moments = windDownOf(signalsReceived(cancellation), timing);
  if (moments === undefined) return undefined;
  return { firstAt: moments.firstAt, deadline: new Deadline(moments.endsAt, clock), force: moments.force };
}

/**
 * The moments of the wind-down the signals received so far call for (`endsAt`: when its deadline
 * falls); undefined before any signal.
 */
export function windDownOf(
  received: readonly ReceivedSignal[],
  timing: WindDownTiming,
): { firstAt: number; endsAt: number; force: boolean } | undefined {
  const first = received[0];
  if (first === undefined) return undefined;
  let deadline = Number.POSITIVE_INFINITY;
  let force = false;
  received.forEach(({ signal, at }, i) => {
    // SIGTERM leaves 2.5 s before the kill, whichever signal came first.
    if (signal === 'SIGTERM' || i > 0) {
      force = true;
      deadline = Math.min(deadline, at + timing.forceBudgetMs);
    } else {
      deadline = Math.min(deadline, at + timing.windDownMs);
    }
  });
  return { firstAt: first.at, endsAt: deadline, force };
}
