import type { TestRun, TestRunStatus } from '../../service/types.ts';

/** Spec 3.1: `errored`, `canceled` and `finished` are final. */
const FINAL: ReadonlySet<TestRunStatus> = new Set<TestRunStatus>(['errored', 'canceled', 'finished']);

export function isFinalStatus(status: TestRunStatus): boolean {
  return FINAL.has(status);
}

export function isFinal(run: TestRun): boolean {
  return isFinalStatus(run.attributes.status);
}

/** The configuration version a run tests (relationships.configuration-version, spec 2.2). */
export function configurationVersionOf(run: TestRun): string | undefined {
  return run.relationships?.['configuration-version']?.data?.id;
}
