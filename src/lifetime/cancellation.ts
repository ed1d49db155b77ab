import type { Clock } from './clock.ts';

/**
 * The runner's schedule after its first signal, and the budgets cut from it, are in budgets.ts.
 *
 * One Cancellation per process: its signal aborts every wait on the first signal, and
 * listeners (e.g. the test run's cancel and force-cancel) hear each signal in turn.
 */
export type StopSignal = 'SIGINT' | 'SIGTERM';

export interface Cancellation {
  /** Aborted on the first signal; pass it to polls and sleeps, not to clean-up requests. */
  readonly signal: AbortSignal;
  /** Signals received so far, in order. */
  readonly received: readonly StopSignal[];
  /**
   * When each of `received` arrived (the clock's `now()`), in the same order. The runner's kill is timed
   * from the signals, so work that starts after a signal (or replays one) counts from here.
   */
  readonly receivedAt: readonly number[];
  onSignal(listener: (signal: StopSignal, count: number) => void): () => void;
  dispose(): void;
}

/** A signal and when it arrived. */
export interface ReceivedSignal {
  signal: StopSignal;
  at: number;
}

/** The signals received so far with their arrival times. */
export function signalsReceived(cancellation: Cancellation): ReceivedSignal[] {
  return cancellation.received.map((signal, i) => ({ signal, at: cancellation.receivedAt[i]! }));
}

/** The step's cancellation, fed by the process's SIGINT and SIGTERM; each arrival timed on `clock`. */
export function createCancellation(clock: Clock): Cancellation {
  const controller = new AbortController();
  const received: StopSignal[] = [];
  const receivedAt: number[] = [];
  const listeners = new Set<(signal: StopSignal, count: number) => void>();
  const handle = (signal: StopSignal): void => {
    receivedAt.push(clock.now());
    received.push(signal);
    if (!controller.signal.aborted) controller.abort(new CancelledError(signal));
    for (const listener of listeners) listener(signal, received.length);
  };
  const onInt = (): void => handle('SIGINT');
  const onTerm = (): void => handle('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    signal: controller.signal,
    received,
    receivedAt,
    onSignal(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      listeners.clear();
    },
  };
}

export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  readonly signal: StopSignal;
  constructor(signal: StopSignal) {
    super(`The step was cancelled (${signal}).`);
    this.signal = signal;
  }
}
