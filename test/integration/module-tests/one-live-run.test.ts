// A service that queues a run of its own on upload, whatever auto-queue-runs said (spec 4.2:
// "Uploading a configuration file automatically creates the test"), early or late: the step ends
// with exactly one live run of the configuration version, carrying the requested options, the
// extra run cancelled and named, and nothing left running.
import { describe, expect, it } from 'vitest';
import type { ModeResult } from '../../../src/modes/mode.ts';
import { createServiceClient } from '../../../src/service/client.ts';
import type { Emulator } from '../../emulator/api.ts';
import { liveRuns, reportedRun, runOnClock, startOnClock, uncancelledRuns } from '../../module-tests/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

underEachPersonality(() => {
  const PER_RUN_OPTIONS = {
    testFilters: ['tests/passing.tftest.hcl'],
    testVariables: [{ key: 'retention_days', value: '30' }],
    verbose: true,
  };

  function otherRunIds(result: ModeResult): string[] {
    return (result.outputs.result as { 'other-runs': Array<{ id: string }> })['other-runs'].map((r) => r.id);
  }

  /** What every case must show: one live run with the requested options, the others cancelled and named. */
  function expectOneLiveRun(
    emulator: Emulator,
    result: ModeResult,
    log: string,
    requested: { filters: string[]; verbose: boolean; variables: unknown[] },
  ): void {
    expect(result.failure).toBeNull();
    const version = reportedRun(emulator, result).configurationVersionId;
    const ofVersion = (runs: ReturnType<Emulator['testRuns']>) =>
      runs.filter((r) => r.configurationVersionId === version);
    const kept = ofVersion(uncancelledRuns(emulator));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ status: 'finished', ...requested });
    expect(reportedRun(emulator, result).id).toBe(kept[0]!.id);
    expect(result.outputs).toMatchObject({ status: 'finished', 'test-status': 'pass' });
    const others = ofVersion(emulator.testRuns()).filter((r) => r.id !== kept[0]!.id);
    for (const other of others) {
      expect(other).toMatchObject({ status: 'canceled', cancelRequested: true });
      // Named in one warning (the action's contract) and a line of the job summary; the check run
      // and the comment, read away from the job, leave it out.
      expect(log.split(`warning: Test run ${other.id}`)).toHaveLength(2);
      expect(log).toContain(`warning: Test run ${other.id} also tests configuration version`);
      expect(result.summary).toContain(other.id);
      expect(result.publishedSummary).not.toContain(other.id);
    }
    expect(otherRunIds(result).sort()).toEqual(others.map((r) => r.id).sort());
    expect(liveRuns(emulator)).toEqual([]);
  }

  describe('a service that queues its own run after the upload', () => {
    for (const delayMs of [30, 400, 1500]) {
      it(`${delayMs} ms after the upload, per-run options: the step's run is the one, the service's is cancelled and named`, async () => {
        const { h, result, log } = await runOnClock(
          { testRuns: { respectAutoQueueRuns: false, autoRunDelayMs: [delayMs, delayMs], runningMs: 300 } },
          PER_RUN_OPTIONS,
          { otherRuns: { lateRunWindowMs: delayMs + 500 } },
        );
        expectOneLiveRun(h.emulator, result, log, {
          filters: PER_RUN_OPTIONS.testFilters,
          verbose: true,
          variables: PER_RUN_OPTIONS.testVariables,
        });
        const service = h.emulator.testRuns().filter((r) => r.source === 'svc-configuration-version');
        expect(service).toHaveLength(1);
        expect(reportedRun(h.emulator, result).source).toBe('svc-api');
        expect(otherRunIds(result)).toEqual([service[0]!.id]);
      });

      it(`${delayMs} ms after the upload, default options: one live run, any second one cancelled and named`, async () => {
        const { h, result, log } = await runOnClock(
          { testRuns: { respectAutoQueueRuns: false, autoRunDelayMs: [delayMs, delayMs], runningMs: 300 } },
          {},
          { otherRuns: { lateRunWindowMs: delayMs + 500 } },
        );
        expectOneLiveRun(h.emulator, result, log, { filters: [], verbose: false, variables: [] });
        // A run that arrives within the adoption wait (250 ms here) is adopted: no second run at all.
        if (delayMs < 250) {
          expect(h.emulator.testRuns()).toHaveLength(1);
          expect((result.outputs.result as { adopted: boolean }).adopted).toBe(true);
        }
      });
    }

    it('with the strict default, a delay drawn from 0 to 2 s: one live run with the requested options', async () => {
      const { h, result, log } = await runOnClock(
        { personality: 'strict', testRuns: { autoRunDelayMs: [0, 2000], runningMs: 300 } },
        PER_RUN_OPTIONS,
        { otherRuns: { lateRunWindowMs: 2500 } },
      );
      expectOneLiveRun(h.emulator, result, log, {
        filters: PER_RUN_OPTIONS.testFilters,
        verbose: true,
        variables: PER_RUN_OPTIONS.testVariables,
      });
      expect(h.emulator.testRuns()).toHaveLength(2);
    });

    it('a late run is looked for during the whole wait, not once: one queued 1.5 s into a long run is cancelled while the run goes on', async () => {
      // The late-run window is short: only the looks during the wait can see the service's run.
      const { h, result, log } = await runOnClock(
        { testRuns: { respectAutoQueueRuns: false, autoRunDelayMs: [1500, 1500], runningMs: 2500 } },
        PER_RUN_OPTIONS,
        { otherRuns: { lateRunWindowMs: 100, maxLookMs: 300 } },
      );
      expectOneLiveRun(h.emulator, result, log, {
        filters: PER_RUN_OPTIONS.testFilters,
        verbose: true,
        variables: PER_RUN_OPTIONS.testVariables,
      });
      const service = h.emulator.testRuns().find((r) => r.source === 'svc-configuration-version')!;
      const cancel = h.emulator.requests.find((r) => r.path.endsWith(`/${service.id}/cancel`) && r.status === 202)!;
      const ownLastRead = Math.max(
        ...h.emulator.requests
          .filter((r) => r.path.endsWith(`/${reportedRun(h.emulator, result).id}`))
          .map((r) => r.at),
      );
      expect(cancel.at).toBeLessThan(ownLastRead);
    });

    it("the late-run window runs on the step's clock: a run queued 20 s after the upload, once the step's own has ended, is cancelled and named", async () => {
      // The window is 30 s of the step's clock, which the test moves: the step waits it out and
      // finds the service's run, however little real time passes.
      const { clock, h, run } = await startOnClock({
        testRuns: { respectAutoQueueRuns: false, autoRunDelayMs: [20_000, 20_000], runningMs: 300 },
      });
      const running = run(PER_RUN_OPTIONS, { otherRuns: { lateRunWindowMs: 30_000 } });
      const { result, log } = await clock.runUntilSettled(running.promise);
      expectOneLiveRun(h.emulator, result, log, {
        filters: PER_RUN_OPTIONS.testFilters,
        verbose: true,
        variables: PER_RUN_OPTIONS.testVariables,
      });
      const service = h.emulator.testRuns().filter((r) => r.source === 'svc-configuration-version');
      expect(otherRunIds(result)).toEqual(service.map((r) => r.id));
      expect(service).toHaveLength(1);
    });

    it('more than one run of its own: each is cancelled and named', async () => {
      const { clock, h, run } = await startOnClock({ testRuns: { uploadCreatesRun: false, runningMs: 400 } });
      const started = run(PER_RUN_OPTIONS);
      // Two runs of the version that the step did not start, queued right after its own: the
      // step's clock stands still meanwhile.
      await clock.followRealTime(() => h.emulator.testRuns().length === 1);
      const client = createServiceClient({ clock: systemClock, baseUrl: h.emulator.baseUrl, token: h.emulator.token });
      const module = { organization: h.emulator.organization, name: 'log-bucket', provider: 'aws' };
      try {
        const version = h.emulator.testRuns()[0]!.configurationVersionId;
        for (let i = 0; i < 2; i++) await client.moduleTests.createTestRun(module, { configurationVersionId: version });
      } finally {
        await client.close();
      }
      const { result, log } = await clock.runUntilSettled(started.promise);
      expectOneLiveRun(h.emulator, result, log, {
        filters: PER_RUN_OPTIONS.testFilters,
        verbose: true,
        variables: PER_RUN_OPTIONS.testVariables,
      });
      expect(otherRunIds(result)).toHaveLength(2);
    });
  });

  describe('finding the runs of a configuration version', () => {
    it("does not read the module's whole test history on every look when the list comes newest first", async () => {
      const { clock, h, run } = await startOnClock({
        testRuns: { listOrder: 'newest-first', respectAutoQueueRuns: false, autoRunDelayMs: [100, 100] },
      });
      h.emulator.seedTestRuns({ name: 'log-bucket', provider: 'aws' }, 350);
      const { result, log } = await clock.runUntilSettled(run(PER_RUN_OPTIONS).promise);
      expectOneLiveRun(h.emulator, result, log, {
        filters: PER_RUN_OPTIONS.testFilters,
        verbose: true,
        variables: PER_RUN_OPTIONS.testVariables,
      });
      const lists = h.emulator.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/test-runs'));
      expect(lists.length).toBeGreaterThan(1);
      // Four pages of 100 hold the history; each look read the first only.
      expect(lists.filter((r) => r.rawQuery.includes('page%5Bnumber%5D=')).map((r) => r.rawQuery)).toEqual([]);
    });

    for (const listOrder of ['by-id', 'creation'] as const) {
      it(`is right when the list comes ${listOrder === 'by-id' ? 'in no particular order' : 'oldest first'}: the whole list is read`, async () => {
        const { clock, h, run } = await startOnClock({
          testRuns: { listOrder, respectAutoQueueRuns: false, autoRunDelayMs: [100, 100] },
        });
        h.emulator.seedTestRuns({ name: 'log-bucket', provider: 'aws' }, 150);
        const { result, log } = await clock.runUntilSettled(run(PER_RUN_OPTIONS).promise);
        expectOneLiveRun(h.emulator, result, log, {
          filters: PER_RUN_OPTIONS.testFilters,
          verbose: true,
          variables: PER_RUN_OPTIONS.testVariables,
        });
        expect(h.emulator.testRuns().filter((r) => r.source === 'svc-configuration-version')).toEqual([
          expect.objectContaining({ status: 'canceled' }),
        ]);
      });
    }
  });
});
