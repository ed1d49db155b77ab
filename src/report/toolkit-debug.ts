/**
 * Libraries of the Actions toolkit (@actions/glob) log through @actions/core, whose debug()
 * writes a `::debug::` workflow command straight to stdout for every step of their work, past
 * the sink: unneutralised on GitHub, and noise on the command line and in tests. While `work`
 * runs, those lines are taken out of stdout and their messages handed to `debug` (the sink's,
 * which shows them where the step runs and only when debug output is asked for); without
 * `debug`, they are dropped. Every other write passes.
 */
export async function toolkitDebugTo<T>(
  debug: ((message: string) => void) | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const stop = captureDebugCommands(debug ?? (() => {}));
  try {
    return await work();
  } finally {
    stop();
  }
}

type Receiver = (message: string) => void;

/** Captures in progress, the latest last: a line goes to the latest (they overlap only in tests). */
const receivers: Receiver[] = [];
let originalWrite: typeof process.stdout.write | undefined;
/** Set while a receiver runs: what it writes (the GitHub sink's own `::debug::`) goes out as is. */
let delivering = false;

function captureDebugCommands(receiver: Receiver): () => void {
  receivers.push(receiver);
  if (originalWrite === undefined) {
    // The very function goes back when the capture stops, and is only ever called with .call(this).
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = process.stdout.write;
    originalWrite = original;
    process.stdout.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      if (!delivering && typeof chunk === 'string' && chunk.startsWith('::debug::')) {
        delivering = true;
        try {
          receivers.at(-1)?.(commandData(chunk.slice('::debug::'.length)));
        } finally {
          delivering = false;
        }
        // Written, as far as the caller knows: a callback among the arguments still runs.
        const callback = rest.find((a): a is () => void => typeof a === 'function');
        if (callback) queueMicrotask(callback);
        return true;
      }
      return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    };
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    receivers.splice(receivers.lastIndexOf(receiver), 1);
    if (receivers.length === 0 && originalWrite) {
      process.stdout.write = originalWrite;
      originalWrite = undefined;
    }
  };
}

/** The message of a command line as @actions/core escaped it (`%25`, `%0D`, `%0A`), without its line end. */
function commandData(text: string): string {
  return text
    .replace(/\r?\n$/, '')
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%25/g, '%');
}
