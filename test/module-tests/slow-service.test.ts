// Cancellation against a slow service: a create that is not answered before the signals, and
// reads that take longer than the runner's grace periods. The limits here are those of the
// runner scaled down (FAST_TUNING); process.test.ts keeps the runner's own 7.5 s.
import { describe, expect, it } from 'vitest';
import { runPost } from '../../src/modes/run-module-tests/post.ts';
import { plainSink } from '../../src/report/plain-sink.ts';
import type { Emulator } from '../emulator/api.ts';
import { FAST_CLIENT, startHarness, testCancellation, until } from './harness.ts';

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
  return runPost({
    read: (name) => inputs[name] ?? '',
    getState: (name) => state.get(name) ?? '',
    sink: plainSink({ stdout: { write: (t: string) => lines.push(t) }, secrets: [emulator.token] }),
    client: FAST_CLIENT,
    pollMs: 20,
    graceMs: 200,
    queuedWaitMs: 3000,
    appearWaitMs: 5000,
  }).then((code) => ({ code, log: lines.join('') }));
}

describe('a create the service answers slowly', () => {
  it('is given a bounded wait after the signals; the step leaves with the configuration version saved, and the post step stops the run once it appears', async () => {
    const h = await startHarness({ testRuns: { ...NO_RUN_ON_UPLOAD, queuedMs: 10, runningMs: 60_000, cancelGraceMs: 50 } });
    h.emulator.inject({ ...CREATE, kind: { type: 'delay', ms: 2500 } });
    const cancellation = testCancellation();
    // The look-up of the version's runs may last until 700 ms after SIGINT.
    const tuning = { createWaitAfterSignalMs: 400, lookUpAfterSignalMs: 700 };
    const running = h.run({}, { cancellation, tuning });
    await until(() => createArrived(h.emulator), 5000, 'the create');
    const interrupted = Date.now();
    cancellation.send('SIGINT');
    await new Promise((r) => setTimeout(r, 200));
    cancellation.send('SIGTERM');
    const { result, state } = await running;
    // The create's wait and the look-up, counted from SIGINT, not from when they were applied.
    expect(Date.now() - interrupted).toBeLessThan(700 + 400);
    expect(h.emulator.testRuns()).toEqual([]);
    expect(result.conclusion).toBe('cancelled');
    expect(result.failure?.message).toMatch(/cancelled while the test run was being created.*The post step looks for test runs of configuration version cv-\w+/);
    expect(state.get('testRunId')).toBeUndefined();
    expect(state.get('testRunCreateSent')).toBe('true');
    const version = state.get('testRunConfigurationVersion');
    expect(version).toMatch(/^cv-/);

    // The post step starts before the run exists, and waits for it to appear.
    const { code, log } = await runPostWith(h.emulator, state);
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
    const h = await startHarness({ testRuns: { ...NO_RUN_ON_UPLOAD, queuedMs: 60_000 } });
    h.emulator.inject({ ...CREATE, kind: { type: 'delay', ms: 1000 } });
    const cancellation = testCancellation();
    const running = h.run({}, { cancellation, tuning: { windDownMs: 3000, forceBudgetMs: 500, createWaitAfterSignalMs: 3000 } });
    await until(() => createArrived(h.emulator), 5000, 'the create');
    cancellation.send('SIGINT');
    await new Promise((r) => setTimeout(r, 100));
    const terminated = Date.now();
    cancellation.send('SIGTERM');
    const { result, state } = await running;
    const left = Date.now();
    // The create answered about 0.9 s after SIGTERM: a deadline counted from then would end at
    // 1.4 s; counted from SIGTERM it ends at 0.5 s, before the create even answered.
    expect(left - terminated).toBeLessThan(1250);
    const run = h.emulator.testRuns()[0]!;
    expect(state.get('testRunId')).toBe(run.id);
    expect(result.outputs['test-run-id']).toBe(run.id);
    expect(result.conclusion).toBe('cancelled');
    expect(result.failure?.message).toMatch(/still queued and can be cancelled only once it runs; the post step cancels it then/);
    // The create answered: it is not looked up, nor sent again.
    expect(h.emulator.requests.filter((r) => r.method === 'POST' && /\/test-runs$/.test(r.path))).toHaveLength(1);
  });

  it('a 429 with a long Retry-After on the create: the step does not wait for it, and no run is ever created', async () => {
    const h = await startHarness({ testRuns: NO_RUN_ON_UPLOAD });
    h.emulator.inject({ ...CREATE, kind: { type: 'status', status: 429, retryAfter: '20' } });
    const cancellation = testCancellation();
    const running = h.run({}, { cancellation, tuning: { createWaitAfterSignalMs: 300, lookUpAfterSignalMs: 600 } });
    await until(() => h.emulator.requests.some((r) => r.method === 'POST' && /\/test-runs$/.test(r.path) && r.status === 429), 5000, 'the 429');
    const interrupted = Date.now();
    cancellation.send('SIGINT');
    const { result, state } = await running;
    expect(Date.now() - interrupted).toBeLessThan(600 + 400);
    expect(result.conclusion).toBe('cancelled');
    expect(state.get('testRunConfigurationVersion')).toMatch(/^cv-/);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.emulator.testRuns()).toEqual([]);
    expect(h.emulator.requests.filter((r) => r.method === 'POST' && /\/test-runs$/.test(r.path))).toHaveLength(1);
  });
});

