import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_RETRY,
  parseRateLimitReset,
  parseRetryAfter,
  serverRequestedWait,
} from '../../src/service/retry.ts';

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
