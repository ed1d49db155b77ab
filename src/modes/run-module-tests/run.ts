import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RunModuleTestsInputs } from '../../inputs/schema.ts';
import { formatBytes } from '../../report/format.ts';
import { plural } from '../../text.ts';
import type { ModuleRef } from '../../service/module-tests.ts';
import type { TestRun } from '../../service/types.ts';
import type { Cancellation } from '../../lifetime/cancellation.ts';
import type { ModeContext, ModeResult } from '../mode.ts';
import { afterCancelledStart } from './test-run/cancelled-start.ts';
import { checkModuleDirectory, packConfiguration } from './configuration-archive.ts';
import type { PackedConfiguration } from './configuration-archive.ts';
import { dryRun } from './dry-run.ts';
import { followRun } from './test-run/follow.ts';
import { moduleRefOf } from './module-ref.ts';
import { DEFAULT_OTHER_RUNS_TIMING, OtherRunsWatch } from './test-run/other-runs.ts';
import type { OtherRun } from './test-run/other-runs.ts';
import { noRunResult, testRunResult } from './results/report.ts';
import type { TestedModule } from './results/report.ts';
import { startRun } from './test-run/start.ts';
import type { StartedTestRun } from './test-run/start.ts';
import { DEFAULT_TUNING } from './tuning.ts';
import type { RunModuleTestsTuning } from './tuning.ts';
import { requestedRunOf } from './test-run/version-runs.ts';
import type { VersionRef } from './test-run/version-runs.ts';
import { onWindDown } from '../../lifetime/wind-down.ts';

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
  const t: RunModuleTestsTuning = { ...DEFAULT_TUNING, ...tuning };
  const { sink, client } = context;
  const signal = context.cancellation.signal;
  const module = moduleRefOf(inputs);

  // Local work first: a module that cannot be packed stops the step before any request.
  const moduleRoot = await checkModuleDirectory(context.workspaceRoot, inputs.moduleDirectory);
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
  const watchOtherRuns = (version: VersionRef, ownRunId?: string): OtherRunsWatch =>
    otherRunsWatch(context, module, { version, uploadedAt: setup.upload?.answeredAt }, t, ownRunId);
  switch (start.kind) {
    case 'started': {
      const { started } = start;
      const watch = watchOtherRuns(start.setup.version, started.run.id);
      return testRunResult(tested, setup, started, await follow(tested, started, watch, started.others, context, t));
    }
    case 'failed': {
      // The upload may have started a run by itself (spec 4.2): none is left running.
      const others =
        setup.upload && setup.version ? await stopEveryRun(watchOtherRuns(setup.version), cancellation, t) : [];
      return noRunResult(tested, setup, { kind: 'failed', note: start.failure }, others);
    }
    case 'cancelled': {
      const found = await afterCancelledStart({
        setup,
        requested: requestedRunOf(inputs),
        module,
        client,
        cancellation,
        saveState,
        sink,
        tuning: t,
        watchOtherRuns,
      });
      if (found.kind === 'not-run') return noRunResult(tested, setup, found.cancelled, found.others);
      return testRunResult(
        tested,
        setup,
        found.started,
        await follow(tested, found.started, found.watch, found.others, context, t),
      );
    }
  }
}

/** Follows the run, with the watch over the version's other runs started beside it. */
function follow(
  tested: TestedModule,
  started: StartedTestRun,
  watch: OtherRunsWatch,
  others: readonly TestRun[],
  context: ModeContext,
  t: RunModuleTestsTuning,
): ReturnType<typeof followRun> {
  watch.start(others);
  return followRun({
    first: started.run,
    module: tested.module,
    timeoutMs: tested.inputs.timeoutMs,
    watch,
    client: context.client,
    cancellation: context.cancellation,
    saveState: context.saveState,
    sink: context.sink,
    tuning: t,
  });
}

/**
 * The watch over the other runs of the version being uploaded. The late-run window counts from
 * the upload's answer; for an upload cut short (it may still land), from now.
 */
function otherRunsWatch(
  context: ModeContext,
  module: ModuleRef,
  upload: { version: VersionRef; uploadedAt: number | undefined },
  t: RunModuleTestsTuning,
  ownRunId?: string,
): OtherRunsWatch {
  const { sink, client } = context;
  return new OtherRunsWatch({
    client,
    module,
    version: upload.version,
    ...(ownRunId !== undefined ? { ownRunId } : {}),
    uploadedAt: upload.uploadedAt ?? t.clock.now(),
    timing: { ...DEFAULT_OTHER_RUNS_TIMING, stopPollMs: t.stopPollMs, ...t.otherRuns },
    clock: t.clock,
    info: (line) => sink.info(line),
    warn: (line) => sink.annotate({ level: 'warning', message: line }),
    debug: (line) => sink.debug(line),
  });
}

/** Looks for runs of the version until the late-run window has passed, stopping each. */
/** Every run of the version is stopped; a signal meanwhile cuts the stops to its wind-down. */
async function stopEveryRun(
  watch: OtherRunsWatch,
  cancellation: Cancellation,
  t: RunModuleTestsTuning,
): Promise<OtherRun[]> {
  const off = onWindDown(cancellation, t, (w) => watch.windDown(w.deadline, w.force));
  try {
    watch.start([]);
    return await watch.finish();
  } finally {
    off();
  }
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
