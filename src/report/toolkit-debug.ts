/**
 * Libraries of the Actions toolkit (@actions/glob) log through @actions/core, which writes a
 * `::debug::` workflow command straight to stdout for every step of their work. A GitHub runner
 * shows those lines only when step debug logging is on, and then it sets RUNNER_DEBUG=1; anywhere
 * else (the command line, a test) they are noise in the output. While `work` runs, such lines
 * are kept only under RUNNER_DEBUG=1, as the runner would show them; every other write passes.
 */
export async function quietToolkitDebug<T>(work: () => Promise<T>, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  if (env.RUNNER_DEBUG === '1') return work();
  const restore = dropDebugCommands();
  try {
    return await work();
  } finally {
    restore();
  }
}

/** Works in progress that asked for quiet; stdout is patched while there is at least one. */
let quietWorks = 0;
let originalWrite: typeof process.stdout.write | undefined;

function dropDebugCommands(): () => void {
  if (quietWorks++ === 0) {
    const original = process.stdout.write;
    originalWrite = original;
    process.stdout.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      if (typeof chunk === 'string' && chunk.startsWith('::debug::')) {
        // Written all the same as far as the caller knows: a callback among the arguments still runs.
        const callback = rest.find((a): a is () => void => typeof a === 'function');
        if (callback) queueMicrotask(callback);
        return true;
      }
      return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof process.stdout.write;
  }
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    if (--quietWorks === 0 && originalWrite) {
      process.stdout.write = originalWrite;
      originalWrite = undefined;
    }
  };
}
