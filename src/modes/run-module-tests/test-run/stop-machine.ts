// What a stop decides, as data: the state of one run's stop and what each event makes of it
// (state × event → state + requests). Pure: the time comes with the events, and the requests
// (send a cancel, send a force-cancel, drop the read in flight, wake the loop, say a line) are
// carried out by the driver (stop.ts), whose answers come back as events.
//
// The rules (spec 3.1, action-interface "Cancellation"): only a running run can be cancelled, so
// a queued one is cancelled as soon as it runs; a force-cancel only after a cancel; a cancel or
// force-cancel goes out beside the reads, never behind them; only a read decides what became of
// the run (a 404 on a cancel or force-cancel answers the request, not the question).

import { Deadline } from '../../../lifetime/deadline.ts';
import type { TestRun } from '../../../service/types.ts';
import { isFinal } from './status.ts';

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

/** How the service answered a cancel or force-cancel: 409 is `refused`, anything but an answer `failed`. */
export type Answer = 'accepted' | 'refused' | 'not-found' | 'failed';

export interface StopState {
  /** Undefined until the stop starts. */
  readonly plan: StopPlan | undefined;
  /** The run as last read, or as the caller last saw it. */
  readonly run: TestRun | undefined;
  readonly cancelAccepted: boolean;
  readonly cancelAcceptedAt: number;
  readonly cancelInFlight: boolean;
  /** A force-cancel was asked for (`forceNow`): it goes out once the cancel it needs has landed. */
  readonly forceWanted: boolean;
  readonly forceSent: boolean;
  readonly forceAccepted: boolean;
  /** The service answered a force-cancel 409: refused, not unanswered. */
  readonly forceRefused: boolean;
  readonly forceInFlight: boolean;
  /** A read found the run gone (404). */
  readonly gone: boolean;
  readonly waitingNoted: boolean;
  /** The last request that failed for another reason than the run's state. */
  readonly lastError: string | undefined;
}

export type StopEvent =
  /** The caller's own read of the run, before the stop starts. */
  | { kind: 'seen'; run: TestRun }
  | { kind: 'start'; plan: StopPlan }
  | { kind: 'force-now' }
  /** Force-cancel `ms` after the cancel is accepted; the earlier of two such times wins. */
  | { kind: 'force-after-cancel'; ms: number }
  /** The moment a force-cancel of `forceAfterCancelMs` = `after` fell due. */
  | { kind: 'force-due'; after: number }
  | { kind: 'limit-deadline'; deadline: Deadline }
  | { kind: 'cancel-answered'; answer: Answer; error?: string; now: number }
  | { kind: 'force-answered'; answer: Answer; error?: string }
  /** A callback of the caller's failed (saving the state when the cancel was accepted, say). */
  | { kind: 'failed'; error: string };

export type StopRequest =
  | { kind: 'send-cancel' }
  | { kind: 'send-force' }
  /** Drop the read in flight: a new deadline or a force-cancel must not wait behind it. */
  | { kind: 'drop-read' }
  /** End the loop's pause. */
  | { kind: 'wake' }
  | { kind: 'log'; line: string }
  | { kind: 'cancel-accepted' }
  /** Send the force-cancel of `forceAfterCancelMs` = `after` at `at`, not at the next read. */
  | { kind: 'force-at'; at: number; after: number };

export interface Step {
  state: StopState;
  requests: StopRequest[];
}

export function initialStopState(cancelAlreadyAcceptedAt?: number): StopState {
  return {
    plan: undefined,
    run: undefined,
    cancelAccepted: cancelAlreadyAcceptedAt !== undefined,
    cancelAcceptedAt: cancelAlreadyAcceptedAt ?? 0,
    cancelInFlight: false,
    forceWanted: false,
    forceSent: false,
    forceAccepted: false,
    forceRefused: false,
    forceInFlight: false,
    gone: false,
    waitingNoted: false,
    lastError: undefined,
  };
}

/** A draft of the next state, and the requests it makes. */
class Draft {
  state: { -readonly [K in keyof StopState]: StopState[K] };
  readonly requests: StopRequest[] = [];

  constructor(state: StopState) {
    this.state = { ...state, plan: state.plan ? { ...state.plan } : undefined };
  }

