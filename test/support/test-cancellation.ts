// The step's cancellation without process signal handlers: the test sends the signals, and each
// arrival is recorded on the step's clock, as createCancellation records it.
import { CancelledError } from '../../src/lifetime/cancellation.ts';
import type { Cancellation, StopSignal } from '../../src/lifetime/cancellation.ts';
import { systemClock } from '../../src/lifetime/clock.ts';
import type { Clock } from '../../src/lifetime/clock.ts';

export interface TestCancellation extends Cancellation {
  /** Sends the signal; returns its arrival time on the step's clock. */
  send(signal: StopSignal): number;
}

/** `clock`: where the arrival of each signal is read (the step's clock). */
export function testCancellation(clock: Clock = systemClock): TestCancellation {
  const controller = new AbortController();
  const received: StopSignal[] = [];
  const receivedAt: number[] = [];
  const listeners = new Set<(signal: StopSignal, count: number) => void>();
  return {
    signal: controller.signal,
    received,
    receivedAt,
    onSignal(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => listeners.clear(),
    send(signal) {
      const at = clock.now();
      receivedAt.push(at);
      received.push(signal);
      if (!controller.signal.aborted) controller.abort(new CancelledError(signal));
      for (const listener of [...listeners]) listener(signal, received.length);
      return at;
    },
  };
}
