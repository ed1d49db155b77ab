// Grace after cancellation: work that must not be cut short at the first signal (a write already
// sent, whose answer alone says whether it was carried out) gets a few seconds more, counted
// from when the first signal arrived, and no more: the runner kills the process 10 s after the
// first signal (action-interface "Cancellation"), however late the work started. One timer for
// every such bound, so that none counts from a later moment (the start of the work, say) and
// reaches past the kill.

import { signalsReceived } from './cancellation.ts';
import type { Cancellation } from './cancellation.ts';
import type { Clock } from './clock.ts';
import { Deadline } from './deadline.ts';

/**
 * A signal that aborts `ms` after the step's first signal arrived (at once when that time has
 * passed, also for a signal that came before this was set up): a bound on work that must not be
 * cut short at the first signal, but must not hold the step past its wind-down either. A second
 * signal does not move it. `dispose` ends it.
 */
export function abortAfterFirstSignal(
  cancellation: Cancellation,
  ms: number,
  clock: Clock,
): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const abort = (): void =>
    controller.abort(new DOMException(`no answer within ${ms} ms of the step's cancellation`, 'TimeoutError'));
  let end: Deadline | undefined;
  let disposed = false;
  const arm = (): void => {
    if (end !== undefined || disposed) return;
    const first = signalsReceived(cancellation)[0];
    if (first === undefined) return;
    end = new Deadline(first.at + ms, clock);
    if (end.expired) abort();
    else end.signal.addEventListener('abort', abort, { once: true });
  };
  const off = cancellation.onSignal(arm);
  arm();
  return {
    signal: controller.signal,
    dispose() {
      disposed = true;
      off();
      end?.signal.removeEventListener('abort', abort);
    },
  };
}