  cancel(): void {
    const s = this.state;
    if (s.cancelAccepted || s.cancelInFlight) return;
    s.cancelInFlight = true;
    this.requests.push({ kind: 'send-cancel' });
  }

  force(): void {
    const s = this.state;
    if (s.forceAccepted || s.forceInFlight) return;
    s.forceSent = true;
    s.forceInFlight = true;
    this.requests.push({ kind: 'send-force' });
  }

  /** The force-cancel asked for: beside whatever else is under way, after the cancel it needs. */
  forceAtOnce(): void {
    const s = this.state;
    if (s.forceAccepted || s.gone) return;
    // A cancel sent and not yet answered may well have landed: the force-cancel goes out beside
    // it rather than behind it (a 409 says it had not, and the loop sends it again once it has).
    if (s.cancelAccepted || s.cancelInFlight) this.force();
    // The cancel the spec requires first, unless the run is known not to run yet (it would be
    // refused, 409: the loop sends it once the run runs). Once accepted, the force follows.
    else if (s.run === undefined || s.run.attributes.status === 'running') this.cancel();
  }

  /** The force-cancel of `forceAfterCancelMs` is due some time after the cancel was accepted. */
  forceWhenDue(): void {
    const s = this.state;
    const after = s.plan?.forceAfterCancelMs;
    if (after === undefined || !s.cancelAccepted || s.forceWanted) return;
    this.requests.push({ kind: 'force-at', at: s.cancelAcceptedAt + after, after });
  }

  forceNow(): void {
    this.state.forceWanted = true;
    this.requests.push({ kind: 'drop-read' }, { kind: 'wake' });
    if (this.state.plan) this.forceAtOnce();
  }

  limitDeadline(deadline: Deadline): void {
    const plan = this.state.plan;
    if (plan && deadline.at < plan.deadline.at) {
      plan.deadline = deadline;
      this.requests.push({ kind: 'drop-read' });
    }
    this.requests.push({ kind: 'wake' });
  }

  done(): Step {
    return { state: this.state, requests: this.requests };
  }
}

/** What an event makes of the stop. */
export function onStopEvent(state: StopState, event: StopEvent, testRunId: string): Step {
  const d = new Draft(state);
  const s = d.state;
  switch (event.kind) {
    case 'seen':
      if (s.plan === undefined) s.run = event.run;
      break;
    case 'start': {
      if (s.plan !== undefined) {
        d.limitDeadline(event.plan.deadline);
        break;
      }
      s.plan = { ...event.plan };
      if (event.plan.lastSeen) s.run = event.plan.lastSeen;
      if (s.forceWanted) d.forceAtOnce();
      else if (event.plan.cancelAtOnce && !(event.plan.lastSeen && isFinal(event.plan.lastSeen))) d.cancel();
      // A cancel the main step had accepted counts its grace from then.
      d.forceWhenDue();
      break;
    }
    case 'force-now':
      d.forceNow();
      break;
    case 'force-after-cancel': {
      if (s.plan === undefined) break;
      const current = s.plan.forceAfterCancelMs;
      if (current === undefined || event.ms < current) s.plan.forceAfterCancelMs = event.ms;
      d.forceWhenDue();
      break;
    }
    case 'force-due':
      if (s.plan?.forceAfterCancelMs === event.after) d.forceNow();
      break;
    case 'limit-deadline':
      d.limitDeadline(event.deadline);
      break;
    case 'cancel-answered':
      s.cancelInFlight = false;
      if (event.answer === 'failed' && event.error !== undefined) s.lastError = event.error;
      if (event.answer === 'accepted' && !s.cancelAccepted) {
        s.cancelAccepted = true;
        s.cancelAcceptedAt = event.now;
        d.requests.push(
          {
            kind: 'log',
            line: `Cancel requested for test run ${testRunId}: its tests stop and it destroys what they created.`,
          },
          { kind: 'cancel-accepted' },
        );
        // Watched for a bounded time from here: a read held up (a slow service, a 429's pause)
        // must not keep the attempt past it.
        const watch = s.plan?.watchAfterCancelMs;
        if (s.plan !== undefined && watch !== undefined)
          d.limitDeadline(new Deadline(event.now + watch, s.plan.deadline.clock));
        // A force-cancel already asked for goes out at once; one due some time after, then.
        if (s.forceWanted) d.force();
        else d.forceWhenDue();
        d.requests.push({ kind: 'wake' });
      }
      break;
    case 'force-answered':
      s.forceInFlight = false;
      if (event.answer === 'failed' && event.error !== undefined) s.lastError = event.error;
      if (event.answer === 'accepted' && !s.forceAccepted) {
        s.forceAccepted = true;
        d.requests.push({
          kind: 'log',
          line: `Force-cancel requested for test run ${testRunId}: its process is terminated at once.`,
        });
      }
      if (event.answer === 'refused') s.forceRefused = true;
      // Only an acceptance wakes the loop: a refusal (409) or a 404 is asked about again at the
      // loop's own pace, never in a burst of requests.
      if (event.answer === 'accepted') d.requests.push({ kind: 'wake' });
      break;
    case 'failed':
      s.lastError = event.error;
      break;
  }
  return d.done();
}

