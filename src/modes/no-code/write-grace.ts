/**
 * How long a write already under way may still take once the step is cancelled. The runner
 * sends SIGTERM 7.5 s after SIGINT and kills the process 2.5 s later (action-interface,
 * "Cancellation" under run-module-tests); 5 s leaves time to write the summary.
 */
export const WRITE_GRACE_MS = 5000;
