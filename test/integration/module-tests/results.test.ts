// One run per configuration version whichever way the service behaves, and what the step
// reports for each way a run ends: outputs, annotations on the test files, summary, failure.
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../../src/report/sink.ts';
import { cannedOutcome, machineReadableLog } from '../../emulator/default-log.ts';
import { exampleModuleOutcome, exampleRunBlocks } from '../../support/example-module-log.ts';
import {
  liveRuns,
  reportedRun,
  requestLines,
  runOnClock,
  startHarness,
  startOnClock,
  uncancelledRuns,
} from '../../module-tests/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const lineOf = (name: string): number => exampleRunBlocks().find((b) => b.name === name)!.condition!.line;

  describe('exactly one test run per configuration version', () => {
    it('the service honours auto-queue-runs false: the step creates the one run', async () => {
      const h = await startHarness({ testRuns: { uploadCreatesRun: true, respectAutoQueueRuns: true } });
      const { result, log } = await h.run({ testFilters: ['tests/passing.tftest.hcl'] });
      const runs = h.emulator.testRuns();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ source: 'svc-api', filters: ['tests/passing.tftest.hcl'] });
      expect(requestLines(h.emulator).filter((l) => l === 'POST {TESTROOT}/test-runs')).toHaveLength(1);
      expect(result.outputs['test-run-id']).toBe(runs[0]!.id);
      expect((result.outputs.result as { adopted: boolean }).adopted).toBe(false);
      expect(log).not.toContain('by itself');
    });

    it("the service starts a run on upload anyway, without the requested options: the step starts its own and cancels the service's, naming it", async () => {
      const { h, result, log } = await runOnClock(
        { testRuns: { uploadCreatesRun: true, respectAutoQueueRuns: false, autoRunDelayMs: [0, 0], runningMs: 300 } },
        {
          testFilters: ['tests/passing.tftest.hcl'],
          testVariables: [{ key: 'retention_days', value: '30' }],
          verbose: true,
        },
      );
      const runs = h.emulator.testRuns();
      expect(runs).toHaveLength(2);
      const service = runs.find((r) => r.source === 'svc-configuration-version')!;
      const own = runs.find((r) => r.source === 'svc-api')!;
      expect(own).toMatchObject({
        status: 'finished',
        filters: ['tests/passing.tftest.hcl'],
        verbose: true,
        variables: [{ key: 'retention_days', value: '30' }],
      });
      expect(service).toMatchObject({ status: 'canceled', cancelRequested: true });
      expect(result.outputs['test-run-id']).toBe(own.id);
      expect((result.outputs.result as { adopted: boolean }).adopted).toBe(false);
      expect((result.outputs.result as { 'other-runs': Array<{ id: string }> })['other-runs'].map((r) => r.id)).toEqual(
        [service.id],
      );
      expect(log).toContain(`warning: Test run ${service.id} also tests configuration version`);
      expect(log.split('warning:')).toHaveLength(2);
      expect(result.summary).toContain(service.id);
      expect(result.publishedSummary).not.toContain(service.id);
      expect(result.summary).toContain(`was cancelled`);
      expect(result.failure).toBeNull();
      // Variable values are never shown, keys are.
      expect(result.summary).not.toMatch(/retention_days.{0,20}30/);
    });

    it('an adopted run with the requested (default) options is used without a warning, and no second run is created', async () => {
      const { h, result, log } = await runOnClock({
        testRuns: { uploadCreatesRun: true, respectAutoQueueRuns: false, autoRunDelayMs: [0, 0] },
      });
      expect(h.emulator.testRuns()).toHaveLength(1);
      expect(requestLines(h.emulator)).not.toContain('POST {TESTROOT}/test-runs');
      expect(result.outputs['test-run-id']).toBe(h.emulator.testRuns()[0]!.id);
      expect((result.outputs.result as { adopted: boolean }).adopted).toBe(true);
      expect(log).toContain('it carries the requested options');
      expect(log).not.toContain('warning:');
      // How the run was started is the log's: no paragraph of it in any summary.
      for (const summary of [result.summary, result.publishedSummary])
        expect(summary).not.toMatch(/by itself|was kept|only one run tests/);
      expect(result.failure).toBeNull();
    });

    it('a run the service queues by itself a little after the upload is waited for and adopted, with the default options', async () => {
      const { h, result } = await runOnClock(
        { testRuns: { uploadCreatesRun: true, respectAutoQueueRuns: false, autoRunDelayMs: [120, 120] } },
        {},
        { adoptWaitMs: 600 },
      );
      expect(h.emulator.testRuns()).toEqual([
        expect.objectContaining({ source: 'svc-configuration-version', status: 'finished' }),
      ]);
      expect((result.outputs.result as { adopted: boolean }).adopted).toBe(true);
    });

    it('a run the upload started and that ends in a moment ends the step in a moment: no late run of that upload is waited for', async () => {
      const { clock, h, run } = await startOnClock({
        testRuns: {
          uploadCreatesRun: true,
          respectAutoQueueRuns: false,
          autoRunDelayMs: [0, 0],
          queuedMs: 10,
          runningMs: 200,
        },
      });
      const started = clock.now();
      const { result, state } = await clock.runUntilSettled(run().promise);
      expect(result.failure).toBeNull();
      expect(h.emulator.testRuns()).toHaveLength(1);
      // The late-run window (5 s from the upload) is for a run the upload had not started yet.
      expect(clock.now() - started).toBeLessThan(3000);
      // The post step watches for no late run either.
      expect(state.get('testRunLateRunWindow')).toBe('0');
    });

    it('the service never creates runs on upload: the step creates the one run', async () => {
      const h = await startHarness({ testRuns: { uploadCreatesRun: false } });
      await h.run();
      expect(h.emulator.testRuns().map((r) => r.source)).toEqual(['svc-api']);
    });

    // With a filter, the step creates its run whatever the service does on upload.
    it('a create whose connection dropped after it took effect is found, not repeated', async () => {
      const { clock, h, run } = await startOnClock();
      h.emulator.inject({ port: 'api', method: 'POST', path: /\/test-runs$/, kind: { type: 'drop-after' } });
      const { result } = await clock.runUntilSettled(run({ testFilters: ['tests/passing.tftest.hcl'] }).promise);
      const runs = h.emulator.testRuns().filter((r) => r.source === 'svc-api');
      expect(runs).toHaveLength(1);
      expect(result.outputs['test-run-id']).toBe(runs[0]!.id);
      expect(uncancelledRuns(h.emulator).map((r) => r.id)).toEqual([runs[0]!.id]);
      expect(result.failure).toBeNull();
      // The create, then the look-up that found it; no second create.
      const lines = requestLines(h.emulator);
      const create = lines.indexOf('POST {TESTROOT}/test-runs');
      expect(lines.slice(create, create + 2)).toEqual(['POST {TESTROOT}/test-runs', 'GET {TESTROOT}/test-runs']);
      expect(lines.filter((l) => l === 'POST {TESTROOT}/test-runs')).toHaveLength(1);
    });

    it('a create that dropped before it took effect is made again, once', async () => {
      const { clock, h, run } = await startOnClock();
      h.emulator.inject({ port: 'api', method: 'POST', path: /\/test-runs$/, kind: { type: 'drop-before' } });
      const { result } = await clock.runUntilSettled(run({ testFilters: ['tests/passing.tftest.hcl'] }).promise);
      expect(h.emulator.testRuns().filter((r) => r.source === 'svc-api')).toHaveLength(1);
      expect(uncancelledRuns(h.emulator)).toHaveLength(1);
      expect(result.failure).toBeNull();
    });
  });

  describe('results', () => {
    it('passing run: outputs, no annotations, success', async () => {
      const h = await startHarness({ testRuns: { outcome: exampleModuleOutcome('pass') } });
      const { result, state } = await h.run({ testFilters: ['tests/passing.tftest.hcl'] });
      const id = reportedRun(h.emulator, result).id;
      expect(uncancelledRuns(h.emulator).map((r) => r.id)).toEqual([id]);
      expect(result.outputs).toMatchObject({
        'test-run-id': id,
        status: 'finished',
        'test-status': 'pass',
        'tests-passed': 3,
        'tests-failed': 0,
        'tests-errored': 0,
        'tests-skipped': 0,
      });
      expect(result.annotations).toEqual([]);
      expect(result.failure).toBeNull();
      expect(result.conclusion).toBe('success');
      expect(result.summary).toContain('Module tests passed');
      expect(result.summary).toContain('bucket_name_has_suffix');
      expect(state.get('testRunId')).toBe(id);
      expect(state.get('testRunFinal')).toBe('true');
      const json = result.outputs.result as { files: Array<{ path: string; status: string }>; status: string };
      expect(json.status).toBe('finished');
      expect(json.files).toEqual([{ path: 'tests/passing.tftest.hcl', status: 'pass', runs: expect.any(Array) }]);
    });

    it("the plain emulator's canned log: every run block timed in the summary, no blank Elapsed cell", async () => {
      // No outcome and no terraform: the canned log `npm run emulator` serves without terraform.
      const h = await startHarness({ testRuns: { terraform: false, outcome: cannedOutcome('fail') } });
      const { result } = await h.run();
      expect(result.summary).toContain('<th>Elapsed</th>');
      expect(result.summary).toContain('<tr><td>passes_1</td><td>✅ pass</td><td>120 ms</td></tr>');
      expect(result.summary).toContain('<tr><td>fails_1</td><td>❌ fail</td><td>120 ms</td></tr>');
      expect(result.summary).not.toMatch(/<td><\/td><\/tr>/);
    });

    it('failing run: an error annotation on each failed assertion, path prefixed with module-directory; the step fails', async () => {
      const h = await startHarness({ testRuns: { outcome: exampleModuleOutcome('fail') } });
      const { result } = await h.run();
      expect(result.outputs).toMatchObject({
        status: 'finished',
        'test-status': 'fail',
        'tests-passed': 4,
        'tests-failed': 2,
      });
      const positions = result.annotations.map((a: Annotation) => [a.level, a.file, a.startLine, a.title]);
      expect(positions).toEqual([
        [
          'error',
          'examples/module/tests/failing.tftest.hcl',
          lineOf('retention_is_capped_at_a_year'),
          'tests/failing.tftest.hcl › run "retention_is_capped_at_a_year"',
        ],
        [
          'error',
          'examples/module/tests/failing.tftest.hcl',
          lineOf('cost_center_tag_is_required'),
          'tests/failing.tftest.hcl › run "cost_center_tag_is_required"',
        ],
      ]);
      expect(result.annotations[0]!.message).toContain('Log retention must not exceed 365 days.');
      expect(result.failure?.message).toMatch(/^Module tests failed: 4 passed, 2 failed \(test run trun-\w+\)/);
      expect(result.conclusion).toBe('failure');
      expect(result.summary).toContain('Module tests failed');
      expect(result.summary).toContain('retention_is_capped_at_a_year');
    });

    it('errored run: the error annotation, the end of the log in the summary, the step fails', async () => {
      const h = await startHarness({ testRuns: { outcome: exampleModuleOutcome('error') } });
      const { result } = await h.run();
      expect(result.outputs).toMatchObject({
        status: 'errored',
        'test-status': '',
        'tests-errored': 1,
        'tests-skipped': 3,
      });
      expect(result.annotations.map((a) => [a.file, a.startLine])).toEqual([
        ['examples/module/tests/failing.tftest.hcl', lineOf('cost_center_tag_is_required')],
      ]);
      expect(result.failure?.message).toMatch(/^Test run trun-\w+ errored/);
      expect(result.conclusion).toBe('failure');
      expect(result.summary).toContain('errored');
      expect(result.summary).toContain('panic: runtime error');
    });

    it('finished with test-status error (the tests errored): reported as errored, test-status error, the step fails', async () => {
      const errored = exampleModuleOutcome('error');
      const h = await startHarness({ testRuns: { outcome: { ...errored, status: 'finished', testStatus: 'error' } } });
      const { result } = await h.run();
      expect(result.outputs).toMatchObject({ status: 'finished', 'test-status': 'error', 'tests-errored': 1 });
      expect(result.failure?.message).toMatch(/^Module tests errored: .*\(test run trun-\w+\); see the annotations/);
      expect(result.conclusion).toBe('failure');
      expect(result.title).toMatch(/^Module tests errored: /);
      expect(result.summary).toContain('⛔ Module tests errored');
      expect(result.annotations.map((a) => a.file)).toEqual(['examples/module/tests/failing.tftest.hcl']);
    });

    it('finished with test-status skip (no test ran): the step succeeds, saying nothing was tested', async () => {
      const skipped = { status: 'finished', testStatus: 'skip' as const, passed: 0, failed: 0, errored: 0, skipped: 2 };
      const h = await startHarness({ testRuns: { outcome: { ...skipped, log: machineReadableLog(skipped) } } });
      const { result } = await h.run();
      expect(result.failure).toBeNull();
      expect(result.conclusion).toBe('neutral');
      expect(result.outputs).toMatchObject({ 'test-status': 'skip', 'tests-skipped': 2 });
      expect(result.summary).toContain('⏭️ Module tests skipped, none ran');
      expect(result.summary).toContain(
        'Every test was skipped (test-status skip): no test ran, so nothing was tested.',
      );
    });

    it('a log with framing, CRLF, plain lines, broken JSON and unknown types gives the same report as a clean one', async () => {
      const clean = await startHarness({ testRuns: { outcome: exampleModuleOutcome('fail') } });
      const junk = await startHarness({ testRuns: { outcome: exampleModuleOutcome('fail', { junk: true }) } });
      // eslint-disable-next-line no-control-regex -- the STX that frames the log
      expect(exampleModuleOutcome('fail', { junk: true }).log).toMatch(/^\x02.*\r\n/s);
      const a = (await clean.run()).result;
      const b = (await junk.run()).result;
      expect(b.annotations).toEqual(a.annotations);
      expect(b.annotations).toHaveLength(2);
      const files = (r: typeof a): unknown => (r.outputs.result as { files: unknown }).files;
      expect(files(b)).toEqual(files(a));
      expect(b.failure?.message).toMatch(/^Module tests failed/);
    });

    it('fail-on-test-failure false: the step succeeds with the failures reported', async () => {
      const h = await startHarness({ testRuns: { outcome: exampleModuleOutcome('fail') } });
      const { result } = await h.run({ failOnTestFailure: false });
      expect(result.failure).toBeNull();
      expect(result.conclusion).toBe('neutral');
      expect(result.outputs['test-status']).toBe('fail');
      expect(result.annotations).toHaveLength(2);
      expect(result.summary).toContain(
        'With fail-on-test-failure set to false, the step succeeds although tests failed.',
      );
    });

    it('fail-on-test-failure false also lets an errored run pass the step', async () => {
      const h = await startHarness({ testRuns: { outcome: exampleModuleOutcome('error') } });
      const { result } = await h.run({ failOnTestFailure: false });
      expect(result.failure).toBeNull();
      expect(result.outputs.status).toBe('errored');
    });

    it('a log that cannot be read is a warning; the counters of the run still decide', async () => {
      const h = await startHarness({ testRuns: { outcome: exampleModuleOutcome('fail') } });
      h.emulator.inject({ port: 'log', kind: { type: 'status', status: 500 }, times: 100 });
      const { result, log } = await h.run();
      expect(log).toMatch(
        /warning: The log of test run trun-\w+ could not be read \(GET http:\/\/127\.0\.0\.1:\d+: the service failed \(500/,
      );
      expect(result.annotations).toEqual([]);
      expect(result.outputs['tests-failed']).toBe(2);
      expect(result.failure?.message).toMatch(/^Module tests failed/);
      expect(result.summary).toContain('The test log could not be read');
      expect((result.outputs.result as { 'log-read': boolean })['log-read']).toBe(false);
    });
  });

  describe('no success the spec does not promise', () => {
    const ended = (status: string, testStatus: 'pass' | 'fail' | null) => ({
      status,
      testStatus,
      passed: 0,
      failed: 0,
      errored: 0,
      skipped: 0,
      log: '',
    });

    it('finished with a null test-status: the step fails, saying the run has no result; test-status is not pass', async () => {
      const h = await startHarness({ testRuns: { outcome: ended('finished', null) } });
      const { result } = await h.run({ failOnTestFailure: false });
      expect(result.failure?.message).toMatch(
        /^Test run trun-\w+ finished without a result: its test-status is null, so nothing says the tests passed\./,
      );
      expect(result.conclusion).toBe('failure');
      expect(result.outputs).toMatchObject({ status: 'finished', 'test-status': '' });
      expect(result.summary).toContain('finished without a result');
      expect(result.summary).not.toContain('Module tests passed');
    });

    it('a final status the spec does not name fails, naming it', async () => {
      const h = await startHarness({ testRuns: { outcome: ended('terminated', 'pass') } });
      const { result } = await h.run();
      expect(result.failure?.message).toMatch(
        /^Test run trun-\w+ ended as "terminated" \(a status the service's API documentation does not name\): nothing says whether the tests passed\./,
      );
      expect(result.conclusion).toBe('failure');
      expect(result.title).toMatch(/ended in a status the service's API documentation does not name/);
      expect(result.outputs.status).toBe('terminated');
      expect(result.summary).toContain('Module test run ended as "terminated"');
      expect(result.summary).not.toContain('Module tests passed');
    });

    it('a status the spec does not name before running is waited through', async () => {
      // Each status held 150 ms of the clock, several reads long, however slow the machine.
      const { result, log } = await runOnClock({
        testRuns: { unnamedStatuses: ['preparing', 'provisioning'], queuedMs: 150 },
      });
      expect(log).toMatch(/Test run trun-\w+: preparing/);
      expect(result.failure).toBeNull();
      expect(result.outputs).toMatchObject({ status: 'finished', 'test-status': 'pass' });
    });

    it('a create answered 2xx without the test-runs document: the step fails saying what came back, and stops the run it may have made', async () => {
      const h = await startHarness();
      h.emulator.inject({ port: 'api', method: 'POST', path: /\/test-runs$/, kind: { type: 'no-body', status: 201 } });
      const { result } = await h.run({ verbose: true });
      expect(result.failure?.message).toMatch(
        /starting the test run failed: POST .*test-runs: the service answered 201 without a `test-runs` document/,
      );
      expect(result.outputs['test-status']).toBe('');
      expect(liveRuns(h.emulator)).toEqual([]);
    });
  });

  describe('timeout', () => {
    it('ends the wait with a distinct message and cancels the running run', async () => {
      const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50 } });
      const started = Date.now();
      const { result, state } = await h.run({ timeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(5000);
      const run = reportedRun(h.emulator, result);
      expect(run.cancelRequested).toBe(true);
      expect(run.forceCanceled).toBe(false);
      expect(run.status).toBe('canceled');
      expect(result.failure?.message).toMatch(
        /^Timed out after 0s waiting for test run trun-\w+ \(still running\); test run trun-\w+ was cancelled\./,
      );
      expect(result.conclusion).toBe('timed_out');
      expect(result.summary).toContain('timed out');
      expect((result.outputs.result as { 'timed-out': boolean })['timed-out']).toBe(true);
      expect(state.get('testRunCancelRequested')).toBe('true');
    });

    it('a run still queued at the timeout is cancelled as soon as it runs', async () => {
      const h = await startHarness({ testRuns: { queuedMs: 600, runningMs: 60_000, cancelGraceMs: 50 } });
      const { result } = await h.run({ timeoutMs: 100 });
      const run = reportedRun(h.emulator, result);
      expect(run.cancelRequested).toBe(true);
      expect(run.status).toBe('canceled');
      expect(result.failure?.message).toMatch(/^Timed out after .* \(still queued\)/);
    });

    it('a queued run that does not start within the bounded wait is left for the post step, and said so', async () => {
      const h = await startHarness({ testRuns: { queuedMs: 60_000 } });
      const { result, state } = await h.run({ timeoutMs: 100 }, { tuning: { stopAfterWaitMs: 300 } });
      expect(reportedRun(h.emulator, result).cancelRequested).toBe(false);
      expect(result.failure?.message).toMatch(
        /still queued and can be cancelled only once it runs; the post step cancels it then/,
      );
      expect(state.get('testRunFinal')).toBeUndefined();
    });
  });
});
