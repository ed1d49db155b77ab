import type { Deadline } from '../../lifetime/deadline.ts';
import { growingPauses, pollUntil } from '../../lifetime/poll.ts';
import type { PollResult } from '../../lifetime/poll.ts';
import type { ServiceClient } from '../../service/client.ts';
import type { ModuleRef } from '../../service/module-tests.ts';
import type { TestRun } from '../../service/types.ts';
import { statusReporter } from '../../wait/poll.ts';
import { isFinal } from './test-run-status.ts';

export interface WaitTiming {
  /** First pause between reads: a run that is already done is seen at once. */
  initialIntervalMs: number;
  /** Longest pause: completion is seen within about this long, and a long run costs at most
   *  one read per this interval. */
  maxIntervalMs: number;
  backoff: number;
  /** A status line at least this often while nothing changes. */
  statusEveryMs: number;
}

export const DEFAULT_WAIT_TIMING: WaitTiming = {
  initialIntervalMs: 250,
  maxIntervalMs: 1500,
  backoff: 1.5,
  statusEveryMs: 30_000,
};

/**
 * Reads the run until it is final or `deadline` passes (a read still unanswered then is cut
 * there); `signal` (the step's cancellation) aborts the wait.
 */
export function waitForTestRun(options: {
  client: ServiceClient;
  module: ModuleRef;
  testRunId: string;
  deadline: Deadline;
  signal: AbortSignal;
  log: (line: string) => void;
  /** Every read of the run, so that the caller knows its last state however the wait ends. */
  onRun?: (run: TestRun) => void;
  timing?: Partial<WaitTiming>;
}): Promise<PollResult<TestRun>> {
  const timing = { ...DEFAULT_WAIT_TIMING, ...options.timing };
  const report = statusReporter((line) => options.log(`Test run ${options.testRunId}: ${line}`), timing.statusEveryMs);
  return pollUntil({
    read: (signal) => options.client.moduleTests.getTestRun(options.module, options.testRunId, { signal }),
    isFinal,
    signal: options.signal,
    deadline: options.deadline,
    onValue: (run, elapsedMs) => {
      options.onRun?.(run);
      report(run.attributes.status, elapsedMs);
    },
    pauses: growingPauses(timing),
  });
}
