// The step's time budgets, in one table. The runner cancels a step with SIGINT, then SIGTERM
// 7.5 s later, then kills the process 2.5 s after that (action-interface "Cancellation"); every
// bound the step keeps after a signal is cut from that schedule here, counted from the first
// signal's arrival unless said otherwise. The bounds after the `timeout` input runs out follow:
// they keep the step's end within a few seconds of its timeout.
//
//   0 s    the first signal (SIGINT): waits end, the run's cancel goes out
//   3 s    a create already sent has had its answer (else the runs are looked up)
//   5 s    a no-code write already sent has had its answer
//   6 s    the look-up of the version's runs ends; the rest is for stopping them
//   7 s    the read of the stopped run's log ends
//   7.5 s  SIGTERM: the force-cancel goes out at once
//   8.5 s  the step stops watching its runs, writes its summary
//   9 s    the last call to GitHub ends
//   10 s   the runner's kill
//
// Everything else imports these; tests shorten them through each mode's tuning.

/** The runner's SIGTERM, counted from its SIGINT. */
export const RUNNER_SIGTERM_AFTER_MS = 7500;
/** The runner's kill, counted from the first signal: 2.5 s after its SIGTERM. */
export const RUNNER_KILL_AFTER_MS = 10_000;

/** GitHub's calls end a second before the kill: the process ends its last request and exits on its own. */
export const GITHUB_DONE_AFTER_SIGNAL_MS = RUNNER_KILL_AFTER_MS - 1000;

/** The step stops watching its runs 1.5 s before the kill: the summary is written and the process exits in that
 *  time. */
export const WIND_DOWN_MS = RUNNER_KILL_AFTER_MS - 1500;

/** From SIGTERM (or a second signal): 1.2 s of the 2.5 s before the kill for the force-cancel, the rest to write the
 *  summary and exit. */
export const FORCE_BUDGET_MS = RUNNER_KILL_AFTER_MS - RUNNER_SIGTERM_AFTER_MS - 1300;

/** A step cancelled before it knew its run looks the runs up until 2.5 s before the wind-down ends: the rest is for
 *  stopping them. */
export const LOOK_UP_AFTER_SIGNAL_MS = WIND_DOWN_MS - 2500;

/** A SIGTERM that comes alone (a CI system that sends no SIGINT first) is the last warning, but not yet the second
 *  signal: the run's force-cancel goes out this long after its cancel is accepted, so that its tests may begin to tear
 *  down, and within FORCE_BUDGET_MS, which a lone SIGTERM leaves the step as SIGTERM after SIGINT does. */
export const FORCE_AFTER_LONE_SIGTERM_MS = 600;

/** A create of the test run already sent may take until 3 s before the look-up ends: an unanswered create leaves the
 *  look-up that much time. */
export const CREATE_WAIT_AFTER_SIGNAL_MS = LOOK_UP_AFTER_SIGNAL_MS - 3000;

/** The log of a stopped run is read until half a second before SIGTERM: what is left before the kill is for the
 *  summary and the exit. */
export const LOG_AFTER_SIGNAL_UNTIL_MS = RUNNER_SIGTERM_AFTER_MS - 500;

/** The longest read of that log: a slow service must not take the whole of it. */
export const LOG_AFTER_SIGNAL_MS = 2000;

/** A no-code write already sent may be answered until 5 s before the kill: the summary, check run and comment are
 *  written after it, within GitHub's bound. */
export const WRITE_GRACE_MS = RUNNER_KILL_AFTER_MS - 5000;

/** The longest cancel, force-cancel or read while a run is stopped: a stop must fit the runner's grace periods. */
export const STOP_REQUEST_MAX_MS = 5000;

/** The shortest: a request that cannot be answered in this long is not worth sending. */
export const STOP_REQUEST_MIN_MS = 500;

/** The post step, cancelled in turn, keeps its stops this long: what was sent stays sent, the waiting stops. */
export const POST_AFTER_SIGNAL_MS = 1000;

// After the `timeout` input ran out (or the run could no longer be read), counted from then.

/** The step ends within this long of its timeout: the run's cancel is sent and watched, the post step sees to the
 *  rest. */
export const STOP_AFTER_WAIT_MS = 5000;

