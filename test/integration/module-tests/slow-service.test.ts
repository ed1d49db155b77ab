// Cancellation against a slow service: a create that is not answered before the signals, and
// reads that take longer than the runner's grace periods. The limits here are those of the
// runner scaled down (FAST_TUNING); process.test.ts keeps the runner's own 7.5 s.
//
// The step, its client and the emulator share one manual clock. It follows real time until the
// step has got where a test wants it (a create sent, a run read running); from the signals on,
// the test moves it: every limit is checked at the millisecond it falls on, and "at once" means
// before the clock moved at all, whatever the machine's load.
import { describe, expect, it } from 'vitest';
import { runPostStep } from '../../../src/post-step.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import type { Emulator } from '../../emulator/api.ts';
import { tracked } from '../../support/manual-clock.ts';
import { advanceTo, endsNow, FAST_CLIENT, readRunning, startOnClock, until } from '../../module-tests/harness.ts';
import type { Harness } from '../../module-tests/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const CREATE = { method: 'POST', path: /\/test-runs$/ } as const;

  // The step's own create and reads are the subject here: the service queues no run of its own on
  // upload (uploadCreatesRun false, under either personality). one-live-run.test.ts has the runs a
  // service queues by itself.
  const NO_RUN_ON_UPLOAD = { uploadCreatesRun: false } as const;

  function createArrived(emulator: Emulator): boolean {
    return emulator.requests.some((r) => r.method === 'POST' && /\/test-runs$/.test(r.path));
  }

  function runPostWith(emulator: Emulator, state: Map<string, string>) {
    const lines: string[] = [];
    const inputs: Record<string, string> = { token: emulator.token, 'base-url': emulator.baseUrl };
    return runPostStep({
      read: (name) => inputs[name] ?? '',
      getState: (name) => state.get(name) ?? '',
      sink: plainSink({ stdout: { write: (t: string) => lines.push(t) }, secrets: [emulator.token] }),
      client: FAST_CLIENT,
      tuning: { pollMs: 20, graceMs: 200, queuedWaitMs: 3000, appearWaitMs: 5000 },
    }).then((code) => ({ code, log: lines.join('') }));
  }

  describe('a create the service answers slowly', () => {
    it('is given a bounded wait after the signals; the step leaves with the configuration version saved, and the post step stops the run once it appears', async () => {
      const { clock, h, cancellation, run } = await startOnClock({
        testRuns: { ...NO_RUN_ON_UPLOAD, queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50 },
      });
      h.emulator.inject({ ...CREATE, kind: { type: 'delay', ms: 2500 } });
      // The look-up of the version's runs may last until 700 ms after SIGINT.
      const running = run({}, { createWaitAfterSignalMs: 400, lookUpAfterSignalMs: 700 });
      await clock.followRealTime(() => createArrived(h.emulator));
      const interrupted = cancellation.send('SIGINT');
      await clock.advance(200);
      cancellation.send('SIGTERM');
      // The create's wait and the look-up, counted from SIGINT, not from when they were applied.
      await advanceTo(clock, interrupted, 399);
      expect(running.settled()).toBe(false);
      await advanceTo(clock, interrupted, 700);
      const { result, state } = await endsNow(running, 'the step leaving at the end of the look-up');
      expect(h.emulator.testRuns()).toEqual([]);
      expect(result.conclusion).toBe('cancelled');
      expect(result.failure?.message).toMatch(
        /cancelled while the test run was being created.*The post step looks for test runs of configuration version cv-\w+/,
      );
      expect(state.get('testRunId')).toBeUndefined();
      expect(state.get('testRunCreateSent')).toBe('true');
      const version = state.get('testRunConfigurationVersion');
      expect(version).toMatch(/^cv-/);

      // The post step starts before the run exists, and waits for it to appear; the service (on
      // real time again) creates it when its 2.5 s have passed.
      const post = tracked(runPostWith(h.emulator, state));
      await clock.followRealTime(post.settled);
      const { code, log } = await post.promise;
      expect(code).toBe(0);
      const runs = h.emulator.testRuns();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ configurationVersionId: version, status: 'canceled', cancelRequested: true });
      expect(log).toContain('waiting up to');
      expect(log).toMatch(/Test run trun-\w+ of module acme\/log-bucket\/aws was cancelled\./);
    });

    it('answered within the wait: the run id is saved at once, and the replayed signals keep their own deadlines', async () => {
      // Queued for longer than the test: the run cannot be cancelled, so the step watches it until
      // its deadline, which must count from SIGTERM's arrival.
      const { clock, h, cancellation, run } = await startOnClock({
        testRuns: { ...NO_RUN_ON_UPLOAD, queuedMs: 60_000 },
      });
      h.emulator.inject({ ...CREATE, kind: { type: 'delay', ms: 1000 } });
      const running = run({}, { windDownMs: 3000, forceBudgetMs: 500, createWaitAfterSignalMs: 3000 });
      await clock.followRealTime(() => createArrived(h.emulator));
      const createdAt = h.emulator.requests.find((r) => r.method === 'POST' && /\/test-runs$/.test(r.path))!.at;
      cancellation.send('SIGINT');
      await clock.advance(100);
      const terminated = cancellation.send('SIGTERM');
      // The force budget from SIGTERM ends before the create is answered: the step still waits for
      // the answer (the create's own wait is 3 s), and leaves as it comes, the budget being spent.
      await advanceTo(clock, terminated, 500);
      expect(running.settled()).toBe(false);
      await advanceTo(clock, createdAt, 1000);
      const { result, state } = await endsNow(running, 'the step leaving as the create is answered');
      const run1 = h.emulator.testRuns()[0]!;
      expect(state.get('testRunId')).toBe(run1.id);
      expect(result.outputs['test-run-id']).toBe(run1.id);
      expect(result.conclusion).toBe('cancelled');
      expect(result.failure?.message).toMatch(
        /still queued and can be cancelled only once it runs; the post step cancels it then/,
      );
      // The create answered: it is not looked up, nor sent again.
      expect(h.emulator.requests.filter((r) => r.method === 'POST' && /\/test-runs$/.test(r.path))).toHaveLength(1);
    });

    it('a 429 with a long Retry-After on the create: the step does not wait for it, and no run is ever created', async () => {
      const { clock, h, cancellation, run } = await startOnClock({ testRuns: NO_RUN_ON_UPLOAD });
      h.emulator.inject({ ...CREATE, kind: { type: 'status', status: 429, retryAfter: '20' } });
      const running = run({}, { createWaitAfterSignalMs: 300, lookUpAfterSignalMs: 600 });
      await clock.followRealTime(() =>
        h.emulator.requests.some((r) => r.method === 'POST' && /\/test-runs$/.test(r.path) && r.status === 429),
      );
      const interrupted = cancellation.send('SIGINT');
      await advanceTo(clock, interrupted, 600);
      const { result, state } = await endsNow(running, 'the step leaving by the end of the look-up');
      expect(result.conclusion).toBe('cancelled');
      expect(state.get('testRunConfigurationVersion')).toMatch(/^cv-/);
      // Past the 20 s the service asked for: nothing is sent again.
      await clock.advance(30_000);
      expect(h.emulator.testRuns()).toEqual([]);
      expect(h.emulator.requests.filter((r) => r.method === 'POST' && /\/test-runs$/.test(r.path))).toHaveLength(1);
    });
  });

  describe('reads slower than the runner leaves after SIGTERM', () => {
    const RUNNING_FOR_GOOD = { ...NO_RUN_ON_UPLOAD, queuedMs: 10, runningMs: 120_000, cancelGraceMs: Infinity };
    const runPath = (h: Harness) => `/test-runs/${h.emulator.testRuns()[0]!.id}`;
    const requestsTo = (h: Harness, suffix: string) => h.emulator.requests.filter((r) => r.path.endsWith(suffix));

    for (const latencyMs of [1500, 3000]) {
      it(`at ${latencyMs / 1000} s per request, SIGTERM sends the force-cancel at once, beside the read in flight`, async () => {
        const { clock, h, cancellation, run, log } = await startOnClock({ testRuns: RUNNING_FOR_GOOD });
        const running = run({}, { windDownMs: 8500, forceBudgetMs: 1200 });
        await clock.followRealTime(readRunning(log));
        h.emulator.configure({ latencyMs });
        // The step has read it running: its cancel goes out at the first signal, before any read.
        const interrupted = cancellation.send('SIGINT');
        await until(() => requestsTo(h, '/cancel').length === 1, 5000, 'the cancel');
        expect(requestsTo(h, '/cancel')[0]!.at).toBe(interrupted);
        // Answered after the service's latency; a read goes out (the answer wakes the stop, or its
        // pause ends), and the service holds it.
        await clock.advance(latencyMs);
        await until(() => log().includes('Cancel requested for test run'), 5000, 'the cancel accepted');
        const readInFlight = () =>
          h.emulator.requests.some((r) => r.method === 'GET' && r.path.endsWith(runPath(h)) && r.status === 0);
        if (!readInFlight()) await clock.advance(20);
        await until(readInFlight, 5000, 'a read in flight');
        // SIGTERM as that read is held by the service for `latencyMs`.
        const terminated = cancellation.send('SIGTERM');
        await until(() => requestsTo(h, '/force-cancel').length === 1, 5000, 'the force-cancel');
        expect(requestsTo(h, '/force-cancel')[0]!.at).toBe(terminated);
        // The step leaves within its budget after SIGTERM, answered or not.
        await advanceTo(clock, terminated, 1199);
        expect(running.settled()).toBe(false);
        await clock.advance(1);
        const { result } = await endsNow(running, 'the step leaving at the end of its budget');
        expect(result.conclusion).toBe('cancelled');
        expect(result.failure?.message).toMatch(/force-cancel/);
        // The service applies it once its latency has passed.
        await advanceTo(clock, terminated, latencyMs);
        await until(() => h.emulator.testRuns()[0]!.status === 'canceled', 5000, 'the run canceled');
        expect(h.emulator.testRuns()[0]).toMatchObject({ cancelRequested: true, forceCanceled: true });
        expect(requestsTo(h, '/cancel')).toHaveLength(1);
        expect(requestsTo(h, '/force-cancel')).toHaveLength(1);
      });
    }

    it('SIGTERM while the cancel is still unanswered: the force-cancel follows the cancel at once', async () => {
      const { clock, h, cancellation, run, log } = await startOnClock({ testRuns: RUNNING_FOR_GOOD });
      const running = run({}, { windDownMs: 8500, forceBudgetMs: 1200 });
      await clock.followRealTime(readRunning(log));
      h.emulator.configure({ latencyMs: 600 });
      cancellation.send('SIGINT');
      await until(() => requestsTo(h, '/cancel').length === 1, 5000, 'the cancel sent');
      const terminated = cancellation.send('SIGTERM');
      // Sent on the cancel's answer (the spec allows it only after a cancel), not after a read.
      await clock.advance(600);
      await until(() => requestsTo(h, '/force-cancel').length === 1, 5000, 'the force-cancel');
      const cancel = requestsTo(h, '/cancel')[0]!;
      const force = requestsTo(h, '/force-cancel')[0]!;
      expect(force.at - cancel.at).toBe(600);
      await advanceTo(clock, terminated, 1199);
      expect(running.settled()).toBe(false);
      await clock.advance(1);
      const { result } = await endsNow(running, 'the step leaving at the end of its budget');
      expect(result.conclusion).toBe('cancelled');
      await until(() => h.emulator.testRuns()[0]!.status === 'canceled', 5000, 'the run canceled');
      expect(h.emulator.testRuns()[0]!.forceCanceled).toBe(true);
    });
  });
});
