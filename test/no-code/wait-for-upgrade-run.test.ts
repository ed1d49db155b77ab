import { describe, expect, it } from 'vitest';
import { sleep } from '../../src/lifetime/clock.ts';
import { Deadline } from '../../src/lifetime/deadline.ts';
import { upgradeWaitPauses, upgradeWaitSchedule, waitForUpgradeRun } from '../../src/modes/no-code/upgrade/wait-for-upgrade-run.ts';
import { ApiError } from '../../src/service/errors.ts';

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
  it('does not read the first value again, keeps a fixed interval, then grows it with the time waited', async () => {
    const reads: number[] = [];
    const seen: string[] = [];
    const started = Date.now();
    let n = 0;
    const result = await waitForUpgradeRun<string>({
      first: 'pending',
      read: async () => {
        reads.push(Date.now() - started);
        n++;
        return n >= 9 ? 'planned' : `planning-${n}`;
      },
      isFinal: (s) => s === 'planned',
      onValue: (s) => seen.push(s),
      signal: new AbortController().signal,
      deadline: Deadline.after(10_000),
      schedule: { minIntervalMs: 20, fraction: 0.2, maxIntervalMs: 1000 },
    });
    expect(result).toEqual({ outcome: 'final', value: 'planned' });
    // Each value reported once, the boundary between the stretches included.
    expect(seen).toEqual(['pending', ...Array.from({ length: 8 }, (_, i) => `planning-${i + 1}`), 'planned']);
    expect(reads).toHaveLength(9);
    const gaps = reads.slice(1).map((t, i) => t - reads[i]!);
    // Fixed 20 ms until 100 ms waited (the last sleep of that stretch may be cut to end it on
    // time), then growing by a fifth each time.
    expect(gaps.slice(0, 3).every((g) => g >= 19)).toBe(true);
    expect(gaps.slice(4).every((g) => g >= 23)).toBe(true);
    expect(gaps.at(-1)!).toBeGreaterThanOrEqual(Math.floor(20 * 1.2 ** 4) - 1);
  });

  it('ends at the deadline with the last value', async () => {
    const result = await waitForUpgradeRun<string>({
      first: 'pending',
      read: async () => 'planning',
      isFinal: () => false,
      onValue: () => {},
      signal: new AbortController().signal,
      deadline: Deadline.after(150),
      schedule: { minIntervalMs: 20, fraction: 0.2, maxIntervalMs: 40 },
    });
    expect(result).toEqual({ outcome: 'timed-out', value: 'planning' });
  });

  it('a read that never answers is cut at the deadline: timed out, saying the read was unanswered', async () => {
    const started = Date.now();
    let reads = 0;
    const result = await waitForUpgradeRun<string>({
      first: 'pending',
      read: async (signal) => {
        reads++;
        // As the HTTP layer does: only the signal ends the wait for an answer.
        await sleep(3_600_000, signal);
        return 'planned';
      },
      isFinal: (s) => s === 'planned',
      onValue: () => {},
      signal: new AbortController().signal,
      deadline: Deadline.after(300),
      schedule: { minIntervalMs: 20, fraction: 0.2, maxIntervalMs: 40 },
    });
    expect(Date.now() - started).toBeLessThan(600);
    expect(reads).toBe(1);
    expect(result).toEqual({ outcome: 'timed-out', value: 'pending', lastRead: 'unanswered' });
  });

  it('a 429 asking to wait past what the client waits ends the wait at the deadline, not before', async () => {
    const started = Date.now();
    const result = await waitForUpgradeRun<string>({
      first: 'pending',
      read: async () => {
        throw new ApiError({ method: 'GET', target: '/upgrade/run-1', status: 429, errors: [] });
      },
      isFinal: () => false,
      onValue: () => {},
      signal: new AbortController().signal,
      deadline: Deadline.after(300),
      schedule: { minIntervalMs: 20, fraction: 0.2, maxIntervalMs: 40 },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(result).toEqual({ outcome: 'timed-out', value: 'pending', lastRead: 'rate-limited' });
  });

  it('another read failure is thrown at once', async () => {
    const failing = waitForUpgradeRun<string>({
      first: 'pending',
      read: async () => {
        throw new ApiError({ method: 'GET', target: '/upgrade/run-1', status: 404, errors: [] });
      },
      isFinal: () => false,
      onValue: () => {},
      signal: new AbortController().signal,
      deadline: Deadline.after(10_000),
      schedule: { minIntervalMs: 20, fraction: 0.2, maxIntervalMs: 40 },
    });
    await expect(failing).rejects.toMatchObject({ status: 404 });
  });

  it('an abort ends the wait at once', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    setTimeout(() => controller.abort(reason), 30);
    const started = Date.now();
    await expect(
      waitForUpgradeRun<string>({
        first: 'pending',
        read: async () => 'planning',
        isFinal: () => false,
        onValue: () => {},
        signal: controller.signal,
        deadline: Deadline.after(10_000),
        schedule: { minIntervalMs: 1000, fraction: 0.2, maxIntervalMs: 1000 },
      }),
    ).rejects.toMatchObject({ name: 'AbortError', cause: reason });
    expect(Date.now() - started).toBeLessThan(500);
  });
});
