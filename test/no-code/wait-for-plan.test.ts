import { describe, expect, it } from 'vitest';
import { planWaitSchedule, waitForPlan } from '../../src/modes/upgrade-no-code-workspace/wait-for-plan.ts';

describe('planWaitSchedule', () => {
  it('reads a lone plan often and spaces the reads as more plans are watched, under 20 reads a second in all', () => {
    expect(planWaitSchedule(1)).toEqual({ minIntervalMs: 250, fraction: 0.2, maxIntervalMs: 10_000 });
    expect(planWaitSchedule(20).minIntervalMs).toBe(1000);
    expect(planWaitSchedule(500)).toEqual({ minIntervalMs: 25_000, fraction: 0.2, maxIntervalMs: 25_000 });
  });
});

describe('waitForPlan', () => {
  it('does not read the first value again, keeps a fixed interval, then grows it with the time waited', async () => {
    const reads: number[] = [];
    const seen: string[] = [];
    const started = Date.now();
    let n = 0;
    const result = await waitForPlan<string>({
      first: 'pending',
      read: async () => {
        reads.push(Date.now() - started);
        n++;
        return n >= 9 ? 'planned' : `planning-${n}`;
      },
      isFinal: (s) => s === 'planned',
      onValue: (s) => seen.push(s),
      signal: new AbortController().signal,
      deadline: Date.now() + 10_000,
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
    const result = await waitForPlan<string>({
      first: 'pending',
      read: async () => 'planning',
      isFinal: () => false,
      onValue: () => {},
      signal: new AbortController().signal,
      deadline: Date.now() + 150,
      schedule: { minIntervalMs: 20, fraction: 0.2, maxIntervalMs: 40 },
    });
    expect(result).toEqual({ outcome: 'timed-out', value: 'planning' });
  });

  it('an abort ends the wait at once', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    setTimeout(() => controller.abort(reason), 30);
    const started = Date.now();
    await expect(
      waitForPlan<string>({
        first: 'pending',
        read: async () => 'planning',
        isFinal: () => false,
        onValue: () => {},
        signal: controller.signal,
        deadline: Date.now() + 10_000,
        schedule: { minIntervalMs: 1000, fraction: 0.2, maxIntervalMs: 1000 },
      }),
    ).rejects.toMatchObject({ name: 'AbortError', cause: reason });
    expect(Date.now() - started).toBeLessThan(500);
  });
});
