// Stopping a test run: cancel it while it runs, force-cancel it when told to or when it is still
// running after a grace period. Spec 3.1: only a running test can be cancelled (409 otherwise, so
// a queued run is cancelled as soon as it starts), and force-cancel is allowed only after a
// cancel. Used by the main step (job cancelled, timeout) and by the post step.
//
// Cancel and force-cancel go out beside the reads, never behind them: against a slow service a
// read can take longer than the 2.5 s the runner leaves after SIGTERM, and the force-cancel must
// be sent at once (action-interface "Cancellation").

import { getErrorMessage } from '../../../errors.ts';
import { STOP_REQUEST_MAX_MS, STOP_REQUEST_MIN_MS } from '../../../lifetime/budgets.ts';
import { pause } from '../../../lifetime/clock.ts';
import type { Clock } from '../../../lifetime/clock.ts';
import { Deadline } from '../../../lifetime/deadline.ts';
import { isApiError, isNotFound } from '../../../service/errors.ts';
import type { ServiceClient } from '../../../service/client.ts';
import type { ModuleRef } from '../../../service/module-tests.ts';
import type { TestRun } from '../../../service/types.ts';
import { describeTestRunStatus, isFinal } from './status.ts';

export interface StopPlan {
  /** Give up then. */
  deadline: Deadline;
  /** Give up earlier on a run that is still queued then (it cannot be cancelled yet). */
  startBy?: Deadline;
  /** Once the cancel is accepted, stop watching after this long: the run winds down by itself.
   *  Default: watch until the run is final or the deadline passes. */
  watchAfterCancelMs?: number;
  /** Force-cancel a run still running this long after its cancel was accepted. Default: only
   *  when `forceNow()` is called. */
  forceAfterCancelMs?: number;
  /** The run as the caller last read it: a running run gets its cancel before any read. */
  lastSeen?: TestRun;
  /**
   * Send the cancel at once, whatever the run was last seen doing, beside the first read: a
   * wait that ends without a final status always sends it (action-interface "timeout"). A run
   * not running yet refuses it (409) and gets it again once it runs.
   */
  cancelAtOnce?: boolean;
}

/**
 * How the attempt ended: the run reached a final status, the service no longer knows it, the
 * cancel was accepted and `watchAfterCancelMs` passed, the deadline passed, or `halt()`.
 */
export type StopEnd = 'final' | 'not-found' | 'cancel-requested' | 'gave-up' | 'halted';

export interface StopOutcome {
  end: StopEnd;
  /** The run as last read. */
  run: TestRun | undefined;
  cancelAccepted: boolean;
  /** A force-cancel went out (it may have taken effect even when its answer did not come). */
  forceSent: boolean;
  forceAccepted: boolean;
  /** The service answered a force-cancel 409: refused, not unanswered. */
  forceRefused: boolean;
  /** The last request that failed for another reason than the run's state. */
  lastError?: string;
}

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

type Answer = 'accepted' | 'refused' | 'not-found' | 'failed';

export class TestRunStopper {
  readonly #options: TestRunStopperOptions;
  readonly #pollMs: number;
  readonly #clock: Clock;
  #plan: StopPlan | undefined;
  #running: Promise<StopOutcome> | undefined;
  #forceWanted = false;
  #cancelAccepted: boolean;
  #cancelAcceptedAt = 0;
  #forceSent = false;
  #forceAccepted = false;
  /** The service answered a force-cancel 409 (refused), rather than not answering. */
  #forceRefused = false;
  #gone = false;
  #cancelling: Promise<Answer> | undefined;
  #forcing: Promise<Answer> | undefined;
  /** Cancels and force-cancels under way; the attempt ends only once they have. */
  readonly #requests = new Set<Promise<unknown>>();
  #lastRun: TestRun | undefined;
  #lastError: string | undefined;
  #waitingNoted = false;
  #wake = new AbortController();
  /** Aborts the read in flight: a new deadline or a force-cancel must not wait behind it. */
  #readAbort = new AbortController();
  readonly #halt = new AbortController();
  /** Aborted when the loop has ended: nothing more is sent on its behalf, no timer is left behind. */
  readonly #ended = new AbortController();

