import type { TestStatus } from '../../src/service/types.ts';
import type { TestRunOutcome } from './api.ts';

/** A run block's result in the test command's machine-readable output. */
export type RunBlockStatus = 'pass' | 'fail' | 'error' | 'skip';

const STATUS_ORDER: readonly RunBlockStatus[] = ['skip', 'pass', 'fail', 'error'];

/**
 * A test file's status from its run blocks', or the whole run's from its files', as the test
 * command (terraform 1.11) merges them: the worst in the order skip < pass < fail < error. A file
 * whose every run block was skipped (after an interrupt, say) is `skip`, not `pass`; a file of
 * no run blocks passes.
 */
export function mergedTestStatus(statuses: readonly RunBlockStatus[]): RunBlockStatus {
  if (statuses.length === 0) return 'pass';
  return statuses.reduce((worst, status) =>
    STATUS_ORDER.indexOf(status) > STATUS_ORDER.indexOf(worst) ? status : worst,
  );
}

/** The `@message` of the test command's `test_summary`: failed counts errored run blocks too,
 *  skipped ones are named only when there are some, and a run that executed none says so. */
export function testSummaryMessage(
  status: RunBlockStatus,
  counts: { passed: number; failed: number; errored: number; skipped: number },
): string {
  const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped.` : '.';
  if (status === 'skip') return `Executed 0 tests${skipped}`;
  return `${status === 'pass' ? 'Success!' : 'Failure!'} ${counts.passed} passed, ${counts.failed + counts.errored} failed${skipped}`;
}

/** How long each run block of the canned log takes, by its timestamps. */
const RUN_BLOCK_MS = 120;

/** A log in the test command's machine-readable (`-json`) format, agreeing with the outcome's
 *  counters: one passing run block per passed test, and so on. Each run block that runs starts
 *  (`progress: starting`) and completes at its own time, as the test command says them, so that
 *  a reader times it as it times a real log. */
export function machineReadableLog(outcome: Omit<TestRunOutcome, 'log'>, file = 'tests/main.tftest.hcl'): string {
  const start = Date.parse('2024-05-01T12:00:00.000Z');
  let clockMs = 0;
  const at = (): string => new Date(start + clockMs).toISOString();
  const runs: Array<{ name: string; status: RunBlockStatus }> = [
    ...Array.from({ length: outcome.passed }, (_, i) => ({ name: `passes_${i + 1}`, status: 'pass' as const })),
    ...Array.from({ length: outcome.failed }, (_, i) => ({ name: `fails_${i + 1}`, status: 'fail' as const })),
    ...Array.from({ length: outcome.errored }, (_, i) => ({ name: `errors_${i + 1}`, status: 'error' as const })),
    ...Array.from({ length: outcome.skipped }, (_, i) => ({ name: `skipped_${i + 1}`, status: 'skip' as const })),
  ];
  const fileStatus = mergedTestStatus(runs.map((r) => r.status));
  const line = (message: string, fields: Record<string, unknown>, level = 'info'): string =>
    JSON.stringify({ '@level': level, '@message': message, '@module': 'terraform.ui', '@timestamp': at(), ...fields });
  const lines = [
    line('Terraform 1.9.5', { terraform: '1.9.5', type: 'version', ui: '1.2' }),
    line(`Found 1 file and ${runs.length} run blocks`, {
      test_abstract: { [file]: runs.map((r) => r.name) },
      type: 'test_abstract',
    }),
    line(`${file}... in progress`, {
      '@testfile': file,
      test_file: { path: file, progress: 'starting' },
      type: 'test_file',
    }),
    ...runs.flatMap((run, index) => {
      // A skipped run block never starts.
      const starting =
        run.status === 'skip'
          ? []
          : [
              line(`  "${run.name}"... in progress`, {
                '@testfile': file,
                '@testrun': run.name,
                test_run: { path: file, run: run.name, progress: 'starting', elapsed: 0 },
                type: 'test_run',
              }),
            ];
      if (run.status !== 'skip') clockMs += RUN_BLOCK_MS;
      const result = line(`  "${run.name}"... ${run.status}`, {
        '@testfile': file,
        '@testrun': run.name,
        test_run: { path: file, run: run.name, progress: 'complete', status: run.status },
        type: 'test_run',
      });
      if (run.status !== 'fail' && run.status !== 'error') return [...starting, result];
      const diagnostic = line(
        run.status === 'fail' ? 'Test assertion failed' : 'Invalid reference',
        {
          '@testfile': file,
          '@testrun': run.name,
          diagnostic: {
            severity: 'error',
            summary: run.status === 'fail' ? 'Test assertion failed' : 'Invalid reference',
            detail:
              run.status === 'fail'
                ? 'the value did not match'
                : 'A reference to a resource type must be followed by an attribute.',
            range: {
              filename: file,
              start: { line: 10 + index * 5, column: 5, byte: 0 },
              end: { line: 10 + index * 5, column: 20, byte: 0 },
            },
          },
          type: 'diagnostic',
        },
        'error',
      );
      return [...starting, result, diagnostic];
    }),
    line(`${file}... ${fileStatus}`, {
      '@testfile': file,
      test_file: { path: file, progress: 'complete', status: fileStatus },
      type: 'test_file',
    }),
    line(testSummaryMessage(fileStatus, outcome), {
      test_summary: {
        status: fileStatus,
        passed: outcome.passed,
        failed: outcome.failed,
        errored: outcome.errored,
        skipped: outcome.skipped,
      },
      type: 'test_summary',
    }),
  ];
  return `${lines.join('\n')}\n`;
}

/** What a canceled run's log holds: the interrupt, and no results. */
export const CANCELED_LOG = `${JSON.stringify({
  '@level': 'warn',
  '@message': 'The test run was interrupted; stopping tests and destroying infrastructure they created.',
  '@module': 'terraform.ui',
  '@timestamp': '2024-05-01T12:00:00.000000Z',
  type: 'log',
})}\n`;

/** What `--test-outcome` (and `cannedOutcome`) can script for the canned log. */
export const CANNED_OUTCOMES = ['pass', 'fail', 'error'] as const;
export type CannedOutcome = (typeof CANNED_OUTCOMES)[number];

const CANNED_COUNTERS: Record<CannedOutcome, Omit<TestRunOutcome, 'log'>> = {
  pass: { status: 'finished', testStatus: 'pass', passed: 2, failed: 0, errored: 0, skipped: 0 },
  fail: { status: 'finished', testStatus: 'fail', passed: 1, failed: 1, errored: 0, skipped: 0 },
  // As the test command reports a run block that errored (not an assertion): the run finished,
  // its summary's status `error`.
  error: { status: 'finished', testStatus: 'error', passed: 1, failed: 0, errored: 1, skipped: 0 },
};

/** The canned outcome of every run when the emulator runs no terraform: `tests/main.tftest.hcl`
 *  with run blocks that pass, fail or error, its log agreeing with its counters. */
export function cannedOutcome(kind: CannedOutcome): TestRunOutcome {
  const counters = CANNED_COUNTERS[kind];
  return { ...counters, log: machineReadableLog(counters) };
}

const TEST_SUMMARY_STATUSES: readonly string[] = ['pass', 'fail', 'error', 'skip'];

/**
 * A run's result read from the log the test command wrote (`terraform test -json`), as the
 * service reports it: with a `test_summary` line, the run `finished` with the summary's status
 * and counts; without one (the configuration did not load, terraform died), the run `errored`,
 * without a `test-status`, its counters those of the run blocks that completed. A `-json` log
 * holds one message a line; other lines are passed over.
 */
export function outcomeOfTestLog(log: string): Omit<TestRunOutcome, 'log'> {
  const completed = new Map<string, string>();
  let summary: Record<string, unknown> | undefined;
  for (const line of log.split('\n')) {
    const message = parsedLine(line);
    if (message === undefined) continue;
    if (message['type'] === 'test_summary' && isObject(message['test_summary'])) summary = message['test_summary'];
    const run = message['type'] === 'test_run' ? message['test_run'] : undefined;
    if (isObject(run) && run['progress'] === 'complete' && typeof run['status'] === 'string')
      completed.set(`${String(run['path'])}\0${String(run['run'])}`, run['status']);
  }
  const reported = summary;
  if (reported !== undefined && TEST_SUMMARY_STATUSES.includes(String(reported['status']))) {
    const count = (name: string): number => {
      const value = reported[name];
      return typeof value === 'number' ? value : 0;
    };
    return {
      status: 'finished',
      testStatus: reported['status'] as TestStatus,
      passed: count('passed'),
      failed: count('failed'),
      errored: count('errored'),
      skipped: count('skipped'),
    };
  }
  const statuses = [...completed.values()];
  const count = (status: string): number => statuses.filter((s) => s === status).length;
  return {
    status: 'errored',
    testStatus: null,
    passed: count('pass'),
    failed: count('fail'),
    errored: count('error'),
    skipped: count('skip'),
  };
}

function parsedLine(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An error of the emulator's own (an archive it refused, a terraform that could not start) as
 *  the test command writes a diagnostic in its `-json` log, so that the log's reader shows it. */
export function diagnosticLine(summary: string, detail: string): string {
  return `${JSON.stringify({
    '@level': 'error',
    '@message': `Error: ${summary}`,
    '@module': 'terraform.ui',
    '@timestamp': new Date().toISOString(),
    diagnostic: { severity: 'error', summary, detail },
    type: 'diagnostic',
  })}\n`;
}
