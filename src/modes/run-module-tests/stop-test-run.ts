// Stopping a test run: cancel it while it runs, force-cancel it when told to or when it is still
// running after a grace period. Spec 3.1: only a running test can be cancelled (409 otherwise, so
// a queued run is cancelled as soon as it starts), and force-cancel is allowed only after a
// cancel. Used by the main step (job cancelled, timeout) and by the post step.

import { getErrorMessage } from '../../errors.ts';
import { isApiError, isNotFound } from '../../service/errors.ts';
import type { ServiceClient } from '../../service/client.ts';
import type { ModuleRef } from '../../service/module-tests.ts';
import type { TestRun } from '../../service/types.ts';
import { sleep } from '../../wait/poll.ts';
import { isFinal } from './test-run-status.ts';

export interface StopPlan {
  /** Give up at this time (ms since the epoch). */
  deadline: number;
  /** Give up earlier on a run that is still queued at this time (it cannot be cancelled yet). */
  startBy?: number;
  /** Once the cancel is accepted, stop watching after this long: the run winds down by itself.
   *  Default: watch until the run is final or the deadline passes. */
  watchAfterCancelMs?: number;
  /** Force-cancel a run still running this long after its cancel was accepted. Default: only
   *  when `forceNow()` is called. */
  forceAfterCancelMs?: number;
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
  forceAccepted: boolean;
  /** The last request that failed for another reason than the run's state. */
  lastError?: string;
}

export interface TestRunStopperOptions {
  client: ServiceClient;
  module: ModuleRef;
  testRunId: string;
  log: (line: string) => void;
  /** Reads of the run while it is queued or stopping. Default 250 ms. */
  pollMs?: number;
  /** A cancel was already accepted (by the main step, for the post step). */
  cancelAlreadyAccepted?: boolean;
  onCancelAccepted?: () => void;
}

/** Longest wait for one request: stopping must finish within the runner's grace periods. */
const MAX_REQUEST_MS = 5000;
const MIN_REQUEST_MS = 500;

export class TestRunStopper {
  readonly #options: TestRunStopperOptions;
  readonly #pollMs: number;
  #plan: StopPlan | undefined;
  #running: Promise<StopOutcome> | undefined;
  #forceWanted = false;
  #cancelAccepted: boolean;
  #cancelAcceptedAt = 0;
  #forceAccepted = false;
  #lastRun: TestRun | undefined;
  #lastError: string | undefined;
  #waitingNoted = false;
  #wake = new AbortController();
  readonly #halt = new AbortController();

