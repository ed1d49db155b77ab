import { budgetsOf } from '../../lifetime/budgets.ts';
import type { Budgets } from '../../lifetime/budgets.ts';
import type { Clock } from '../../lifetime/clock.ts';
import type { OtherRunsTiming } from './test-run/other-runs.ts';
import type { WaitTiming } from './test-run/wait.ts';

/** The budgets of the mode (lifetime/budgets.ts, where each says what it bounds). */
const MODE_BUDGETS = [
  'adoptWaitMs',
  'adoptLookMs',
  'stopPollMs',
  'windDownMs',
  'forceBudgetMs',
  'forceAfterLoneSigtermMs',
  'createWaitAfterSignalMs',
  'lookUpAfterSignalMs',
  'stopAfterWaitMs',
  'uploadTimeoutMs',
  'logReadTimeoutMs',
  'liveLogEveryMs',
  'liveLogReadMs',
] as const;

/** Timings of the mode, and the clock its waits run on; tests and benchmarks shorten them. Its
 *  budgets are a Pick of the table in lifetime/budgets.ts, and default to it. */
export interface RunModuleTestsTuning extends Pick<Budgets, (typeof MODE_BUDGETS)[number]> {
  wait: Partial<WaitTiming>;
  /** Looks for, and stops, other runs of the configuration version. */
  otherRuns: Partial<OtherRunsTiming>;
  /** Where the archive is packed (default RUNNER_TEMP or the system's). */
  tempDir?: string;
  /** The clock every wait, deadline and wind-down of the mode runs on: the step's, unless a test's. */
  clock: Clock;
}

/** The timings; the clock is the step's (ModeContext.clock). */
export const DEFAULT_TUNING: Omit<RunModuleTestsTuning, 'clock'> = {
  wait: {},
  otherRuns: {},
  ...budgetsOf(...MODE_BUDGETS),
};

const POST_BUDGETS = [
  'queuedWaitMs',
  'graceMs',
  'forceSlackMs',
  'pollMs',
  'appearWaitMs',
  'lateRunWindowMs',
  'afterSignalMs',
] as const;

/** Timings of the post step (post.ts), a Pick of the budget table; tests shorten them. */
export type PostTuning = Pick<Budgets, (typeof POST_BUDGETS)[number]>;

export const DEFAULT_POST_TUNING: PostTuning = budgetsOf(...POST_BUDGETS);
