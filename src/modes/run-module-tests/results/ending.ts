// How the step's work on a test run ended, as the steps hand it to the report: one value for
// each way, so that "cancelled" is the same thing wherever it is read.

import type { TestRun, TestRunStatus } from '../../../service/types.ts';
import type { OtherRun } from '../test-run/other-runs.ts';
import type { TestLogRead } from './test-log/read.ts';

/** The job was cancelled while the step ran. */
export interface Cancelled {
  kind: 'cancelled';
  /** What became of the test runs, as a sentence. */
  note: string;
}

/** The `timeout` ran out before the run was final, and the step stopped it. */
export interface TimedOut {
  kind: 'timed-out';
  /** The run's status when the timeout ran out. */
  statusAtTimeout: TestRunStatus;
  /** What was done to stop the run, as a sentence. */
  note: string;
}

/** The run could no longer be read (the service stopped answering), and the step stopped it. */
export interface Lost {
  kind: 'lost';
  /** Why the last read failed. */
  error: string;
  /** What was done to stop the run, as a sentence. */
  note: string;
}

/** Why the step stopped following its run before the run ended by itself. */
export type Interruption = Cancelled | TimedOut | Lost;

/** The step ended before it had a test run to follow. */
export type NotRun =
  | Cancelled
  | {
      kind: 'failed';
      /** What failed, as the step's failure message. */
      note: string;
    };

/** What the report says of a test run the step followed. */
export interface RunEnding {
  /** The run as last read. */
  run: TestRun;
  log: TestLogRead;
  /** Absent when the run was followed to its end (or ended by itself as it was being stopped). */
  interruption?: Interruption;
  /** Other runs of the configuration version, stopped so that only this one tests it. */
  others: OtherRun[];
}
