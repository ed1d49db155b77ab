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