/** What the loop read: the run, a 404, or a read that failed (`dropped`: cut for a new deadline or a force). */
export type ReadResult = TestRun | 'not-found' | { error: string } | 'dropped';

/** The loop's step once a read came back (or the run as last seen was taken instead): its end, if it ends. */
export function onRead(state: StopState, result: ReadResult, now: number, testRunId: string): Step & { end?: StopEnd } {
  const d = new Draft(state);
  const s = d.state;
  const plan = s.plan!;
  if (result === 'not-found') {
    s.gone = true;
    return { ...d.done(), end: 'not-found' };
  }
  if (result !== 'dropped' && 'error' in result) s.lastError = result.error;
  else if (result !== 'dropped') {
    s.run = result;
    if (isFinal(result)) return { ...d.done(), end: 'final' };
    if (result.attributes.status === 'running') act(d, now);
    else {
      if (plan.startBy !== undefined && plan.startBy.at <= now) return { ...d.done(), end: 'gave-up' };
      if (!s.waitingNoted) {
        s.waitingNoted = true;
        d.requests.push({
          kind: 'log',
          line: `Test run ${testRunId} is ${result.attributes.status}: it can be cancelled only once it runs, so it is watched until then.`,
        });
      }
    }
  }
  if (s.cancelAccepted && plan.watchAfterCancelMs !== undefined && now - s.cancelAcceptedAt >= plan.watchAfterCancelMs)
    return { ...d.done(), end: 'cancel-requested' };
  return d.done();
}

/**
 * One step for a running run: cancel it, or force-cancel it when that is due. Neither is awaited
 * by the driver: a slow answer must not hold the reads, the force path or a second signal.
 */
function act(d: Draft, now: number): void {
  const s = d.state;
  if (!s.cancelAccepted) {
    d.cancel();
    return;
  }
  const after = s.plan?.forceAfterCancelMs;
  const due = s.forceWanted || (after !== undefined && now - s.cancelAcceptedAt >= after);
  if (!s.forceAccepted && due) d.force();
}

/** Before a read: the stop ends when it was halted, the run is gone or the deadline has passed. */
export function endBeforeRead(state: StopState, halted: boolean, now: number): StopEnd | undefined {
  if (halted) return 'halted';
  if (state.gone) return 'not-found';
  if (state.plan!.deadline.at <= now) return 'gave-up';
  return undefined;
}

/** The first step reads the run, unless the caller saw it running: then it is cancelled first. */
export function readsFirst(state: StopState): boolean {
  return state.run?.attributes.status !== 'running';
}

/** How the attempt ended, as the caller reads it. */
export function stopOutcome(state: StopState, end: StopEnd): StopOutcome {
  const outcome: StopOutcome = {
    end: state.gone && end !== 'final' ? 'not-found' : end,
    run: state.run,
    cancelAccepted: state.cancelAccepted,
    forceSent: state.forceSent,
    forceAccepted: state.forceAccepted,
    forceRefused: state.forceRefused,
  };
  if (state.lastError !== undefined) outcome.lastError = state.lastError;
  return outcome;
}
