import type { TestRunOutcome } from './api.ts';
import type { Service } from './context.ts';
import { outcomeOfTestLog } from './default-log.ts';
import { conflict } from './errors.ts';
import { newId, newSecret, timestamp } from './ids.ts';
import type { ConfigurationVersion, TestRun, TestRunSource } from './state.ts';
import { TerraformTest } from './terraform-test.ts';

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
 *  `runningMs` (with `terraform`, once terraform has run the module's tests). The outcome is
 *  taken now, so runs take `nextOutcomes` in the order they are created. */
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
    terraform: null,
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
  const terraform = service.settings.testRuns.terraform;
  if (terraform !== false) return runTerraform(service, run, terraform);
  service.timers.after(service.settings.testRuns.runningMs, () => finish(run, run.outcome), run.id);
}

function finish(run: TestRun, result: TestRunOutcome): void {
  run.result = result;
  setStatus(run, result.status, 'finished-at');
  run.logSecret ??= newSecret();
}

/** The module's tests as the configuration version holds them, run by terraform with the run's
 *  options and the module's test environment variables as they are now; the run ends when
 *  terraform has exited (canceled if a cancel was asked for meanwhile). */
function runTerraform(service: Service, run: TestRun, binary: string): void {
  const test = new TerraformTest({
    binary,
    archive: service.store.configurationVersions.get(run.configurationVersionId)?.archive ?? Buffer.alloc(0),
    testDirectory: run.testDirectory,
    filters: run.filters,
    variables: run.variables,
    verbose: run.verbose,
    environment: Object.fromEntries(
      service.store.testVariablesOf(run.moduleId).map((variable) => [variable.key, variable.value]),
    ),
  });
  run.terraform = test;
  void test.ended.then((log) => {
    // A force-cancel ended it already.
    if (run.status !== 'running') return;
    if (run.cancelRequested) endCanceled(run);
    else finish(run, { ...outcomeOfTestLog(log), log });
  });
}

/** Stops every terraform still running (on the emulator's close); resolves once they have
 *  exited and their directories are gone. */
export async function stopTerraformTests(service: Service): Promise<void> {
  await Promise.all([...service.store.testRuns.values()].map((run) => run.terraform?.kill()));
}

/** Spec 3.1: only a running test can be canceled (409 otherwise). The interrupt ends the tests
 *  `cancelGraceMs` later, instead of their normal end; with terraform, it goes to terraform,
 *  and the run ends once terraform has stopped (a second cancel is a second interrupt). */
export function cancelTestRun(service: Service, run: TestRun): void {
  if (run.status !== 'running')
    throw conflict(`test run ${run.id} is ${run.status}, not running; only a running test can be canceled`);
  run.cancelRequested = true;
  run.updatedAt = timestamp();
  if (run.terraform !== null) return run.terraform.interrupt();
  service.timers.after(service.settings.testRuns.cancelGraceMs, () => endCanceled(run), run.id);
}

/** Spec 3.1: force-cancel needs a running test that was first canceled non-forcefully. */
export function forceCancelTestRun(service: Service, run: TestRun): void {
  if (run.status !== 'running') throw conflict(`test run ${run.id} is ${run.status}, not running`);
  if (!run.cancelRequested) throw conflict(`test run ${run.id} was not canceled yet; cancel it before force-canceling`);
  service.timers.cancel(run.id);
  void run.terraform?.kill();
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
