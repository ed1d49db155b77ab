// The stop machine (test-run/stop-machine.ts): each event of a stop, and what it makes of the
// state and which requests it asks for, with no service and no timer: only a read decides what
// became of the run, a cancel in flight never holds the force path, and a refusal sets off no
// burst of requests.
import { describe, expect, it } from 'vitest';
import { Deadline } from '../../../src/lifetime/deadline.ts';
import {
  endBeforeRead,
  initialStopState,
  onRead,
  onStopEvent,
  readsFirst,
  stopOutcome,
} from '../../../src/modes/run-module-tests/test-run/stop-machine.ts';
import type {
  StopEvent,
  StopPlan,
  StopRequest,
  StopState,
} from '../../../src/modes/run-module-tests/test-run/stop-machine.ts';
import type { TestRun } from '../../../src/service/types.ts';
import { ManualClock } from '../../support/manual-clock.ts';

const ID = 'trun-stopme';
const clock = new ManualClock();
const at = (ms: number): Deadline => new Deadline(clock.now() + ms, clock);
const run = (status: string): TestRun => ({ id: ID, type: 'test-runs', attributes: { status } }) as unknown as TestRun;
const kinds = (requests: readonly StopRequest[]): string[] => requests.map((r) => r.kind);

/** Applies the events in turn; the state after them and every request asked for on the way. */
function after(
  events: StopEvent[],
  state: StopState = initialStopState(),
): { state: StopState; requests: StopRequest[] } {
  const requests: StopRequest[] = [];
  for (const event of events) {
    const step = onStopEvent(state, event, ID);
    state = step.state;
    requests.push(...step.requests);
  }
  return { state, requests };
}

const start = (plan: Partial<StopPlan> = {}): StopEvent => ({ kind: 'start', plan: { deadline: at(10_000), ...plan } });
const now = (): number => clock.now();

describe('the first step', () => {
  it('a run seen running is cancelled before any read; one not seen running is read first', () => {
    const seen = after([{ kind: 'seen', run: run('running') }, start()]).state;
    expect(readsFirst(seen)).toBe(false);
    const step = onRead(seen, seen.run!, now(), ID);
    expect(kinds(step.requests)).toEqual(['send-cancel']);
    expect(step.state.cancelInFlight).toBe(true);
    expect(readsFirst(after([start()]).state)).toBe(true);
  });

  it('cancelAtOnce: the cancel goes out with the start, whatever the run was last seen doing, but not to a final run', () => {
    expect(kinds(after([start({ cancelAtOnce: true, lastSeen: run('queued') })]).requests)).toEqual(['send-cancel']);
    expect(kinds(after([start({ cancelAtOnce: true, lastSeen: run('errored') })]).requests)).toEqual([]);
  });

  it('a queued run is watched, said once, and given up on past startBy', () => {
    let state = after([start({ startBy: at(1000) })]).state;
    const first = onRead(state, run('queued'), now(), ID);
    expect(first.requests).toEqual([
      expect.objectContaining({
        kind: 'log',
        line: expect.stringContaining('is queued: it can be cancelled only once it runs'),
      }),
    ]);
    expect(first.end).toBeUndefined();
    state = first.state;
    expect(onRead(state, run('queued'), now(), ID).requests).toEqual([]);
    expect(onRead(state, run('queued'), now() + 1000, ID).end).toBe('gave-up');
  });
});

describe('only a read decides', () => {
  it('a 404 on the cancel or the force-cancel leaves the run as read; a 404 on a read ends the stop, not-found', () => {
    const { state } = after([
      start({ lastSeen: run('running'), cancelAtOnce: true }),
      { kind: 'cancel-answered', answer: 'not-found', now: now() },
    ]);
    expect(state.gone).toBe(false);
    expect(state.cancelAccepted).toBe(false);
    expect(endBeforeRead(state, false, now())).toBeUndefined();
    // The run read running again: the cancel goes out again.
    expect(kinds(onRead(state, run('running'), now(), ID).requests)).toEqual(['send-cancel']);
    const gone = onRead(state, 'not-found', now(), ID);
    expect(gone.end).toBe('not-found');
    expect(stopOutcome(gone.state, 'gave-up').end).toBe('not-found');
  });

  it('a final status ends the stop; a read that failed keeps its error, one dropped for a force does not', () => {
    const { state } = after([start()]);
    expect(onRead(state, run('canceled'), now(), ID).end).toBe('final');
    expect(onRead(state, { error: 'GET … → 503' }, now(), ID).state.lastError).toBe('GET … → 503');
    expect(onRead(state, 'dropped', now(), ID).state.lastError).toBeUndefined();
  });

  it('the stop ends by itself when halted, gone, or past its deadline', () => {
    const { state } = after([start({ deadline: at(500) })]);
    expect(endBeforeRead(state, true, now())).toBe('halted');
    expect(endBeforeRead(state, false, now() + 499)).toBeUndefined();
    expect(endBeforeRead(state, false, now() + 500)).toBe('gave-up');
  });
});

