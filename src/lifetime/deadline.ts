import type { Clock } from './clock.ts';

/**
 * The moment a wait ends (action-interface: the timeout bounds the whole wait). Its signal fires
 * then: given to every request and pause of the wait, it cuts a read that never answers and a
 * back-off (a 429's Retry-After, say) that reaches past the deadline, so that nothing holds the
 * step beyond it.
 */
export class Deadline {
  /** The moment, in the clock's milliseconds since the epoch. */
  readonly at: number;
  readonly clock: Clock;
  #signal: AbortSignal | undefined;

  /** The deadline `ms` from now. */
  static after(ms: number, clock: Clock): Deadline {
    return new Deadline(clock.now() + ms, clock);
  }

  constructor(at: number, clock: Clock) {
    this.at = at;
    this.clock = clock;
  }

  /**
   * Aborts with a TimeoutError at the deadline; already aborted when asked for after it. Set up
   * when first asked for: a deadline only compared with the time keeps no timer.
   */
  get signal(): AbortSignal {
    if (this.#signal === undefined) {
      const ms = this.at - this.clock.now();
      this.#signal =
        ms > 0
          ? this.clock.timeout(ms)
          : AbortSignal.abort(new DOMException('The deadline has passed', 'TimeoutError'));
    }
    return this.#signal;
  }

  /** Milliseconds left; 0 once it has passed. */
  remainingMs(): number {
    return Math.max(0, this.at - this.clock.now());
  }

  get expired(): boolean {
    return (this.#signal?.aborted ?? false) || this.clock.now() >= this.at;
  }

  /** The nearer of this deadline and the one `ms` from now. */
  within(ms: number): Deadline {
    const at = this.clock.now() + ms;
    return at < this.at ? new Deadline(at, this.clock) : this;
  }

  /** Resolves at the deadline (at once once it has passed); rejects with an AbortError as soon as `signal` fires. */
  reached(signal?: AbortSignal): Promise<void> {
    return this.clock.sleep(this.remainingMs(), signal);
  }

  /** The earlier of this deadline and `other`, if any. */
  earlier(other: Deadline | undefined): Deadline {
    return other !== undefined && other.at < this.at ? other : this;
  }

  /** The later of this deadline and `other`. */
  later(other: Deadline): Deadline {
    return other.at > this.at ? other : this;
  }

  /** A signal that aborts when `signal` does, or at the deadline if that comes first. */
  cut(signal: AbortSignal): AbortSignal {
    return AbortSignal.any([signal, this.signal]);
  }
}
