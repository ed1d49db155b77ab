// Aborts as every wait and request of the action raises and recognises them: one AbortError,
// whatever the signal fired with (the step's CancelledError, a deadline's TimeoutError, nothing),
// with that reason as its cause.

/** The error every abortable wait and request raises when its signal fires. */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const error = new DOMException('The operation was aborted', 'AbortError');
  if (reason !== undefined) Object.defineProperty(error, 'cause', { value: reason, configurable: true });
  return error;
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/**
 * An abort of a signal: the AbortError every wait and request raises, the step's CancelledError
 * (the reason of the cancellation signal, which `signal.throwIfAborted()` and code that rejects
 * with `signal.reason` pass on as is), or, when `signal` is given and has aborted, whatever
 * reason it was aborted with.
 */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted && error === signal.reason) return true;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'CancelledError');
}

/** Waits for `promise`, or rejects with an AbortError as soon as the signal fires. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
