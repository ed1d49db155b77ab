import { UPGRADE_READ_FIRST_MS, UPGRADE_READ_LONGEST_MS } from '../../../lifetime/budgets.ts';
import type { Deadline } from '../../../lifetime/deadline.ts';
import { growingPauses, pollUntil } from '../../../lifetime/poll.ts';
import type { PollPauses } from '../../../lifetime/poll.ts';
import { isApiError } from '../../../service/errors.ts';

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
 * The share of the client's pace that status reads of all upgrade waits together take: two
 * thirds, the rest left for the initiates and confirms.
 */
const STATUS_READS_SHARE = 2 / 3;

/**
 * The schedule for watching `workspaces` runs at once, on a client that sends `requestsPerSecond`
 * (default the service's documented 30): four reads a second for a lone run, fewer per run as
 * more are watched so that the reads together never crowd the pace; a fifth of the time waited
 * once that is longer; at most every 10 s.
 */
export function upgradeWaitSchedule(workspaces: number, requestsPerSecond = 30): UpgradeWaitSchedule {
  const statusReadsPerSecond = Math.max(1, requestsPerSecond * STATUS_READS_SHARE);
  const minIntervalMs = Math.max(UPGRADE_READ_FIRST_MS, Math.ceil((workspaces * 1000) / statusReadsPerSecond));
  return { minIntervalMs, fraction: 0.2, maxIntervalMs: Math.max(UPGRADE_READ_LONGEST_MS, minIntervalMs) };
}

/**
 * The pauses of `schedule`: `minIntervalMs` until it equals `fraction` of the time waited (the
 * last one cut to end that stretch on time), then growing by `1 + fraction` each read, which
 * keeps it at that fraction, up to `maxIntervalMs`.
 */
export function upgradeWaitPauses(schedule: UpgradeWaitSchedule): PollPauses {
  const steadyMs = schedule.minIntervalMs / schedule.fraction;
  const growing = growingPauses({
    initialIntervalMs: schedule.minIntervalMs * (1 + schedule.fraction),
    maxIntervalMs: schedule.maxIntervalMs,
    backoff: 1 + schedule.fraction,
  });
  return (waitedMs) =>
    waitedMs < steadyMs ? Math.min(schedule.minIntervalMs, steadyMs - waitedMs) : growing(waitedMs);
}

/** `pauses`, each cut to what `atMost` allows at the time. */
function cappedPauses(pauses: PollPauses, atMost: (() => number | undefined) | undefined): PollPauses {
  if (atMost === undefined) return pauses;
  return (waitedMs) => Math.min(pauses(waitedMs), atMost() ?? Infinity);
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
  /** Where the wait ends with `timed-out`. */
  deadline: Deadline;
  schedule: UpgradeWaitSchedule;
  /** The longest next pause, asked after each read (undefined: the schedule's): a wait for a
   *  status to stay a given time reads again when that time is up, not a long pause later. */
  pauseAtMost?: () => number | undefined;
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
 * it). The reads follow upgradeWaitPauses.
 */
export async function waitForUpgradeRun<T>(options: WaitForUpgradeRunOptions<T>): Promise<UpgradeWaitResult<T>> {
  const { deadline } = options;
  let last: T = options.first;
  let cached: T | undefined = options.first;
  const read = (readSignal: AbortSignal): Promise<T> => {
    if (cached === undefined) return options.read(readSignal);
    const value = cached;
    cached = undefined;
    return Promise.resolve(value);
  };
  try {
    const waited = await pollUntil<T>({
      read,
      isFinal: options.isFinal,
      signal: options.signal,
      deadline,
      onValue: (value, elapsedMs) => {
        last = value;
        options.onValue(value, elapsedMs);
      },
      pauses: cappedPauses(upgradeWaitPauses(options.schedule), options.pauseAtMost),
    });
    if (waited.outcome === 'final') return { outcome: 'final', value: waited.value };
    return waited.readCut
      ? { outcome: 'timed-out', value: last, lastRead: 'unanswered' }
      : { outcome: 'timed-out', value: last };
  } catch (error) {
    // The service asked to wait longer than the client waits for a 429: the wait cannot go on
    // before the deadline, so it ends there, as the timeout says.
    if (!options.signal.aborted && isApiError(error, 429)) {
      await deadline.reached(options.signal);
      return { outcome: 'timed-out', value: last, lastRead: 'rate-limited' };
    }
    throw error;
  }
}
