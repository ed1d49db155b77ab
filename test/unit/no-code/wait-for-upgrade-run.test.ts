import { describe, expect, it } from 'vitest';
import { Deadline } from '../../../src/lifetime/deadline.ts';
import {
  upgradeWaitPauses,
  upgradeWaitSchedule,
  waitForUpgradeRun,
} from '../../../src/modes/no-code/upgrade/wait-for-upgrade-run.ts';
import { ApiError } from '../../../src/service/errors.ts';
import { ManualClock, settle, tracked } from '../../support/manual-clock.ts';

describe('upgradeWaitSchedule', () => {
  it('reads a lone plan often and spaces the reads as more plans are watched, under 20 reads a second in all', () => {
    expect(upgradeWaitSchedule(1)).toEqual({ minIntervalMs: 250, fraction: 0.2, maxIntervalMs: 10_000 });
    expect(upgradeWaitSchedule(20).minIntervalMs).toBe(1000);
    expect(upgradeWaitSchedule(500)).toEqual({ minIntervalMs: 25_000, fraction: 0.2, maxIntervalMs: 25_000 });
  });
});

describe('upgradeWaitPauses', () => {
  it('keeps the shortest pause until it is the fraction of the time waited, ending that stretch on time, then grows it by the fraction', () => {
    const pauses = upgradeWaitPauses({ minIntervalMs: 20, fraction: 0.2, maxIntervalMs: 40 });
    const asked = [0, 20, 40, 60, 90, 100, 124, 153, 188, 228].map((waited) => pauses(waited));
    const expected = [20, 20, 20, 20, 10, 24, 28.8, 34.56, 40, 40];
    asked.forEach((pause, i) => expect(pause).toBeCloseTo(expected[i]!, 6));
  });
});

describe('waitForUpgradeRun', () => {
  // On a clock of the test's own: each read lands on its exact millisecond, whatever the load.
  const SHORT = { minIntervalMs: 20, fraction: 0.2, maxIntervalMs: 40 };

  it('does not read the first value again, keeps a fixed interval, then grows it with the time waited', async () => {
    const clock = new ManualClock();
    const started = clock.now();
    const reads: number[] = [];
    const seen: string[] = [];
    let n = 0;
    const waiting = waitForUpgradeRun<string>({
      first: 'pending',
      read: async () => {
        reads.push(clock.now() - started);
        n++;
        return n >= 9 ? 'planned' : `planning-${n}`;
      },
      isFinal: (s) => s === 'planned',
      onValue: (s) => seen.push(s),
      signal: new AbortController().signal,
      deadline: Deadline.after(10_000, clock),
      schedule: { minIntervalMs: 20, fraction: 0.2, maxIntervalMs: 1000 },
    });
    await clock.advance(10_000);
    expect(await waiting).toEqual({ outcome: 'final', value: 'planned' });
    // Each value reported once, the boundary between the stretches included.
    expect(seen).toEqual(['pending', ...Array.from({ length: 8 }, (_, i) => `planning-${i + 1}`), 'planned']);
    // Fixed 20 ms until 100 ms waited, then growing by a fifth each time.
    const expected = [20, 40, 60, 80, 100, 124, 152.8, 187.36, 228.832];
    expect(reads).toHaveLength(expected.length);
    reads.forEach((at, i) => expect(at).toBeCloseTo(expected[i]!, 3));
  });

  it('ends at the deadline with the last value', async () => {
    const clock = new ManualClock();
    const reads: number[] = [];
    const waiting = waitForUpgradeRun<string>({
      first: 'pending',
      read: async () => {
        reads.push(clock.now());
        return 'planning';
      },
      isFinal: () => false,
      onValue: () => {},
      signal: new AbortController().signal,
      deadline: Deadline.after(150, clock),
      schedule: SHORT,
    });
    const { settled } = tracked(waiting);
    await clock.advance(149);
    expect(settled()).toBe(false);
    await clock.advance(1);
    expect(await waiting).toEqual({ outcome: 'timed-out', value: 'planning' });
    // No read starts at the deadline.
    expect(Math.max(...reads)).toBeLessThan(clock.now());
  });

  it('a read that never answers is cut at the deadline: timed out, saying the read was unanswered', async () => {
    const clock = new ManualClock();
    let reads = 0;
    const waiting = waitForUpgradeRun<string>({
      first: 'pending',
      read: async (signal) => {
        reads++;
        // As the HTTP layer does: only the signal ends the wait for an answer.
        await clock.sleep(3_600_000, signal);
        return 'planned';
      },
      isFinal: (s) => s === 'planned',
      onValue: () => {},
      signal: new AbortController().signal,
      deadline: Deadline.after(300, clock),
      schedule: SHORT,
    });
    const { settled } = tracked(waiting);
    await clock.advance(299);
    expect(settled()).toBe(false);
    await clock.advance(1);
    expect(settled()).toBe(true);
    expect(reads).toBe(1);
    expect(await waiting).toEqual({ outcome: 'timed-out', value: 'pending', lastRead: 'unanswered' });
  });

  it('a 429 asking to wait past what the client waits ends the wait at the deadline, not before', async () => {
    const clock = new ManualClock();
    const waiting = waitForUpgradeRun<string>({
      first: 'pending',
      read: async () => {
        throw new ApiError({ method: 'GET', target: '/upgrade/run-1', status: 429, errors: [] });
      },
      isFinal: () => false,
      onValue: () => {},
      signal: new AbortController().signal,
      deadline: Deadline.after(300, clock),
      schedule: SHORT,
    });
    const { settled } = tracked(waiting);
    await clock.advance(299);
    expect(settled()).toBe(false);
    await clock.advance(1);
    expect(settled()).toBe(true);
    expect(await waiting).toEqual({ outcome: 'timed-out', value: 'pending', lastRead: 'rate-limited' });
  });

  it('another read failure is thrown at once', async () => {
    const clock = new ManualClock();
    const failing = waitForUpgradeRun<string>({
      first: 'pending',
      read: async () => {
        throw new ApiError({ method: 'GET', target: '/upgrade/run-1', status: 404, errors: [] });
      },
      isFinal: () => false,
      onValue: () => {},
      signal: new AbortController().signal,
      deadline: Deadline.after(10_000, clock),
      schedule: SHORT,
    });
    const { settled } = tracked(failing);
    // The first pause, then the read that fails.
    await clock.advance(20);
    expect(settled()).toBe(true);
    await expect(failing).rejects.toMatchObject({ status: 404 });
  });

  it('an abort ends the wait at once', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const reason = new Error('stop');
    const waiting = waitForUpgradeRun<string>({
      first: 'pending',
      read: async () => 'planning',
      isFinal: () => false,
      onValue: () => {},
      signal: controller.signal,
      deadline: Deadline.after(10_000, clock),
      schedule: { minIntervalMs: 1000, fraction: 0.2, maxIntervalMs: 1000 },
    });
    const { settled } = tracked(waiting);
    await clock.advance(30);
    controller.abort(reason);
    await settle();
    // Without moving the clock: the pause in progress ends with the abort.
    expect(settled()).toBe(true);
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError', cause: reason });
  });
});
