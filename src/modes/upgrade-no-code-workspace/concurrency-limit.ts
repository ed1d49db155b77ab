/**
 * Runs tasks with at most `limit` of them at once; the others wait their turn in order. A task
 * still waiting when the signal aborts is not started and rejects with the signal's reason.
 */
export type ConcurrencyLimit = <T>(task: () => Promise<T>, signal: AbortSignal) => Promise<T>;

export function concurrencyLimit(limit: number): ConcurrencyLimit {
  let active = 0;
  const waiting: Array<() => void> = [];
  // A finished task hands its place straight to the next waiter, so that nobody arriving in
  // between can take it too.
  const release = (): void => {
    const grant = waiting.shift();
    if (grant) grant();
    else active--;
  };
  const place = (signal: AbortSignal): Promise<void> => {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (active < limit) {
      active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const at = waiting.indexOf(grant);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal.reason);
      };
      const grant = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      waiting.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  };
  return async (task, signal) => {
    await place(signal);
    try {
      return await task();
    } finally {
      release();
    }
  };
}
