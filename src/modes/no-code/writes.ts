import { isAbortError } from '../../lifetime/abort.ts';
import type { Clock } from '../../lifetime/clock.ts';
import { TUNABLE_BUDGETS } from '../../lifetime/budgets.ts';
import type { Budgets } from '../../lifetime/budgets.ts';
import type { Cancellation } from '../../lifetime/cancellation.ts';
import { abortAfterFirstSignal } from '../../lifetime/grace.ts';
import type { Semaphore } from '../../lifetime/limit.ts';
import { AmbiguousWriteError, ApiError, UnexpectedResponseError } from '../../service/errors.ts';

/**
 * How a no-code write (a module's create or update, a workspace's create, an upgrade's
 * initiate or confirm) ended. None of them is repeated when its answer is lost (a second one
 * could do the work twice), so what the service did may be unknown, and every mode says so
 * rather than guess.
 */
export type WriteOutcome<T> =
  /** The service carried it out and answered with what the spec names. */
  | { kind: 'done'; answer: T }
  /** The step was cancelled before the write was sent: nothing was asked of the service. */
  | { kind: 'not-sent' }
  | MaybeApplied
  /** The service said no (a status that is not 2xx): it did not carry the write out. */
  | { kind: 'refused'; error: ApiError }
  /** Anything else (the service could not be reached, ...): the error says what is known. */
  | { kind: 'failed'; error: unknown };

/** The write was sent, but whether the service carried it out is not known. */
export type MaybeApplied =
  /** The answer was lost: the connection closed or timed out after sending, or a gateway
   *  answered 500, 502 or 504. */
  | { kind: 'maybe-applied'; cause: 'no-answer'; error: AmbiguousWriteError }
  /** A 2xx answer without the document the spec names: the service took the request, but
   *  what it made of it is unknown, and nothing can be built on it. */
  | { kind: 'maybe-applied'; cause: 'unreadable-answer'; error: UnexpectedResponseError }
  /** The step was cancelled while it was under way, and no answer came within the grace. */
  | { kind: 'maybe-applied'; cause: 'cancelled' };

/** A write that did not end done, nor was cut short by the step's cancellation. */
export type FailedWrite = Exclude<
  WriteOutcome<unknown>,
  { kind: 'done' } | { kind: 'not-sent' } | { cause: 'cancelled' }
>;

/** What tests and benchmarks may change in a no-code mode: the writes' grace, and the clock. */
export interface NoCodeTuning extends Partial<Pick<Budgets, 'writeGraceMs'>> {
  /** The clock the grace, and every wait of the mode, is counted on (default the step's). */
  clock?: Clock;
}

/** The grace of a mode's writes, and the clock it is counted on. */
export interface WriteGrace {
  graceMs: number;
  clock: Clock;
}

/** The grace a mode's tuning gives its writes, defaults filled in: the step's clock unless a test brings its own. */
export function writeGraceOf(tuning: NoCodeTuning, stepClock: Clock): WriteGrace {
  return { graceMs: tuning.writeGraceMs ?? TUNABLE_BUDGETS.writeGraceMs, clock: tuning.clock ?? stepClock };
}

export interface WriteOptions {
  /** The step's cancellation: no write is sent once it has fired; one already sent is not cut
   *  short at once (the service may carry it out anyway) but has until `graceMs` after the first
   *  signal arrived to be answered. */
  cancellation: Cancellation;
  graceMs: number;
  /** The clock the grace is counted on. */
  clock: Clock;
  /** Called just before the write is sent, and only then: to say so in the log. */
  onSend?: () => void;
  /** Places for writes in flight, shared by writes sent side by side: the write waits for
   *  one, and is not sent when the step is cancelled while it waits. */
  places?: Semaphore;
}

/** Sends one no-code write and says how it ended; never throws. */
export async function sendWrite<T>(
  send: (signal: AbortSignal) => Promise<T>,
  options: WriteOptions,
): Promise<WriteOutcome<T>> {
  const { signal } = options.cancellation;
  let release: (() => void) | undefined;
  if (options.places) {
    try {
      release = await options.places.acquire(signal);
    } catch {
      // Only the step's cancellation ends a wait for a place.
      return { kind: 'not-sent' };
    }
  }
  try {
    if (signal.aborted) return { kind: 'not-sent' };
    return await sendWithinGrace(send, options);
  } finally {
    release?.();
  }
}

/** Sends the write, cut short only when the grace after the first signal has run out. */
async function sendWithinGrace<T>(
  send: (signal: AbortSignal) => Promise<T>,
  options: WriteOptions,
): Promise<WriteOutcome<T>> {
  const grace = abortAfterFirstSignal(options.cancellation, options.graceMs, options.clock);
  try {
    options.onSend?.();
    return { kind: 'done', answer: await send(grace.signal) };
  } catch (error) {
    if (grace.signal.aborted && isAbortError(error, grace.signal)) return { kind: 'maybe-applied', cause: 'cancelled' };
    return failedWrite(error);
  } finally {
    grace.dispose();
  }
}

function failedWrite(error: unknown): WriteOutcome<never> {
  if (error instanceof AmbiguousWriteError) return { kind: 'maybe-applied', cause: 'no-answer', error };
  if (error instanceof UnexpectedResponseError) return { kind: 'maybe-applied', cause: 'unreadable-answer', error };
  if (error instanceof ApiError) return { kind: 'refused', error };
  return { kind: 'failed', error };
}
