// `timeout` bounds the whole wait, whatever the service does (action-interface "timeout"): a read
// that never answers, or a 429 whose Retry-After reaches past the deadline, ends the wait at the
// deadline, and the cancel is sent on every way the wait ends without a final status.
import { describe, expect, it } from 'vitest';
import { personalityFromEnvironment } from '../emulator/index.ts';
import { DEFAULT_TUNING } from '../../src/modes/run-module-tests/tuning.ts';
import { liveRuns, reportedRun, startHarness, until } from './harness.ts';

/** A read of a test run by id (not the list). */
const RUN_READ = { port: 'api', method: 'GET', path: /\/test-runs\/trun-[A-Za-z0-9]+$/ } as const;

describe('the timeout holds', () => {
  it('a read answered 429 with Retry-After: 299 ends the wait at the deadline; the cancel goes out at once', async () => {
    const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50 } });
    h.emulator.inject({ ...RUN_READ, kind: { type: 'status', status: 429, retryAfter: '299' } });
    const started = Date.now();
    const { result } = await h.run({ timeoutMs: 1000 });
    const took = Date.now() - started;
    const run = reportedRun(h.emulator, result);
    expect(h.emulator.requests.some((r) => r.status === 429)).toBe(true);
    expect(run.cancelRequested).toBe(true);
    const cancel = h.emulator.requests.find((r) => r.path.endsWith(`/${run.id}/cancel`))!;
    // Sent as the wait ended, not after the 299 s the service asked for.
    expect(cancel.at - started).toBeLessThan(3000);
    expect(took).toBeLessThan(1000 + 3000 + 1500);
    expect(result.failure?.message).toMatch(/^Timed out after 1s waiting for test run trun-\w+/);
    expect(result.conclusion).toBe('timed_out');
  });

  it('a read that never answers ends the wait at the deadline; the cancel goes out at once', async () => {
    const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50 } });
    h.emulator.inject({ ...RUN_READ, kind: { type: 'delay', ms: 600_000 } });
    const started = Date.now();
    const { result } = await h.run({ timeoutMs: 1000 });
    const run = reportedRun(h.emulator, result);
    expect(run).toMatchObject({ cancelRequested: true, status: 'canceled' });
    expect(Date.now() - started).toBeLessThan(1000 + 3000 + 1500);
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
    expect(result.failure?.message).toMatch(/could not be followed to its end .*answered 200 without a `test-runs` document/);
    expect(result.failure?.message).toMatch(/was cancelled|asked to cancel/);
    expect(result.conclusion).toBe('failure');
    await until(() => liveRuns(h.emulator).length === 0, 2000, 'nothing left running');
  });

  it('a run in a status the spec does not name is waited on, and named at the deadline', async () => {
    // queued for 0.2 s, then "preparing" for 0.2 s, then running: the deadline at 0.3 s finds it preparing.
    const h = await startHarness({ testRuns: { unnamedStatuses: ['preparing'], queuedMs: 200, runningMs: 60_000, cancelGraceMs: 50 } });
    const { result } = await h.run({ timeoutMs: 300, verbose: true }, { tuning: { stopAfterWaitMs: 1000 } });
    expect(result.conclusion).toBe('timed_out');
    expect(result.failure?.message).toMatch(/^Timed out after 0s waiting for test run trun-\w+ \(still "preparing" \(a status the spec does not name\)\)/);
    // Once it ran, its cancel was accepted.
    expect(reportedRun(h.emulator, result).cancelRequested).toBe(true);
  });
});

describe.runIf(personalityFromEnvironment() === 'strict')('the timeout as a user sets it', () => {
  it('timeout: 10s, a read answered 429 with Retry-After: 299: the step ends within a few seconds of 10 s, the run cancelled, saying it timed out', async () => {
    const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 120_000, cancelGraceMs: 50 } });
    h.emulator.inject({ ...RUN_READ, kind: { type: 'status', status: 429, retryAfter: '299' } });
    const started = Date.now();
    // The stop after the timeout as it is shipped, not shortened.
    const { result } = await h.run({ timeoutMs: 10_000 }, { tuning: { stopAfterWaitMs: DEFAULT_TUNING.stopAfterWaitMs } });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(10_000);
    // A few seconds: the cancel goes out at once, and is watched for a second; reads are held up by the 429.
    expect(took).toBeLessThan(10_000 + 3000);
    const run = reportedRun(h.emulator, result);
    expect(run).toMatchObject({ cancelRequested: true, status: 'canceled' });
    expect(result.failure?.message).toMatch(/^Timed out after 10s waiting for test run trun-\w+ \(still (running|queued)\); test run trun-\w+ was (cancelled|asked to cancel and is stopping)/);
  }, 30_000);
});
