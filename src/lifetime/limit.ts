// Limits on work in flight: one semaphore, the function that runs work within it, and a map over
// a list that keeps at most so many items going. Requests, file system calls and writes are
// bounded with them alike.

import { abortError } from './abort.ts';

/** At most `limit` holders at once; waiters are served first come, first served. */
export class Semaphore {
  readonly limit: number;
  #active = 0;
  readonly #waiters: Array<{ grant: () => void }> = [];

  constructor(limit: number) {
    if (!Number.isFinite(limit) || limit < 1) throw new RangeError(`concurrency must be at least 1, got ${limit}`);
    this.limit = Math.floor(limit);
  }

  get active(): number {
    return this.#active;
  }

  /** Resolves with a release function once a place is free. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (this.#active < this.limit) {
      this.#active++;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: (): void => {
          signal?.removeEventListener('abort', onAbort);
          this.#active++;
          resolve(this.#releaser());
        },
      };
      const onAbort = (): void => {
        const i = this.#waiters.indexOf(waiter);
        if (i >= 0) this.#waiters.splice(i, 1);
        reject(abortError(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(waiter);
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active--;
      this.#waiters.shift()?.grant();
    };
  }
}

/** Runs `operation` once a place is free, and frees the place when it settles. */
export type Limit = <T>(operation: () => Promise<T>) => Promise<T>;

/**
 * At most `atOnce` operations in flight; the rest wait their turn in order. A directory of
 * thousands of files is stat'ed this way without opening thousands of requests at once.
 */
export function limit(atOnce: number): Limit {
  const slots = new Semaphore(atOnce);
  return async <T>(operation: () => Promise<T>): Promise<T> => {
    const release = await slots.acquire();
    try {
      return await operation();
    } finally {
      release();
    }
  };
}

/**
 * Runs `work` on every item, at most `atOnce` at a time and started in the items' order, and
 * returns the results in that order: hundreds of policies are read and written side by side
 * without opening hundreds of requests at once (the service client paces the requests
 * themselves; this only keeps it fed). Once `signal` fires no further item is started:
 * `notStarted` gives the result of each item left. `work` is expected to settle its own failures
 * into its result.
 */
export function mapLimited<T, R>(
  items: readonly T[],
  atOnce: number,
  work: (item: T, index: number) => Promise<R>,
  options: { signal?: AbortSignal; notStarted: (item: T, index: number) => R },
): Promise<R[]> {
  const within = limit(Math.max(1, Math.floor(atOnce)));
  return Promise.all(
    items.map((item, index) =>
      within(async () => (options.signal?.aborted ? options.notStarted(item, index) : await work(item, index))),
    ),
  );
}