  constructor(options: TestRunStopperOptions) {
    this.#options = options;
    this.#pollMs = options.pollMs ?? 250;
    this.#cancelAccepted = options.cancelAlreadyAccepted ?? false;
    if (this.#cancelAccepted) this.#cancelAcceptedAt = Date.now();
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
    this.#running = this.#loop();
    return this.#running;
  }

  /** Force-cancel as soon as the service allows it (after an accepted cancel). */
  forceNow(): void {
    this.#forceWanted = true;
    this.#poke();
  }

  limitDeadline(at: number): void {
    if (this.#plan && at < this.#plan.deadline) this.#plan.deadline = at;
    this.#poke();
  }

  /** Ends the attempt at its next step; a cancel or force-cancel already sent still completes. */
  halt(): void {
    this.#halt.abort();
  }

  async #loop(): Promise<StopOutcome> {
    const { testRunId } = this.#options;
    for (;;) {
      const plan = this.#plan!;
      if (this.#halt.signal.aborted) return this.#end('halted');
      if (Date.now() >= plan.deadline) return this.#end('gave-up');

      const run = await this.#read();
      if (run === 'not-found') return this.#end('not-found');
      if (run !== undefined) {
        this.#lastRun = run;
        if (isFinal(run)) return this.#end('final');
        if (run.attributes.status === 'running') {
          const step = await this.#act(plan);
          if (step === 'not-found') return this.#end('not-found');
          if (step === 'read-again') continue;
        } else {
          if (plan.startBy !== undefined && Date.now() >= plan.startBy) return this.#end('gave-up');
          if (!this.#waitingNoted) {
            this.#waitingNoted = true;
            this.#options.log(`Test run ${testRunId} is ${run.attributes.status}: it can be cancelled only once it runs, so it is watched until then.`);
          }
        }
      }
      if (
        this.#cancelAccepted &&
        plan.watchAfterCancelMs !== undefined &&
        Date.now() - this.#cancelAcceptedAt >= plan.watchAfterCancelMs
      ) {
        return this.#end('cancel-requested');
      }
      await this.#pause(plan);
    }
  }

  /** One step for a running run: cancel it, or force-cancel it when that is due. */
  async #act(plan: StopPlan): Promise<'not-found' | 'read-again' | 'wait'> {
    const { client, module, testRunId, log } = this.#options;
    if (!this.#cancelAccepted) {
      const answer = await this.#send(() => client.moduleTests.cancelTestRun(module, testRunId, { signal: this.#requestSignal(plan, false) }));
      if (answer !== 'accepted') return answer === 'not-found' ? 'not-found' : 'wait';
      this.#cancelAccepted = true;
      this.#cancelAcceptedAt = Date.now();
      log(`Cancel requested for test run ${testRunId}: its tests stop and it destroys what they created.`);
      this.#options.onCancelAccepted?.();
      // A force-cancel already asked for goes out at once.
      return this.#forceDue(plan) ? this.#act(plan) : 'wait';
    }
    if (this.#forceAccepted || !this.#forceDue(plan)) return 'wait';
    const answer = await this.#send(() => client.moduleTests.forceCancelTestRun(module, testRunId, { signal: this.#requestSignal(plan, false) }));
    if (answer !== 'accepted') return answer === 'not-found' ? 'not-found' : 'wait';
    this.#forceAccepted = true;
    log(`Force-cancel requested for test run ${testRunId}: its process is terminated at once.`);
    return 'read-again';
  }

  #forceDue(plan: StopPlan): boolean {
    if (!this.#cancelAccepted) return false;
    if (this.#forceWanted) return true;
    return plan.forceAfterCancelMs !== undefined && Date.now() - this.#cancelAcceptedAt >= plan.forceAfterCancelMs;
  }

  async #read(): Promise<TestRun | 'not-found' | undefined> {
    const { client, module, testRunId } = this.#options;
    try {
      return await client.moduleTests.getTestRun(module, testRunId, { signal: this.#requestSignal(this.#plan!, true) });
    } catch (error) {
      if (isNotFound(error)) return 'not-found';
      this.#lastError = getErrorMessage(error);
      return undefined;
    }
  }

  /**
   * A cancel or force-cancel. 409 (`refused`) means the run is no longer, or not yet, in a state
   * for it: the next read tells which.
   */
  async #send(request: () => Promise<void>): Promise<'accepted' | 'refused' | 'not-found' | 'failed'> {
    try {
      await request();
      return 'accepted';
    } catch (error) {
      if (isNotFound(error)) return 'not-found';
      if (isApiError(error, 409)) return 'refused';
      this.#lastError = getErrorMessage(error);
      return 'failed';
    }
  }

  /**
   * Reads end on `halt()`; a cancel or force-cancel is never cut short by it (it must go out
   * whatever else is being stopped), only by its own time limit.
   */
  #requestSignal(plan: StopPlan, haltable: boolean): AbortSignal {
    const ms = Math.min(MAX_REQUEST_MS, Math.max(MIN_REQUEST_MS, plan.deadline - Date.now()));
    const timeout = AbortSignal.timeout(ms);
    return haltable ? AbortSignal.any([timeout, this.#halt.signal]) : timeout;
  }

  async #pause(plan: StopPlan): Promise<void> {
    const ms = Math.max(0, Math.min(this.#pollMs, plan.deadline - Date.now()));
    try {
      await sleep(ms, AbortSignal.any([this.#wake.signal, this.#halt.signal]));
    } catch {
      // Woken early: a force-cancel was asked for, the deadline moved, or halt().
    }
    if (this.#wake.signal.aborted) this.#wake = new AbortController();
  }

  #poke(): void {
    this.#wake.abort();
  }

  #end(end: StopEnd): StopOutcome {
    const outcome: StopOutcome = {
      end,
      run: this.#lastRun,
      cancelAccepted: this.#cancelAccepted,
      forceAccepted: this.#forceAccepted,
    };
    if (this.#lastError !== undefined) outcome.lastError = this.#lastError;
    return outcome;
  }
}
