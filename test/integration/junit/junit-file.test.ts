// The junit-file input from end to end: a test run on the emulator whose log is a real log of
// the test command for examples/module, the JUnit file written into the workspace, the output
// naming it; and the paths the step refuses to write.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, existsSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/main.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { startEmulator } from '../../emulator/index.ts';
import { EXAMPLE_MODULE_DIR } from '../../support/example-module-log.ts';
import { firstRun, startHarness, testCancellation, until } from '../../module-tests/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const REAL_LOG = readFileSync(join(import.meta.dirname, '../../junit', 'fixtures', 'example-module.jsonl'), 'utf8');
  // The counters of the run that wrote that log (its test_summary).
  const OUTCOME = {
    status: 'finished',
    testStatus: 'fail',
    passed: 4,
    failed: 2,
    errored: 0,
    skipped: 0,
    log: REAL_LOG,
  } as const;

  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  function workspace(): string {
    const dir = mkdtempSync(join(tmpdir(), 'junit-workspace-'));
    made.push(dir);
    // The module lives inside the workspace, as on a runner: a module outside it is refused.
    cpSync(EXAMPLE_MODULE_DIR, join(dir, MODULE), { recursive: true });
    return dir;
  }
  const MODULE = 'module';

  function counts(xml: string): Record<string, number> {
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
      testsuites: Record<string, string>;
    };
    const { tests, failures, errors, skipped } = doc.testsuites;
    return { tests: Number(tests), failures: Number(failures), errors: Number(errors), skipped: Number(skipped) };
  }

  describe('junit-file against the emulator', () => {
    it('writes the run’s results where the input says, counts equal to the run’s counters, and names it in the output', async () => {
      const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 30, outcome: OUTCOME } });
      const root = workspace();
      const { result } = await h.run(
        { moduleDirectory: MODULE, junitFile: 'reports/tests/module.xml' },
        { workspaceRoot: root },
      );

      expect(result.outputs['junit-file']).toBe('reports/tests/module.xml');
      const xml = readFileSync(join(root, 'reports/tests/module.xml'), 'utf8');
      const o = result.outputs;
      expect(counts(xml)).toEqual({
        tests:
          Number(o['tests-passed']) +
          Number(o['tests-failed']) +
          Number(o['tests-errored']) +
          Number(o['tests-skipped']),
        failures: Number(o['tests-failed']),
        errors: Number(o['tests-errored']),
        skipped: Number(o['tests-skipped']),
      });
      expect(xml).toContain('<testsuite name="tests/failing.tftest.hcl" tests="3" failures="2" errors="0" skipped="0"');
      expect(xml).toContain('Log retention must not exceed 365 days.');
      // Where the file is concerns the job: the job summary says it, the check run and the comment do not.
      expect(result.summary).toContain('The results are written as JUnit XML to reports/tests/module.xml.');
      expect(result.publishedSummary).not.toContain('JUnit');
      expect(result.annotations.filter((a) => a.title === 'JUnit report')).toEqual([]);
    });

    it('a second run overwrites the file', async () => {
      const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 30, outcome: OUTCOME } });
      const root = workspace();
      writeFileSync(join(root, 'junit.xml'), 'x'.repeat(100_000));
      await h.run({ moduleDirectory: MODULE, junitFile: 'junit.xml' }, { workspaceRoot: root });
      expect(readFileSync(join(root, 'junit.xml'), 'utf8')).toMatch(/^<\?xml [^]*<\/testsuites>\n$/);
    });

    it('does not write through a link that leads out of the workspace: a warning, the output empty, the result unchanged', async () => {
      const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 30, outcome: OUTCOME } });
      const root = workspace();
      const outside = workspace();
      symlinkSync(outside, join(root, 'reports'));
      writeFileSync(join(outside, 'victim.xml'), 'keep me');
      symlinkSync(join(outside, 'victim.xml'), join(root, 'junit.xml'));

      for (const path of ['reports/junit.xml', 'reports/deeper/junit.xml', 'junit.xml']) {
        const { result } = await h.run({ moduleDirectory: MODULE, junitFile: path }, { workspaceRoot: root });
        expect(result.outputs['junit-file']).toBe('');
        expect(result.failure?.message).toMatch(/^Module tests failed/);
        const warning = result.annotations.find((a) => a.title === 'JUnit report');
        expect(warning?.level).toBe('warning');
        expect(warning?.message).toMatch(
          new RegExp(
            `^junit-file: the JUnit report was not written to ${path}: ${path} (leads out of the workspace through a symbolic link|is a symbolic link; it is not written through)$`,
          ),
        );
      }
      expect(existsSync(join(outside, 'junit.xml'))).toBe(false);
      expect(existsSync(join(outside, 'deeper'))).toBe(false);
      expect(readFileSync(join(outside, 'victim.xml'), 'utf8')).toBe('keep me');
    });

    it('a path that leaves the workspace is a bad input: exit 2 and no request', async () => {
      const emulator = await startEmulator();
      try {
        const inputs: Record<string, string> = {
          mode: 'run-module-tests',
          token: emulator.token,
          'base-url': emulator.baseUrl,
          organization: emulator.organization,
          'module-directory': 'examples/module',
          'module-name': 'log-bucket',
          'module-provider': 'aws',
          'junit-file': '../../tmp/junit.xml',
        };
        const lines: string[] = [];
        const code = await run({
          read: (name) => inputs[name] ?? '',
          sink: plainSink({ stdout: { write: (t: string) => lines.push(t) } }),
          checkRuns: false,
          saveState: () => undefined,
        });
        expect(code).toBe(2);
        expect(lines.join('')).toContain(
          'Input "junit-file" must be a path inside the repository, relative to its root: it leaves the repository (got "../../tmp/junit.xml").',
        );
        expect(emulator.requests).toHaveLength(0);
      } finally {
        await emulator.close();
      }
    });

    it('no file on a dry run, and the output is empty', async () => {
      const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 30, outcome: OUTCOME } });
      const root = workspace();
      mkdirSync(join(root, 'reports'));
      const { result } = await h.run(
        { moduleDirectory: MODULE, junitFile: 'reports/junit.xml', dryRun: true },
        { workspaceRoot: root },
      );
      expect(result.outputs['junit-file']).toBe('');
      expect(existsSync(join(root, 'reports/junit.xml'))).toBe(false);
    });
  });

  /** The test cases of the file that hold an error, as [name, type]. */
  function erroredCases(xml: string): string[][] {
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'testsuite' || name === 'testcase',
    }).parse(xml) as {
      testsuites: { testsuite: Array<{ testcase: Array<{ name: string; error?: { type: string } }> }> };
    };
    return doc.testsuites.testsuite.flatMap((s) =>
      s.testcase.filter((c) => c.error).map((c) => [c.name, c.error!.type]),
    );
  }

  describe('junit-file of a run without a result reads as an error, never as a pass', () => {
    it('the job cancelled while the run runs: one errored test case for the run, saying cancelled', async () => {
      const h = await startHarness({
        testRuns: { queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50, outcome: OUTCOME },
      });
      const root = workspace();
      const cancellation = testCancellation();
      const running = h.run({ moduleDirectory: MODULE, junitFile: 'junit.xml' }, { workspaceRoot: root, cancellation });
      await until(() => firstRun(h.emulator)?.status === 'running', 5000, 'a running run');
      cancellation.send('SIGINT');
      const { result } = await running;
      expect(result.conclusion).toBe('cancelled');
      const xml = readFileSync(join(root, 'junit.xml'), 'utf8');
      expect(counts(xml).errors).toBe(1);
      expect(erroredCases(xml)).toEqual([[`test run ${result.outputs['test-run-id']}`, 'cancelled']]);
    });

    it('the wait timed out: one errored test case for the run, saying timed out', async () => {
      const h = await startHarness({
        testRuns: { queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50, outcome: OUTCOME },
      });
      const root = workspace();
      const { result } = await h.run(
        { moduleDirectory: MODULE, junitFile: 'junit.xml', timeoutMs: 500 },
        { workspaceRoot: root },
      );
      expect(result.conclusion).toBe('timed_out');
      const xml = readFileSync(join(root, 'junit.xml'), 'utf8');
      expect(counts(xml).errors).toBe(1);
      expect(erroredCases(xml)).toEqual([[`test run ${result.outputs['test-run-id']}`, 'timed out']]);
    });

    it('a run that errored with an empty log, and one that finished without a test-status: an error each', async () => {
      for (const [outcome, type] of [
        [{ ...OUTCOME, status: 'errored', testStatus: null, log: '' }, 'errored'],
        [{ ...OUTCOME, status: 'finished', testStatus: null, log: '' }, 'no result'],
      ] as const) {
        const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 30, outcome } });
        const root = workspace();
        const { result } = await h.run({ moduleDirectory: MODULE, junitFile: 'junit.xml' }, { workspaceRoot: root });
        const xml = readFileSync(join(root, 'junit.xml'), 'utf8');
        expect(counts(xml)).toMatchObject({ tests: 1, errors: 1 });
        expect(erroredCases(xml)).toEqual([[`test run ${result.outputs['test-run-id']}`, type]]);
      }
    });

    it('a step cancelled before it had a run still writes the file: one errored test case', async () => {
      const h = await startHarness();
      const root = workspace();
      const cancellation = testCancellation();
      h.emulator.inject({ port: 'upload', kind: { type: 'delay', ms: 300 } });
      const running = h.run({ moduleDirectory: MODULE, junitFile: 'junit.xml' }, { workspaceRoot: root, cancellation });
      await until(() => h.emulator.requests.some((r) => r.port === 'upload'), 5000, 'the upload');
      cancellation.send('SIGINT');
      const { result } = await running;
      expect(result.outputs['test-run-id']).toBe('');
      expect(result.outputs['junit-file']).toBe('junit.xml');
      const xml = readFileSync(join(root, 'junit.xml'), 'utf8');
      expect(counts(xml)).toMatchObject({ tests: 1, errors: 1 });
      expect(erroredCases(xml)).toEqual([['test run', 'cancelled']]);
    });
  });
});