  constructor(options: TestRunStopperOptions) {
    this.#options = options;
    this.#pollMs = options.pollMs;
    this.#clock = options.clock;
    this.#cancelAccepted = options.cancelAlreadyAccepted ?? false;
    if (this.#cancelAccepted) this.#cancelAcceptedAt = this.#clock.now();
  }

  /**
   * The run as the caller read it, until the stop starts: a run last seen running gets its
   * cancel before any read of the stop's own.
   */
  seen(run: TestRun): void {
    if (this.#running === undefined) this.#lastRun = run;
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
    if (this.#running && this.#plan) {
      this.limitDeadline(plan.deadline);
      return this.#running;
    }
    this.#plan = { ...plan };
    if (plan.lastSeen) this.#lastRun = plan.lastSeen;
    this.#running = this.#attempt();
    if (this.#forceWanted) this.#forceAtOnce();
    else if (plan.cancelAtOnce && !(plan.lastSeen && isFinal(plan.lastSeen))) void this.#cancel();
    // A cancel the main step had accepted counts its grace from then.
    this.#forceWhenDue();
    return this.#running;
  }

  /**
   * Force-cancel at once: the read in flight is dropped and the force-cancel goes out beside
   * whatever else is under way (after the cancel the spec requires first, 3.1, when none was
   * accepted yet).
   */
  forceNow(): void {
    this.#forceWanted = true;
    this.#readAbort.abort();
    this.#poke();
    if (this.#plan) this.#forceAtOnce();
  }

  /**
   * Force-cancel `ms` after the cancel is accepted (at once when it was accepted that long ago),
   * beside whatever the loop is doing then; the earlier of two such times wins.
   */
  forceAfterCancel(ms: number): void {
    if (this.#plan === undefined) return;
    const current = this.#plan.forceAfterCancelMs;
    if (current === undefined || ms < current) this.#plan.forceAfterCancelMs = ms;
    this.#forceWhenDue();
  }

  /**
   * Once the cancel is accepted, the force-cancel of `forceAfterCancelMs` goes out at its moment,
   * not at the next read: a read held up by a slow service must not hold it.
   */
  #forceWhenDue(): void {
    const after = this.#plan?.forceAfterCancelMs;
    if (after === undefined || !this.#cancelAccepted || this.#forceWanted) return;
    new Deadline(this.#cancelAcceptedAt + after, this.#clock).reached(this.#ended.signal).then(
      () => {
        if (!this.#ended.signal.aborted && this.#plan?.forceAfterCancelMs === after) this.forceNow();
      },
      () => undefined,
    );
  }

  limitDeadline(deadline: Deadline): void {
    if (this.#plan && deadline.at < this.#plan.deadline.at) {
      this.#plan.deadline = deadline;
      this.#readAbort.abort();
    }
    this.#poke();
  }

  /** Ends the attempt at its next step; a cancel or force-cancel already sent still completes. */
  halt(): void {
    this.#halt.abort();
    this.#ended.abort();
    this.#readAbort.abort();
  }

  async #attempt(): Promise<StopOutcome> {
    const end = await this.#loop();
    this.#ended.abort();
    // A cancel or force-cancel sent beside the reads is waited for (each has its own time
    // limit), so that the outcome says whether it was accepted.
    while (this.#requests.size > 0) await Promise.allSettled([...this.#requests]);
    return this.#outcome(this.#gone && end !== 'final' ? 'not-found' : end);
  }

  async #loop(): Promise<StopEnd> {
    const { testRunId } = this.#options;
    // A run the caller saw running is cancelled before it is read again.
    let read = this.#lastRun?.attributes.status !== 'running';
    for (;;) {
      const plan = this.#plan!;
      if (this.#halt.signal.aborted) return 'halted';
      if (this.#gone) return 'not-found';
      if (plan.deadline.expired) return 'gave-up';

      const run = read ? await this.#read() : this.#lastRun;
      read = true;
      if (run === 'not-found') {
        this.#gone = true;
        return 'not-found';
      }
      if (run !== undefined) {
        this.#lastRun = run;
        if (isFinal(run)) return 'final';
        if (run.attributes.status === 'running') {
          this.#act(plan);
        } else {
          if (plan.startBy?.expired) return 'gave-up';
          if (!this.#waitingNoted) {
            this.#waitingNoted = true;
            this.#options.log(
              `Test run ${testRunId} is ${run.attributes.status}: it can be cancelled only once it runs, so it is watched until then.`,
            );
          }
        }
      }
      if (
        this.#cancelAccepted &&
        plan.watchAfterCancelMs !== undefined &&
        this.#clock.now() - this.#cancelAcceptedAt >= plan.watchAfterCancelMs
      ) {
        return 'cancel-requested';
      }
      await this.#pause(plan);
    }
  }

  /**
   * One step for a running run: cancel it, or force-cancel it when that is due. Neither is
   * awaited: a cancel or force-cancel whose answer is slow must not hold the reads, the force path
   * or a second signal (their answers poke the loop); only a read decides what became of the run.
   */
  #act(plan: StopPlan): void {
    if (!this.#cancelAccepted) {
      void this.#cancel();
      return;
    }
    if (!this.#forceAccepted && this.#forceDue(plan)) void this.#force();
  }

  #forceDue(plan: StopPlan): boolean {
    if (!this.#cancelAccepted) return false;
    if (this.#forceWanted) return true;
    return (
      plan.forceAfterCancelMs !== undefined && this.#clock.now() - this.#cancelAcceptedAt >= plan.forceAfterCancelMs
    );
  }

  /** The force-cancel asked for by `forceNow()`, sent beside the loop. */
  #forceAtOnce(): void {
    if (this.#forceAccepted || this.#gone) return;
    // A cancel sent and not yet answered may well have landed: the force-cancel goes out beside
    // it rather than behind it (a 409 says it had not, and the loop sends it again once it has).
    if (this.#cancelAccepted || this.#cancelling !== undefined) void this.#force();
    // The cancel the spec requires first, unless the run is known not to run yet (it would be
    // refused, 409: the loop sends it once the run runs). Once accepted, the force follows.
    else if (this.#lastRun === undefined || this.#lastRun.attributes.status === 'running') void this.#cancel();
  }

  /**
   * The cancel, sent once at a time; its acceptance sends a force-cancel that is wanted. Never
   * rejects (`#track`), so it may be left unawaited.
   */
  #cancel(): Promise<Answer> {
    if (this.#cancelAccepted) return Promise.resolve('accepted');
    if (this.#cancelling) return this.#cancelling;
    const { client, module, testRunId, log } = this.#options;
    const cancelling = this.#send(() =>
      client.moduleTests.cancelTestRun(module, testRunId, { signal: this.#requestSignal() }),
    ).then((answer) => {
      if (answer === 'accepted' && !this.#cancelAccepted) {
        this.#cancelAccepted = true;
        this.#cancelAcceptedAt = this.#clock.now();
        log(`Cancel requested for test run ${testRunId}: its tests stop and it destroys what they created.`);
        this.#options.onCancelAccepted?.();
        // Watched for a bounded time from here: a read held up (a slow service, a 429's pause)
        // must not keep the attempt past it.
        const watch = this.#plan?.watchAfterCancelMs;
        if (watch !== undefined) this.limitDeadline(new Deadline(this.#cancelAcceptedAt + watch, this.#clock));
        // A force-cancel already asked for goes out at once; one due some time after, then.
        if (this.#forceWanted) void this.#force();
        else this.#forceWhenDue();
        this.#poke();
      }
      return answer;
    });
    this.#cancelling = this.#track(cancelling, () => (this.#cancelling = undefined));
    return this.#cancelling;
  }

  /** The force-cancel, sent once at a time. Never rejects (`#track`), so it may be left unawaited. */
  #force(): Promise<Answer> {
    if (this.#forceAccepted) return Promise.resolve('accepted');
    if (this.#forcing) return this.#forcing;
    const { client, module, testRunId, log } = this.#options;
    this.#forceSent = true;
    const forcing = this.#send(() =>
      client.moduleTests.forceCancelTestRun(module, testRunId, { signal: this.#requestSignal() }),
    ).then((answer) => {
      if (answer === 'accepted' && !this.#forceAccepted) {
        this.#forceAccepted = true;
        log(`Force-cancel requested for test run ${testRunId}: its process is terminated at once.`);
      }
      if (answer === 'refused') this.#forceRefused = true;
      // Only an acceptance wakes the loop: a refusal (409) or a 404 is asked about again at the
      // loop's own pace, never in a burst of requests.
      if (answer === 'accepted') this.#poke();
      return answer;
    });
    this.#forcing = this.#track(forcing, () => (this.#forcing = undefined));
    return this.#forcing;
  }

  /** Keeps a request in `#requests` until it settles; it never rejects (it is often not awaited). */
  #track(request: Promise<Answer>, done: () => void): Promise<Answer> {
    const tracked = request
      .catch((error: unknown): Answer => {
        // Only a callback above can throw here (saving the state, say); the request itself was answered.
        this.#lastError = getErrorMessage(error);
        return 'failed';
      })
      .finally(() => {
        done();
        this.#requests.delete(tracked);
      });
    this.#requests.add(tracked);
    return tracked;
  }

  async #read(): Promise<TestRun | 'not-found' | undefined> {
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
      if (!dropped.aborted) this.#lastError = getErrorMessage(error);
      return undefined;
    }
  }

  /**
   * A cancel or force-cancel. 409 (`refused`) means the run is no longer, or not yet, in a state
   * for it: the next read tells which.
   */
  async #send(request: () => Promise<void>): Promise<Answer> {
    try {
      await request();
      return 'accepted';
    } catch (error) {
      // A 404 answers the request, not the question: only a read says whether the run is gone
      // (a 404 on a cancel has been seen beside a read that showed the run running).
      if (isNotFound(error)) return 'not-found';
      if (isApiError(error, 409)) return 'refused';
      this.#lastError = getErrorMessage(error);
      return 'failed';
    }
  }

  /**
   * Each request is bounded by the deadline as it stands when the request is sent. Reads also
   * end on `halt()` or a new deadline; a cancel or force-cancel is never cut short by either (it
   * must go out whatever else is being stopped), only by its own time limit.
   */
  #requestSignal(): AbortSignal {
    const ms = Math.min(STOP_REQUEST_MAX_MS, Math.max(STOP_REQUEST_MIN_MS, this.#plan!.deadline.remainingMs()));
    return this.#clock.timeout(ms);
  }

  async #pause(plan: StopPlan): Promise<void> {
    const ms = Math.min(this.#pollMs, plan.deadline.remainingMs());
    // Woken early when a force-cancel is asked for or answered, the deadline moves, or halt().
    await pause(this.#clock, ms, AbortSignal.any([this.#wake.signal, this.#halt.signal]));
    if (this.#wake.signal.aborted) this.#wake = new AbortController();
  }

  #poke(): void {
    this.#wake.abort();
  }

  #outcome(end: StopEnd): StopOutcome {
    const outcome: StopOutcome = {
      end,
      run: this.#lastRun,
      cancelAccepted: this.#cancelAccepted,
      forceSent: this.#forceSent,
      forceAccepted: this.#forceAccepted,
      forceRefused: this.#forceRefused,
    };
    if (this.#lastError !== undefined) outcome.lastError = this.#lastError;
    return outcome;
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
