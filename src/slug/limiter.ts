/**
 * At most `limit` operations in flight; the rest wait their turn in order. A directory of
 * thousands of files is stat'ed this way without opening thousands of requests at once.
 */
export function createLimiter(limit: number): <T>(operation: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];

  return async <T>(operation: () => Promise<T>): Promise<T> => {
    if (active < limit) {
      active++;
    } else {
      // The slot is handed over by the operation that finishes, never given up in between.
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await operation();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
