// Following the step's test run to its end: the wait, and the stop that takes its place when the
// job is cancelled, the timeout runs out or the run can no longer be read. The first signal
// cancels the run (a queued one as soon as it runs); SIGTERM or a second signal force-cancels
// it, which the spec allows only after a cancel (3.1), and the step leaves before the runner's
// kill. Every other run of the configuration version is stopped by the watch meanwhile; both
// stops are the version guard's (version-guard.ts).

import { LOG_AFTER_SIGNAL_MS, LOG_AFTER_SIGNAL_UNTIL_MS, LOG_AFTER_STOP_MS } from '../../lifetime/budgets.ts';
import type { Cancellation } from '../../lifetime/cancellation.ts';
import { Deadline } from '../../lifetime/deadline.ts';
import type { ReportSink } from '../../report/sink.ts';
import type { ServiceClient } from '../../service/client.ts';
import type { ModuleRef } from '../../service/module-tests.ts';
import type { TestRun } from '../../service/types.ts';
import { formatDuration } from '../../report/format.ts';
import type { Interruption, RunEnding } from './results/ending.ts';
import type { OtherRunsWatch } from './test-run/other-runs.ts';
import type { VersionGuard } from './test-run/version-guard.ts';
import { saveCancelRequested, saveRunFinal, saveUploadRunSeen } from './state.ts';
import type { SaveState } from './state.ts';
import { describeStop } from './test-run/stop.ts';
import { afterWait } from './test-run/stop-policy.ts';
import type { TestRunStopper } from './test-run/stop.ts';
import { LiveTestLog } from './results/test-log/live.ts';
import type { EndedTest } from './results/test-log/parser.ts';
import { LOG_NOT_READ, readTestLog } from './results/test-log/read.ts';
import type { TestLogRead } from './results/test-log/read.ts';
import { describeTestRunStatus, isFinal } from './test-run/status.ts';
import type { RunModuleTestsTuning } from './tuning.ts';
import { waitForTestRun } from './test-run/wait.ts';
import type { WaitEnd } from './test-run/wait.ts';

export interface FollowInput {
  /** The run as the start saw it. */
  first: TestRun;
  module: ModuleRef;
  /** The `timeout` input. */
  timeoutMs: number;
  /** Stops the step's run when it must; its owner (run.ts) disposes of it. */
  guard: VersionGuard;
  /** Stops the other runs of the version; started already. */
  watch: OtherRunsWatch;
  client: ServiceClient;
  cancellation: Cancellation;
  saveState: SaveState;
  sink: Pick<ReportSink, 'info' | 'warning' | 'debug' | 'addSecret' | 'redact'>;
  tuning: RunModuleTestsTuning;
}

/** Waits for the run and reads its log; on the step's cancellation, its timeout or a failed wait, stops it first. */
export async function followRun(input: FollowInput): Promise<RunEnding> {
  const { first, module, guard, watch, client, cancellation, saveState, sink, tuning: t } = input;
  // The guard starts its stop at the first signal (at once, for a signal that came before the
  // run was known), within the wind-down counted from each signal's arrival.
  const stopper = guard.ownRun(first, () => saveCancelRequested(saveState));
  // Each test file and run block in the job log as it ends, where the service gives the log
  // while the run runs.
  const live = new LiveTestLog({
    client,
    sink,
    clock: t.clock,
    everyMs: t.liveLogEveryMs,
    readMs: t.liveLogReadMs,
    signal: cancellation.signal,
  });
  live.seen(first);
  try {
    const waited = await waitForTestRun(first, {
      client,
      module,
      timeoutMs: input.timeoutMs,
      signal: cancellation.signal,
      log: (line) => sink.info(line),
      onRun: (run) => {
        stopper.seen(run);
        live.seen(run);
      },
      timing: t.wait,
      clock: t.clock,
    });
    await live.stop();
    switch (waited.end) {
      case 'final': {
        saveRunFinal(saveState);
        // The whole log, read once the run has ended: what ended after the view's last read is
        // printed now, before the step's final line.
        const log = await readLog(input, waited.run, cancellation.signal, t.logReadTimeoutMs, live.rest());
        const others = await watch.finish();
        if (watch.uploadRunSeen) saveUploadRunSeen(saveState);
        return { run: waited.run, log, others };
      }
      case 'cancelled':
        return await stopAfterCancellation(input, stopper, waited.last);
      case 'timed-out':
      case 'failed':
        return await stopAfterWait(input, stopper, waited);
    }
  } finally {
    await live.stop();
  }
}

