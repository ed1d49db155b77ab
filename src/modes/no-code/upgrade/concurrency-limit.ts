import { Semaphore } from '../../../service/pacing.ts';

/**
 * Runs tasks with at most `limit` of them at once; the others wait their turn in order. A task
 * still waiting when the signal aborts is not started and rejects with an AbortError.
 */
export type ConcurrencyLimit = <T>(task: () => Promise<T>, signal: AbortSignal) => Promise<T>;

export function concurrencyLimit(limit: number): ConcurrencyLimit {
  const places = new Semaphore(limit);
  return async (task, signal) => {
    const release = await places.acquire(signal);
    try {
      return await task();
    } finally {
      release();
    }
  };
}
