// The wait for the test run: its reads, spaced out, until the run is final, the step's timeout
// runs out, the step is cancelled or a read fails for good. It only reads; stopping the run is
// the caller's (follow.ts).

import { getErrorMessage } from '../../../errors.ts';
import { budgetsOf } from '../../../lifetime/budgets.ts';
import type { Budgets } from '../../../lifetime/budgets.ts';
import type { Clock } from '../../../lifetime/clock.ts';
import { Deadline } from '../../../lifetime/deadline.ts';
import { growingPauses, pollUntil } from '../../../lifetime/poll.ts';
import type { ServiceClient } from '../../../service/client.ts';
import type { ModuleRef } from '../../../service/module-tests.ts';
import type { TestRun } from '../../../service/types.ts';
import { statusReporter } from '../../../report/wait-status.ts';
import { isFinal } from './status.ts';

const WAIT_BUDGETS = ['initialIntervalMs', 'maxIntervalMs', 'statusEveryMs'] as const;

/** The wait's pauses and status lines, a Pick of the budget table (lifetime/budgets.ts). */
export interface WaitTiming extends Pick<Budgets, (typeof WAIT_BUDGETS)[number]> {
  /** Each pause this many times the one before, up to `maxIntervalMs`. */
  backoff: number;
}

const DEFAULT_WAIT_TIMING: WaitTiming = { ...budgetsOf(...WAIT_BUDGETS), backoff: 1.5 };

export interface WaitOptions {
  client: ServiceClient;
  module: ModuleRef;
  /** The `timeout` input: the longest wait. */
  timeoutMs: number;
  /** The step's cancellation: ends the wait at once. */
  signal: AbortSignal;
  log: (line: string) => void;
  /** Every read of the run, as it comes: a stop that starts mid-wait knows the run's last state. */
  onRun?: (run: TestRun) => void;
  timing?: Partial<WaitTiming>;
  /** The clock the wait's pauses and deadline run on. */
  clock: Clock;
}

/** How the wait ended. `last`: the run as last read. */
export type WaitEnd =
  | { end: 'final'; run: TestRun }
  | { end: 'timed-out'; last: TestRun }
  /** The step is being cancelled. */
  | { end: 'cancelled'; last: TestRun }
  /** A read failed for good: the run's state is unknown. */
  | { end: 'failed'; last: TestRun; error: string };

/**
 * Follows the run from `first` (as the start saw it). One deadline for the wait
 * (action-interface "timeout"): it cuts every read and every back-off, so that neither a read
 * that never answers nor a 429 whose Retry-After reaches past it holds the step.
 */
export async function waitForTestRun(first: TestRun, options: WaitOptions): Promise<WaitEnd> {
  if (isFinal(first)) return { end: 'final', run: first };
  const { client, module, signal } = options;
  const timing = { ...DEFAULT_WAIT_TIMING, ...options.timing };
  const deadline = Deadline.after(options.timeoutMs, options.clock);
  const report = statusReporter((line) => options.log(`Test run ${first.id}: ${line}`), timing.statusEveryMs);
  let last = first;
  try {
    const outcome = await pollUntil({
      read: (readSignal) => client.moduleTests.getTestRun(module, first.id, { signal: readSignal }),
      isFinal,
      signal,
      deadline,
      onValue: (run, elapsedMs) => {
        last = run;
        options.onRun?.(run);
        report(run.attributes.status, elapsedMs);
      },
      pauses: growingPauses(timing),
    });
    return outcome.outcome === 'final' ? { end: 'final', run: outcome.value } : { end: 'timed-out', last };
  } catch (error) {
    if (signal.aborted) return { end: 'cancelled', last };
    if (deadline.expired) return { end: 'timed-out', last };
    return { end: 'failed', last, error: getErrorMessage(error) };
  }
}
