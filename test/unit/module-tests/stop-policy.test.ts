// The plan of each stop, by why the run is stopped and the signals received so far
// (test-run/stop-policy.ts): read off a clock the test holds, with nothing sent.
import { describe, expect, it } from 'vitest';
import {
  FORCE_AFTER_LONE_SIGTERM_MS,
  FORCE_BUDGET_MS,
  LAST_LOOK_AFTER_STOP_MS,
  WATCH_AFTER_CANCEL_MS,
  WIND_DOWN_MS,
} from '../../../src/lifetime/budgets.ts';
import {
  afterSignal,
  afterWait,
  atSignal,
  leftBehind,
  mainStepWindDown,
  otherRun,
  postStepWindDown,
} from '../../../src/modes/run-module-tests/test-run/stop-policy.ts';
import type { TestRun } from '../../../src/service/types.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { testCancellation } from '../../support/test-cancellation.ts';

const timing = {
  windDownMs: WIND_DOWN_MS,
  forceBudgetMs: FORCE_BUDGET_MS,
  forceAfterLoneSigtermMs: FORCE_AFTER_LONE_SIGTERM_MS,
};
const queued = { id: 'trun-other', type: 'test-runs', attributes: { status: 'queued' } } as unknown as TestRun;

describe('the main step’s wind-down', () => {
  it('none before a signal; SIGINT: the wind-down, no force; then SIGTERM: force now, within its budget from its arrival', async () => {
    const clock = new ManualClock();
    const cancellation = testCancellation(clock);
    const windDown = mainStepWindDown(cancellation, timing, clock);
    expect(windDown()).toBeUndefined();
    const first = cancellation.send('SIGINT');
    expect(windDown()).toMatchObject({ firstAt: first, killNear: false, force: false });
    expect(windDown()!.deadline.at).toBe(first + WIND_DOWN_MS);
    expect(atSignal(windDown()!).deadline.at).toBe(first + WIND_DOWN_MS);
    await clock.advance(7500);
    const term = cancellation.send('SIGTERM');
    expect(windDown()).toMatchObject({ firstAt: first, killNear: true, force: true });
    expect(windDown()!.deadline.at).toBe(Math.min(first + WIND_DOWN_MS, term + FORCE_BUDGET_MS));
  });

  it('a SIGTERM alone: the kill is near, the force-cancel waits its stated time after the cancel', () => {
    const clock = new ManualClock();
    const cancellation = testCancellation(clock);
    const at = cancellation.send('SIGTERM');
    expect(mainStepWindDown(cancellation, timing, clock)()).toMatchObject({
      killNear: true,
      force: false,
      forceAfterCancelMs: FORCE_AFTER_LONE_SIGTERM_MS,
    });
    expect(mainStepWindDown(cancellation, timing, clock)()!.deadline.at).toBe(at + FORCE_BUDGET_MS);
  });
});

describe('the post step’s wind-down', () => {
  it('none until it is cancelled; then its own short time from now, and no force of its own', async () => {
    const clock = new ManualClock();
    const cancellation = testCancellation(clock);
    const windDown = postStepWindDown(cancellation, 1500, clock);
    expect(windDown()).toBeUndefined();
    const at = cancellation.send('SIGINT');
    await clock.advance(200);
    expect(windDown()).toMatchObject({ firstAt: at, killNear: false, force: false });
    expect(windDown()!.deadline.at).toBe(at + 200 + 1500);
  });
});

describe('the plans', () => {
  it('after a signal: the stops end with the wind-down, the look for other runs from the first signal', async () => {
    const clock = new ManualClock();
    const cancellation = testCancellation(clock);
    const first = cancellation.send('SIGINT');
    await clock.advance(3000);
    const bounds = afterSignal(
      mainStepWindDown(cancellation, timing, clock)(),
      { windDownMs: WIND_DOWN_MS, lookUpAfterSignalMs: 4000 },
      clock,
    );
    expect(bounds.firstAt).toBe(first);
    expect(bounds.stopBy.at).toBe(first + WIND_DOWN_MS);
    expect(bounds.lookBy.at).toBe(first + 4000);
    // No signal known yet: counted from now.
    const now = afterSignal(undefined, { windDownMs: 5000, lookUpAfterSignalMs: 4000 }, clock);
    expect([now.firstAt, now.stopBy.at, now.lookBy.at]).toEqual([clock.now(), clock.now() + 5000, clock.now() + 4000]);
  });

  it('after the wait (timeout or lost run): the cancel at once, watched a second once accepted, a short last look', () => {
    const clock = new ManualClock();
    const { plan, lookBy } = afterWait({ stopAfterWaitMs: 8000 }, clock);
    expect(plan).toMatchObject({ cancelAtOnce: true, watchAfterCancelMs: WATCH_AFTER_CANCEL_MS });
    expect(plan.deadline.at).toBe(clock.now() + 8000);
    expect(plan.forceAfterCancelMs).toBeUndefined();
    expect(lookBy.at).toBe(clock.now() + LAST_LOOK_AFTER_STOP_MS);
  });

  it('another run of the version: cancelled at once from the run as seen, watched for a while', () => {
    const clock = new ManualClock();
    const plan = otherRun({ stopWatchMs: 30_000, watchAfterCancelMs: 5000 }, clock, queued);
    expect(plan).toMatchObject({ cancelAtOnce: true, watchAfterCancelMs: 5000, lastSeen: queued });
    expect(plan.deadline.at).toBe(clock.now() + 30_000);
  });

  it('left behind, for the post step: waited for to start, then cancelled, its grace, the force-cancel, and time for that', () => {
    const clock = new ManualClock();
    const plan = leftBehind({ queuedWaitMs: 60_000, graceMs: 20_000, forceSlackMs: 10_000 }, clock, queued);
    expect(plan.startBy!.at).toBe(clock.now() + 60_000);
    expect(plan.deadline.at).toBe(clock.now() + 90_000);
    expect(plan).toMatchObject({ forceAfterCancelMs: 20_000, lastSeen: queued });
    expect(plan.cancelAtOnce).toBeUndefined();
    expect(leftBehind({ queuedWaitMs: 1, graceMs: 1, forceSlackMs: 1 }, clock)).not.toHaveProperty('lastSeen');
  });
});
