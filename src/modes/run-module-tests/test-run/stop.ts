// Stopping a test run: cancel it while it runs, force-cancel it when told to or when it is still
// running after a grace period. Spec 3.1: only a running test can be cancelled (409 otherwise, so
// a queued run is cancelled as soon as it starts), and force-cancel is allowed only after a
// cancel. Used by the main step (job cancelled, timeout) and by the post step, always through the
// version guard.
//
// What to do is the stop machine's (stop-machine.ts), as data; this is its driver: it reads the
// run at the loop's pace, sends the cancel and force-cancel the machine asks for beside the
// reads, never behind them (against a slow service a read can take longer than the 2.5 s the
// runner leaves after SIGTERM, and the force-cancel must be sent at once: action-interface
// "Cancellation"), and hands every answer back to the machine.

import { getErrorMessage } from '../../../errors.ts';
import { STOP_REQUEST_MAX_MS, STOP_REQUEST_MIN_MS } from '../../../lifetime/budgets.ts';
import { pause } from '../../../lifetime/clock.ts';
import type { Clock } from '../../../lifetime/clock.ts';
import { Deadline } from '../../../lifetime/deadline.ts';
import { isApiError, isNotFound } from '../../../service/errors.ts';
import type { ServiceClient } from '../../../service/client.ts';
import type { ModuleRef } from '../../../service/module-tests.ts';
import type { TestRun } from '../../../service/types.ts';
import { endBeforeRead, initialStopState, onRead, onStopEvent, readsFirst, stopOutcome } from './stop-machine.ts';
import type {
  Answer,
  ReadResult,
  StopEnd,
  StopEvent,
  StopOutcome,
  StopPlan,
  StopRequest,
  StopState,
} from './stop-machine.ts';
import { describeTestRunStatus } from './status.ts';

export type { StopEnd, StopOutcome, StopPlan } from './stop-machine.ts';

export interface TestRunStopperOptions {
  client: ServiceClient;
  module: ModuleRef;
  testRunId: string;
  log: (line: string) => void;
  /** Reads of the run while it is queued or stopping. */
  pollMs: number;
  /** A cancel was already accepted (by the main step, for the post step). */
  cancelAlreadyAccepted?: boolean;
  onCancelAccepted?: () => void;
  /** The clock the stop's limits and pauses run on. */
  clock: Clock;
}

export class TestRunStopper {
  readonly #options: TestRunStopperOptions;
  readonly #clock: Clock;
  #state: StopState;
  #running: Promise<StopOutcome> | undefined;
  /** Cancels and force-cancels under way; the attempt ends only once they have. */
  readonly #requests = new Set<Promise<void>>();
  #wake = new AbortController();
  /** Aborts the read in flight: a new deadline or a force-cancel must not wait behind it. */
  #readAbort = new AbortController();
  readonly #halt = new AbortController();
  /** Aborted when the loop has ended: nothing more is sent on its behalf, no timer is left behind. */
  readonly #ended = new AbortController();

  constructor(options: TestRunStopperOptions) {
    this.#options = options;
    this.#clock = options.clock;
    this.#state = initialStopState(options.cancelAlreadyAccepted ? this.#clock.now() : undefined);
  }

  /**
   * The run as the caller read it, until the stop starts: a run last seen running gets its
   * cancel before any read of the stop's own.
   */
  seen(run: TestRun): void {
    this.#dispatch({ kind: 'seen', run });
  }

  get testRunId(): string {
    return this.#options.testRunId;
  }

  get started(): boolean {
    return this.#running !== undefined;
  }

  /** The attempt under way, if any. */
  get outcome(): Promise<StopOutcome> | undefined {
    return this.#running;
  }

