// A clock whose time moves only when a test says so: waits, deadlines and grace periods run in
// no time and land on the exact millisecond, whatever the machine's load.
import { abortError } from '../../src/lifetime/abort.ts';
import type { Clock } from '../../src/lifetime/clock.ts';
import { requestsOnTheirWay, socketsClosing } from './requests-in-flight.ts';

interface Timer {
  at: number;
  order: number;
  fire: () => void;
}

export class ManualClock implements Clock {
  #now: number;
  #order = 0;
  readonly #timers = new Set<Timer>();

  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError(signal));
        return;
      }
      const onAbort = (): void => {
        this.#timers.delete(timer);
        reject(abortError(signal));
      };
      const timer = this.#add(ms, () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  timeout(ms: number): AbortSignal {
    const controller = new AbortController();
    this.#add(ms, () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')));
    return controller.signal;
  }

  /** Timers not yet fired. */
  get pending(): number {
    return this.#timers.size;
  }

  /**
   * Moves time on by `ms`: each timer due on the way fires at its own time, in order, and what it
   * wakes runs before time moves on to the next.
   */
  async advance(ms: number): Promise<void> {
    await this.#advance(ms, () => false);
    await settle();
  }

  /** `advance`, stopping where it is (time not moved further) as soon as `stop()` holds. */
  async #advance(ms: number, stop: () => boolean): Promise<boolean> {
    const end = this.#now + ms;
    await settle();
    if (stop()) return true;
    for (;;) {
      const next = [...this.#timers].filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (next === undefined) break;
      this.#timers.delete(next);
      this.#now = next.at;
      next.fire();
      await settle();
      if (stop()) return true;
    }
    this.#now = end;
    return false;
  }

  /**
   * Resolves once at least `count` timers are pending. Work on sockets and child processes goes
   * on in real time; this is how a test knows that it has got as far as waiting on this clock,
   * and that moving time on now lands where the test means. Fails after `withinMs` of real time.
   */
  async whenPending(count = 1, withinMs = 10_000): Promise<void> {
    const giveUp = Date.now() + withinMs;
    while (this.#timers.size < count) {
      if (Date.now() > giveUp) throw new Error(`fewer than ${count} timers pending on the clock after ${withinMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /**
   * Moves time on with real time, a millisecond at a time, until `until()` holds, and leaves the
   * clock at the millisecond where it first held: what the code did on the way (a deadline set
   * just after a log line, say) is then on a known time. For the part of a test that only has to
   * get somewhere (a create sent, a run read running) at the pace it would in real life, before
   * the part whose every millisecond the test sets. Fails after `withinMs` of real time.
   */
  async followRealTime(until: () => boolean, withinMs = 10_000): Promise<void> {
    let last = performance.now();
    const giveUp = last + withinMs;
    while (!until()) {
      if (performance.now() > giveUp)
        throw new Error(`the clock followed real time for ${withinMs} ms, and the test's condition never held`);
      await new Promise((resolve) => setTimeout(resolve, 2));
      const passed = Math.floor(performance.now() - last);
      last += passed;
      // Checked after everything that ran at each moment, before time moves on from it.
      for (let i = 0; i < passed; i++) if (await this.#advance(1, until)) return;
    }
  }

  /**
   * Moves time on from timer to timer until `work` settles, and returns its outcome. Time moves
   * only while no HTTP request is on its way over real I/O (requests-in-flight.ts), no connection
   * is closing and no file-system call is under way: an answer or a file arrives before the next
   * timer fires, as it does in real life, where it takes milliseconds and the timers seconds.
   * Meanwhile, and while no timer is pending, it waits a little real time. Fails when the work
   * stays busy for `withinMs` of real time.
   */
  async runUntilSettled<T>(work: Promise<T>, withinMs = 20_000): Promise<T> {
    const { settled } = tracked(work);
    let busySince: number | undefined;
    while (!settled()) {
      if (requestsOnTheirWay() > 0 || !(await quietForALoop())) {
        busySince ??= performance.now();
        if (performance.now() - busySince > withinMs)
          throw new Error(`requests or files stayed busy for ${withinMs} ms: the clock could not move on`);
        await new Promise((resolve) => setTimeout(resolve, 2));
        continue;
      }
      busySince = undefined;
      // It may have ended while the loop turned: time moves on no further than it needs.
      if (settled()) break;
      const next = [...this.#timers].reduce((at, t) => Math.min(at, t.at), Infinity);
      if (next === Infinity) await new Promise((resolve) => setTimeout(resolve, 2));
      else await this.advance(next - this.#now);
    }
    return work;
  }

  /**
   * Moves time on `stepMs` at a time until `work` settles, and returns its outcome. Before each
   * step it waits a moment of real time, and for as long as `busy()` holds (a request the
   * service has not answered yet), so that an answer on its way lands about when it would: for
   * work that polls for minutes, whose bounds a test measures to within a step or two. Fails
   * after `withinMs` of real time.
   */
  async runInSteps<T>(
    work: Promise<T>,
    stepMs: number,
    busy: () => boolean = () => false,
    withinMs = 20_000,
  ): Promise<T> {
    const { settled } = tracked(work);
    const giveUp = performance.now() + withinMs;
    while (!settled()) {
      if (performance.now() > giveUp) throw new Error(`the work did not settle within ${withinMs} ms of real time`);
      do await new Promise((resolve) => setTimeout(resolve, 1));
      while (busy() && !settled() && performance.now() < giveUp);
      if (!settled()) await this.advance(stepMs);
    }
    return work;
  }

  #add(ms: number, fire: () => void): Timer {
    const timer = { at: this.#now + Math.max(0, ms), order: this.#order++, fire };
    this.#timers.add(timer);
    return timer;
  }
}

/**
 * Whether no request is on its way, no connection is closing and no file-system call is under
 * way (the step packs, reads and removes files too), for a few whole turns of the event loop
 * (timers, I/O, immediates): what an answer or a file that has just arrived wakes (the next
 * request, a new timer) has then run.
 */
/** Turns of the event loop that must pass quietly before the clock moves: what an answer wakes
 *  may take a turn to start its next request or file call. */
const QUIET_TURNS = 2;

async function quietForALoop(): Promise<boolean> {
  for (let turn = 0; turn < QUIET_TURNS; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    if (
      requestsOnTheirWay() > 0 ||
      socketsClosing() > 0 ||
      process.getActiveResourcesInfo().some((kind) => kind.startsWith('FSReq'))
    )
      return false;
  }
  return true;
}

/** Lets every promise callback queued so far run, and those they queue in turn. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A promise and whether it has settled yet, either way (it is handled: the test awaits it). */
export function tracked<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return { promise, settled: () => settled };
}