describe('the force path', () => {
  it('a cancel in flight never holds the force-cancel: it goes out beside it, the read in flight dropped', () => {
    const { state, requests } = after([start({ lastSeen: run('running'), cancelAtOnce: true }), { kind: 'force-now' }]);
    expect(kinds(requests)).toEqual(['send-cancel', 'drop-read', 'wake', 'send-force']);
    expect(state).toMatchObject({ forceWanted: true, forceSent: true, forceInFlight: true });
  });

  it('asked for before any cancel of a run not yet running: the cancel first, the force once it is accepted', () => {
    const asked = after([start({ lastSeen: run('running') }), { kind: 'force-now' }]);
    expect(kinds(asked.requests)).toEqual(['drop-read', 'wake', 'send-cancel']);
    const accepted = after([{ kind: 'cancel-answered', answer: 'accepted', now: now() }], asked.state);
    expect(kinds(accepted.requests)).toEqual(['log', 'cancel-accepted', 'send-force', 'wake']);
  });

  it('a refused force-cancel (409) is said as refused and wakes nothing: no burst of requests', () => {
    const sent = after([
      start({ lastSeen: run('running') }),
      { kind: 'cancel-answered', answer: 'accepted', now: now() },
      { kind: 'force-now' },
    ]).state;
    const refused = after([{ kind: 'force-answered', answer: 'refused' }], sent);
    expect(refused.requests).toEqual([]);
    expect(stopOutcome(refused.state, 'gave-up')).toMatchObject({
      forceSent: true,
      forceRefused: true,
      forceAccepted: false,
    });
    // Asked again at the loop's own pace, once the run is read running.
    expect(kinds(onRead(refused.state, run('running'), now(), ID).requests)).toEqual(['send-force']);
  });

  it('a force due some time after the cancel: asked for at its moment, and not when an earlier one replaced it', () => {
    const t = now();
    const { state, requests } = after([
      start({ lastSeen: run('running'), forceAfterCancelMs: 600 }),
      { kind: 'cancel-answered', answer: 'accepted', now: t },
    ]);
    expect(requests).toContainEqual({ kind: 'force-at', at: t + 600, after: 600 });
    const earlier = after([{ kind: 'force-after-cancel', ms: 200 }], state);
    expect(earlier.requests).toEqual([{ kind: 'force-at', at: t + 200, after: 200 }]);
    expect(after([{ kind: 'force-due', after: 600 }], earlier.state).requests).toEqual([]);
    expect(kinds(after([{ kind: 'force-due', after: 200 }], earlier.state).requests)).toContain('send-force');
    // A later one does not replace an earlier one.
    expect(after([{ kind: 'force-after-cancel', ms: 900 }], earlier.state).state.plan?.forceAfterCancelMs).toBe(200);
  });

  it('a cancel the main step had accepted counts its grace from then', () => {
    const t = now() - 400;
    const { requests } = after([start({ forceAfterCancelMs: 600 })], initialStopState(t));
    expect(requests).toEqual([{ kind: 'force-at', at: t + 600, after: 600 }]);
  });
});

describe('once the cancel is accepted', () => {
  it('the stop is watched watchAfterCancelMs more, its deadline brought forward, then ends cancel-requested', () => {
    const t = now();
    const { state, requests } = after([
      start({ lastSeen: run('running'), watchAfterCancelMs: 1000, deadline: at(8000) }),
      { kind: 'cancel-answered', answer: 'accepted', now: t },
    ]);
    expect(kinds(requests)).toEqual(['log', 'cancel-accepted', 'drop-read', 'wake', 'wake']);
    expect(state.plan?.deadline.at).toBe(t + 1000);
    expect(onRead(state, run('running'), t + 999, ID).end).toBeUndefined();
    expect(onRead(state, run('running'), t + 1000, ID).end).toBe('cancel-requested');
  });

  it('a second start only brings the deadline forward', () => {
    const { state } = after([start({ deadline: at(8000) }), start({ deadline: at(3000), cancelAtOnce: true })]);
    expect(state.plan?.deadline.at).toBe(now() + 3000);
    expect(state.cancelInFlight).toBe(false);
    expect(after([start({ deadline: at(9000) })], state).state.plan?.deadline.at).toBe(now() + 3000);
  });
});
