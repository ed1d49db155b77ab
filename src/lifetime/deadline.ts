import { systemClock } from './clock.ts';
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
  /** Aborts with a TimeoutError at the deadline. */
  readonly signal: AbortSignal;
  readonly clock: Clock;

  /** The deadline `ms` from now. */
  static after(ms: number, clock: Clock = systemClock): Deadline {
    return new Deadline(clock.now() + ms, clock);
  }

  constructor(at: number, clock: Clock = systemClock) {
    this.at = at;
    this.clock = clock;
    this.signal = clock.timeout(at - clock.now());
  }

  /** Milliseconds left; 0 once it has passed. */
  remainingMs(): number {
    return Math.max(0, this.at - this.clock.now());
  }

  get expired(): boolean {
    return this.signal.aborted || this.clock.now() >= this.at;
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

  /** A signal that aborts when `signal` does, or at the deadline if that comes first. */
  cut(signal: AbortSignal): AbortSignal {
    return AbortSignal.any([signal, this.signal]);
  }
}