/** A run whose cancel was accepted is watched this long winding down (its teardown may take minutes). */
export const WATCH_AFTER_CANCEL_MS = 1000;

/** The last look for other runs of the version: a service that stalls reads must not hold the step. */
export const LAST_LOOK_AFTER_STOP_MS = 2000;

/** The longest read of the log of the stopped run. */
export const LOG_AFTER_STOP_MS = 5000;

/** Every call to GitHub ends this long after the timeout, however slowly GitHub answers: the mode ends within
 *  STOP_AFTER_WAIT_MS of it, and the rest is for the check run and the comment, writes GitHub paces a second apart. */
export const GITHUB_DONE_AFTER_DEADLINE_MS = STOP_AFTER_WAIT_MS + 25_000;

/** The check run's start (`check-name`) may take this long: the mode waits for it, and a GitHub that stalls must not
 *  hold the step's own work. Past it the check run is not published, with a warning, and the mode goes on. */
export const CHECK_RUN_START_MS = 20_000;

// The bounds of the ordinary run, before any signal or timeout: how often the step looks, how long
// one request or wait may take. Tests shorten them through each mode's tuning, as the ones above.

/** A run the service queues by itself on upload is looked for this long before the step creates its own: adopting it
 *  means no second run. */
export const ADOPT_WAIT_MS = 2000;
/** The pause between those looks. */
export const ADOPT_LOOK_MS = 500;
/** Reads of a run being stopped: a queued run is cancelled as soon as it runs. */
export const STOP_POLL_MS = 250;
/** The longest upload attempt of the configuration archive: a large archive on a slow link. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** The longest read of a test run's whole log once it ended. */
export const LOG_READ_TIMEOUT_MS = 60_000;
/** While a run runs, its log is read again at most this often for the run blocks that ended since. */
export const LIVE_LOG_EVERY_MS = 5000;
/** The longest of those reads: a slow one is dropped, the next one reads from the same place. */
export const LIVE_LOG_READ_MS = 10_000;

/** A run's status is read first this soon, so that a run already done is seen at once. */
export const RUN_READ_FIRST_MS = 250;
/** The longest pause between reads of a run: its end is seen within this long, at one read per this interval. */
export const RUN_READ_LONGEST_MS = 1500;
/** A status line at least this often while nothing changes: a long wait shows it is alive. */
export const STATUS_LINE_EVERY_MS = 30_000;

/** Other runs of the configuration version are looked for first after this long; each pause doubles. */
export const OTHER_RUNS_FIRST_LOOK_MS = 1000;
/** The longest pause between those looks. */
export const OTHER_RUNS_LONGEST_LOOK_MS = 30_000;
/** A run the service queues by itself may appear up to this long after the upload (action-interface: "a few seconds
 *  after the upload"): the step looks until then even when its own run ended sooner. */
export const LATE_RUN_WINDOW_MS = 5000;
/** Another run's stop is followed this long from when it was seen; the post step checks every run of the version
 *  again. */
export const OTHER_RUN_STOP_WATCH_MS = 30_000;
/** Another run whose cancel was accepted is watched this long winding down; unlike the step's own run after the
 *  timeout (WATCH_AFTER_CANCEL_MS), nothing waits on it but the ordinary wait. */
export const OTHER_RUN_WATCH_AFTER_CANCEL_MS = 5000;
/** The longest single listing of the version's runs, however many pages it takes: a slow or endless list must not
 *  hold the step, nor the stop of a run whose id is known. */
export const VERSION_RUNS_LISTING_MS = 10_000;
/** Runs and service may disagree about the time by this much: a version's runs are listed from this long before
 *  its create went out (the spec shows no `created-at` for a version). */
export const CLOCK_ALLOWANCE_MS = 15 * 60_000;

// The post step (post.ts), which sees to what the main step left.

/** The longest wait for a queued run to start so that it can be cancelled. */
export const POST_QUEUED_WAIT_MS = 120_000;
/** A run still running this long after its cancel is force-cancelled. */
export const POST_FORCE_GRACE_MS = 20_000;
/** Beyond the wait and the grace, for the force-cancel and the reads that see the run end. */
export const POST_FORCE_SLACK_MS = 15_000;
/** Reads of a run while waiting, and of the version's runs while one is awaited. */
export const POST_POLL_MS = 1000;

// sync-policies: the diff of a policy's code is shown only when it is quick to compute.

