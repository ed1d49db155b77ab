import { throwIfAborted } from '../lifetime/abort.ts';
import { sleep } from '../lifetime/clock.ts';

/**
 * Polls a remote object until it reaches a final state. The interval starts short, because a
 * run that is already done should be reported at once, and grows towards `maxIntervalMs`, so a
 * long run costs few requests.
 */
export interface PollOptions<T> {
  read: (signal: AbortSignal) => Promise<T>;
  isFinal: (value: T) => boolean;
  /** Aborts the wait (the step is being cancelled). */
  signal: AbortSignal;
  /** Absolute time (ms since epoch) after which the wait ends with `timedOut`. */
  deadline: number;
  /** Called after each read. */
  onValue?: (value: T, elapsedMs: number) => void;
  initialIntervalMs?: number;
  maxIntervalMs?: number;
  /** Growth factor of the interval. */
  backoff?: number;
}

export type PollResult<T> = { outcome: 'final'; value: T } | { outcome: 'timed-out'; value: T | undefined };

export const DEFAULT_POLL = { initialIntervalMs: 250, maxIntervalMs: 3000, backoff: 1.5 };

export async function pollUntil<T>(options: PollOptions<T>): Promise<PollResult<T>> {
  const started = Date.now();
  let interval = options.initialIntervalMs ?? DEFAULT_POLL.initialIntervalMs;
  const maxInterval = options.maxIntervalMs ?? DEFAULT_POLL.maxIntervalMs;
  const backoff = options.backoff ?? DEFAULT_POLL.backoff;
  let last: T | undefined;
  for (;;) {
    throwIfAborted(options.signal);
    last = await options.read(options.signal);
    options.onValue?.(last, Date.now() - started);
    if (options.isFinal(last)) return { outcome: 'final', value: last };
    const remaining = options.deadline - Date.now();
    if (remaining <= 0) return { outcome: 'timed-out', value: last };
    await sleep(Math.min(interval, remaining), options.signal);
    interval = Math.min(maxInterval, interval * backoff);
  }
}

/**
 * Writes a status line when the status changes, and otherwise at most every `everyMs`, so a
 * long wait shows it is alive without flooding the log.
 */
export function statusReporter(log: (line: string) => void, everyMs = 30_000): (status: string, elapsedMs: number) => void {
  let lastStatus: string | undefined;
  let lastAt = -Infinity;
  return (status, elapsedMs) => {
    if (status === lastStatus && elapsedMs - lastAt < everyMs) return;
    lastStatus = status;
    lastAt = elapsedMs;
    log(`${status} (${formatDuration(elapsedMs)} elapsed)`);
  };
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
