// The emulator's test logs say what the test command itself says: each file's status merged from
// its run blocks', the run's from its files', and the summary line, checked against logs the real
// command wrote (terraform 1.11, test/junit/fixtures/), one of them a run interrupted so that a
// whole file's run blocks were skipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineReadableLog, mergedTestStatus, testSummaryMessage } from '../emulator/default-log.ts';
import type { RunBlockStatus } from '../emulator/default-log.ts';

type Message = Record<string, unknown> & { '@message': string; type: string };

function messages(log: string): Message[] {
  return log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Message);
}

interface Completed {
  /** Each file's status as the log states it, and as merged from its run blocks'. */
  files: Array<{ path: string; stated: string; runs: RunBlockStatus[] }>;
  summary: { status: RunBlockStatus; passed: number; failed: number; errored: number; skipped: number };
  summaryMessage: string;
}

function completed(log: string): Completed {
  const all = messages(log);
  const runs = all.filter(
    (m) => m.type === 'test_run' && (m['test_run'] as { progress: string }).progress === 'complete',
  );
  const files = all
    .filter((m) => m.type === 'test_file' && (m['test_file'] as { progress: string }).progress === 'complete')
    .map((m) => {
      const file = m['test_file'] as { path: string; status: string };
      const inFile = runs
        .map((r) => r['test_run'] as { path: string; status: RunBlockStatus })
        .filter((r) => r.path === file.path);
      return { path: file.path, stated: file.status, runs: inFile.map((r) => r.status) };
    });
  const summary = all.find((m) => m.type === 'test_summary')!;
  return { files, summary: summary['test_summary'] as Completed['summary'], summaryMessage: summary['@message'] };
}

const REAL_LOGS = ['example-module.jsonl', 'edge-module.jsonl', 'interrupted-module.jsonl'];
const realLog = (name: string): string =>
  readFileSync(join(import.meta.dirname, '..', 'junit', 'fixtures', name), 'utf8');

describe("the test command's rules, read from its real logs", () => {
  it.each(REAL_LOGS)('%s: file statuses, the run status and the summary line', (name) => {
    const { files, summary, summaryMessage } = completed(realLog(name));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(mergedTestStatus(file.runs), file.path).toBe(file.stated);
    expect(mergedTestStatus(files.map((f) => f.stated as RunBlockStatus))).toBe(summary.status);
    expect(testSummaryMessage(summary.status, summary)).toBe(summaryMessage);
  });

  it('an interrupted run skips the files it had not started: their status is skip', () => {
    const { files, summaryMessage } = completed(realLog('interrupted-module.jsonl'));
    expect(files.find((f) => f.path === 'tests/not_started.tftest.hcl')).toEqual({
      path: 'tests/not_started.tftest.hcl',
      stated: 'skip',
      runs: ['skip', 'skip'],
    });
    expect(summaryMessage).toBe('Success! 1 passed, 0 failed, 3 skipped.');
  });
});

describe('the log the emulator makes of an outcome', () => {
  const outcome = (counts: Partial<Record<'passed' | 'failed' | 'errored' | 'skipped', number>>) => ({
    status: 'finished' as const,
    testStatus: null,
    passed: 0,
    failed: 0,
    errored: 0,
    skipped: 0,
    ...counts,
  });

  it('a file whose every run block was skipped is skip, and the run executed no test', () => {
    const { files, summary, summaryMessage } = completed(machineReadableLog(outcome({ skipped: 2 })));
    expect(files).toEqual([{ path: 'tests/main.tftest.hcl', stated: 'skip', runs: ['skip', 'skip'] }]);
    expect(summary).toEqual({ status: 'skip', passed: 0, failed: 0, errored: 0, skipped: 2 });
    expect(summaryMessage).toBe('Executed 0 tests, 2 skipped.');
  });

  it('counts errored run blocks as failed and names the skipped ones in the summary line, as the real log of edge-module does', () => {
    const real = completed(realLog('edge-module.jsonl')).summary;
    const { passed, failed, errored, skipped } = real;
    const { files, summary, summaryMessage } = completed(
      machineReadableLog(outcome({ passed, failed, errored, skipped })),
    );
    expect(files[0]!.stated).toBe('error');
    expect(summary).toEqual(real);
    expect(summaryMessage).toBe('Failure! 2 passed, 3 failed, 1 skipped.');
  });

  it('passes with no run blocks, as a test file without any does', () => {
    const { files, summary, summaryMessage } = completed(machineReadableLog(outcome({})));
    expect(files[0]!.stated).toBe('pass');
    expect(summary.status).toBe('pass');
    expect(summaryMessage).toBe('Success! 0 passed, 0 failed.');
  });
});