/** The longest one diff may take; past it, no diff is shown. */
export const DIFF_TIMEOUT_MS = 2000;
/** The time all of a sync's diffs may take together: the report must not hold up the step. */
export const ALL_DIFFS_MS = 10_000;

// upgrade-no-code-workspace: the plan and the apply, as the service reports them.

/** A plan that stays in `planned` or `cost_estimated` this long, where the run does not say whether it can be
 *  confirmed, has stopped there: the service moves a plan on to cost estimation, policy checks or run tasks within a
 *  moment. Bounded by the timeout, as every wait. */
export const PLAN_SETTLE_MS = 5000;
/** After a confirmation whose answer was lost, the run is watched this long for a sign that it arrived (a status past
 *  the ready one). */
export const CONFIRM_SETTLE_MS = 10_000;
/** After the confirm, the run is watched this long for any status past the confirmed one: a service that says nothing
 *  for this long reports no apply status at all (spec 4.3 shows only "a plain message that the update completed"), and
 *  the workspace ends `confirmed`, with a warning. */
export const APPLY_STATUS_WINDOW_MS = 60_000;
/** The longest read of one workspace's document: its name, page and version are not worth holding the step for. */
export const WORKSPACE_READ_MS = 10_000;
/** The shortest pause between reads of one upgrade run: four a second for a lone run. */
export const UPGRADE_READ_FIRST_MS = 250;
/** The longest pause between reads of an upgrade run, however many are watched at once. */
export const UPGRADE_READ_LONGEST_MS = 10_000;

// The clients: one request to the service or to GitHub, and its repeats.

/** The longest one attempt of a request to the service waits for its answer, headers and body, unless told otherwise:
 *  a connection that stays silent this long is dropped and, where that is safe, tried again. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The longest a connection to the service may take to open: a host that does not answer is told apart sooner than
 *  a slow answer. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** The first back-off before a request is repeated: each next one may be twice as long (full jitter). */
export const RETRY_FIRST_BACKOFF_MS = 500;
/** The longest back-off between two attempts. */
export const RETRY_LONGEST_BACKOFF_MS = 30_000;
/** The longest wait the service may ask for (Retry-After, X-RateLimit-Reset): beyond it the request fails instead of
 *  holding the job. */
export const LONGEST_SERVICE_WAIT_MS = 5 * 60_000;
/** The longest read of a test log or one of its pages, answer and retries included. */
export const LOG_READ_LONGEST_MS = 10 * 60_000;
/** A request to GitHub whose connection stays silent this long is given up: the step must not hang on it. */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000;
/** The unit of the GitHub retry plugin's waits (1, 4, then 9 of them): GitHub's advice. */
export const GITHUB_RETRY_UNIT_MS = 1000;

// The tunings: what tests and benchmarks may shorten, each under the name the modes' tunings give
// it. A mode's tuning type is a Pick of `Budgets`, and its defaults the same Pick of this table
// (`budgetsOf`), so that a default cannot drift from the bound it stands for.

