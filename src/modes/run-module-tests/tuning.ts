import {
  ADOPT_LOOK_MS,
  ADOPT_WAIT_MS,
  CREATE_WAIT_AFTER_SIGNAL_MS,
  FORCE_AFTER_LONE_SIGTERM_MS,
  FORCE_BUDGET_MS,
  LATE_RUN_WINDOW_MS,
  LIVE_LOG_EVERY_MS,
  LIVE_LOG_READ_MS,
  LOG_READ_TIMEOUT_MS,
  LOOK_UP_AFTER_SIGNAL_MS,
  POST_AFTER_SIGNAL_MS,
  POST_FORCE_GRACE_MS,
  POST_FORCE_SLACK_MS,
  POST_POLL_MS,
  POST_QUEUED_WAIT_MS,
  REQUEST_TIMEOUT_MS,
  STOP_AFTER_WAIT_MS,
  STOP_POLL_MS,
  UPLOAD_TIMEOUT_MS,
  WIND_DOWN_MS,
} from '../../lifetime/budgets.ts';
import type { Clock } from '../../lifetime/clock.ts';
import type { OtherRunsTiming } from './test-run/other-runs.ts';
import type { WaitTiming } from './test-run/wait.ts';

/** Timings of the mode, and the clock its waits run on; tests and benchmarks shorten them. The
 *  budgets after a signal or the timeout default to the table in lifetime/budgets.ts. */
export interface RunModuleTestsTuning {
  wait: Partial<WaitTiming>;
  /** Looks for, and stops, other runs of the configuration version. */
  otherRuns: Partial<OtherRunsTiming>;
  /**
   * With the default options, how long a run the service queues by itself on upload is looked
   * for before the step creates its own (adopting it means no second run at all).
   */
  adoptWaitMs: number;
  adoptLookMs: number;
  /** Reads of a run being stopped (a queued run is cancelled as soon as it runs). */
  stopPollMs: number;
  /**
   * After the first signal, how long the step keeps watching the run stop. The runner sends
   * SIGTERM 7.5 s after SIGINT and kills the process 2.5 s later (action-interface
   * "Cancellation"): the step must be gone by then, summary written. Counted from the signal's
   * arrival.
   */
  windDownMs: number;
  /** After the second signal, the time left for the force-cancel and the last read. */
  forceBudgetMs: number;
  /** After a SIGTERM that came alone, how long after its cancel is accepted the run is force-cancelled. */
  forceAfterLoneSigtermMs: number;
  /** After the first signal, how long a create of the test run already sent may still take. */
  createWaitAfterSignalMs: number;
  /**
   * When the step is cancelled before it knows its run, until when (counted from the first
   * signal) the runs of the configuration version may be looked up; the rest of the wind-down
   * is for stopping them.
   */
  lookUpAfterSignalMs: number;
  /**
   * When the wait ends without a final status (timeout, a read that failed), how long the run
   * is watched once its cancel is sent: the step ends within this long of the timeout, and the
   * post step makes sure of the rest.
   */
  stopAfterWaitMs: number;
  /** Longest upload attempt. */
  uploadTimeoutMs: number;
  /** Longest read of the test log. */
  logReadTimeoutMs: number;
  /** While the run runs, the log is read again at most this often for what ended since. */
  liveLogEveryMs: number;
  /** Longest of those reads. */
  liveLogReadMs: number;
  /** Where the archive is packed (default RUNNER_TEMP or the system's). */
  tempDir?: string;
  /** The clock every wait, deadline and wind-down of the mode runs on: the step's, unless a test's. */
  clock: Clock;
}

/** The timings; the clock is the step's (ModeContext.clock). */
export const DEFAULT_TUNING: Omit<RunModuleTestsTuning, 'clock'> = {
  wait: {},
  otherRuns: {},
  adoptWaitMs: ADOPT_WAIT_MS,
  adoptLookMs: ADOPT_LOOK_MS,
  stopPollMs: STOP_POLL_MS,
  windDownMs: WIND_DOWN_MS,
  forceBudgetMs: FORCE_BUDGET_MS,
  forceAfterLoneSigtermMs: FORCE_AFTER_LONE_SIGTERM_MS,
  createWaitAfterSignalMs: CREATE_WAIT_AFTER_SIGNAL_MS,
  lookUpAfterSignalMs: LOOK_UP_AFTER_SIGNAL_MS,
  stopAfterWaitMs: STOP_AFTER_WAIT_MS,
  uploadTimeoutMs: UPLOAD_TIMEOUT_MS,
  logReadTimeoutMs: LOG_READ_TIMEOUT_MS,
  liveLogEveryMs: LIVE_LOG_EVERY_MS,
  liveLogReadMs: LIVE_LOG_READ_MS,
};

/** Timings of the post step (post.ts); tests shorten them. */
export interface PostTuning {
  /** Longest wait for a queued run to start so that it can be cancelled. */
  queuedWaitMs: number;
  /** Force-cancel a run still running this long after its cancel. */
  graceMs: number;
  /** Beyond the wait and the grace, for the force-cancel and the reads that see the run end. */
  forceSlackMs: number;
  /** Reads of a run while waiting, and of the version's runs while one is awaited. */
  pollMs: number;
  /**
   * When the main step sent a create whose answer it never saw, how long a run of the
   * configuration version may take to appear: the longest the create waited for its answer.
   */
  appearWaitMs: number;
  /**
   * How long after the upload a run the service queues by itself may appear, when the main step
   * saved none (a main step of an earlier version): the main step's own window.
   */
  lateRunWindowMs: number;
  /** Once the post step itself gets a signal, how long its stops may still take. */
  afterSignalMs: number;
}

export const DEFAULT_POST_TUNING: PostTuning = {
  queuedWaitMs: POST_QUEUED_WAIT_MS,
  graceMs: POST_FORCE_GRACE_MS,
  forceSlackMs: POST_FORCE_SLACK_MS,
  pollMs: POST_POLL_MS,
  appearWaitMs: REQUEST_TIMEOUT_MS,
  lateRunWindowMs: LATE_RUN_WINDOW_MS,
  afterSignalMs: POST_AFTER_SIGNAL_MS,
};
