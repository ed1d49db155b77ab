// The job was cancelled before the step knew its run. Once the upload had started, the service
// may have started a run by itself; once the create was sent, it may have created ours without
// the answer arriving in time. The runs of the version are looked up: one with the requested
// options is followed and stopped like the step's own, every other one is stopped too, all through
// the version's guard. One that appears only later is left to the post step, which looks for it
// the same way.

import { getErrorMessage } from '../../errors.ts';
import type { ReportSink } from '../../report/sink.ts';
import type { ServiceClient } from '../../service/client.ts';
import type { ModuleRef } from '../../service/module-tests.ts';
import type { TestRun } from '../../service/types.ts';
import type { Cancelled } from './results/ending.ts';
import type { OtherRun, OtherRunsWatch } from './test-run/other-runs.ts';
import type { Setup, StartedTestRun } from './test-run/start.ts';
import { saveRunStarted } from './state.ts';
import type { SaveState } from './state.ts';
import { isFinal } from './test-run/status.ts';
import type { RunModuleTestsTuning } from './tuning.ts';
import { adoptableRun, runsOfConfigurationVersion } from './test-run/version-runs.ts';
import type { RequestedTestRun } from './test-run/version-runs.ts';
import type { VersionGuard } from './test-run/version-guard.ts';

const NOTHING_LEFT_RUNNING: Cancelled = {
  kind: 'cancelled',
  note: 'The step was cancelled before a test run was started; nothing was left running.',
};

export type CancelledStart =
  /** A run of the version carries the requested options: it is the step's, to be followed (and stopped) as such, with the other runs found beside it. */
  | { kind: 'found'; started: StartedTestRun; watch: OtherRunsWatch }
  /** No run of the step's: what became of the version's runs, every one of them stopped. */
  | { kind: 'not-run'; cancelled: Cancelled; others: OtherRun[] };

export interface CancelledStartInput {
  setup: Setup;
  requested: RequestedTestRun;
  module: ModuleRef;
  client: ServiceClient;
  saveState: SaveState;
  sink: Pick<ReportSink, 'info'>;
  tuning: Pick<RunModuleTestsTuning, 'windDownMs' | 'lookUpAfterSignalMs' | 'clock'>;
  /** Stops the version's runs, within the wind-down the signals call for. */
  guard: VersionGuard;
  /**
   * Starts the watch over the version's other runs, `known` stopped at once: `ownRunId` is the
   * run the step follows, if any.
   */
  watchOtherRuns: (known: readonly TestRun[], own?: TestRun) => OtherRunsWatch;
}

export async function afterCancelledStart(input: CancelledStartInput): Promise<CancelledStart> {
  const { setup, module, guard, tuning: t } = input;
  const { clock } = t;
  const version = setup.version;
  if (version === undefined || setup.upload === undefined)
    return { kind: 'not-run', cancelled: NOTHING_LEFT_RUNNING, others: [] };
  const bounds = guard.afterSignal(t);
  // A look that has most of the wind-down, not a fixed few seconds: against a slow service a
  // list can take seconds. What is left after it is for the cancels.
  const lookUntil = bounds.lookBy.earlier(bounds.stopBy);
  let runs: TestRun[] = [];
  let lookUpError: string | undefined;
  try {
    runs = await runsOfConfigurationVersion(input.client, module, version, {
      clock,
      signal: lookUntil.signal,
    });
  } catch (error) {
    lookUpError = getErrorMessage(error);
  }
  const run = adoptableRun(runs, input.requested);
  if (run !== undefined) {
    saveRunStarted(input.saveState, run.id, module);
    input.sink.info(`Found test run ${run.id} of configuration version ${version.id}: stopping it.`);
    const watch = input.watchOtherRuns(
      runs.filter((r) => r.id !== run.id && !isFinal(r)),
      run,
    );
    return { kind: 'found', started: { run, adopted: !setup.createSent, differences: [], others: [] }, watch };
  }
  // No run of ours: every run of the version is stopped, within what is left of the wind-down.
  const watch = input.watchOtherRuns(runs.filter((r) => !isFinal(r)));
  const others = await watch.finish({
    by: guard.afterSignal(t).stopBy,
    lookBy: lookUntil,
  });
  if (others.length === 0 && !setup.createSent && lookUpError === undefined)
    return { kind: 'not-run', cancelled: NOTHING_LEFT_RUNNING, others };
  const why = setup.createSent
    ? 'the test run was being created and the service had not answered'
    : lookUpError !== undefined
      ? `the runs of configuration version ${version.id} could not be listed (${lookUpError})`
      : 'the test run was being started';
  const note =
    `The step was cancelled while ${why}. ` +
    `The post step looks for test runs of configuration version ${version.id} and stops any that is still running.`;
  return { kind: 'not-run', cancelled: { kind: 'cancelled', note }, others };
}
