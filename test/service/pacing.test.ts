import { describe, expect, it } from 'vitest';
import { isAbortError } from '../../src/lifetime/abort.ts';
import { sleep } from '../../src/lifetime/clock.ts';
import { RateLimiter, Semaphore } from '../../src/service/pacing.ts';

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

describe('RateLimiter', () => {
  it('admits `perSecond` requests at once and the next one a window after an answer', async () => {
    const limiter = new RateLimiter(3, { windowMs: 200 });
    const started = Date.now();
    const done = await Promise.all([limiter.take(), limiter.take(), limiter.take()]);
    expect(Date.now() - started).toBeLessThan(50);
    const answeredAt = Date.now();
    for (const d of done) d();
    await limiter.take();
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(195);
  });

  it('counts a request in flight until it is answered', async () => {
    const limiter = new RateLimiter(1, { windowMs: 50 });
    const first = await limiter.take();
    let second = false;
    const next = limiter.take().then(() => (second = true));
    await sleep(120);
    expect(second).toBe(false);
    first();
    await next;
    expect(second).toBe(true);
  });

  it('holds every request while paused', async () => {
    const limiter = new RateLimiter(100);
    limiter.pauseFor(150);
    const started = Date.now();
    await Promise.all([limiter.take(), limiter.take()]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('ends a wait with an AbortError', async () => {
    const limiter = new RateLimiter(1, { windowMs: 10_000 });
    (await limiter.take())();
    const controller = new AbortController();
    const waiting = limiter.take(controller.signal);
    setTimeout(() => controller.abort(), 10);
    const started = Date.now();
    expect(isAbortError(await waiting.catch((e: unknown) => e))).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
