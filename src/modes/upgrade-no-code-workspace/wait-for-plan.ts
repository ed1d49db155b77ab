import { pollUntil } from '../../wait/poll.ts';
import type { PollResult } from '../../wait/poll.ts';

/**
 * When to read a plan's status: every `minIntervalMs` at first, then every `fraction` of the
 * time waited so far, up to `maxIntervalMs`. A plan is so seen done within about `fraction` of
 * its duration, whether it takes seconds or an hour.
 */
export interface PlanWaitSchedule {
  minIntervalMs: number;
  fraction: number;
  maxIntervalMs: number;
}

/**
 * Status reads of all plan waits together stay under this rate: two thirds of the service's
 * 30 requests per second, the rest left for the initiates and confirms.
 */
const STATUS_READS_PER_SECOND = 20;

/**
 * The schedule for watching `workspaces` plans at once: four reads a second for a lone plan,
 * fewer per plan as more are watched so that the reads together never crowd the rate limit; a
 * fifth of the time waited once that is longer; at most every 10 s.
 */
export function planWaitSchedule(workspaces: number): PlanWaitSchedule {
  const minIntervalMs = Math.max(250, Math.ceil((workspaces * 1000) / STATUS_READS_PER_SECOND));
  return { minIntervalMs, fraction: 0.2, maxIntervalMs: Math.max(10_000, minIntervalMs) };
}

export interface WaitForPlanOptions<T> {
  /** The status already known (the initiate answer): not read again. */
  first: T;
  read: (signal: AbortSignal) => Promise<T>;
  isFinal: (value: T) => boolean;
  /** Called with each value, the first included, and the time waited so far. */
  onValue: (value: T, elapsedMs: number) => void;
  signal: AbortSignal;
  /** Absolute time (ms since epoch) after which the wait ends with `timed-out`. */
  deadline: number;
  schedule: PlanWaitSchedule;
}

/**
 * Waits on pollUntil in two stretches: a fixed interval until it equals `fraction` of the time
 * waited, then growing by `1 + fraction` each read, which keeps it at that fraction.
 */
export async function waitForPlan<T>(options: WaitForPlanOptions<T>): Promise<PollResult<T>> {
  const { schedule } = options;
  const started = Date.now();
  let cached: T | undefined = options.first;
  const read = async (signal: AbortSignal): Promise<T> => {
    if (cached !== undefined) {
      const value = cached;
      cached = undefined;
      return value;
    }
    return options.read(signal);
  };
  const common = {
    read,
    isFinal: options.isFinal,
    signal: options.signal,
    onValue: (value: T) => options.onValue(value, Date.now() - started),
  };

  const steadyUntil = started + schedule.minIntervalMs / schedule.fraction;
  const steady = await pollUntil<T>({
    ...common,
    deadline: Math.min(options.deadline, steadyUntil),
    initialIntervalMs: schedule.minIntervalMs,
    maxIntervalMs: schedule.minIntervalMs,
    backoff: 1,
  });
  if (steady.outcome === 'final' || steadyUntil >= options.deadline || steady.value === undefined) return steady;

  // The last value of the first stretch opens the second one, so it is not read twice.
  cached = steady.value;
  return pollUntil<T>({
    ...common,
    onValue: (value: T) => {
      if (value !== steady.value) options.onValue(value, Date.now() - started);
    },
    deadline: options.deadline,
    initialIntervalMs: schedule.minIntervalMs * (1 + schedule.fraction),
    maxIntervalMs: schedule.maxIntervalMs,
    backoff: 1 + schedule.fraction,
  });
}
