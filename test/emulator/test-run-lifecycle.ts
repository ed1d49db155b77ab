import type { Service } from './context.ts';
import { conflict } from './errors.ts';
import { newId, newSecret, timestamp } from './ids.ts';
import type { ConfigurationVersion, TestRun, TestRunSource } from './state.ts';

const MESSAGES: Record<TestRunSource, string> = {
  svc: 'Queued manually from the command-line tool',
  'svc-api': 'Queued manually via the API',
  'svc-configuration-version': 'Queued by a configuration version upload',
};

export interface TestRunOptions {
  testDirectory: string;
  filters: string[];
  variables: Array<{ key: string; value: string }>;
  verbose: boolean;
}

export const DEFAULT_TEST_RUN_OPTIONS: TestRunOptions = {
  testDirectory: 'tests',
  filters: [],
  variables: [],
  verbose: false,
};

/** Creates a test run and starts its clock: queued at once (a create response shows `queued`,
 *  spec 3.1), then each of `unnamedStatuses` and running, `queuedMs` apart, final after
 *  `runningMs`. The outcome is taken now, so runs take `nextOutcomes` in the order they are
 *  created. */
export function startTestRun(
  service: Service,
  version: ConfigurationVersion,
  moduleId: string,
  source: TestRunSource,
  createdBy: string,
  options: TestRunOptions,
): TestRun {
  const behaviour = service.settings.testRuns;
  const now = timestamp();
  const run: TestRun = {
    id: newId('trun'),
    moduleId,
    configurationVersionId: version.id,
    status: 'queued',
    source,
    message: MESSAGES[source],
    testDirectory: options.testDirectory,
    filters: [...options.filters],
    variables: options.variables.map((variable) => ({ ...variable })),
    verbose: options.verbose,
    createdBy,
    createdAt: now,
    updatedAt: now,
    statusTimestamps: { 'queued-at': now },
    outcome: behaviour.nextOutcomes.shift() ?? behaviour.outcome,
    result: null,
    cancelRequested: false,
    forceCanceled: false,
    logSecret: null,
    runningSince: null,
  };
  service.store.testRuns.set(run.id, run);
  walkToRunning(service, run, [...behaviour.unnamedStatuses]);
  return run;
}

/** The statuses before `running`, each held `queuedMs`; spec 3.1 shows none of these transitions. */
function walkToRunning(service: Service, run: TestRun, before: string[]): void {
  service.timers.after(
    service.settings.testRuns.queuedMs,
    () => {
      const next = before.shift();
      if (next === undefined) return startRunning(service, run);
      setStatus(run, next, `${next}-at`);
      walkToRunning(service, run, before);
    },
    run.id,
  );
}

function startRunning(service: Service, run: TestRun): void {
  setStatus(run, 'running', 'started-at');
  run.runningSince = service.now();
  if (service.settings.testRuns.logWhileRunning) run.logSecret = newSecret();
  service.timers.after(service.settings.testRuns.runningMs, () => finish(service, run), run.id);
}

function finish(service: Service, run: TestRun): void {
  run.result = run.outcome;
  setStatus(run, run.outcome.status, 'finished-at');
  run.logSecret ??= newSecret();
}

/** Spec 3.1: only a running test can be canceled (409 otherwise). The interrupt ends the tests
 *  `cancelGraceMs` later, instead of their normal end. */
export function cancelTestRun(service: Service, run: TestRun): void {
  if (run.status !== 'running')
    throw conflict(`test run ${run.id} is ${run.status}, not running; only a running test can be canceled`);
  run.cancelRequested = true;
  run.updatedAt = timestamp();
  service.timers.after(service.settings.testRuns.cancelGraceMs, () => endCanceled(run), run.id);
}

/** Spec 3.1: force-cancel needs a running test that was first canceled non-forcefully. */
export function forceCancelTestRun(service: Service, run: TestRun): void {
  if (run.status !== 'running') throw conflict(`test run ${run.id} is ${run.status}, not running`);
  if (!run.cancelRequested) throw conflict(`test run ${run.id} was not canceled yet; cancel it before force-canceling`);
  service.timers.cancel(run.id);
  run.forceCanceled = true;
  endCanceled(run);
}

function endCanceled(run: TestRun): void {
  setStatus(run, 'canceled', 'canceled-at');
  run.statusTimestamps['finished-at'] = run.updatedAt;
  run.logSecret ??= newSecret();
}

function setStatus(run: TestRun, status: string, stamp: string): void {
  const now = timestamp();
  run.status = status;
  run.updatedAt = now;
  run.statusTimestamps[stamp] = now;
}
