// The test log while the run runs (action-interface "Mode run-module-tests"): where the service
// already gives a running run its `log-read-url`, each test file and run block is printed in the
// job log as it ends, read as the log grows (a `Range` read where the service honours it, else
// the whole log again with what was printed passed over); the report is built from the whole
// log once the run has ended. A service that gives the address only at the end behaves as before.
import { describe, expect, it } from 'vitest';
import { machineReadableLog } from '../../emulator/index.ts';
import { exampleModuleOutcome, exampleRunBlocks } from '../../support/example-module-log.ts';
import { findRunnerCommands } from '../../support/runner-commands.ts';
import { hasItsRun, startOnClock } from '../../module-tests/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
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
    /** Moves time on, a second at a time with the step's requests, until `done` or the step ends. */
    const runUntil = async (done: () => boolean) => {
      while (!done() && !running.settled()) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (unanswered()) continue;
        await clock.advance(1000);
      }
    };
    return { ...started, running, runUntil };
  }

  describe('each run block in the job log as it ends', () => {
    it.each([
      ['that honours Range', true, true],
      [
        "that ignores Range but pages the log by its own limit and offset (as the service's client reads it)",
        false,
        true,
      ],
      ['that sends the whole log at each read', false, false],
      ["whose 206 answers start at the log's first byte, as their Content-Range says", 'whole' as const, true],
    ])(
      'a 60 s run whose log grows on a service %s: the first run block is printed before the run finishes, each once',
      async (_what, logRange, logPaging) => {
        const { clock, h, log, running, runUntil } = await testRunOnClock({
          logWhileRunning: true,
          logRange,
          logPaging,
        });
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
        if (logRange !== false) expect(logReads.some((r) => /^bytes=\d+-$/.test(String(r.headers.range)))).toBe(true);
        // A store that ignores Range is read by its own paging, where it honours that.
        const paged = logReads.filter((r) => /(^|&)limit=\d+&offset=\d+$/.test(r.rawQuery));
        if (logRange === false && logPaging) expect(paged.length).toBeGreaterThan(1);
        // One that ignores both is asked for a page once, then read whole again.
        if (!logPaging) expect(paged.length).toBeLessThanOrEqual(1);
        expect(logReads.at(-1)!.headers.range).toBeUndefined();
      },
    );

    it('a service that gives the log only once the run has ended: nothing printed before, every run block once from the one read after', async () => {
      const { h, log, running, runUntil } = await testRunOnClock({ logWhileRunning: false });
      await runUntil(() => h.emulator.testRuns().some((r) => r.status === 'finished'));
      expect(log()).not.toMatch(RUN_BLOCK_LINE);
      await runUntil(() => false);
      const { result } = await running.promise;
      const printed = [...log().matchAll(RUN_BLOCK_LINE)].map((m) => `${m[1]} ${m[2]}`);
      expect(printed).toEqual(exampleRunBlocks().map((b) => `${b.file} ${b.name}`));
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

    it('names from the log with control characters: each shown escaped, one line a name, no control character in the log', async () => {
      // The test file and run block names the service serves, each as it is and as the log must show it.
      const file = { raw: 'tests/\x1b[2K\rgone.tftest.hcl', shown: 'tests/\\x1b[2K\\rgone.tftest.hcl' };
      const runs = [
        { raw: '\x1b[2K\rall_good', shown: '\\x1b[2K\\rall_good', status: 'pass' },
        {
          raw: 'link \x1b]8;;https://evil.example/\x07here\x1b]8;;\x07',
          shown: 'link \\x1b]8;;https://evil.example/\\x07here\\x1b]8;;\\x07',
          status: 'pass',
        },
        { raw: 'a\n::error::forged', shown: 'a\\n::error::forged', status: 'pass' },
        { raw: '\u009b31mred\u009b0m', shown: '\\u009b31mred\\u009b0m', status: 'pass' },
        { raw: 'nel\u0085ls\u2028del\x7fnul\x00', shown: 'nel\\u0085ls\\u2028del\\x7fnul\\x00', status: 'pass' },
        { raw: 'tab\there\r\n##[warning]x', shown: 'tab\\there\\r\\n##\\[warning]x', status: 'fail' },
      ];
      const outcome = { status: 'finished', testStatus: 'fail', passed: 5, failed: 1, errored: 0, skipped: 0 } as const;
      // The emulator's log for `FILE` with passes_1..5 and fails_1, the names put in as JSON strings.
      const inJson = (text: string): string => JSON.stringify(text).slice(1, -1);
      const placeholders = ['passes_1', 'passes_2', 'passes_3', 'passes_4', 'passes_5', 'fails_1'];
      let log = machineReadableLog(outcome, 'FILE').replaceAll('FILE', inJson(file.raw));
      placeholders.forEach((name, i) => (log = log.replaceAll(name, inJson(runs[i]!.raw))));

      const {
        log: printed,
        running,
        runUntil,
      } = await testRunOnClock({ logWhileRunning: true, logRange: true, outcome: { ...outcome, log } });
      await runUntil(() => false);
      await running.promise;

      const lines = printed().split('\n');
      for (const run of runs) expect(lines).toContain(`${file.shown}: run "${run.shown}"... ${run.status}`);
      expect(lines).toContain(`${file.shown}... fail`);
      // Each name on its one line: no piece of one starts a line of its own.
      expect(lines.filter((line) => line.includes('gone.tftest.hcl'))).toHaveLength(runs.length + 1);
      expect(lines.filter((line) => /forged|evil\.example|warning\]x/.test(line))).toHaveLength(3);
      // No control character but the line ends anywhere in the log, and no runner command.
      // eslint-disable-next-line no-control-regex -- control characters are what is looked for
      expect(printed()).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]/);
      expect(findRunnerCommands(printed())).toEqual([]);
    });
  });
});
