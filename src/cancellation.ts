/**
 * The runner cancels a step with SIGINT, then SIGTERM 7.5 s later, then kills the process
 * 2.5 s after that. One Cancellation per process: its signal aborts every wait on the first
 * signal, and listeners (e.g. the test run's cancel and force-cancel) hear each signal in turn.
 */
export type StopSignal = 'SIGINT' | 'SIGTERM';

export interface Cancellation {
  /** Aborted on the first signal; pass it to polls and sleeps, not to clean-up requests. */
  readonly signal: AbortSignal;
  /** Signals received so far, in order. */
  readonly received: readonly StopSignal[];
  onSignal(listener: (signal: StopSignal, count: number) => void): () => void;
  dispose(): void;
}

export function createCancellation(): Cancellation {
  const controller = new AbortController();
  const received: StopSignal[] = [];
  const listeners = new Set<(signal: StopSignal, count: number) => void>();
  const handle = (signal: StopSignal): void => {
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
