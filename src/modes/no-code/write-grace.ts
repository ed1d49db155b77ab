/**
 * How long a write already under way may still take once the step is cancelled. The runner
 * sends SIGTERM 7.5 s after SIGINT and kills the process 2.5 s later (action-interface,
 * "Cancellation" under run-module-tests); 5 s leaves time to write the summary.
 */
export const WRITE_GRACE_MS = 5000;

/**
 * Runs a write with a signal that aborts `graceMs` after `cancel` does rather than at once. A
 * create cut short on the first signal may still have been carried out by the service, with
 * nobody told; given a few seconds it is answered, and the answer is reported.
 */
export async function withGrace<T>(cancel: AbortSignal, graceMs: number, write: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const startGrace = (): void => {
    timer = setTimeout(() => controller.abort(cancel.reason), graceMs);
  };
  if (cancel.aborted) startGrace();
  else cancel.addEventListener('abort', startGrace, { once: true });
  try {
    return await write(controller.signal);
  } finally {
    cancel.removeEventListener('abort', startGrace);
    clearTimeout(timer);
  }
}

/** Words for a grace period in a message: `5 s`, `0.3 s`. */
export function graceText(graceMs: number): string {
  return `${Number((graceMs / 1000).toFixed(1))} s`;
}
