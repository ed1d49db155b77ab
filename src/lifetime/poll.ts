import { isAbortError, throwIfAborted } from './abort.ts';
import type { Clock } from './clock.ts';
import type { Deadline } from './deadline.ts';

/** The pause before the next read, given the time waited so far; asked once a pause, in turn. */
export type PollPauses = (waitedMs: number) => number;

export interface GrowingPauses {
  initialIntervalMs: number;
  maxIntervalMs: number;
  /** Growth factor of the pause. */
  backoff: number;
}

export const DEFAULT_POLL: GrowingPauses = { initialIntervalMs: 250, maxIntervalMs: 3000, backoff: 1.5 };

/**
 * Pauses that start short, because a run that is already done should be reported at once, and
 * grow towards `maxIntervalMs`, so that a long run costs few requests.
 */
export function growingPauses(pauses: GrowingPauses = DEFAULT_POLL): PollPauses {
  let next = pauses.initialIntervalMs;
  return () => {
    const pause = next;
    next = Math.min(pauses.maxIntervalMs, next * pauses.backoff);
    return pause;
  };
}

/** Polls a remote object until it reaches a final state, or the deadline. */
export interface PollOptions<T> {
  read: (signal: AbortSignal) => Promise<T>;
  isFinal: (value: T) => boolean;
  /** Aborts the wait with an AbortError (the step is being cancelled). */
  signal: AbortSignal;
  /**
   * Where the wait ends with `timed-out`: every pause ends at it, and so does a read in flight
   * (its signal fires there), whatever the service does. Its clock times the wait.
   */
  deadline: Deadline;
  /** Called after each read, with the time waited so far. */
  onValue?: (value: T, elapsedMs: number) => void;
  /** Default: growingPauses(DEFAULT_POLL). */
  pauses?: PollPauses;
  /**
   * Default true: a read still unanswered at the deadline is cut there. False: only `signal`
   * cuts a read (a look-up whose answer is wanted whenever it comes; the deadline ends the pauses).
   */
  cutReadsAtDeadline?: boolean;
  /** Default false: no read starts at the deadline. True: a pause that reaches it is followed by a last read. */
  readAtDeadline?: boolean;
}

export type PollResult<T> =
  | { outcome: 'final'; value: T }
  /** `readCut`: the deadline ended a read still unanswered, not a pause between reads. */
  | { outcome: 'timed-out'; value: T | undefined; readCut?: true };

export async function pollUntil<T>(options: PollOptions<T>): Promise<PollResult<T>> {
  const { deadline, signal } = options;
  const clock = deadline.clock;
  const started = clock.now();
  const pauses = options.pauses ?? growingPauses();
  const cutReads = options.cutReadsAtDeadline ?? true;
  const readSignal = cutReads ? deadline.cut(signal) : signal;
  let last: T | undefined;
  for (;;) {
    throwIfAborted(signal);
    try {
      last = await options.read(readSignal);
    } catch (error) {
      if (cutReads && !signal.aborted && deadline.expired && isAbortError(error))
        return { outcome: 'timed-out', value: last, readCut: true };
      throw error;
    }
    options.onValue?.(last, clock.now() - started);
    if (options.isFinal(last)) return { outcome: 'final', value: last };
    const remaining = deadline.remainingMs();
    if (remaining <= 0) return { outcome: 'timed-out', value: last };
    const pause = pauses(clock.now() - started);
    await clock.sleep(Math.min(pause, remaining), signal);
    // No read starts at the deadline: the timeout bounds the whole wait. (Decided by the pause,
    // not by reading the time again: a timer may fire a millisecond before the wall clock
    // reaches it.)
    if (!options.readAtDeadline && (pause >= remaining || deadline.expired))
      return { outcome: 'timed-out', value: last };
  }
}

/**
 * Runs `work` after each pause until `signal` fires, and resolves then: a watch kept up beside
 * other work (the runs of a configuration version looked at again and again). The pauses start
 * at the first, as `pauses` gives them; `work` settles its own failures. `work` is handed the
 * signal, so that a piece of work under way ends with the watch rather than outliving it.
 */
export async function repeatAfterPauses(options: {
  work: (signal: AbortSignal) => Promise<void>;
  pauses: PollPauses;
  signal: AbortSignal;
  clock: Clock;
}): Promise<void> {
  const { work, pauses, signal, clock } = options;
  const started = clock.now();
  while (!signal.aborted) {
    try {
      await clock.sleep(pauses(clock.now() - started), signal);
    } catch {
      return;
    }
    await work(signal);
  }
}