/** The job is being cancelled: the stop the first signal started is seen through, within the wind-down. */
async function stopAfterCancellation(input: FollowInput, stopper: TestRunStopper, last: TestRun): Promise<RunEnding> {
  const { guard, watch, tuning: t } = input;
  const { clock } = t;
  const { firstAt, stopBy, lookBy } = guard.afterSignal(t);
  const [stopped, others] = await Promise.all([
    stopper.outcome ?? stopper.start({ deadline: stopBy }),
    watch.finish({ by: stopBy, lookBy }),
  ]);
  const run = stopped.run ?? last;
  let log = LOG_NOT_READ;
  if (isFinal(run)) {
    saveRunFinal(input.saveState);
    // The log of a cancelled run names what it could not destroy; read it if time allows.
    const budget = new Deadline(firstAt + LOG_AFTER_SIGNAL_UNTIL_MS, clock);
    if (!guard.killNear() && budget.remainingMs() > 500) {
      const by = budget.within(LOG_AFTER_SIGNAL_MS);
      log = await readLog(input, run, by.signal, by.remainingMs());
    }
  }
  return { run, log, interruption: { kind: 'cancelled', note: describeStop(run, stopped) }, others };
}

/**
 * The wait ended without a final status: the timeout ran out, or the run could no longer be
 * read. Either way the cancel is sent at once, and the step ends within `stopAfterWaitMs`.
 */
async function stopAfterWait(
  input: FollowInput,
  stopper: TestRunStopper,
  waited: Extract<WaitEnd, { end: 'timed-out' | 'failed' }>,
): Promise<RunEnding> {
  const { first, watch, sink, tuning: t } = input;
  const { last } = waited;
  const statusAtTimeout = last.attributes.status;
  const { plan, lookBy } = afterWait(t, t.clock);
  const by = plan.deadline;
  sink.info(
    waited.end === 'timed-out'
      ? `Timed out after ${formatDuration(input.timeoutMs)} waiting for test run ${first.id} (${describeTestRunStatus(statusAtTimeout)}): cancelling it.`
      : `Test run ${first.id} could no longer be read (${waited.error}): cancelling it.`,
  );
  const [stopped, others] = await Promise.all([stopper.start(plan), watch.finish({ by, lookBy })]);
  const run = stopped.run ?? last;
  const note = describeStop(run, stopped);
  const interruption: Interruption =
    waited.end === 'timed-out'
      ? { kind: 'timed-out', statusAtTimeout, note }
      : { kind: 'lost', error: waited.error, note };
  if (!isFinal(run)) return { run, log: LOG_NOT_READ, interruption, others };
  saveRunFinal(input.saveState);
  const log = await readLog(input, run, input.cancellation.signal, Math.min(t.logReadTimeoutMs, LOG_AFTER_STOP_MS));
  // It ended on its own as the wait ran out: its results are the answer.
  if (run.attributes.status !== 'canceled') return { run, log, others };
  return { run, log, interruption, others };
}

function readLog(
  input: FollowInput,
  run: TestRun,
  signal: AbortSignal,
  timeoutMs: number,
  onEnded?: (ended: EndedTest) => void,
): Promise<TestLogRead> {
  return readTestLog(run, {
    client: input.client,
    sink: input.sink,
    signal,
    timeoutMs,
    ...(onEnded ? { onEnded } : {}),
  });
}
