// The post step: a test run must never be left running behind a cancelled or killed job
// (action-interface "Cancellation"). The main step saves the run id the moment the run exists
// and marks it once it saw the run final; when that mark is missing, this step makes sure the
// run ends: it cancels it (a queued run once it runs, within a bounded wait), then force-cancels
// it if it is still running after a grace period.

import { createCancellation } from './cancellation.ts';
import { getErrorMessage } from './errors.ts';
import { normalizeBaseUrl, readActionInput } from './inputs.ts';
import type { InputReader } from './inputs.ts';
import { moduleLabel } from './modes/run-module-tests/module-ref.ts';
import { readSavedRun } from './modes/run-module-tests/run-state.ts';
import type { GetState } from './modes/run-module-tests/run-state.ts';
import { TestRunStopper } from './modes/run-module-tests/stop-test-run.ts';
import type { StopOutcome } from './modes/run-module-tests/stop-test-run.ts';
import { githubSink } from './report/sink.ts';
import type { ReportSink } from './report/sink.ts';
import { createServiceClient } from './service/client.ts';
import type { ServiceClientOptions } from './service/client.ts';
import { getState } from './state.ts';
import { formatDuration } from './wait/poll.ts';

export interface PostOptions {
  /** Inputs, as the main step read them (INPUT_* again in the post step). */
  read?: InputReader;
  /** State the main step saved (STATE_* in the post step). */
  getState?: GetState;
  sink?: ReportSink;
  client?: Partial<ServiceClientOptions>;
  /** Longest wait for a queued run to start so that it can be cancelled. Default 2 min. */
  queuedWaitMs?: number;
  /** Force-cancel a run still running this long after its cancel. Default 20 s. */
  graceMs?: number;
  /** Reads of the run while waiting. Default 1 s. */
  pollMs?: number;
}

/** Exit code 0 unless a run may still be running that this step could not stop. */
export async function runPost(options: PostOptions = {}): Promise<number> {
  const saved = readSavedRun(options.getState ?? getState);
  if (saved === undefined || saved.final) return 0;

  const read = options.read ?? readActionInput;
  const token = read('token').trim();
  const sink = options.sink ?? githubSink({ secrets: token ? [token] : [] });
  const { testRunId, module } = saved;
  const what = `Test run ${testRunId} of module ${moduleLabel(module)}`;

  let baseUrl: string;
  try {
    baseUrl = normalizeBaseUrl(read('base-url'));
    if (token === '') throw new Error('Input "token" is empty');
  } catch (error) {
    sink.fail(`${what} may still be running, and it cannot be stopped: ${getErrorMessage(error)}`);
    return 1;
  }

  const queuedWaitMs = options.queuedWaitMs ?? 120_000;
  const graceMs = options.graceMs ?? 20_000;
  sink.info(`${what} was not seen to end by the main step: making sure it stops.`);
  const client = createServiceClient({ baseUrl, token, onRequest: (e) => sink.debug(`${e.method} ${e.target} → ${e.status ?? e.error ?? 'no answer'}`), ...options.client });
  const cancellation = createCancellation();
  const stopper = new TestRunStopper({
    client,
    module,
    testRunId,
    log: (line) => sink.info(line),
    pollMs: options.pollMs ?? 1000,
    cancelAlreadyAccepted: saved.cancelRequested,
  });
  // The post step being cancelled in turn: what was sent stays sent, the waiting stops.
  cancellation.onSignal(() => stopper.limitDeadline(Date.now() + 1000));
  try {
    const now = Date.now();
    const outcome = await stopper.start({
      startBy: now + queuedWaitMs,
      // Long enough for a queued run to start, be cancelled, get its grace and be force-cancelled.
      deadline: now + queuedWaitMs + graceMs + 15_000,
      forceAfterCancelMs: graceMs,
    });
    return report(sink, what, outcome, queuedWaitMs);
  } finally {
    cancellation.dispose();
    await client.close();
  }
}

function report(sink: ReportSink, what: string, outcome: StopOutcome, queuedWaitMs: number): number {
  const status = outcome.run?.attributes.status;
  switch (outcome.end) {
    case 'not-found':
      // Deleted, or the token lost access: nothing this step can do, nothing to fail for.
      sink.info(`${what} no longer exists (404): nothing to stop.`);
      return 0;
    case 'final':
      if (outcome.forceAccepted) sink.info(`${what} was force-cancelled.`);
      else if (outcome.cancelAccepted && status === 'canceled') sink.info(`${what} was cancelled.`);
      else sink.info(`${what} had already ended (${status ?? 'final'}).`);
      return 0;
    default: {
      if (outcome.cancelAccepted) {
        sink.warning(`${what} was asked to ${outcome.forceAccepted ? 'force-cancel' : 'cancel'} and is still ${status ?? 'stopping'}; check it in the service.`);
        return 0;
      }
      const why = outcome.lastError ? `: ${outcome.lastError}` : '';
      const when = status === 'running' ? '' : ` (it was still ${status ?? 'unknown'} after ${formatDuration(queuedWaitMs)}, and only a running test can be cancelled)`;
      sink.fail(`${what} could not be cancelled${when}${why}; cancel it in the service.`);
      return 1;
    }
  }
}
