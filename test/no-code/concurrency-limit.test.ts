import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from '../../src/modes/no-code/upgrade/concurrency-limit.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('concurrencyLimit', () => {
  it('never runs more than the limit at once, even when places are handed over while others arrive', async () => {
    const limit = concurrencyLimit(3);
    const signal = new AbortController().signal;
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await tick(i % 2 === 0 ? 5 : 1);
      active--;
      order.push(i);
      return i;
    };
    const first = Array.from({ length: 10 }, (_, i) => limit(task(i), signal));
    // Late arrivals while places are being handed over.
    await tick(2);
    const late = Array.from({ length: 10 }, (_, i) => limit(task(10 + i), signal));
    expect(await Promise.all([...first, ...late])).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(3);
    expect(order).toHaveLength(20);
  });

  it('a waiting task is not started once the signal aborts; running ones finish', async () => {
    const limit = concurrencyLimit(1);
    const controller = new AbortController();
    let started = 0;
    const running = limit(async () => {
      started++;
      await tick(20);
      return 'done';
    }, controller.signal);
    const waiting = limit(async () => {
      started++;
      return 'never';
    }, controller.signal);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError', cause: reason });
    expect(await running).toBe('done');
    expect(started).toBe(1);
    // The place was given back: a new task with a live signal runs.
    expect(await limit(async () => 'next', new AbortController().signal)).toBe('next');
  });
});
