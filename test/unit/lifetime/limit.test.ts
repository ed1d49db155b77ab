import { describe, expect, it } from 'vitest';
import { isAbortError } from '../../../src/lifetime/abort.ts';
import { sleep } from '../../../src/lifetime/clock.ts';
import { limit, mapLimited, Semaphore } from '../../../src/lifetime/limit.ts';

/** A promise settled from outside, so that a test decides when each operation ends. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets every promise callback queued so far run. */
const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('Semaphore', () => {
  it('lets at most `limit` holders in, then the next waiter first come first served', async () => {
    const slots = new Semaphore(2);
    const a = await slots.acquire();
    await slots.acquire();
    const order: string[] = [];
    const c = slots.acquire().then((release) => (order.push('c'), release));
    const d = slots.acquire().then((release) => (order.push('d'), release));
    await sleep(10);
    expect(order).toEqual([]);
    expect(slots.active).toBe(2);
    a();
    (await c)();
    (await d)();
    expect(order).toEqual(['c', 'd']);
  });

  it('drops an aborted waiter from the queue', async () => {
    const slots = new Semaphore(1);
    const release = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort();
    expect(isAbortError(await waiting.catch((e: unknown) => e))).toBe(true);
    release();
    expect(slots.active).toBe(0);
    (await slots.acquire())();
  });
});

describe('limit', () => {
  it('runs at most the given number of operations at once, the others in the order they came', async () => {
    const within = limit(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = gates.map((gate, i) =>
      within(async () => {
        started.push(i);
        await gate.promise;
        return i * 10;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30]);
  });

  it('frees the place of an operation that failed', async () => {
    const within = limit(1);
    await expect(within(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await within(async () => 'next')).toBe('next');
  });
});

describe('mapLimited', () => {
  it("keeps at most the given number of items going and returns the results in the items' order", async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimited(
      [30, 5, 20, 1, 10],
      2,
      async (ms, i) => {
        most = Math.max(most, ++running);
        await sleep(ms);
        running--;
        return `${i}:${ms}`;
      },
      { notStarted: () => 'not started' },
    );
    expect(most).toBe(2);
    expect(results).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10']);
  });

  it('starts no item once the signal fired, and gives each item left the not-started result', async () => {
    const controller = new AbortController();
    const gate = deferred();
    const seen: number[] = [];
    const mapping = mapLimited(
      [0, 1, 2, 3],
      2,
      async (item) => {
        seen.push(item);
        await gate.promise;
        return `done ${item}`;
      },
      { signal: controller.signal, notStarted: (item) => `not started ${item}` },
    );
    await settle();
    controller.abort();
    gate.resolve();
    expect(await mapping).toEqual(['done 0', 'done 1', 'not started 2', 'not started 3']);
    expect(seen).toEqual([0, 1]);
  });
});
