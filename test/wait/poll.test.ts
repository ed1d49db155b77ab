import { describe, expect, it } from 'vitest';
import { isAbortError } from '../../src/lifetime/abort.ts';
import { CancelledError } from '../../src/lifetime/cancellation.ts';
import { sleep } from '../../src/lifetime/clock.ts';
import { formatDuration, pollUntil, statusReporter } from '../../src/wait/poll.ts';

describe('pollUntil', () => {
  it('reads quickly at first and backs off', async () => {
    const at: number[] = [];
    const start = Date.now();
    let n = 0;
    const result = await pollUntil({
      read: async () => {
        at.push(Date.now() - start);
        return ++n;
      },
      isFinal: (v) => v === 5,
      signal: new AbortController().signal,
      deadline: Date.now() + 10_000,
      initialIntervalMs: 20,
      maxIntervalMs: 60,
      backoff: 2,
    });
    expect(result).toEqual({ outcome: 'final', value: 5 });
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(18);
    expect(gaps[0]).toBeLessThan(40);
    expect(gaps[2]).toBeGreaterThanOrEqual(55);
    expect(gaps[3]).toBeLessThan(90);
  });

  it('ends at the deadline with the last value', async () => {
    const result = await pollUntil({
      read: async () => 'running',
      isFinal: () => false,
      signal: new AbortController().signal,
      deadline: Date.now() + 100,
      initialIntervalMs: 30,
    });
    expect(result).toEqual({ outcome: 'timed-out', value: 'running' });
  });

  it('stops waiting at once when aborted, with the AbortError every request raises (the reason as its cause)', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    const started = Date.now();
    setTimeout(() => controller.abort(reason), 50);
    await expect(
      pollUntil({ read: async () => 1, isFinal: () => false, signal: controller.signal, deadline: Date.now() + 60_000, initialIntervalMs: 10_000 }),
    ).rejects.toMatchObject({ name: 'AbortError', cause: reason });
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(sleep(10, controller.signal)).rejects.toMatchObject({ name: 'AbortError', cause: reason });
  });

  it('does not read at all when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new CancelledError('SIGINT'));
    let reads = 0;
    const error = await pollUntil({ read: async () => ++reads, isFinal: () => true, signal: controller.signal, deadline: Date.now() + 1000 }).catch((e: unknown) => e);
    expect(reads).toBe(0);
    expect(isAbortError(error)).toBe(true);
  });
});

describe('statusReporter', () => {
  it('logs changes at once and repeats at most every interval', () => {
    const lines: string[] = [];
    const report = statusReporter((l) => lines.push(l), 30_000);
    report('queued', 0);
    report('queued', 10_000);
    report('running', 12_000);
    report('running', 41_000);
    report('running', 42_500);
    expect(lines).toEqual(['queued (0s elapsed)', 'running (12s elapsed)', 'running (43s elapsed)']);
    expect(formatDuration(3_725_000)).toBe('1h02m');
  });
});
