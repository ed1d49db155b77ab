// A fixed number of workers taking items in order, so that hundreds of policies are read and
// written side by side without opening hundreds of requests at once. The service client paces
// the requests themselves (rate limit, requests in flight); the pool only keeps it fed.

/**
 * Runs `work` on every item with at most `workers` running at once and returns the results in
 * the items' order. Once `signal` fires no further item is started: `notStarted` gives the
 * result of each item left. `work` is expected to settle its own failures into its result.
 */
export async function mapWithWorkers<T, R>(
  items: readonly T[],
  workers: number,
  work: (item: T, index: number) => Promise<R>,
  options: { signal?: AbortSignal; notStarted: (item: T, index: number) => R },
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = next++;
      if (index >= items.length) return;
      const item = items[index]!;
      results[index] = options.signal?.aborted ? options.notStarted(item, index) : await work(item, index);
    }
  };
  const count = Math.max(1, Math.min(Math.floor(workers), items.length));
  await Promise.all(Array.from({ length: count }, worker));
  return results;
}
