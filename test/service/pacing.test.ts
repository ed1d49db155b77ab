import { describe, expect, it } from 'vitest';
import { isAbortError } from '../../src/lifetime/abort.ts';
import { sleep } from '../../src/lifetime/clock.ts';
import { RateLimiter } from '../../src/service/pacing.ts';

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
