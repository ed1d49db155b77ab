import { describe, expect, it } from 'vitest';
import { isAbortError } from '../../src/lifetime/abort.ts';
import { RateLimiter } from '../../src/service/pacing.ts';
import { ManualClock, settle, tracked } from '../support/manual-clock.ts';

// On a clock of the test's own: each place frees on its exact millisecond, whatever the load.
describe('RateLimiter', () => {
  it('admits `perSecond` requests at once and the next one a window after an answer', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter(3, { windowMs: 200, clock });
    const done = await Promise.all([limiter.take(), limiter.take(), limiter.take()]);
    await clock.advance(30);
    for (const d of done) d();
    const fourth = tracked(limiter.take());
    await clock.advance(199);
    expect(fourth.settled()).toBe(false);
    await clock.advance(1);
    expect(fourth.settled()).toBe(true);
  });

  it('counts a request in flight until it is answered', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter(1, { windowMs: 50, clock });
    const first = await limiter.take();
    const second = tracked(limiter.take());
    await clock.advance(120);
    expect(second.settled()).toBe(false);
    first();
    await clock.advance(49);
    expect(second.settled()).toBe(false);
    await clock.advance(1);
    expect(second.settled()).toBe(true);
  });

  it('holds every request while paused', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter(100, { clock });
    limiter.pauseFor(150);
    const both = tracked(Promise.all([limiter.take(), limiter.take()]));
    await clock.advance(149);
    expect(both.settled()).toBe(false);
    await clock.advance(1);
    expect(both.settled()).toBe(true);
  });

  it('ends a wait with an AbortError', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter(1, { windowMs: 10_000, clock });
    (await limiter.take())();
    const controller = new AbortController();
    const waiting = tracked(limiter.take(controller.signal).catch((e: unknown) => e));
    await clock.advance(10);
    controller.abort();
    // No time passes: the abort alone ends it.
    await settle();
    expect(waiting.settled()).toBe(true);
    expect(isAbortError(await waiting.promise)).toBe(true);
  });
});
