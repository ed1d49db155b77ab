import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/cancellation.ts';
import { ApiError, isAbortError } from '../../src/service/errors.ts';
import { RateLimiter, Semaphore, sleep } from '../../src/service/pacing.ts';

describe('sleep', () => {
  it('ends at once with an AbortError when the signal fires', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(), 20);
    const error = await waiting.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('isAbortError', () => {
  it('recognises the AbortError of a wait, the step\'s CancelledError, and the reason a signal aborted with', () => {
    expect(isAbortError(new DOMException('The operation was aborted', 'AbortError'))).toBe(true);
    expect(isAbortError(new CancelledError('SIGINT'))).toBe(true);
    const controller = new AbortController();
    const reason = new Error('cancelled by the caller');
    expect(isAbortError(reason, controller.signal)).toBe(false);
    controller.abort(reason);
    expect(isAbortError(reason, controller.signal)).toBe(true);
    // A signal aborted without a reason carries an AbortError DOMException of its own.
    const plain = new AbortController();
    plain.abort();
    expect(isAbortError(plain.signal.reason)).toBe(true);
  });

  it('does not take other failures for an abort', () => {
    expect(isAbortError(new Error('boom'))).toBe(false);
    expect(isAbortError(new ApiError({ method: 'GET', target: '/x', status: 404, errors: [] }))).toBe(false);
    expect(isAbortError(new DOMException('timed out', 'TimeoutError'))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
    expect(isAbortError(undefined, new AbortController().signal)).toBe(false);
  });

  it('an abort with the step\'s cancellation reason is an AbortError to sleep and the semaphore', async () => {
    const controller = new AbortController();
    const reason = new CancelledError('SIGTERM');
    controller.abort(reason);
    const slept = await sleep(1000, controller.signal).catch((e: unknown) => e);
    expect(slept).toMatchObject({ name: 'AbortError', cause: reason });
    expect(isAbortError(slept)).toBe(true);
    const slots = new Semaphore(1);
    expect(isAbortError(await slots.acquire(controller.signal).catch((e: unknown) => e))).toBe(true);
  });
});

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
