import { describe, expect, it } from 'vitest';
import { isAbortError } from '../../../src/lifetime/abort.ts';
import { RateLimiter } from '../../../src/service/pacing.ts';
import { ManualClock, settle, tracked } from '../../support/manual-clock.ts';
import { monotonicClock } from '../../../src/lifetime/clock.ts';
import { startHarness } from '../../service/harness.ts';

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

describe("the service's own word on its limit (X-RateLimit-Limit)", () => {
  it('paces at two thirds of it, never above the pace the limiter was made with, and ignores nonsense', () => {
    const limiter = new RateLimiter(30, { clock: monotonicClock });
    limiter.adoptServiceLimit(30);
    expect(limiter.perSecond).toBe(20);
    limiter.adoptServiceLimit(3);
    expect(limiter.perSecond).toBe(2);
    limiter.adoptServiceLimit(1000);
    expect(limiter.perSecond).toBe(30);
    for (const nonsense of [0, -5, 1.5, Number.NaN, 10_000_000]) {
      limiter.adoptServiceLimit(nonsense);
      expect(limiter.perSecond).toBe(30);
    }
  });

  it('a client of a service that says 30 sends at most 20 requests in any second, and meets no 429', async () => {
    const clock = new ManualClock();
    const h = await startHarness({ rateLimitPerSecond: 30, clock }, { clock });
    try {
      const { id } = h.emulator.seedPolicy({ name: 'p' });
      // The first answer says the limit; the rest are paced by it.
      await clock.runUntilSettled(h.client.policies.show(id));
      h.emulator.clearRequests();
      await clock.runUntilSettled(Promise.all(Array.from({ length: 60 }, () => h.client.policies.show(id))));
      const times = h.emulator.requests.map((r) => r.at).sort((a, b) => a - b);
      expect(times).toHaveLength(60);
      expect(h.emulator.requests.filter((r) => r.status === 429)).toEqual([]);
      const mostInASecond = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1000).length));
      expect(mostInASecond).toBeLessThanOrEqual(20);
    } finally {
      await h.close();
    }
  });
});
