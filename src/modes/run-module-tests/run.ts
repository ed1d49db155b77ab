import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RunModuleTestsInputs } from '../../inputs/schema.ts';
import { formatBytes } from '../../report/format.ts';
import { plural } from '../../text.ts';
import type { TestRun } from '../../service/types.ts';
import type { ModeContext, ModeResult } from '../mode.ts';
import { afterCancelledStart } from './cancelled-start.ts';
import { checkModuleDirectory, packConfiguration } from './configuration-archive.ts';
import type { PackedConfiguration } from './configuration-archive.ts';
import { dryRun } from './dry-run.ts';
import { followRun } from './follow.ts';
import { moduleRefOf } from './module-ref.ts';
import { DEFAULT_OTHER_RUNS_TIMING } from './test-run/other-runs.ts';
import type { OtherRunsWatch } from './test-run/other-runs.ts';
import { VersionGuard } from './test-run/version-guard.ts';
import { mainStepWindDown } from './test-run/stop-policy.ts';
import { noRunResult, testRunResult } from './results/report.ts';
import type { TestedModule } from './results/report.ts';
import { startRun } from './test-run/start.ts';
import type { StartedTestRun } from './test-run/start.ts';
import { DEFAULT_TUNING } from './tuning.ts';
import type { RunModuleTestsTuning } from './tuning.ts';
import { requestedRunOf } from './test-run/version-runs.ts';
import type { VersionRef } from './module-ref.ts';

/**
 * Mode run-module-tests: packs the module, sets its test environment variables, uploads the
 * configuration, starts (or adopts) the one test run of that configuration version, waits for
 * it, and reports its results with annotations on the test files.
 */
export async function runModuleTests(
  inputs: RunModuleTestsInputs,
  context: ModeContext,
  tuning: Partial<RunModuleTestsTuning> = {},
): Promise<ModeResult> {
  const t: RunModuleTestsTuning = { ...DEFAULT_TUNING, clock: context.clock, ...tuning };
  const { sink, client } = context;
  const signal = context.cancellation.signal;
  const module = moduleRefOf(inputs);

  // Local work first: a module that cannot be packed stops the step before any request.
  const moduleRoot = await checkModuleDirectory(
    context.workspaceRoot,
    inputs.moduleDirectory,
    inputs.allowLinksOutsideRepository,
  );
  await warnWithoutTestDirectory(moduleRoot, inputs, (line) => sink.warning(line));
  const packed = await packConfiguration(moduleRoot, {
    signal,
    listEntries: inputs.dryRun,
    repositoryRoot: context.workspaceRoot,
    allowLinksOutsideRepository: inputs.allowLinksOutsideRepository,
    ...(t.tempDir ? { tempDir: t.tempDir } : {}),
  });
  try {
    for (const warning of packed.warnings) sink.warning(warning);
    sink.info(
      `Packed ${inputs.moduleDirectory}: ${plural(packed.files, 'file')}, ${formatBytes(packed.bytes)}` +
        (packed.ignored.length > 0
          ? ` (${plural(packed.ignored.length, 'path')} left out by .terraformignore and the defaults)`
          : '') +
        '.',
    );
    const tested: TestedModule = {
      inputs,
      module,
      workspaceRoot: context.workspaceRoot,
      annotationsOnCheckRun: context.annotationsOnCheckRun ?? false,
      configuration: { files: packed.files, bytes: packed.bytes, ignored: packed.ignored.length },
    };
    if (inputs.dryRun) return await dryRun(tested, packed, client, signal);
    return await testModule(tested, packed, context, t);
  } finally {
    await packed.remove();
  }
}

/**
 * The steps on the service, each handing a value to the next: the start (variables,
 * configuration version, upload, the run adopted or created), then the run followed to its end
 * or stopped; or, without a run, the stop of whatever the upload may have started.
 */
async function testModule(
  tested: TestedModule,
  packed: PackedConfiguration,
  context: ModeContext,
  t: RunModuleTestsTuning,
): Promise<ModeResult> {
  const { sink, client, cancellation, saveState } = context;
  const { inputs, module } = tested;
  const start = await startRun({
    inputs,
    module,
    archive: packed,
    client,
    cancellation,
    saveState,
    sink,
    tuning: t,
  });
  const { setup } = start;
  // Every run of the version is stopped through one guard, wound down by the runner's signals.
  const guard = new VersionGuard({
    client,
    module,
    cancellation,
    windDown: mainStepWindDown(cancellation, t, t.clock),
    pollMs: t.stopPollMs,
    clock: t.clock,
    info: (line) => sink.info(line),
    warn: (line) => sink.annotate({ level: 'warning', message: line }),
    debug: (line) => sink.debug(line),
  });
  // The late-run window counts from the upload's answer; for an upload cut short (it may still
  // land), from now.
  const watchOtherRuns = (version: VersionRef, known: readonly TestRun[], own?: TestRun): OtherRunsWatch =>
    guard.watchOtherRuns({
      version,
      ...(own !== undefined
        ? { ownRunId: own.id, ownRunFromUpload: own.attributes.source === 'svc-configuration-version' }
        : {}),
      uploadedAt: setup.upload?.answeredAt ?? t.clock.now(),
      timing: { ...DEFAULT_OTHER_RUNS_TIMING, ...t.otherRuns },
      known,
    });
  try {
    switch (start.kind) {
      case 'started': {
        const { started } = start;
        const watch = watchOtherRuns(start.setup.version, started.others, started.run);
        const ending = await follow(tested, started, guard, watch, context, t);
        // Made last, with nothing written after it: it reads the room the sink has left for annotations.
        return testRunResult(tested, setup, started, ending, sink);
      }
      case 'failed': {
        // The upload may have started a run by itself (spec 4.2): none is left running.
        const others = setup.upload && setup.version ? await watchOtherRuns(setup.version, []).finish() : [];
        return noRunResult(tested, setup, { kind: 'failed', note: start.failure }, others);
      }
      case 'cancelled': {
        const { version } = setup;
        const found = await afterCancelledStart({
          setup,
          requested: requestedRunOf(inputs),
          module,
          client,
          saveState,
          sink,
          tuning: t,
          guard,
          watchOtherRuns: (known, own) => watchOtherRuns(version!, known, own),
        });
        if (found.kind === 'not-run') return noRunResult(tested, setup, found.cancelled, found.others);
        const ending = await follow(tested, found.started, guard, found.watch, context, t);
        return testRunResult(tested, setup, found.started, ending, sink);
      }
    }
  } finally {
    guard.dispose();
  }
}

/** Follows the run, with the watch over the version's other runs started beside it. */
function follow(
  tested: TestedModule,
  started: StartedTestRun,
  guard: VersionGuard,
  watch: OtherRunsWatch,
  context: ModeContext,
  t: RunModuleTestsTuning,
): ReturnType<typeof followRun> {
  return followRun({
    first: started.run,
    module: tested.module,
    timeoutMs: tested.inputs.timeoutMs,
    guard,
    watch,
    client: context.client,
    cancellation: context.cancellation,
    saveState: context.saveState,
    sink: context.sink,
    tuning: t,
  });
}

async function warnWithoutTestDirectory(
  moduleRoot: string,
  inputs: RunModuleTestsInputs,
  warning: (line: string) => void,
): Promise<void> {
  const dir = resolve(moduleRoot, inputs.testDirectory);
  try {
    if ((await stat(dir)).isDirectory()) return;
  } catch {
    // Reported below.
  }
  warning(
    `The test-directory "${inputs.testDirectory}" is not a directory of ${join(inputs.moduleDirectory, '')}: the test run may find no tests.`,
  );
}
