import type { Clock } from '../../src/lifetime/clock.ts';
import { answerWaitsOnClock } from '../support/requests-in-flight.ts';

/** Every timer of one emulator, so that close() can stop them all and no state machine keeps
 *  running (or keeps the process alive) after a test. Keyed timers replace each other: a test
 *  run or an upgrade has at most one pending transition. On the machine's timers, or on the
 *  clock the emulator was given. */
export class Timers {
  /** How to stop each pending timer. */
  #all = new Set<() => void>();
  #byKey = new Map<string, () => void>();
  #disposed = false;
  /** Releases of the answers held on the clock (holdAnswer); a disposed emulator holds none. */
  #heldAnswers = new Set<() => void>();
  readonly #clock: Clock | undefined;

  constructor(clock?: Clock) {
    this.#clock = clock;
  }

  /** Runs `action` after `ms`; an infinite delay never fires. */
  after(ms: number, action: () => void, key?: string): void {
    if (key !== undefined) this.cancel(key);
    if (this.#disposed || !Number.isFinite(ms)) return;
    const fire = (): void => {
      this.#all.delete(stop);
      if (key !== undefined && this.#byKey.get(key) === stop) this.#byKey.delete(key);
      action();
    };
    const stop = this.#start(Math.max(0, ms), fire);
    this.#all.add(stop);
    if (key !== undefined) this.#byKey.set(key, stop);
  }

  #start(ms: number, fire: () => void): () => void {
    if (this.#clock === undefined) {
      const timer = setTimeout(fire, ms);
      timer.unref();
      return () => clearTimeout(timer);
    }
    const stopped = new AbortController();
    this.#clock.sleep(ms, stopped.signal).then(fire, () => undefined);
    return () => stopped.abort();
  }

  cancel(key: string): void {
    const stop = this.#byKey.get(key);
    if (stop === undefined) return;
    stop();
    this.#all.delete(stop);
    this.#byKey.delete(key);
  }

  /** Resolves after `ms` (at once for 0); never resolves once disposed. */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /**
   * `sleep` while a request waits for its answer (latency, a delay fault): on a test's manual
   * clock, the request is then counted as waiting on the clock, which may move on meanwhile.
   */
  holdAnswer(ms: number): Promise<void> {
    if (this.#clock === undefined || ms <= 0) return this.sleep(ms);
    const release = answerWaitsOnClock();
    this.#heldAnswers.add(release);
    return this.sleep(ms).finally(() => {
      release();
      this.#heldAnswers.delete(release);
    });
  }

  dispose(): void {
    this.#disposed = true;
    for (const release of this.#heldAnswers) release();
    this.#heldAnswers.clear();
    for (const stop of this.#all) stop();
    this.#all.clear();
    this.#byKey.clear();
  }
}
