import { isAbortError } from '../../../lifetime/abort.ts';
import { sleep } from '../../../lifetime/clock.ts';
import { isApiError } from '../../../service/errors.ts';
import { pollUntil } from '../../../wait/poll.ts';
import type { PollResult } from '../../../wait/poll.ts';

/**
 * When to read an upgrade run's status: every `minIntervalMs` at first, then every `fraction`
 * of the time waited so far, up to `maxIntervalMs`. A plan or an apply is so seen done within
 * about `fraction` of its duration, whether it takes seconds or an hour.
 */
export interface UpgradeWaitSchedule {
  minIntervalMs: number;
  fraction: number;
  maxIntervalMs: number;
}

/**
 * Status reads of all upgrade waits together stay under this rate: two thirds of the service's
 * 30 requests per second, the rest left for the initiates and confirms.
 */
const STATUS_READS_PER_SECOND = 20;

/**
 * The schedule for watching `workspaces` runs at once: four reads a second for a lone run,
 * fewer per run as more are watched so that the reads together never crowd the rate limit; a
 * fifth of the time waited once that is longer; at most every 10 s.
 */
export function upgradeWaitSchedule(workspaces: number): UpgradeWaitSchedule {
  const minIntervalMs = Math.max(250, Math.ceil((workspaces * 1000) / STATUS_READS_PER_SECOND));
  return { minIntervalMs, fraction: 0.2, maxIntervalMs: Math.max(10_000, minIntervalMs) };
}

export interface WaitForUpgradeRunOptions<T> {
  /** The status already known (the initiate or confirm answer, or the last read): not read again. */
  first: T;
  read: (signal: AbortSignal) => Promise<T>;
  isFinal: (value: T) => boolean;
  /** Called with each value, the first included, and the time waited so far. */
  onValue: (value: T, elapsedMs: number) => void;
  /** The step's cancellation: aborts the wait with an AbortError. */
  signal: AbortSignal;
  /** Absolute time (ms since epoch) at which the wait ends with `timed-out`. */
  deadline: number;
  schedule: UpgradeWaitSchedule;
}

export type UpgradeWaitResult<T> =
  | { outcome: 'final'; value: T }
  | {
      outcome: 'timed-out';
      /** The last value read (at least `first`). */
      value: T;
      /** Why the last read brought nothing: it was still unanswered at the deadline, or the
       *  service asked (429) to wait past the deadline. Absent when the reads kept answering. */
      lastRead?: 'unanswered' | 'rate-limited';
    };

/**
 * Reads an upgrade run until `isFinal`, bounded by one deadline (action-interface "timeout
 * bounds the whole wait"): the waits between reads end at it, and so does a read in flight,
 * whatever the service does (a read that never answers, retries, a 429 whose wait reaches past
 * it). Two stretches: a fixed interval until it equals `fraction` of the time waited, then
 * growing by `1 + fraction` each read, which keeps it at that fraction.
 */
export async function waitForUpgradeRun<T>(options: WaitForUpgradeRunOptions<T>): Promise<UpgradeWaitResult<T>> {
  const { schedule } = options;
  const started = Date.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), Math.max(0, options.deadline - started));
  const signal = AbortSignal.any([options.signal, deadline.signal]);
  let last: T = options.first;
  let reported = false;
  let cached: T | undefined = options.first;
  let reading = false;
  const read = async (readSignal: AbortSignal): Promise<T> => {
    if (cached !== undefined) {
      const value = cached;
      cached = undefined;
      return value;
    }
    reading = true;
    try {
      return await options.read(readSignal);
    } finally {
      reading = false;
    }
  };
  // Whether the deadline cut a read short (rather than a wait between reads).
  let cutWhileReading = false;
  deadline.signal.addEventListener('abort', () => (cutWhileReading = reading), { once: true });
  // Each value once: the one that opens the second stretch was reported at the end of the first.
  const seen = (value: T): void => {
    if (reported && value === last) return;
    reported = true;
    last = value;
    options.onValue(value, Date.now() - started);
  };
  const timedOut = (lastRead?: 'unanswered' | 'rate-limited'): UpgradeWaitResult<T> =>
    lastRead ? { outcome: 'timed-out', value: last, lastRead } : { outcome: 'timed-out', value: last };
  const common = { read, isFinal: options.isFinal, signal, onValue: seen };

  try {
    const steadyUntil = started + schedule.minIntervalMs / schedule.fraction;
    const steady = await pollUntil<T>({
      ...common,
      deadline: Math.min(options.deadline, steadyUntil),
      initialIntervalMs: schedule.minIntervalMs,
      maxIntervalMs: schedule.minIntervalMs,
      backoff: 1,
    });
    if (steady.outcome === 'final') return { outcome: 'final', value: steady.value };
    if (steadyUntil >= options.deadline) return timedOut();

    // The last value of the first stretch opens the second one, so it is not read twice.
    cached = last;
    const growing: PollResult<T> = await pollUntil<T>({
      ...common,
      deadline: options.deadline,
      initialIntervalMs: schedule.minIntervalMs * (1 + schedule.fraction),
      maxIntervalMs: schedule.maxIntervalMs,
      backoff: 1 + schedule.fraction,
    });
    return growing.outcome === 'final' ? { outcome: 'final', value: growing.value } : timedOut();
  } catch (error) {
    if (options.signal.aborted) throw error;
    if (deadline.signal.aborted && isAbortError(error)) return timedOut(cutWhileReading ? 'unanswered' : undefined);
    // The service asked to wait longer than the client waits for a 429: the wait cannot go on
    // before the deadline, so it ends there, as the timeout says.
    if (isApiError(error, 429)) {
      await sleep(options.deadline - Date.now(), options.signal);
      return timedOut('rate-limited');
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
