// Pacing of requests: the client-side rate limit (action-interface "Pacing and faults": 30
// requests per second per token).

import { raceAbort } from '../lifetime/abort.ts';
import type { Clock } from '../lifetime/clock.ts';

/** A limit past which `X-RateLimit-Limit` is no count of requests a second a service means. */
const MAX_SERVICE_LIMIT = 100_000;

/**
 * Sliding-window limit: at most `perSecond` requests in any window of `windowMs`. A request
 * occupies the window from the moment it is sent until `windowMs` after its answer arrived, so
 * that whatever the delay between sending and the service counting it, the service never sees
 * more than `perSecond` requests within one window. `pauseFor` holds every request back (a 429
 * pauses the whole client, not only the request that got it).
 */
export class RateLimiter {
  #perSecond: number;
  /** The pace set when the limiter was made: the most a service's own word may raise it back to. */
  readonly #ceiling: number;
  readonly windowMs: number;
  #inFlight = 0;
  /** Times at which finished requests leave the window, oldest first. */
  readonly #leaving: number[] = [];
  #pausedUntil = 0;
  #changed: { promise: Promise<void>; resolve: () => void };
  #queue: Promise<void> = Promise.resolve();
  readonly #clock: Clock;

  /** `clock`: what the window is measured and waited on (`pacingClock` of the step's). */
  constructor(perSecond: number, options: { windowMs?: number; clock: Clock }) {
    if (!(perSecond > 0)) throw new RangeError(`rate limit must be above 0 requests per second, got ${perSecond}`);
    this.#perSecond = perSecond;
    this.#ceiling = perSecond;
    this.windowMs = options.windowMs ?? 1000;
    this.#clock = options.clock;
    this.#changed = RateLimiter.#signalPair();
  }

  static #signalPair(): { promise: Promise<void>; resolve: () => void } {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  }

  /** Requests allowed in any window. */
  get perSecond(): number {
    return this.#perSecond;
  }

  /**
   * Paces below the limit the service says it has (`X-RateLimit-Limit`, requests a second): the
   * limit is per user, shared by every job that uses the token (a matrix of jobs, another
   * workflow), so one step takes two thirds of it, as the service's official client does; never
   * more than the pace the limiter was made with. A value that is no sane count is ignored.
   */
  adoptServiceLimit(limit: number): void {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SERVICE_LIMIT) return;
    this.#perSecond = Math.min(this.#ceiling, Math.max(1, Math.floor((limit * 2) / 3)));
  }

  /** Holds every request for the next `ms`. */
  pauseFor(ms: number): void {
    const until = this.#clock.now() + ms;
    if (until > this.#pausedUntil) this.#pausedUntil = until;
  }

  /**
   * Waits for a place in the window, takes it, and returns the function to call once the answer
   * (or the failure) arrived.
   */
  async take(signal?: AbortSignal): Promise<() => void> {
    // First come, first served: each taker waits for the one before it.
    const before = this.#queue;
    let done!: () => void;
    this.#queue = new Promise<void>((r) => (done = r));
    try {
      await raceAbort(before, signal);
      await this.#waitForPlace(signal);
    } finally {
      done();
    }
    this.#inFlight++;
    return this.#leaveOnce();
  }

  /** Frees the request's place in the window `windowMs` after its answer; once only. */
  #leaveOnce(): () => void {
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      this.#inFlight--;
      this.#leaving.push(this.#clock.now() + this.windowMs);
      const wake = this.#changed;
      this.#changed = RateLimiter.#signalPair();
      wake.resolve();
    };
  }

  /**
   * A place at once, ahead of the queue and through a pause (see RequestOptions.urgent); the
   * request still counts in the window. Returns the function to call once the answer arrived.
   */
  takeNow(): () => void {
    this.#inFlight++;
    return this.#leaveOnce();
  }

  async #waitForPlace(signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      const now = this.#clock.now();
      if (this.#pausedUntil > now) {
        await this.#clock.sleep(this.#pausedUntil - now, signal);
        continue;
      }
      while (this.#leaving.length > 0 && (this.#leaving[0] ?? 0) <= now) this.#leaving.shift();
      if (this.#inFlight + this.#leaving.length < this.#perSecond) return;
      const next = this.#leaving[0];
      const waits: Array<Promise<void>> = [this.#changed.promise];
      // The timer is cleared when another event wins, so that no wait outlives its purpose.
      const stop = new AbortController();
      if (next !== undefined) waits.push(this.#clock.sleep(next - now, stop.signal).catch(() => undefined));
      try {
        await raceAbort(Promise.race(waits), signal);
      } finally {
        stop.abort();
      }
    }
  }
}