describe('reads slower than the runner leaves after SIGTERM', () => {
  for (const latencyMs of [1500, 3000]) {
    it(`at ${latencyMs / 1000} s per request, SIGTERM sends the force-cancel at once, beside the read in flight`, async () => {
      const h = await startHarness({ testRuns: { ...NO_RUN_ON_UPLOAD, queuedMs: 10, runningMs: 120_000, cancelGraceMs: Infinity } });
      const cancellation = testCancellation();
      const running = h.run({}, { cancellation, tuning: { windDownMs: 8500, forceBudgetMs: 1200 } });
      await until(() => h.emulator.testRuns()[0]?.status === 'running', 5000, 'a running run');
      const runPath = `/test-runs/${h.emulator.testRuns()[0]!.id}`;
      // The step has read it running: its cancel goes out at the first signal, before any read.
      const seenRunning = Date.now();
      await until(() => h.emulator.requests.some((r) => r.path.endsWith(runPath) && r.at > seenRunning && r.status === 200), 2000, 'a read of the running run');
      h.emulator.configure({ latencyMs });
      cancellation.send('SIGINT');
      // A read may come first, should the step not have taken in the running status yet.
      await until(() => h.emulator.testRuns()[0]!.cancelRequested, 2 * latencyMs + 2000, 'the cancel');
      // SIGTERM just as a read of the run went out: that read is answered only `latencyMs` later.
      const readsBefore = h.emulator.requests.filter((r) => r.method === 'GET' && r.path.endsWith(runPath)).length;
      await until(() => h.emulator.requests.filter((r) => r.method === 'GET' && r.path.endsWith(runPath)).length > readsBefore, latencyMs + 2000, 'a read');
      const terminated = Date.now();
      cancellation.send('SIGTERM');
      await until(() => h.emulator.requests.some((r) => r.path.endsWith('/force-cancel')), 1000, 'the force-cancel');
      const force = h.emulator.requests.find((r) => r.path.endsWith('/force-cancel'))!;
      expect(force.at - terminated).toBeLessThan(200);
      const { result } = await running;
      // The step leaves within its budget after SIGTERM, answered or not.
      expect(Date.now() - terminated).toBeLessThan(1200 + 600);
      expect(result.conclusion).toBe('cancelled');
      expect(result.failure?.message).toMatch(/force-cancel/);
      // The service applies it once its latency has passed.
      await until(() => h.emulator.testRuns()[0]!.status === 'canceled', latencyMs + 2000, 'the run canceled');
      expect(h.emulator.testRuns()[0]).toMatchObject({ cancelRequested: true, forceCanceled: true });
      expect(h.emulator.requests.filter((r) => r.path.endsWith('/cancel'))).toHaveLength(1);
      expect(h.emulator.requests.filter((r) => r.path.endsWith('/force-cancel'))).toHaveLength(1);
    }, 20_000);
  }

  it('SIGTERM while the cancel is still unanswered: the force-cancel follows the cancel at once', async () => {
    const h = await startHarness({ testRuns: { ...NO_RUN_ON_UPLOAD, queuedMs: 10, runningMs: 120_000, cancelGraceMs: Infinity } });
    const cancellation = testCancellation();
    const running = h.run({}, { cancellation, tuning: { windDownMs: 8500, forceBudgetMs: 1200 } });
    await until(() => h.emulator.testRuns()[0]?.status === 'running', 5000, 'a running run');
    const runPath = `/test-runs/${h.emulator.testRuns()[0]!.id}`;
    const seenRunning = Date.now();
    await until(() => h.emulator.requests.some((r) => r.path.endsWith(runPath) && r.at > seenRunning && r.status === 200), 2000, 'a read of the running run');
    h.emulator.configure({ latencyMs: 600 });
    cancellation.send('SIGINT');
    await until(() => h.emulator.requests.some((r) => r.path.endsWith('/cancel')), 1000, 'the cancel sent');
    const terminated = Date.now();
    cancellation.send('SIGTERM');
    const { result } = await running;
    expect(Date.now() - terminated).toBeLessThan(1200 + 600);
    const cancel = h.emulator.requests.find((r) => r.path.endsWith('/cancel'))!;
    const force = h.emulator.requests.find((r) => r.path.endsWith('/force-cancel'))!;
    expect(force).toBeDefined();
    // Sent after the cancel's answer (the spec allows it only after a cancel), not after a read.
    expect(force.at - cancel.at).toBeLessThan(600 + 300);
    await until(() => h.emulator.testRuns()[0]!.status === 'canceled', 3000, 'the run canceled');
    expect(h.emulator.testRuns()[0]!.forceCanceled).toBe(true);
    expect(result.conclusion).toBe('cancelled');
  });
});
