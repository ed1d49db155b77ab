// `timeout` bounds the whole wait, whatever the service does (action-interface "timeout"): a read
// that never answers, or a 429 whose Retry-After reaches past the deadline, ends the wait at the
// deadline, and the cancel is sent on every way the wait ends without a final status.
import { describe, expect, it } from 'vitest';
import { currentPersonality } from '../../emulator/index.ts';
import { DEFAULT_TUNING } from '../../../src/modes/run-module-tests/tuning.ts';
import type { RunModuleTestsTuning } from '../../../src/modes/run-module-tests/tuning.ts';
import { hasItsRun, liveRuns, reportedRun, startHarness, startOnClock, until } from '../../module-tests/harness.ts';
import type { Harness } from '../../module-tests/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  /** A read of a test run by id (not the list). */
  const RUN_READ = { port: 'api', method: 'GET', path: /\/test-runs\/trun-[A-Za-z0-9]+$/ } as const;

  /**
   * The step, the client and the emulator on one clock, at real pace until the step has its run
   * (its wait, and so its deadline, starts there). Then the clock stops: the wait ends exactly
   * `timeoutMs` later, not a millisecond before, whatever the service does meanwhile; the step's
   * cancel goes out then, before the clock moves on. Returns the step, with the stop that follows
   * at real pace again, and when the wait began.
   */
  async function waitUntilTheDeadline(
    setup: (h: Harness) => void,
    timeoutMs: number,
    tuning: Partial<RunModuleTestsTuning> = {},
  ) {
    const { clock, h, run, log } = await startOnClock({
      testRuns: { queuedMs: 10, runningMs: 120_000, cancelGraceMs: 50 },
    });
    setup(h);
    const running = run({ timeoutMs }, tuning);
    await clock.followRealTime(hasItsRun(log));
    const waitFrom = clock.now();
    const runId = /test run (trun-\w+)/.exec(log())![1]!;
    // The step's own run: under the strict personality the service may queue another one, which
    // the step stops too.
    const cancels = () => h.emulator.requests.filter((r) => r.path.endsWith(`/${runId}/cancel`));
    await clock.advance(timeoutMs - 1);
    expect(cancels()).toEqual([]);
    expect(running.settled()).toBe(false);
    await clock.advance(1);
    await until(() => cancels().length > 0, 5000, 'the cancel');
    expect(cancels()[0]!.at).toBe(waitFrom + timeoutMs);
    await clock.followRealTime(running.settled);
    return { h, clock, waitFrom, ...(await running.promise) };
  }

  describe('the timeout holds', () => {
    it('a read answered 429 with Retry-After: 299 ends the wait at the deadline; the cancel goes out at once', async () => {
      const { h, result } = await waitUntilTheDeadline(
        (h) => h.emulator.inject({ ...RUN_READ, kind: { type: 'status', status: 429, retryAfter: '299' } }),
        1000,
      );
      expect(h.emulator.requests.some((r) => r.status === 429)).toBe(true);
      expect(reportedRun(h.emulator, result).cancelRequested).toBe(true);
      expect(result.failure?.message).toMatch(/^Timed out after 1s waiting for test run trun-\w+/);
      expect(result.conclusion).toBe('timed_out');
    });

    it('a read that never answers ends the wait at the deadline; the cancel goes out at once', async () => {
      const { h, result } = await waitUntilTheDeadline(
        (h) => h.emulator.inject({ ...RUN_READ, kind: { type: 'delay', ms: 600_000 } }),
        1000,
      );
      const run = reportedRun(h.emulator, result);
      expect(run).toMatchObject({ cancelRequested: true, status: 'canceled' });
      expect(result.failure?.message).toMatch(/^Timed out after 1s waiting for test run trun-\w+ .*was cancelled/);
      expect(liveRuns(h.emulator)).toEqual([]);
    });

    it('a read that fails for good (a 2xx without the document) ends the wait, sends the cancel, and says what came back', async () => {
      const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50 } });
      // Once the run is running, its reads answer 200 with no body.
      const { result } = await (async () => {
        const running = h.run({});
        await until(() => h.emulator.testRuns().some((r) => r.status === 'running'), 5000, 'a running run');
        h.emulator.inject({ ...RUN_READ, kind: { type: 'no-body', status: 200 }, times: 3 });
        return running;
      })();
      const run = reportedRun(h.emulator, result);
      expect(run).toMatchObject({ cancelRequested: true });
      expect(result.failure?.message).toMatch(
        /could not be followed to its end .*answered 200 without a `test-runs` document/,
      );
      expect(result.failure?.message).toMatch(/was cancelled|asked to cancel/);
      expect(result.conclusion).toBe('failure');
      await until(() => liveRuns(h.emulator).length === 0, 2000, 'nothing left running');
    });

    it('a run in a status the spec does not name is waited on, and named at the deadline', async () => {
      // Queued for 1 s, then "preparing" for 1 s (each status its `queuedMs`), then running; the
      // deadline, 1.5 s after the step has its run, falls in "preparing" however long the step took
      // to get the run. The clock jumps 1.2 s, into "preparing", then follows the reads at real pace.
      const { clock, run, h, log } = await startOnClock({
        testRuns: { unnamedStatuses: ['preparing'], queuedMs: 1000, runningMs: 60_000, cancelGraceMs: 50 },
      });
      const running = run({ timeoutMs: 1500, verbose: true }, { stopAfterWaitMs: 3000 });
      await clock.followRealTime(hasItsRun(log));
      await clock.advance(1200);
      await clock.followRealTime(running.settled);
      const { result } = await running.promise;
      expect(result.conclusion).toBe('timed_out');
      expect(result.failure?.message).toMatch(
        /^Timed out after 2s waiting for test run trun-\w+ \(still "preparing" \(a status the service's API documentation does not name\)\)/,
      );
      // Once it ran, its cancel was accepted.
      expect(reportedRun(h.emulator, result).cancelRequested).toBe(true);
    });
  });

  describe.runIf(currentPersonality() === 'strict')('the timeout as a user sets it', () => {
    it('timeout: 10s, a read answered 429 with Retry-After: 299: the step ends within a few seconds of 10 s, the run cancelled, saying it timed out', async () => {
      // The stop after the timeout as it is shipped, not shortened.
      const { h, clock, waitFrom, result } = await waitUntilTheDeadline(
        (h) => h.emulator.inject({ ...RUN_READ, kind: { type: 'status', status: 429, retryAfter: '299' } }),
        10_000,
        { stopAfterWaitMs: DEFAULT_TUNING.stopAfterWaitMs },
      );
      // A few seconds: the cancel goes out at once, and is watched for a second; reads are held up by the 429.
      expect(clock.now() - waitFrom).toBeLessThan(10_000 + 3000);
      const run = reportedRun(h.emulator, result);
      expect(run).toMatchObject({ cancelRequested: true, status: 'canceled' });
      expect(result.failure?.message).toMatch(
        /^Timed out after 10s waiting for test run trun-\w+ \(still (running|queued)\); test run trun-\w+ was (cancelled|asked to cancel and is stopping)/,
      );
    });
  });
});
