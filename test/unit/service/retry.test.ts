import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_RETRY,
  parseRateLimitReset,
  parseRetryAfter,
  RETRY_RULES,
  retryRule,
  serverRequestedWait,
} from '../../../src/service/retry.ts';
import type { FailedAttempt, Repeat } from '../../../src/service/retry.ts';

describe('backoffDelay', () => {
  const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };

  it('draws a full-jitter wait below the doubling ceiling', () => {
    expect(backoffDelay(0, options, () => 0.999)).toBe(99);
    expect(backoffDelay(3, options, () => 0.5)).toBe(400);
    expect(backoffDelay(0, options, () => 0)).toBe(0);
  });

  it('caps the ceiling', () => {
    expect(backoffDelay(20, options, () => 0.999)).toBe(999);
  });
});

describe('server-requested waits', () => {
  const now = Date.parse('2024-05-01T10:00:00Z');

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 01 May 2024 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 01 May 2024 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('reads X-RateLimit-Reset as fractional seconds, or as an epoch time when it can only be one', () => {
    expect(parseRateLimitReset('0.25', now)).toBe(250);
    expect(parseRateLimitReset('2', now)).toBe(2000);
    expect(parseRateLimitReset(String(now / 1000 + 1.5), now)).toBeCloseTo(1500, 0);
    expect(parseRateLimitReset('-1', now)).toBeUndefined();
  });

  it('takes the longer of the two', () => {
    expect(serverRequestedWait({ 'retry-after': '1', 'x-ratelimit-reset': '0.4' }, now)).toBe(1000);
    expect(serverRequestedWait({ 'x-ratelimit-reset': '0.4' }, now)).toBe(400);
    expect(serverRequestedWait({}, now)).toBeUndefined();
  });
});

describe('the retry rules', () => {
  const outcomes = Object.keys(RETRY_RULES).map((key) => (/^\d+$/.test(key) ? Number(key) : key)) as FailedAttempt[];

  it('never repeats a write that may have been applied', () => {
    for (const outcome of outcomes) {
      const rule = retryRule(outcome, false);
      if (rule !== 'ambiguous') expect(rule?.mayHaveLanded, String(outcome)).toBe(false);
    }
    for (const outcome of ['no-answer', 500, 502, 504] as const) expect(retryRule(outcome, false)).toBe('ambiguous');
  });

  it('repeats a harmless request after every failure the table knows, marking those that may have landed', () => {
    for (const outcome of outcomes) expect(retryRule(outcome, true), String(outcome)).toEqual(expect.any(Object));
    for (const outcome of ['no-answer', 500, 502, 504] as const)
      expect(retryRule(outcome, true)).toMatchObject({ mayHaveLanded: true });
    expect(retryRule('not-sent', true)).toMatchObject({ mayHaveLanded: false, serverWait: false });
  });

  it("repeats a refusal (429, 503) for any method after the service's wait; only a 429 holds every request", () => {
    for (const idempotent of [true, false]) {
      expect(retryRule(429, idempotent)).toEqual({ serverWait: true, pausesClient: true, mayHaveLanded: false });
      expect(retryRule(503, idempotent)).toEqual({ serverWait: true, pausesClient: false, mayHaveLanded: false });
    }
    const pausing = outcomes.filter((o) => [true, false].some((i) => (retryRule(o, i) as Repeat).pausesClient));
    expect(pausing).toEqual([429]);
  });

  it('takes every other answer as final', () => {
    for (const status of [200, 400, 401, 403, 404, 409, 415, 422, 501, 505])
      for (const idempotent of [true, false]) expect(retryRule(status, idempotent)).toBeUndefined();
  });
});
