import { describe, expect, it } from 'vitest';
import * as b from '../../src/lifetime/budgets.ts';

// The budgets after a signal, in the order the schedule in budgets.ts promises: each ends before
// the next begins, and all of them before the runner's kill.
describe('the budget table', () => {
  it('keeps every bound after a signal in order, and before the kill', () => {
    const moments = [
      b.CREATE_WAIT_AFTER_SIGNAL_MS,
      b.WRITE_GRACE_MS,
      b.LOOK_UP_AFTER_SIGNAL_MS,
      b.LOG_AFTER_SIGNAL_UNTIL_MS,
      b.RUNNER_SIGTERM_AFTER_MS,
      b.WIND_DOWN_MS,
      b.GITHUB_DONE_AFTER_SIGNAL_MS,
      b.RUNNER_KILL_AFTER_MS,
    ];
    expect(moments).toEqual([3000, 5000, 6000, 7000, 7500, 8500, 9000, 10_000]);
  });

  it('leaves the force-cancel time after SIGTERM and the summary time before the kill', () => {
    const forceEnds = b.RUNNER_SIGTERM_AFTER_MS + b.FORCE_BUDGET_MS;
    expect(forceEnds).toBeGreaterThan(b.RUNNER_SIGTERM_AFTER_MS);
    expect(forceEnds).toBeLessThan(b.GITHUB_DONE_AFTER_SIGNAL_MS);
    expect(b.STOP_REQUEST_MAX_MS).toBeLessThanOrEqual(b.STOP_AFTER_WAIT_MS);
    expect(b.LOG_AFTER_SIGNAL_MS).toBeLessThan(b.LOG_AFTER_SIGNAL_UNTIL_MS);
  });
});