  /**
   * Starts stopping the run. Called again while it is under way, it only brings the deadline
   * forward (the earlier of the two wins) and returns the same attempt.
   */
  start(plan: StopPlan): Promise<StopOutcome> {
    if (this.#running) {
      this.#dispatch({ kind: 'start', plan });
      return this.#running;
    }
    const step = onStopEvent(this.#state, { kind: 'start', plan }, this.testRunId);
    this.#state = step.state;
    // The loop takes its first step (a read, or the cancel of a run seen running) before the
    // start's own requests go out beside it.
    this.#running = this.#attempt();
    this.#apply(step.requests);
    return this.#running;
  }

  /**
   * Force-cancel at once: the read in flight is dropped and the force-cancel goes out beside
   * whatever else is under way (after the cancel the spec requires first, 3.1, when none was
   * accepted yet).
   */
  forceNow(): void {
    this.#dispatch({ kind: 'force-now' });
  }

  /**
   * Force-cancel `ms` after the cancel is accepted (at once when it was accepted that long ago),
   * beside whatever the loop is doing then; the earlier of two such times wins.
   */
  forceAfterCancel(ms: number): void {
    this.#dispatch({ kind: 'force-after-cancel', ms });
  }

  limitDeadline(deadline: Deadline): void {
    this.#dispatch({ kind: 'limit-deadline', deadline });
  }

  /** Ends the attempt at its next step; a cancel or force-cancel already sent still completes. */
  halt(): void {
    this.#halt.abort();
    this.#ended.abort();
    this.#readAbort.abort();
  }

  #dispatch(event: StopEvent): void {
    const step = onStopEvent(this.#state, event, this.testRunId);
    this.#state = step.state;
    this.#apply(step.requests);
  }

  #apply(requests: readonly StopRequest[]): void {
    for (const request of requests) {
      switch (request.kind) {
        case 'send-cancel':
          this.#send('cancel');
          break;
        case 'send-force':
          this.#send('force');
          break;
        case 'drop-read':
          this.#readAbort.abort();
          break;
        case 'wake':
          this.#wake.abort();
          break;
        case 'log':
          this.#options.log(request.line);
          break;
        case 'cancel-accepted':
          try {
            this.#options.onCancelAccepted?.();
          } catch (error) {
            this.#dispatch({ kind: 'failed', error: getErrorMessage(error) });
          }
          break;
        case 'force-at':
          // At its moment, not at the next read: a read held up by a slow service must not hold it.
          new Deadline(request.at, this.#clock).reached(this.#ended.signal).then(
            () => {
              if (!this.#ended.signal.aborted) this.#dispatch({ kind: 'force-due', after: request.after });
            },
            () => undefined,
          );
          break;
      }
    }
  }

  async #attempt(): Promise<StopOutcome> {
    const end = await this.#loop();
    this.#ended.abort();
    // A cancel or force-cancel sent beside the reads is waited for (each has its own time
    // limit), so that the outcome says whether it was accepted.
    while (this.#requests.size > 0) await Promise.allSettled([...this.#requests]);
    return stopOutcome(this.#state, end);
  }

  async #loop(): Promise<StopEnd> {
    const id = this.testRunId;
    // A run the caller saw running is cancelled before it is read again.
    let read = readsFirst(this.#state);
    for (;;) {
      const before = endBeforeRead(this.#state, this.#halt.signal.aborted, this.#clock.now());
      if (before !== undefined) return before;
      const result: ReadResult = read ? await this.#read() : this.#state.run!;
      read = true;
      const step = onRead(this.#state, result, this.#clock.now(), id);
      this.#state = step.state;
      this.#apply(step.requests);
      if (step.end !== undefined) return step.end;
      await this.#pause();
    }
  }

  /** A cancel or force-cancel, its answer handed to the machine. Never rejects: it is not awaited. */
  #send(which: 'cancel' | 'force'): void {
    const { client, module, testRunId } = this.#options;
    const signal = this.#requestSignal();
    const request =
      which === 'cancel'
        ? () => client.moduleTests.cancelTestRun(module, testRunId, { signal })
        : () => client.moduleTests.forceCancelTestRun(module, testRunId, { signal });
    const tracked = answerOf(request)
      .then(({ answer, error }) =>
        this.#dispatch(
          which === 'cancel'
            ? { kind: 'cancel-answered', answer, now: this.#clock.now(), ...(error !== undefined ? { error } : {}) }
            : { kind: 'force-answered', answer, ...(error !== undefined ? { error } : {}) },
        ),
      )
      // Only a line of the log could throw here; the request itself was answered.
      .catch((error: unknown) => this.#dispatch({ kind: 'failed', error: getErrorMessage(error) }));
    const settled = tracked.finally(() => this.#requests.delete(settled));
    this.#requests.add(settled);
  }

  async #read(): Promise<ReadResult> {
    const { client, module, testRunId } = this.#options;
    if (this.#readAbort.signal.aborted) this.#readAbort = new AbortController();
    const dropped = this.#readAbort.signal;
    try {
      return await client.moduleTests.getTestRun(module, testRunId, {
        signal: AbortSignal.any([this.#requestSignal(), dropped]),
      });
    } catch (error) {
      if (isNotFound(error)) return 'not-found';
      // A read dropped for a new deadline or a force-cancel is no failure of the service.
      return dropped.aborted ? 'dropped' : { error: getErrorMessage(error) };
    }
  }

  /**
   * Each request is bounded by the deadline as it stands when the request is sent. Reads also
   * end on `halt()` or a new deadline; a cancel or force-cancel is never cut short by either (it
   * must go out whatever else is being stopped), only by its own time limit.
   */
  #requestSignal(): AbortSignal {
    const ms = Math.min(STOP_REQUEST_MAX_MS, Math.max(STOP_REQUEST_MIN_MS, this.#state.plan!.deadline.remainingMs()));
    return this.#clock.timeout(ms);
  }

  async #pause(): Promise<void> {
    const ms = Math.min(this.#options.pollMs, this.#state.plan!.deadline.remainingMs());
    // Woken early when a force-cancel is asked for or answered, the deadline moves, or halt().
    await pause(this.#clock, ms, AbortSignal.any([this.#wake.signal, this.#halt.signal]));
    if (this.#wake.signal.aborted) this.#wake = new AbortController();
  }
}

/**
 * How the service answered a cancel or force-cancel. 409 (`refused`) means the run is no longer,
 * or not yet, in a state for it: the next read tells which. A 404 answers the request, not the
 * question: only a read says whether the run is gone (a 404 on a cancel has been seen beside a
 * read that showed the run running).
 */
async function answerOf(request: () => Promise<void>): Promise<{ answer: Answer; error?: string }> {
  try {
    await request();
    return { answer: 'accepted' };
  } catch (error) {
    if (isNotFound(error)) return { answer: 'not-found' };
    if (isApiError(error, 409)) return { answer: 'refused' };
    return { answer: 'failed', error: getErrorMessage(error) };
  }
}

/** What became of the run once the step tried to stop it, as a sentence for the summary and the failure. */
export function describeStop(run: TestRun, stopped: StopOutcome): string {
  const id = run.id;
  const status = run.attributes.status;
  const failed = stopped.lastError ? ` (last error: ${stopped.lastError})` : '';
  switch (stopped.end) {
    case 'not-found':
      return `test run ${id} no longer exists.`;
    case 'final':
      if (status === 'canceled')
        return stopped.forceAccepted ? `test run ${id} was force-cancelled.` : `test run ${id} was cancelled.`;
      return `test run ${id} had already ended (${describeTestRunStatus(status)}).`;
    default:
      if (stopped.forceAccepted) return `test run ${id} was force-cancelled.`;
      if (stopped.forceSent && stopped.forceRefused)
        return (
          `test run ${id} was sent a force-cancel, which the service refused (409) ` +
          `(last seen ${describeTestRunStatus(status)}); the post step makes sure it ends.`
        );
      if (stopped.forceSent)
        return (
          `test run ${id} was sent a force-cancel, which the service had not answered when the step had to end ` +
          `(last seen ${describeTestRunStatus(status)}); the post step makes sure it ends.`
        );
      if (stopped.cancelAccepted)
        return `test run ${id} was asked to cancel and is stopping (last seen ${describeTestRunStatus(status)}); the post step makes sure it ends.`;
      if (status === 'running') return `test run ${id} could not be cancelled${failed}; the post step tries again.`;
      return `test run ${id} was still ${describeTestRunStatus(status)} and can be cancelled only once it runs; the post step cancels it then${failed}.`;
  }
}
