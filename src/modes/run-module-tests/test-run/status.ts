import { describeStatus } from '../../../service/shapes.ts';
import type { TestRun, TestRunStatus } from '../../../service/types.ts';

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
