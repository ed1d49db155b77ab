// The job being cancelled (SIGINT, then SIGTERM) while a test run exists, and the post step
// stopping a run the main step left behind. Process-level timing is in process.test.ts.
import { describe, expect, it } from 'vitest';
import { runPostStep } from '../../../src/post-step.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { createServiceClient } from '../../../src/service/client.ts';
import { VERSION_RUNS_LISTING_MS } from '../../../src/lifetime/budgets.ts';
import type { Clock } from '../../../src/lifetime/clock.ts';
import { ManualClock, tracked } from '../../support/manual-clock.ts';
import {
  endsNow,
  FAST_CLIENT,
  firstRun,
  liveRuns,
  reportedRun,
  startHarness,
  startOnClock,
  testCancellation,
  until,
} from '../../module-tests/harness.ts';
import type { Harness } from '../../module-tests/harness.ts';
import type { EmulatorOptions } from '../../emulator/api.ts';
import { underEachPersonality } from '../../support/personalities.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

underEachPersonality(() => {
  describe('cancellation of the main step', () => {
    it('first signal cancels the running run; second signal force-cancels it; the step reports canceled', async () => {
      const {
        clock,
        h,
        cancellation,
        run: start,
      } = await startOnClock({ testRuns: { queuedMs: 10, runningMs: 60_000, cancelGraceMs: Infinity } });
      const running = start();
      await clock.followRealTime(
        () =>
          h.emulator.testRuns().length > 0 &&
          liveRuns(h.emulator).length === 1 &&
          liveRuns(h.emulator)[0]!.status === 'running',
      );
      const id = liveRuns(h.emulator)[0]!.id;
      const byId = () => h.emulator.testRuns().find((r) => r.id === id)!;
      // From here the clock stands still: each signal is acted on at once.
      cancellation.send('SIGINT');
      await until(() => byId().cancelRequested, 2000, 'the cancel');
      expect(byId().status).toBe('running');
      cancellation.send('SIGTERM');
      const { result, state } = await endsNow(running, 'the step ending on the force-cancel');
      const run = byId();
      expect(result.outputs['test-run-id']).toBe(id);
      expect(run).toMatchObject({ status: 'canceled', cancelRequested: true, forceCanceled: true });
      expect(result.failure?.message).toMatch(/^The step was cancelled: test run trun-\w+ was force-cancelled\./);
      expect(result.conclusion).toBe('cancelled');
      expect(result.outputs.status).toBe('canceled');
      expect(result.summary).toContain('Module tests cancelled');
      expect(state.get('testRunFinal')).toBe('true');
      const writes = h.emulator
        .writeRequests()
        .filter((r) => r.path.includes(`/${id}/`))
        .map((r) => `${r.method} ${r.path.split('/').slice(-1)[0]}`);
      expect(writes).toEqual(['POST cancel', 'POST force-cancel']);
    });

    it('a SIGTERM alone cancels the run at once and force-cancels it only its stated time after the cancel is accepted', async () => {
      const {
        clock,
        h,
        cancellation,
        run: start,
      } = await startOnClock({ testRuns: { queuedMs: 10, runningMs: 60_000, cancelGraceMs: Infinity } });
      const running = start({}, { forceAfterLoneSigtermMs: 300 });
      await clock.followRealTime(
        () => liveRuns(h.emulator).length === 1 && liveRuns(h.emulator)[0]!.status === 'running',
      );
      const id = liveRuns(h.emulator)[0]!.id;
      const byId = () => h.emulator.testRuns().find((r) => r.id === id)!;
      const writes = () =>
        h.emulator
          .writeRequests()
          .filter((r) => r.path.includes(`/${id}/`))
          .map((r) => `${r.method} ${r.path.split('/').slice(-1)[0]}`);
      // A CI system that sends no SIGINT first: the cancel goes out at once.
      cancellation.send('SIGTERM');
      await until(() => byId().cancelRequested, 2000, 'the cancel');
      // Until its stated time after the cancel, no force-cancel: the tests may begin to tear down.
      await clock.advance(299);
      expect(writes()).toEqual(['POST cancel']);
      await clock.advance(1);
      const { result } = await endsNow(running, 'the step ending on the force-cancel');
      expect(writes()).toEqual(['POST cancel', 'POST force-cancel']);
      expect(byId()).toMatchObject({ status: 'canceled', forceCanceled: true });
      expect(result.failure?.message).toMatch(/^The step was cancelled: test run trun-\w+ was force-cancelled\./);
    });

    it('a second signal after a SIGTERM alone force-cancels at once', async () => {
      const {
        clock,
        h,
        cancellation,
        run: start,
      } = await startOnClock({ testRuns: { queuedMs: 10, runningMs: 60_000, cancelGraceMs: Infinity } });
      const running = start({}, { forceAfterLoneSigtermMs: 60_000 });
      await clock.followRealTime(
        () => liveRuns(h.emulator).length === 1 && liveRuns(h.emulator)[0]!.status === 'running',
      );
      const id = liveRuns(h.emulator)[0]!.id;
      const byId = () => h.emulator.testRuns().find((r) => r.id === id)!;
      cancellation.send('SIGTERM');
      await until(() => byId().cancelRequested, 2000, 'the cancel');
      expect(byId().forceCanceled).toBe(false);
      cancellation.send('SIGTERM');
      await endsNow(running, 'the step ending on the force-cancel');
      expect(byId()).toMatchObject({ status: 'canceled', forceCanceled: true });
    });

    it('a run that stops within its grace after the first signal needs no force-cancel; its log is read', async () => {
      const h = await startHarness({ testRuns: { queuedMs: 10, runningMs: 60_000, cancelGraceMs: 100 } });
      const cancellation = testCancellation();
      const running = h.run({}, { cancellation });
      await until(() => firstRun(h.emulator)?.status === 'running', 5000, 'a running run');
      cancellation.send('SIGINT');
      const { result } = await running;
      expect(reportedRun(h.emulator, result)).toMatchObject({ status: 'canceled', forceCanceled: false });
      expect(liveRuns(h.emulator)).toEqual([]);
      expect(result.failure?.message).toMatch(/test run trun-\w+ was cancelled\./);
      // On its own in the summary, the same words are a sentence.
      expect(result.summary).toMatch(/^Test run trun-\w+ was cancelled\.$/m);
      expect(h.emulator.requests.some((r) => r.port === 'log')).toBe(true);
      expect(result.summary).toContain('The test run was interrupted');
    });

    it('a run still queued at the first signal is cancelled as soon as it runs', async () => {
      const h = await startHarness({ testRuns: { queuedMs: 400, runningMs: 60_000, cancelGraceMs: 50 } });
      const cancellation = testCancellation();
      const running = h.run({}, { cancellation });
      await until(() => h.emulator.requests.some((r) => r.port === 'upload'), 5000, 'the upload');
      await until(() => h.emulator.testRuns().length > 0, 5000, 'a run');
      expect(h.emulator.testRuns().every((r) => r.status === 'queued')).toBe(true);
      cancellation.send('SIGINT');
      const { result } = await running;
      const run = reportedRun(h.emulator, result);
      expect(run).toMatchObject({ status: 'canceled', cancelRequested: true });
      // No cancel of it was sent while it was queued (the service refuses those with 409).
      const cancels = h.emulator.requests.filter((r) => r.path.endsWith(`/${run.id}/cancel`));
      expect(cancels.map((r) => r.status)).toEqual([202]);
      expect(result.conclusion).toBe('cancelled');
      expect(liveRuns(h.emulator)).toEqual([]);
    });

    it('a signal during the upload stops the step without creating a run, and stops one the service starts for the upload', async () => {
      const h = await startHarness();
      const cancellation = testCancellation();
      h.emulator.inject({ port: 'upload', kind: { type: 'delay', ms: 300 } });
      // The upload lands 300 ms after the signal at the latest, and the service's own run up to 150 ms later.
      const running = h.run({}, { cancellation, tuning: { otherRuns: { lateRunWindowMs: 1000 } } });
      await until(() => h.emulator.requests.some((r) => r.port === 'upload'), 5000, 'the upload');
      cancellation.send('SIGINT');
      const { result, state } = await running;
      expect(h.emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/test-runs'))).toEqual([]);
      expect(liveRuns(h.emulator)).toEqual([]);
      expect(result.conclusion).toBe('cancelled');
      expect(state.get('testRunId')).toBeUndefined();
      const serviceRuns = h.emulator.testRuns();
      if (h.emulator.personality === 'cli-tool') {
        expect(serviceRuns).toEqual([]);
        expect(result.failure?.message).toContain('cancelled before a test run was started');
      } else {
        // Strict: the upload created a run whatever auto-queue-runs said; it is stopped and named.
        expect(serviceRuns).toEqual([
          expect.objectContaining({ source: 'svc-configuration-version', status: 'canceled' }),
        ]);
        expect(result.summary).toContain(serviceRuns[0]!.id);
        expect(result.outputs['test-run-id']).toBe('');
      }
    });

    it('a setup that failed after the upload: a signal while the service run is stopped cuts the stop to the wind-down', async () => {
      const h = await startHarness({
        testRuns: { respectAutoQueueRuns: false, autoRunDelayMs: [0, 0], queuedMs: 60_000, runningMs: 60_000 },
      });
      // The step's own run is refused, so it stops the run the service queued for the upload; a
      // queued run cannot be cancelled, so the stop would watch it for its whole 30 s.
      h.emulator.inject({
        port: 'api',
        method: 'POST',
        path: /\/test-runs$/,
        kind: { type: 'status', status: 403 },
      });
      const cancellation = testCancellation();
      const running = h.run(
        { verbose: true },
        {
          cancellation,
          tuning: { windDownMs: 400, forceBudgetMs: 100, otherRuns: { lateRunWindowMs: 0, stopWatchMs: 30_000 } },
        },
      );
      await until(
        () => h.emulator.requests.some((r) => r.method === 'POST' && r.path.endsWith('/test-runs')),
        5000,
        'the refused create',
      );
      cancellation.send('SIGINT');
      const signalledAt = Date.now();
      const { result } = await running;
      // Without the wind-down the stop holds the step for 30 s; with it, well under the runner's kill.
      expect(Date.now() - signalledAt).toBeLessThan(5000);
      expect(result.conclusion).not.toBe('success');
    });

    it('a run the service started by itself on upload is stopped when the signal comes before the step adopted it', async () => {
      const h = await startHarness({
        testRuns: {
          respectAutoQueueRuns: false,
          autoRunDelayMs: [0, 0],
          queuedMs: 10,
          runningMs: 60_000,
          cancelGraceMs: 50,
        },
      });
      const cancellation = testCancellation();
      // The look-up for runs of the configuration version is slow: the signal comes during it.
      h.emulator.inject({ port: 'api', method: 'GET', path: /\/test-runs$/, kind: { type: 'delay', ms: 300 } });
      const running = h.run({}, { cancellation });
      await until(
        () => h.emulator.requests.some((r) => r.method === 'GET' && r.path.endsWith('/test-runs')),
        5000,
        'the look-up',
      );
      cancellation.send('SIGINT');
      const { result, state } = await running;
      const runs = h.emulator.testRuns();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        id: state.get('testRunId'),
        source: 'svc-configuration-version',
        cancelRequested: true,
        status: 'canceled',
      });
      expect(result.conclusion).toBe('cancelled');
      expect(result.outputs['test-run-id']).toBe(runs[0]!.id);
      expect(h.emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/test-runs'))).toEqual([]);
    });
  });

  describe('the look-up after a signal', () => {
    it('has more than a fixed 2 s: a list that takes 2.5 s still finds the run, which is stopped', async () => {
      const h = await startHarness({
        testRuns: {
          respectAutoQueueRuns: false,
          autoRunDelayMs: [0, 0],
          queuedMs: 10,
          runningMs: 60_000,
          cancelGraceMs: 50,
        },
      });
      const cancellation = testCancellation();
      const list = { port: 'api', method: 'GET', path: /\/test-runs$/ } as const;
      // The first look (before the step chose its run) is slow, so the signal comes during it; the
      // look after the signal is slower than 2 s.
      h.emulator.inject({ ...list, kind: { type: 'delay', ms: 300 } }, { ...list, kind: { type: 'delay', ms: 2500 } });
      const running = h.run({}, { cancellation, tuning: { windDownMs: 8500 } });
      await until(
        () => h.emulator.requests.some((r) => r.method === 'GET' && r.path.endsWith('/test-runs')),
        5000,
        'the first look',
      );
      cancellation.send('SIGINT');
      const { result, state } = await running;
      const run = h.emulator.testRuns()[0]!;
      expect(state.get('testRunId')).toBe(run.id);
      expect(result.outputs['test-run-id']).toBe(run.id);
      expect(run).toMatchObject({ cancelRequested: true, status: 'canceled' });
      expect(liveRuns(h.emulator)).toEqual([]);
    }, 15_000);
  });

  async function leaveRunBehind(h: Harness): Promise<Map<string, string>> {
    const cancellation = testCancellation();
    const running = h.run({}, { cancellation, tuning: { windDownMs: 50 } });
    await until(() => h.emulator.writeRequests().some((r) => r.path.endsWith('/test-runs')), 5000, 'the run');
    // The main step stops waiting at once, as if it had been killed after saving the run id.
    cancellation.send('SIGINT');
    cancellation.send('SIGTERM');
    const { state } = await running;
    return state;
  }

  /**
   * `leaveRunBehind` on one clock for the step, the emulator and (later) the post step: the clock
   * moves with real time only until the create is sent, then from wait to wait, so that the run
   * left behind is as young as the test means (still queued, say) whatever the machine's pace.
   */
  async function leaveRunBehindOnClock(emulatorOptions: EmulatorOptions) {
    const { clock, h, run, cancellation } = await startOnClock(emulatorOptions);
    const running = run({}, { windDownMs: 50 });
    await clock.followRealTime(() => h.emulator.writeRequests().some((r) => r.path.endsWith('/test-runs')));
    cancellation.send('SIGINT');
    cancellation.send('SIGTERM');
    const { state } = await clock.runUntilSettled(running.promise);
    return { clock, h, state };
  }

  describe('post step', () => {
    function post(
      h: Harness,
      state: Map<string, string>,
      options: {
        graceMs?: number;
        queuedWaitMs?: number;
        appearWaitMs?: number;
        forceSlackMs?: number;
        clock?: Clock;
      } = {},
    ) {
      const lines: string[] = [];
      const sink = plainSink({ stdout: { write: (t: string) => lines.push(t) }, secrets: [h.emulator.token] });
      const inputs: Record<string, string> = { token: h.emulator.token, 'base-url': h.emulator.baseUrl };
      return runPostStep({
        read: (name) => inputs[name] ?? '',
        getState: (name) => state.get(name) ?? '',
        sink,
        client: FAST_CLIENT,
        tuning: {
          pollMs: 20,
          graceMs: options.graceMs ?? 200,
          queuedWaitMs: options.queuedWaitMs ?? 3000,
          appearWaitMs: options.appearWaitMs ?? 3000,
          ...(options.forceSlackMs === undefined ? {} : { forceSlackMs: options.forceSlackMs }),
        },
        ...(options.clock ? { clock: options.clock } : {}),
      }).then((code) => ({ code, log: lines.join('') }));
    }

    it('cancels a queued run left behind once it runs', async () => {
      // The service creates no run of its own here: the one run is the step's.
      // Queued for 5 s of the clock: the main step's wind-down ends well before the run starts.
      const { clock, h, state } = await leaveRunBehindOnClock({
        testRuns: { uploadCreatesRun: false, queuedMs: 5000, runningMs: 60_000, cancelGraceMs: 50 },
      });
      expect(h.emulator.testRuns()[0]!.status).toBe('queued');
      expect(state.get('testRunFinal')).toBeUndefined();
      const { code, log } = await clock.runUntilSettled(post(h, state, { clock, queuedWaitMs: 10_000 }));
      expect(code).toBe(0);
      expect(h.emulator.testRuns()[0]).toMatchObject({
        status: 'canceled',
        cancelRequested: true,
        forceCanceled: false,
      });
      expect(log).toMatch(/Test run trun-\w+ of module acme\/log-bucket\/aws was cancelled\./);
    });

    it('cancelled in turn while it lists the runs, gives the saved run it then stops only its short after-signal time', async () => {
      // Queued for 5 s of the clock: a stop with its full wait would see it run and cancel it.
      const { clock, h, state } = await leaveRunBehindOnClock({
        testRuns: { uploadCreatesRun: false, queuedMs: 5000, runningMs: 60_000, cancelGraceMs: 50 },
      });
      expect(h.emulator.testRuns()[0]!.status).toBe('queued');
      h.emulator.inject({ port: 'api', method: 'GET', path: /\/test-runs$/, kind: { type: 'delay', ms: 3000 } });
      const startedAt = clock.now();
      const before = h.emulator.requests.length;
      const posting = post(h, state, { clock, queuedWaitMs: 10_000 });
      // The post step's list is held: the runner cancels the post step meanwhile.
      await clock.followRealTime(() =>
        h.emulator.requests.slice(before).some((r) => r.method === 'GET' && /\/test-runs$/.test(r.path)),
      );
      process.emit('SIGINT');
      const { code, log } = await clock.runUntilSettled(posting);
      // It gave up on the queued run about a second after the signal, not once the run ran.
      expect(clock.now() - startedAt).toBeLessThan(4000);
      expect(h.emulator.testRuns()[0]!.cancelRequested).toBeFalsy();
      expect(code).toBe(1);
      expect(log).toMatch(/could not be cancelled/);
    });

    it('force-cancels a run still running after the grace period', async () => {
      const h = await startHarness({
        testRuns: { uploadCreatesRun: false, queuedMs: 10, runningMs: 60_000, cancelGraceMs: Infinity },
      });
      const state = new Map<string, string>();
      const cancellation = testCancellation();
      const running = h.run({}, { cancellation, tuning: { windDownMs: 50 } });
      await until(() => h.emulator.testRuns()[0]?.status === 'running', 5000, 'a running run');
      cancellation.send('SIGINT');
      for (const [k, v] of (await running).state) state.set(k, v);
      // The main step's cancel was accepted and saved; the run keeps running.
      expect(state.get('testRunCancelRequested')).toBe('true');
      expect(h.emulator.testRuns()[0]!.status).toBe('running');
      const started = Date.now();
      const { code, log } = await post(h, state, { graceMs: 300 });
      expect(code).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(h.emulator.testRuns()[0]).toMatchObject({ status: 'canceled', forceCanceled: true });
      expect(log).toContain('was force-cancelled');
      // The cancel was not sent a second time.
      expect(h.emulator.requests.filter((r) => r.path.endsWith('/cancel'))).toHaveLength(1);
    });

    it('fails when a run it answers for is still running at its end: the cancel accepted, every force-cancel refused (409)', async () => {
      const h = await startHarness({
        testRuns: { uploadCreatesRun: false, queuedMs: 10, runningMs: 60_000, cancelGraceMs: Infinity },
      });
      const state = new Map<string, string>();
      const cancellation = testCancellation();
      const running = h.run({}, { cancellation, tuning: { windDownMs: 50 } });
      await until(() => h.emulator.testRuns()[0]?.status === 'running', 5000, 'a running run');
      cancellation.send('SIGINT');
      for (const [k, v] of (await running).state) state.set(k, v);
      h.emulator.inject({
        method: 'POST',
        path: /\/force-cancel$/,
        times: 10_000,
        kind: { type: 'status', status: 409 },
      });
      const { code, log } = await post(h, state, { graceMs: 100, queuedWaitMs: 300, forceSlackMs: 1000 });
      expect(h.emulator.testRuns()[0]!.status).toBe('running');
      // Asked again at the stop's pace (every 20 ms here), never in a burst: some tens, not thousands.
      const forces = h.emulator.requests.filter((r) => r.path.endsWith('/force-cancel')).length;
      expect(forces).toBeGreaterThan(1);
      expect(forces).toBeLessThan(100);
      expect(code).toBe(1);
      expect(log).toMatch(
        /error: Test run trun-\w+ of module acme\/log-bucket\/aws was asked to cancel \(its force-cancel was refused, 409\) and is still running/,
      );
    });

    it('a 404 on its cancel is no proof the run is gone: a read shows it running, and it is cancelled', async () => {
      // Queued long enough for the main step to leave it behind unstopped.
      const h = await startHarness({
        testRuns: { uploadCreatesRun: false, queuedMs: 500, runningMs: 60_000, cancelGraceMs: 50 },
      });
      const state = await leaveRunBehind(h);
      await until(() => h.emulator.testRuns()[0]?.status === 'running', 5000, 'a running run');
      h.emulator.inject({ method: 'POST', path: /\/cancel$/, kind: { type: 'status', status: 404 } });
      const { code, log } = await post(h, state);
      expect(log).not.toContain('no longer exists');
      expect(h.emulator.testRuns()[0]).toMatchObject({ status: 'canceled', cancelRequested: true });
      expect(code).toBe(0);
    });

    it('a listing of the version that pages on without end is cut at its time bound; the saved run is stopped meanwhile', async () => {
      const { clock, h, state } = await leaveRunBehindOnClock({
        testRuns: { uploadCreatesRun: false, queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50 },
      });
      // Every page names a next one, and each takes 50 ms of the clock: 1,000 pages would take 50 s.
      h.emulator.configure({ latencyMs: 50 });
      h.emulator.inject({
        port: 'api',
        method: 'GET',
        path: /\/test-runs$/,
        times: 10_000,
        kind: {
          type: 'rewrite',
          body: (json: { meta: { pagination: Record<string, number | null> } }) => ({
            data: [],
            meta: {
              pagination: {
                ...json.meta.pagination,
                'next-page': json.meta.pagination['current-page']! + 1,
                'total-pages': 100_000,
              },
            },
          }),
        },
      });
      const startedAt = clock.now();
      const before = h.emulator.requests.length;
      const { code, log } = await clock.runUntilSettled(post(h, state, { clock }), 60_000);
      const pages = h.emulator.requests.slice(before).filter((r) => r.method === 'GET' && /\/test-runs$/.test(r.path));
      expect(pages.length).toBeGreaterThan(100);
      expect(pages.length).toBeLessThan(300);
      expect(clock.now() - startedAt).toBeLessThan(VERSION_RUNS_LISTING_MS + 3000);
      // The run whose id was saved did not wait for the listing.
      expect(h.emulator.testRuns()[0]).toMatchObject({ status: 'canceled', cancelRequested: true });
      // Another run of the version may be running unseen: the post step says so, and fails.
      expect(log).toMatch(
        /could not be listed \(the list did not end within 10s\), so another one may still be running/,
      );
      expect(code).toBe(1);
    });

    it("when the main step saw its run final, looks once at the version's runs and stops nothing", async () => {
      const h = await startHarness();
      const { state } = await h.run();
      expect(state.get('testRunFinal')).toBe('true');
      h.emulator.clearRequests();
      const { code, log } = await post(h, state);
      expect(code).toBe(0);
      expect(h.emulator.requests.map((r) => `${r.method} ${r.path.split('/').pop()}`)).toEqual(['GET test-runs']);
      expect(log).toMatch(/Every test run of configuration version cv-\w+ .* has ended: nothing to stop\./);
    });

    it('when the main step saw its run final, stops a run the service queued on the version after the step ended', async () => {
      const { clock, h, run } = await startOnClock({
        testRuns: { respectAutoQueueRuns: false, autoRunDelayMs: [1500, 1500], runningMs: 800, cancelGraceMs: 50 },
      });
      // The step ends before the service queues its run (a window shorter than the service's delay).
      const { result, state } = await clock.runUntilSettled(
        run({ verbose: true }, { otherRuns: { lateRunWindowMs: 100 } }).promise,
      );
      expect(result.failure).toBeNull();
      expect(h.emulator.testRuns()).toHaveLength(1);
      // To the moment the service queues its run.
      await clock.followRealTime(() => h.emulator.testRuns().length === 2);
      const late = h.emulator.testRuns().find((r) => r.source === 'svc-configuration-version')!;
      const { code, log } = await clock.runUntilSettled(post(h, state, { clock }));
      expect(code).toBe(0);
      expect(h.emulator.testRuns().find((r) => r.id === late.id)).toMatchObject({
        status: 'canceled',
        cancelRequested: true,
      });
      expect(log).toContain(`Test run ${late.id} of module acme/log-bucket/aws was cancelled.`);
      expect(liveRuns(h.emulator)).toEqual([]);
    });

    it('does nothing without a saved run (another mode, or no run started)', async () => {
      const h = await startHarness();
      const { code } = await post(h, new Map());
      expect(code).toBe(0);
      expect(h.emulator.requests).toEqual([]);
    });

    it('never fails the job for a run the service no longer knows (404)', async () => {
      const h = await startHarness();
      const state = new Map([
        ['testRunId', 'trun-doesnotexist1234'],
        [
          'testRunModule',
          JSON.stringify({ organization: 'acme', namespace: 'acme', name: 'log-bucket', provider: 'aws' }),
        ],
      ]);
      const { code, log } = await post(h, state);
      expect(code).toBe(0);
      expect(log).toContain('no longer exists (404)');
    });

    it('fails, naming the run, when a queued run never starts within its bounded wait', async () => {
      const h = await startHarness({ testRuns: { uploadCreatesRun: false, queuedMs: 60_000 } });
      const state = await leaveRunBehind(h);
      const { code, log } = await post(h, state, { queuedWaitMs: 200, graceMs: 0 });
      expect(code).toBe(1);
      expect(log).toMatch(
        /error: Test run trun-\w+ of module acme\/log-bucket\/aws could not be cancelled \(it was still queued/,
      );
    });

    /** A configuration version of the test module, uploaded; with `runs` test runs created on it
     *  (the harness's emulators of these tests create none on upload). */
    async function versionWithRuns(
      h: Harness,
      runs: number,
    ): Promise<{ version: string; runIds: string[]; state: Map<string, string> }> {
      const client = createServiceClient({
        clock: systemClock,
        baseUrl: h.emulator.baseUrl,
        token: h.emulator.token,
        ...FAST_CLIENT,
      });
      const module = {
        organization: h.emulator.organization,
        namespace: h.emulator.organization,
        name: 'log-bucket',
        provider: 'aws',
      };
      try {
        const version = await client.moduleTests.createConfigurationVersion(module, { autoQueueRuns: false });
        await client.moduleTests.uploadConfiguration(version.attributes['upload-url']!, new Uint8Array([1, 2, 3]));
        const runIds: string[] = [];
        for (let i = 0; i < runs; i++) {
          const run = await client.moduleTests.createTestRun(module, {
            configurationVersionId: version.id,
            testDirectory: 'tests',
            filters: [],
            variables: [],
            verbose: false,
          });
          runIds.push(run.id);
        }
        // As a main step saves it, its upload answered long ago: the window in which the service
        // may queue a run of its own has passed.
        const state = new Map([
          ['testRunModule', JSON.stringify(module)],
          ['testRunConfigurationVersion', version.id],
          ['testRunLateRunWindow', '400'],
          ['testRunUploadedAt', '1'],
        ]);
        return { version: version.id, runIds, state };
      } finally {
        await client.close();
      }
    }

    it('finds and stops the run by its configuration version when only the version was saved', async () => {
      const h = await startHarness({
        testRuns: { uploadCreatesRun: false, queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50 },
      });
      const { version, runIds, state } = await versionWithRuns(h, 1);
      await until(() => h.emulator.testRuns()[0]?.status === 'running', 2000, 'a running run');
      h.emulator.clearRequests();
      const { code, log } = await post(h, state);
      expect(code).toBe(0);
      expect(h.emulator.testRuns()[0]).toMatchObject({
        id: runIds[0],
        configurationVersionId: version,
        status: 'canceled',
        cancelRequested: true,
      });
      expect(log).toContain(`Test run ${runIds[0]!} of module acme/log-bucket/aws was cancelled.`);
      // The listed run was running: cancelled before any read of it.
      const lines = h.emulator.requests.map((r) => `${r.method} ${r.path.split('/').slice(-1)[0]}`);
      expect(lines.slice(0, 2)).toEqual(['GET test-runs', 'POST cancel']);
    });

    it('stops every run of the saved version that is not final, the saved run among them', async () => {
      const h = await startHarness({
        testRuns: { uploadCreatesRun: false, queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50 },
      });
      const { runIds, state } = await versionWithRuns(h, 2);
      state.set('testRunId', runIds[1]!);
      const { code } = await post(h, state);
      expect(code).toBe(0);
      const runs = h.emulator.testRuns();
      expect(runs.map((r) => r.id).sort()).toEqual([...runIds].sort());
      for (const run of runs) expect(run).toMatchObject({ status: 'canceled', cancelRequested: true });
    });

    it('a saved version without a run, and no create sent: one look, nothing to stop', async () => {
      const h = await startHarness({ testRuns: { uploadCreatesRun: false } });
      const { state } = await versionWithRuns(h, 0);
      h.emulator.clearRequests();
      // On a clock that does not move: the step ends without waiting for anything.
      const clock = new ManualClock();
      const posting = tracked(post(h, state, { appearWaitMs: 5000, clock }));
      await until(posting.settled, 5000, 'the post step ending without a wait');
      const { code, log } = await posting.promise;
      expect(code).toBe(0);
      expect(h.emulator.requests.map((r) => r.method)).toEqual(['GET']);
      expect(log).toMatch(
        /Configuration version cv-\w+ \(module acme\/log-bucket\/aws\) has no test run: nothing to stop\./,
      );
    });

    describe('after a main step killed before the service queued its own run, 1.2 s after the upload', () => {
      const LATE = {
        respectAutoQueueRuns: false,
        autoRunDelayMs: [1200, 1200] as [number, number],
        queuedMs: 20,
        runningMs: 60_000,
        cancelGraceMs: 50,
      };

      /**
       * A configuration version uploaded on `clock` (the service's run of its own is due 1.2 s
       * later on it), and the state a main step killed at `when` saved: the window it watches, and
       * what it had got to.
       */
      async function killedAt(h: Harness, when: 'upload' | 'create' | 'wait', clock: ManualClock) {
        const client = createServiceClient({
          clock: systemClock,
          baseUrl: h.emulator.baseUrl,
          token: h.emulator.token,
          ...FAST_CLIENT,
        });
        const module = {
          organization: h.emulator.organization,
          namespace: h.emulator.organization,
          name: 'log-bucket',
          provider: 'aws',
        };
        try {
          const version = await client.moduleTests.createConfigurationVersion(module, { autoQueueRuns: false });
          const state = new Map([
            ['testRunModule', JSON.stringify(module)],
            ['testRunConfigurationVersion', version.id],
            ['testRunLateRunWindow', '5000'],
          ]);
          await client.moduleTests.uploadConfiguration(version.attributes['upload-url']!, new Uint8Array([1, 2, 3]));
          if (when === 'upload') return state;
          state.set('testRunUploadedAt', String(clock.now()));
          state.set('testRunCreateSent', 'true');
          const run = await client.moduleTests.createTestRun(module, {
            configurationVersionId: version.id,
            testDirectory: 'tests',
            filters: [],
            variables: [],
            verbose: true,
          });
          if (when === 'wait') state.set('testRunId', run.id);
          return state;
        } finally {
          await client.close();
        }
      }

      it.each(['upload', 'create', 'wait'] as const)(
        "killed at the %s: the post step watches the main step's window and stops the late run",
        async (when) => {
          const clock = new ManualClock();
          const h = await startHarness({ clock, testRuns: LATE });
          const state = await killedAt(h, when, clock);
          expect(h.emulator.testRuns().filter((r) => r.source !== 'svc-api')).toEqual([]);
          const started = clock.now();
          const { code, log } = await clock.runUntilSettled(post(h, state, { clock }));
          expect(code).toBe(0);
          const late = h.emulator.testRuns().filter((r) => r.source !== 'svc-api');
          expect(late).toHaveLength(1);
          expect(late[0]).toMatchObject({ status: 'canceled', cancelRequested: true });
          expect(log).toContain('up to 5s after the upload: looking for one until then.');
          // Not much past the window: 5 s from the upload, or, for an upload never answered, from
          // the post step's first look (the clock may have moved on to the service's run by then).
          expect(clock.now() - started).toBeLessThanOrEqual(when === 'upload' ? 1200 + 5000 + 400 : 5000 + 400);
          await clock.advance(10_000);
          expect(liveRuns(h.emulator)).toEqual([]);
        },
      );
    });

    it('a create sent but never answered, and no run appears: a bounded wait, then a warning', async () => {
      const h = await startHarness({ testRuns: { uploadCreatesRun: false } });
      const { state } = await versionWithRuns(h, 0);
      state.set('testRunCreateSent', 'true');
      // Its looks are the only waits on the clock: moved from one to the next, the wait ends
      // exactly at its bound.
      const clock = new ManualClock();
      const started = clock.now();
      const { code, log } = await clock.runUntilSettled(post(h, state, { appearWaitMs: 300, clock }));
      expect(code).toBe(0);
      expect(clock.now() - started).toBe(300);
      expect(log).toMatch(
        /warning: No test run with the requested options appeared on configuration version cv-\w+ .* after the main step sent its create/,
      );
    });
  });
});
