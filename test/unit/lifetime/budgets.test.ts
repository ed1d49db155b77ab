import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as b from '../../../src/lifetime/budgets.ts';

const source = readFileSync(
  join(import.meta.dirname, '../../lifetime', '..', '..', 'src', 'lifetime', 'budgets.ts'),
  'utf8',
);

/** The moments of the schedule drawn in budgets.ts' opening comment (`//   3 s    ...`), in ms. */
const drawn = [...source.matchAll(/^\/\/ {3}(\d+(?:\.\d+)?) s {2,}\S/gm)].map((m) => Number(m[1]) * 1000);

// The bounds after a signal, each a moment counted from the first signal, in the order the
// schedule promises: each ends before the next begins, and all of them before the runner's kill.
const MOMENTS = [
  0,
  b.CREATE_WAIT_AFTER_SIGNAL_MS,
  b.WRITE_GRACE_MS,
  b.LOOK_UP_AFTER_SIGNAL_MS,
  b.LOG_AFTER_SIGNAL_UNTIL_MS,
  b.RUNNER_SIGTERM_AFTER_MS,
  b.WIND_DOWN_MS,
  b.GITHUB_DONE_AFTER_SIGNAL_MS,
  b.RUNNER_KILL_AFTER_MS,
];

describe('the budget table', () => {
  it('keeps every moment after a signal in order, the kill last', () => {
    for (let i = 1; i < MOMENTS.length; i++) expect(MOMENTS[i]).toBeGreaterThan(MOMENTS[i - 1]!);
    expect(b.RUNNER_KILL_AFTER_MS - b.RUNNER_SIGTERM_AFTER_MS).toBe(2500);
  });

  it('is the schedule its comment draws, moment for moment', () => {
    expect(drawn).toEqual(MOMENTS);
  });

  it('fits each longest wait into the window it belongs to', () => {
    // The force-cancel goes out at SIGTERM and ends before the last call to GitHub.
    expect(b.RUNNER_SIGTERM_AFTER_MS + b.FORCE_BUDGET_MS).toBeLessThan(b.GITHUB_DONE_AFTER_SIGNAL_MS);
    // It has time for a request the stop would still send.
    expect(b.FORCE_BUDGET_MS).toBeGreaterThanOrEqual(b.STOP_REQUEST_MIN_MS);
    // A read of the stopped run's log that starts at the signal ends by the moment reads of it end.
    expect(b.LOG_AFTER_SIGNAL_MS).toBeLessThanOrEqual(b.LOG_AFTER_SIGNAL_UNTIL_MS);
    // A post step cancelled in turn, on the same schedule, ends its stops long before its own kill.
    expect(b.POST_AFTER_SIGNAL_MS).toBeLessThan(b.GITHUB_DONE_AFTER_SIGNAL_MS);
    expect(b.STOP_REQUEST_MIN_MS).toBeLessThan(b.STOP_REQUEST_MAX_MS);
    // After the timeout: one stop request fits the time the step has to end, and so do the
    // last look and the watch of the cancelled run.
    expect(b.STOP_REQUEST_MAX_MS).toBeLessThanOrEqual(b.STOP_AFTER_WAIT_MS);
    expect(b.LAST_LOOK_AFTER_STOP_MS).toBeLessThan(b.STOP_AFTER_WAIT_MS);
    expect(b.WATCH_AFTER_CANCEL_MS).toBeLessThan(b.STOP_AFTER_WAIT_MS);
    // GitHub's calls outlast the mode's end after its timeout, so the check run and comment are written.
    expect(b.GITHUB_DONE_AFTER_DEADLINE_MS).toBeGreaterThan(b.STOP_AFTER_WAIT_MS);
  });
});

describe('a SIGTERM alone', () => {
  it('leaves its force-cancel time for one request after the stated grace, within the force budget', () => {
    expect(b.FORCE_AFTER_LONE_SIGTERM_MS + b.STOP_REQUEST_MIN_MS).toBeLessThanOrEqual(b.FORCE_BUDGET_MS);
  });
});

describe('the bounds of the ordinary run', () => {
  it('looks more than once in each window it looks in', () => {
    expect(b.ADOPT_LOOK_MS).toBeLessThan(b.ADOPT_WAIT_MS);
    expect(b.RUN_READ_FIRST_MS).toBeLessThan(b.RUN_READ_LONGEST_MS);
    expect(b.OTHER_RUNS_FIRST_LOOK_MS).toBeLessThan(b.LATE_RUN_WINDOW_MS);
    expect(b.POST_POLL_MS).toBeLessThan(b.POST_FORCE_GRACE_MS);
  });

  it('watches another run winding down within the time its stop is followed', () => {
    expect(b.OTHER_RUN_WATCH_AFTER_CANCEL_MS).toBeLessThan(b.OTHER_RUN_STOP_WATCH_MS);
  });

  it('waits for a run the service queues itself no longer than such a run may take to appear', () => {
    expect(b.ADOPT_WAIT_MS).toBeLessThanOrEqual(b.LATE_RUN_WINDOW_MS);
  });

  it('gives one diff less than all of them together', () => {
    expect(b.DIFF_TIMEOUT_MS).toBeLessThan(b.ALL_DIFFS_MS);
  });
});

describe('the bounds of an upgrade', () => {
  it('reads a run more than once while its plan settles, and watches a confirm no longer than an apply', () => {
    expect(b.UPGRADE_READ_FIRST_MS).toBeLessThan(b.PLAN_SETTLE_MS);
    expect(b.UPGRADE_READ_FIRST_MS).toBeLessThan(b.UPGRADE_READ_LONGEST_MS);
    expect(b.CONFIRM_SETTLE_MS).toBeLessThan(b.APPLY_STATUS_WINDOW_MS);
  });
});
