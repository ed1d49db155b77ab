export type RateDecision = { allowed: true } | { allowed: false; resetSeconds: number };

/** Per-token sliding window of one second. Only admitted requests take a slot, so a client
 *  that waits as told by `X-RateLimit-Reset` gets through. */
export class RateLimiter {
  #admitted = new Map<string, number[]>();
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  check(key: string, perSecond: number, now = this.#now()): RateDecision {
    if (!Number.isFinite(perSecond)) return { allowed: true };
    const window = (this.#admitted.get(key) ?? []).filter((at) => at > now - 1000);
    this.#admitted.set(key, window);
    if (window.length < perSecond) {
      window.push(now);
      return { allowed: true };
    }
    // The slot of the request admitted `perSecond` requests ago frees first.
    const oldest = window[window.length - Math.max(1, Math.ceil(perSecond))] ?? now;
    return { allowed: false, resetSeconds: Math.max(0.001, (oldest + 1000 - now) / 1000) };
  }
}
