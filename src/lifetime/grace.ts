// Grace after cancellation: work that must not be cut short at the first signal (a write
// already sent, whose answer alone says whether it was carried out) gets a few seconds more,
// counted from when the signal arrived, and no more: the runner kills the process 10 s after the
// first signal (action-interface "Cancellation").

import { signalsReceived } from './cancellation.ts';
import type { Cancellation } from './cancellation.ts';
import { systemClock } from './clock.ts';
import type { Clock } from './clock.ts';
import { Deadline } from './deadline.ts';

/** A signal that aborts `ms` after a moment not known yet: when a signal of the step arrived. */
class Grace {
  readonly #controller = new AbortController();
  readonly #ms: number;
  readonly #reason: () => unknown;
  readonly #clock: Clock;
  #end: Deadline | undefined;
  #disposed = false;
  readonly #abort = (): void => this.#controller.abort(this.#reason());

  constructor(ms: number, reason: () => unknown, clock: Clock) {
    this.#ms = ms;
    this.#reason = reason;
    this.#clock = clock;
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Starts the grace at `arrivedAt`, a time on the clock (at once over when it has run out); the first start holds. */
  startFrom(arrivedAt: number): void {
    if (this.#end !== undefined || this.#disposed) return;
    this.#end = new Deadline(arrivedAt + this.#ms, this.#clock);
    if (this.#end.expired) this.#abort();
    else this.#end.signal.addEventListener('abort', this.#abort, { once: true });
  }

  /** The signal never aborts from now on. */
  dispose(): void {
    this.#disposed = true;
    this.#end?.signal.removeEventListener('abort', this.#abort);
  }
}

/**
 * Runs `work` with a signal that aborts `graceMs` after `cancel` does (counted from now when it
 * already has) rather than at once. A create cut short on the first signal may still have been
 * carried out by the service, with nobody told; given a few seconds it is answered, and the
 * answer is reported.
 */
export async function withGrace<T>(
  cancel: AbortSignal,
  graceMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  clock: Clock = systemClock,
): Promise<T> {
  const grace = new Grace(graceMs, () => cancel.reason, clock);
  const start = (): void => grace.startFrom(clock.now());
  if (cancel.aborted) start();
  else cancel.addEventListener('abort', start, { once: true });
  try {
    return await work(grace.signal);
  } finally {
    cancel.removeEventListener('abort', start);
    grace.dispose();
  }
}

/**
 * A signal that aborts `ms` after the first signal arrived (at once when that time has passed,
 * also for a signal that came before this was set up): a bound on a request that must not be cut
 * short at the first signal, but must not hold the step past its wind-down either. `dispose`
 * ends it.
 */
export function abortAfterFirstSignal(
  cancellation: Cancellation,
  ms: number,
  clock: Clock = systemClock,
): { signal: AbortSignal; dispose: () => void } {
  const grace = new Grace(
    ms,
    () => new DOMException(`no answer within ${ms} ms of the step's cancellation`, 'TimeoutError'),
    clock,
  );
  const arm = (): void => {
    const first = signalsReceived(cancellation, clock.now())[0];
    if (first !== undefined) grace.startFrom(first.at);
  };
  const off = cancellation.onSignal(arm);
  arm();
  return {
    signal: grace.signal,
    dispose() {
      off();
      grace.dispose();
    },
  };
}
