// When and how long to wait before repeating a request.

export interface RetryOptions {
  /** Repeats after the first attempt (default 6). */
  retries: number;
  /** Backoff base: the ceiling of the n-th wait is base * 2^n (default 500 ms). */
  baseDelayMs: number;
  /** Ceiling of one backoff wait (default 30 s). */
  maxDelayMs: number;
  /** Longest wait the service may ask for with Retry-After / X-RateLimit-Reset (default 5 min);
   *  beyond it the request fails instead of hanging the job. */
  maxServerWaitMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  retries: 6,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxServerWaitMs: 300_000,
};

/** Capped exponential backoff with full jitter: a uniform wait in [0, min(cap, base * 2^n)]. */
export function backoffDelay(retry: number, options: RetryOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry));
  return Math.floor(random() * ceiling);
}

type HeaderValue = string | string[] | undefined;

function first(value: HeaderValue): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined ? undefined : v.trim();
}

/** `Retry-After`: delay seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: HeaderValue, now: number): number | undefined {
  const text = first(value);
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * `X-RateLimit-Reset`: seconds until the limit resets, possibly fractional (action-interface
 * "Pacing and faults"). A value that can only be an epoch time is read as one.
 */
export function parseRateLimitReset(value: HeaderValue, now: number): number | undefined {
  const text = first(value);
  if (!text || !/^\d+(\.\d+)?$/.test(text)) return undefined;
  const seconds = Number(text);
  if (seconds > 1e9) return Math.max(0, seconds * 1000 - now);
  return seconds * 1000;
}

/** How long the service asked to wait, in ms: the longer of the two headers, if any. */
export function serverRequestedWait(headers: Record<string, HeaderValue>, now: number): number | undefined {
  const waits = [
    parseRetryAfter(headers['retry-after'], now),
    parseRateLimitReset(headers['x-ratelimit-reset'], now),
  ].filter((w): w is number => w !== undefined);
  return waits.length > 0 ? Math.max(...waits) : undefined;
}
