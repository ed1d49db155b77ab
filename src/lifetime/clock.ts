import { abortError } from './abort.ts';

/**
 * Time as the action's waits see it. Everything that waits or measures a wait takes a Clock,
 * the real one by default, so that a test can run it on a clock of its own.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`, or rejects with an AbortError as soon as the signal fires. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * A signal that aborts with a TimeoutError `ms` from now. Unlike a sleep it keeps no process
   * alive: it bounds work that holds the process by itself (a request, a sleep).
   */
  timeout(ms: number): AbortSignal;
}

/** Node fires a timer set for longer than this at once; a longer wait is cut to it (about 24.8 days). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Resolves after `ms`, or rejects with an AbortError as soon as the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.min(LONGEST_TIMER_MS, Math.max(0, ms)),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Waits `ms` on `clock`, or less when `wake` fires first; never rejects. For a loop that must act
 * at once on news (a force-cancel asked for, a deadline brought forward) between its reads.
 */
export async function pause(clock: Clock, ms: number, wake: AbortSignal): Promise<void> {
  try {
    await clock.sleep(Math.max(0, ms), wake);
  } catch {
    // Woken early.
  }
}

/** The wall clock and the process's timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep,
  timeout: (ms) => AbortSignal.timeout(Math.min(LONGEST_TIMER_MS, Math.max(0, Math.ceil(ms)))),
};

/**
 * The process's timers with a monotonic time in sub-millisecond steps, for what measures short
 * spans against each other (the rate limit's window): a wall clock in whole milliseconds could
 * free a place up to a millisecond early, and one set back would hold it. Not for a moment that
 * is compared with the signals' arrival or a deadline: those are on the step's clock.
 */
export const monotonicClock: Clock = { ...systemClock, now: () => performance.timeOrigin + performance.now() };

/** The clock a rate window is measured and waited on: the real clock's monotonic time, or a test's own clock as it is. */
export function pacingClock(clock: Clock): Clock {
  return clock === systemClock ? monotonicClock : clock;
}
