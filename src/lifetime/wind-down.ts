// How long the step may keep working once the runner has begun to cancel it. The runner sends
// SIGINT, then SIGTERM 7.5 s later, then kills the process 2.5 s after that (action-interface
// "Cancellation"): every limit here counts from when a signal arrived, never from when the
// step got round to it, so that a step busy with a slow request still leaves before the kill.

import type { Budgets } from './budgets.ts';
import { signalsReceived } from './cancellation.ts';
import type { Cancellation, ReceivedSignal } from './cancellation.ts';
import type { Clock } from './clock.ts';
import { Deadline } from './deadline.ts';

/** The wind-down's budgets, a Pick of the budget table. */
export type WindDownTiming = Pick<Budgets, 'windDownMs' | 'forceBudgetMs' | 'forceAfterLoneSigtermMs'>;

export interface WindDown {
  /** When the first signal arrived. */
  firstAt: number;
  /** When the step stops watching the run, to write its summary and exit. */
  deadline: Deadline;
  /** The kill is near (SIGTERM, or a second signal): no wait or read that can be left out is begun. */
  killNear: boolean;
  /** A second signal arrived, or SIGTERM after SIGINT: force-cancel now. */
  force: boolean;
  /**
   * A SIGTERM came alone (a CI system that sends no SIGINT first): the run's cancel goes out at
   * once and its force-cancel this long after the cancel is accepted, so that its tests may
   * begin to tear down; a second signal forces at once.
   */
  forceAfterCancelMs?: number;
}

/** The wind-down the signals received by `cancellation` so far call for, on `clock`; undefined before any signal. */
export function windDownNow(cancellation: Cancellation, timing: WindDownTiming, clock: Clock): WindDown | undefined {
  const moments = windDownOf(signalsReceived(cancellation), timing);
  if (moments === undefined) return undefined;
  const { endsAt, ...rest } = moments;
  return { ...rest, deadline: new Deadline(endsAt, clock) };
}

/**
 * The moments of the wind-down the signals received so far call for (`endsAt`: when its deadline
 * falls); undefined before any signal.
 */
export function windDownOf(
  received: readonly ReceivedSignal[],
  timing: WindDownTiming,
): (Omit<WindDown, 'deadline'> & { endsAt: number }) | undefined {
  const first = received[0];
  if (first === undefined) return undefined;
  let deadline = Number.POSITIVE_INFINITY;
  received.forEach(({ signal, at }, i) => {
    // SIGTERM leaves 2.5 s before the kill, whichever signal came first.
    const near = signal === 'SIGTERM' || i > 0;
    deadline = Math.min(deadline, at + (near ? timing.forceBudgetMs : timing.windDownMs));
  });
  const killNear = first.signal === 'SIGTERM' || received.length > 1;
  // A SIGTERM alone is a warning, not yet the second signal: the force-cancel waits its stated time.
  if (first.signal === 'SIGTERM' && received.length === 1)
    return {
      firstAt: first.at,
      endsAt: deadline,
      killNear,
      force: false,
      forceAfterCancelMs: timing.forceAfterLoneSigtermMs,
    };
  return { firstAt: first.at, endsAt: deadline, killNear, force: killNear };
}
