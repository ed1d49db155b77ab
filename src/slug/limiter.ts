import { Semaphore } from '../service/pacing.ts';

/**
 * At most `limit` operations in flight; the rest wait their turn in order. A directory of
 * thousands of files is stat'ed this way without opening thousands of requests at once.
 */
export function createLimiter(limit: number): <T>(operation: () => Promise<T>) => Promise<T> {
  const slots = new Semaphore(limit);
  return async <T>(operation: () => Promise<T>): Promise<T> => {
    const release = await slots.acquire();
    try {
      return await operation();
    } finally {
      release();
    }
  };
}
