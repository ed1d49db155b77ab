// The test log while the run runs (action-interface "Mode run-module-tests"): where the service
// already gives a running run its `log-read-url`, each test file and run block is printed in the
// job log as it ends, read as the log grows (a `Range` read where the service honours it, else
// the whole log again with what was printed passed over); the report is built from the whole
// log once the run has ended. A service that gives the address only at the end behaves as before.
import { describe, expect, it } from 'vitest';
import { machineReadableLog } from '../emulator/index.ts';
import { exampleModuleOutcome, exampleRunBlocks } from '../support/example-module-log.ts';
import { hasItsRun, startOnClock } from './harness.ts';

const RUNNING_MS = 60_000;

/** `tests/a.tftest.hcl: run "name"... pass`, as the step prints a run block that ended. */
const RUN_BLOCK_LINE = /^(tests\/[\w.-]+\.tftest\.hcl): run "([^"]+)"\.\.\. (pass|fail|error|skip)$/gm;

async function testRunOnClock(testRuns: Record<string, unknown>) {
  const started = await startOnClock({
    testRuns: { queuedMs: 10, runningMs: RUNNING_MS, outcome: exampleModuleOutcome('fail'), ...testRuns },
  });
  const { clock, h, run, log } = started;
  const running = run({ timeoutMs: 5 * 60_000 }, { liveLogEveryMs: 2000 });
  await clock.followRealTime(hasItsRun(log));
  const unanswered = () => h.emulator.requests.some((r) => r.status === 0);
  /** Moves time on, 250 ms at a time with the step's requests, until `done` or the step ends. */
  const runUntil = async (done: () => boolean) => {
    while (!done() && !running.settled()) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (unanswered()) continue;
      await clock.advance(250);
    }
  };
  return { ...started, running, runUntil };
}

describe('each run block in the job log as it ends', () => {
  it.each([
    ['that honours Range', true],
    ['that sends the whole log at each read', false],
  ])(
    'a 60 s run whose log grows on a service %s: the first run block is printed before the run finishes, each once',
    async (_what, logRange) => {
      const { clock, h, log, running, runUntil } = await testRunOnClock({ logWhileRunning: true, logRange });
      const startedAt = clock.now();
      await runUntil(() => RUN_BLOCK_LINE.test(log()));
      RUN_BLOCK_LINE.lastIndex = 0;
      // The first run block ended, and the run is still running.
      expect(running.settled()).toBe(false);
      expect(clock.now() - startedAt).toBeLessThan(RUNNING_MS / 2);
      expect(h.emulator.testRuns().find((r) => r.status === 'running')).toBeDefined();
      const [first] = [...log().matchAll(RUN_BLOCK_LINE)];
      const firstBlock = exampleRunBlocks()[0]!;
      expect(first!.slice(1, 3)).toEqual([firstBlock.file, firstBlock.name]);

      await runUntil(() => false);
      const { result } = await running.promise;
      const printed = [...log().matchAll(RUN_BLOCK_LINE)].map((m) => `${m[1]} ${m[2]}`);
      // Every run block once, in the order they ran.
      expect(printed).toEqual(exampleRunBlocks().map((b) => `${b.file} ${b.name}`));
      expect(log()).toMatch(/^tests\/failing\.tftest\.hcl\.\.\. fail$/m);
      // The report is the whole log's, read once the run had ended.
      expect(result.outputs).toMatchObject({ status: 'finished', 'test-status': 'fail' });
      expect(result.summary).toContain('retention_is_capped_at_a_year');
      const logReads = h.emulator.requests.filter((r) => r.port === 'log');
      expect(logReads.length).toBeGreaterThan(2);
      // Read again as it grew: with Range, from where the last read stopped.
      if (logRange) expect(logReads.some((r) => /^bytes=\d+-$/.test(String(r.headers.range)))).toBe(true);
      expect(logReads.at(-1)!.headers.range).toBeUndefined();
    },
  );

  it('a service that gives the log only once the run has ended: nothing printed before, one read after, as before', async () => {
    const { h, log, running, runUntil } = await testRunOnClock({ logWhileRunning: false });
    await runUntil(() => false);
    const { result } = await running.promise;
    expect(log()).not.toMatch(RUN_BLOCK_LINE);
    expect(h.emulator.requests.filter((r) => r.port === 'log')).toHaveLength(1);
    expect(result.outputs).toMatchObject({ status: 'finished', 'test-status': 'fail' });
  });

  it('names from the log are printed as text, never as runner commands', async () => {
    const outcome = { status: 'finished', testStatus: 'pass', passed: 1, failed: 0, errored: 0, skipped: 0 } as const;
    const log = machineReadableLog(outcome, 'tests/a.tftest.hcl').replaceAll('passes_1', '::error::pwned');
    const {
      log: printed,
      running,
      runUntil,
    } = await testRunOnClock({
      logWhileRunning: true,
      logRange: true,
      outcome: { ...outcome, log },
    });
    await runUntil(() => false);
    await running.promise;
    expect(printed()).toContain('tests/a.tftest.hcl: run "');
    expect(printed()).not.toMatch(/^\s*::error::/m);
  });
});
