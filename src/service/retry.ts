// When and how long to wait before repeating a request.

import { LONGEST_SERVICE_WAIT_MS, RETRY_FIRST_BACKOFF_MS, RETRY_LONGEST_BACKOFF_MS } from '../lifetime/budgets.ts';

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
  baseDelayMs: RETRY_FIRST_BACKOFF_MS,
  maxDelayMs: RETRY_LONGEST_BACKOFF_MS,
  maxServerWaitMs: LONGEST_SERVICE_WAIT_MS,
};

/**
 * What became of an attempt that did not succeed, as the retry rules tell them apart: the
 * connection failed before the request was sent, or after (no answer), or the service answered
 * one of the statuses a repeat may cure.
 */
export type FailedAttempt = 'not-sent' | 'no-answer' | 429 | 500 | 502 | 503 | 504;

/** A failed attempt that is repeated (while repeats are left; past them the request fails). */
export interface Repeat {
  /** Wait as long as the service asks (Retry-After, X-RateLimit-Reset), else back off. */
  serverWait: boolean;
  /** The wait is about the token, not the request (429): every request of the client waits. */
  pausesClient: boolean;
  /** The request may have been applied: a repeat of a DELETE answered 404 has then done its work. */
  mayHaveLanded: boolean;
}

/**
 * The rule for a failed attempt: repeat it, or, for a write that may have been applied, fail
 * with AmbiguousWriteError rather than apply it twice (`'ambiguous'`).
 */
export type RetryRule = Repeat | 'ambiguous';

const BACK_OFF: Repeat = { serverWait: false, pausesClient: false, mayHaveLanded: false };
const REFUSED: Repeat = { serverWait: true, pausesClient: false, mayHaveLanded: false };

/**
 * The retry rules, as data: what happened × whether repeating the request is harmless
 * (`idempotent`: GET, HEAD, PUT, DELETE, or a write the caller marks so). Any other answer is
 * final. 429 and 503 refuse the request, so any method is repeated; 500, 502, 504 and a lost
 * answer say nothing of whether it was applied, so only a harmless repeat is sent.
 */
export const RETRY_RULES: Readonly<Record<FailedAttempt, { idempotent: RetryRule; write: RetryRule }>> = {
  'not-sent': { idempotent: BACK_OFF, write: BACK_OFF },
  'no-answer': { idempotent: { ...BACK_OFF, mayHaveLanded: true }, write: 'ambiguous' },
  429: { idempotent: { ...REFUSED, pausesClient: true }, write: { ...REFUSED, pausesClient: true } },
  503: { idempotent: REFUSED, write: REFUSED },
  500: { idempotent: { ...REFUSED, mayHaveLanded: true }, write: 'ambiguous' },
  502: { idempotent: { ...REFUSED, mayHaveLanded: true }, write: 'ambiguous' },
  504: { idempotent: { ...REFUSED, mayHaveLanded: true }, write: 'ambiguous' },
};

/** The rule for what an attempt came to; undefined when the answer is final. */
export function retryRule(outcome: 'not-sent' | 'no-answer' | number, idempotent: boolean): RetryRule | undefined {
  const row = Object.hasOwn(RETRY_RULES, outcome) ? RETRY_RULES[outcome as FailedAttempt] : undefined;
  return row === undefined ? undefined : idempotent ? row.idempotent : row.write;
}

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