export const TUNABLE_BUDGETS = {
  // run-module-tests (modes/run-module-tests/tuning.ts).
  /**
   * With the default options, how long a run the service queues by itself on upload is looked
   * for before the step creates its own (adopting it means no second run at all).
   */
  adoptWaitMs: ADOPT_WAIT_MS,
  adoptLookMs: ADOPT_LOOK_MS,
  /** Reads of a run being stopped (a queued run is cancelled as soon as it runs). */
  stopPollMs: STOP_POLL_MS,
  /** After the first signal, how long a create of the test run already sent may still take. */
  createWaitAfterSignalMs: CREATE_WAIT_AFTER_SIGNAL_MS,
  /**
   * When the step is cancelled before it knows its run, until when (counted from the first
   * signal) the runs of the configuration version may be looked up; the rest of the wind-down
   * is for stopping them.
   */
  lookUpAfterSignalMs: LOOK_UP_AFTER_SIGNAL_MS,
  /**
   * When the wait ends without a final status (timeout, a read that failed), how long the run
   * is watched once its cancel is sent: the step ends within this long of the timeout, and the
   * post step makes sure of the rest.
   */
  stopAfterWaitMs: STOP_AFTER_WAIT_MS,
  /** Longest upload attempt. */
  uploadTimeoutMs: UPLOAD_TIMEOUT_MS,
  /** Longest read of the test log. */
  logReadTimeoutMs: LOG_READ_TIMEOUT_MS,
  /** While the run runs, the log is read again at most this often for what ended since. */
  liveLogEveryMs: LIVE_LOG_EVERY_MS,
  /** Longest of those reads. */
  liveLogReadMs: LIVE_LOG_READ_MS,

  // The wind-down after the runner's signals (lifetime/wind-down.ts), counted from each signal's arrival.
  /** After the first signal (SIGINT), how long the step keeps watching the run stop. */
  windDownMs: WIND_DOWN_MS,
  /** After SIGTERM (or any second signal), the time left for the force-cancel and a last read. */
  forceBudgetMs: FORCE_BUDGET_MS,
  /** After a SIGTERM that came alone, how long after its cancel is accepted a run is force-cancelled. */
  forceAfterLoneSigtermMs: FORCE_AFTER_LONE_SIGTERM_MS,

  // The wait for a test run (modes/run-module-tests/test-run/wait.ts).
  /** The first pause between reads of the run. */
  initialIntervalMs: RUN_READ_FIRST_MS,
  /** The longest pause between reads, however long the run takes. */
  maxIntervalMs: RUN_READ_LONGEST_MS,
  /** A status line at least this often while nothing changes. */
  statusEveryMs: STATUS_LINE_EVERY_MS,

  // The watch for runs of the version the step did not start (test-run/other-runs.ts).
  /** The first pause between looks at the version's runs. */
  firstLookMs: OTHER_RUNS_FIRST_LOOK_MS,
  /** The longest pause between those looks. */
  maxLookMs: OTHER_RUNS_LONGEST_LOOK_MS,
  /**
   * How long after the upload a run the service queues by itself may appear (the post step's
   * too, when the main step saved none).
   */
  lateRunWindowMs: LATE_RUN_WINDOW_MS,
  /** The longest the stop of such a run is watched. */
  stopWatchMs: OTHER_RUN_STOP_WATCH_MS,
  /** Once its cancel is accepted, how long more it is watched: it winds down by itself. */
  watchAfterCancelMs: OTHER_RUN_WATCH_AFTER_CANCEL_MS,

  // The post step (modes/run-module-tests/post.ts).
  /** Longest wait for a queued run to start so that it can be cancelled. */
  queuedWaitMs: POST_QUEUED_WAIT_MS,
  /** Force-cancel a run still running this long after its cancel. */
  graceMs: POST_FORCE_GRACE_MS,
  /** Beyond the wait and the grace, for the force-cancel and the reads that see the run end. */
  forceSlackMs: POST_FORCE_SLACK_MS,
  /** Reads of a run while waiting, and of the version's runs while one is awaited. */
  pollMs: POST_POLL_MS,
  /**
   * When the main step sent a create whose answer it never saw, how long a run of the
   * configuration version may take to appear: the longest the create waited for its answer.
   */
  appearWaitMs: REQUEST_TIMEOUT_MS,
  /** Once the post step itself gets a signal, how long its stops may still take. */
  afterSignalMs: POST_AFTER_SIGNAL_MS,

  // The no-code modes (modes/no-code/).
  /** How long a write already sent may still take once the step is cancelled. */
  writeGraceMs: WRITE_GRACE_MS,
  /** A plan that stays `planned` or `cost_estimated` this long, not saying whether it can be confirmed, has stopped there. */
  planSettleMs: PLAN_SETTLE_MS,
  /** After a confirmation whose answer was lost, how long the run is watched for a sign that it arrived. */
  confirmSettleMs: CONFIRM_SETTLE_MS,
  /** After the confirm, how long the run is watched for any status past the confirmed one. */
  applyStatusWindowMs: APPLY_STATUS_WINDOW_MS,
} as const;

/** The tunable budgets by name: every mode's tuning is a Pick of this. */
export type Budgets = { -readonly [K in keyof typeof TUNABLE_BUDGETS]: number };

/** The defaults of a tuning made of these budgets. */
export function budgetsOf<K extends keyof Budgets>(...names: K[]): Pick<Budgets, K> {
  return Object.fromEntries(names.map((name) => [name, TUNABLE_BUDGETS[name]])) as Pick<Budgets, K>;
}
