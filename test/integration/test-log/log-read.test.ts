// run-module-tests reading logs it cannot hold: the emulator's log-read-url answered by a log
// server (test/support/log-front.ts) with a generated log that never ends, or that breaks off.
// The step reads what it can within its bound, reports it, and keeps the run's own counters.
import { describe, expect, it } from 'vitest';
import { startHarness, startOnClock } from '../../module-tests/harness.ts';
import { hugeTestLog } from '../../support/huge-test-log.ts';
import { startLogFront } from '../../support/log-front.ts';

const OUTCOME = {
  status: 'finished',
  testStatus: 'fail',
  passed: 90,
  failed: 10,
  errored: 0,
  skipped: 0,
  log: '',
} as const;

describe('a test log too large to hold', () => {
  it('a log that never ends is read for the bound, and what was read is reported with the run counters', async () => {
    // The step's own bound (a minute) on its clock: the log streams in real time until it is
    // well under way, then the clock reaches the bound, whatever the machine's pace.
    const { clock, h, run } = await startOnClock({
      testRuns: { queuedMs: 10, runningMs: 30, outcome: { ...OUTCOME } },
    });
    let served = 0;
    const front = await startLogFront(h.emulator, (res) => {
      const log = hugeTestLog(0, true);
      log.stream.on('data', (chunk: string) => (served += chunk.length));
      res.on('close', () => log.stream.destroy());
      log.stream.pipe(res);
    });
    try {
      const running = run();
      await clock.followRealTime(() => served > 100_000);
      await clock.advance(60_000);
      const { result, log } = await clock.runUntilSettled(running.promise);

      expect(front.reads).toBe(1);
      expect(served).toBeGreaterThan(100_000);
      expect(log).toMatch(
        /The log of test run trun-\w+ was read only in part \([\d.]+ [KM]iB; it was still being read after 1m00s\)/,
      );
      // The counters are the run's; the detail is what the log gave before the cut.
      expect(result.outputs).toMatchObject({
        status: 'finished',
        'test-status': 'fail',
        'tests-passed': 90,
        'tests-failed': 10,
      });
      expect(
        result.annotations.filter((a) => a.level === 'error' && a.file?.includes('tests/part_')).length,
      ).toBeGreaterThan(0);
      const files = (result.outputs.result as { files: Array<{ runs: unknown[] }> }).files;
      expect(files.flatMap((f) => f.runs).length).toBeLessThanOrEqual(2000);
    } finally {
      await front.close();
    }
  });

  it('a log whose answer never comes: one request, cut at the bound, a warning, and the run counters', async () => {
    const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 30, outcome: { ...OUTCOME } } });
    // Headers never sent; the front closes the held response when it closes.
    const front = await startLogFront(h.emulator, () => undefined);
    try {
      const { result, log } = await h.run({}, { tuning: { logReadTimeoutMs: 300 } });
      expect(front.reads).toBe(1);
      expect(log).toMatch(/The log of test run trun-\w+ could not be read \(it did not answer within \d/);
      expect(result.outputs).toMatchObject({ 'tests-passed': 90, 'tests-failed': 10 });
    } finally {
      await front.close();
    }
  });

  it('a log that breaks off midway: the part read is reported, with a warning saying so', async () => {
    const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 30, outcome: { ...OUTCOME } } });
    const front = await startLogFront(h.emulator, (res) => {
      const log = hugeTestLog(50 * 1024 * 1024);
      let sent = 0;
      log.stream.on('data', (chunk: string) => {
        sent += chunk.length;
        if (sent > 2_000_000) {
          log.stream.destroy();
          res.socket?.destroy();
        }
      });
      log.stream.pipe(res);
    });
    try {
      const { result, log } = await h.run();
      expect(log).toMatch(
        /The log of test run trun-\w+ was read only in part \([\d.]+ MiB; the connection failed \(\w+\)\)/,
      );
      expect(result.outputs).toMatchObject({ 'tests-passed': 90, 'tests-failed': 10 });
      expect(result.annotations.some((a) => a.file?.includes('tests/part_'))).toBe(true);
    } finally {
      await front.close();
    }
  });
});
