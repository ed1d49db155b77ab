import { describeStatus } from '../../../service/shapes.ts';
import type { TestRun, TestRunStatus, TestStatus } from '../../../service/types.ts';

/** Spec 3.1: `errored`, `canceled` and `finished` are final. */
const FINAL: ReadonlySet<TestRunStatus> = new Set<TestRunStatus>(['errored', 'canceled', 'finished']);

/** Every status spec 3.1 names. */
const NAMED: ReadonlySet<TestRunStatus> = new Set<TestRunStatus>(['pending', 'queued', 'running', ...FINAL]);

export function isNamedStatus(status: TestRunStatus): boolean {
  return NAMED.has(status);
}

/**
 * Whether the run has ended. A status the spec names says so by itself; for one it does not
 * name, the run's `finished-at` does (2.2: the timestamps appear as the run proceeds). A run in
 * an unnamed status without it is waited on like a running one.
 */
export function isFinal(run: TestRun): boolean {
  const status = run.attributes.status;
  if (isNamedStatus(status)) return FINAL.has(status);
  return run.attributes['status-timestamps']?.['finished-at'] !== undefined;
}

/** The configuration version a run tests (relationships.configuration-version, spec 2.2). */
export function configurationVersionOf(run: TestRun): string | undefined {
  return run.relationships?.['configuration-version']?.data?.id;
}

/** A test run's status as a message shows it (describeStatus), against the statuses spec 3.1 names. */
export function describeTestRunStatus(status: TestRunStatus): string {
  return describeStatus(status, NAMED);
}

/** What a run's result says of the tests, once it has one. */
export type TestResult = 'passed' | 'failed' | 'errored' | 'skipped' | 'none';

const RESULTS: Readonly<Record<TestStatus, TestResult>> = {
  pass: 'passed',
  fail: 'failed',
  // The tests errored (an error in a run block, not an assertion): a failure of the tests.
  error: 'errored',
  // No test ran: every run block was skipped (the test command itself exits 0 then).
  skip: 'skipped',
  // No result yet: on a finished run, as null, nothing says the tests passed.
  pending: 'none',
};

/** What the run's `test-status` says of the tests; `none` while it says nothing (null, `pending`). */
export function testResultOf(run: { attributes: Pick<TestRun['attributes'], 'test-status'> }): TestResult {
  const status = run.attributes['test-status'];
  return status === null || status === undefined ? 'none' : RESULTS[status];
}
