import { ConfigurationError } from '../../../errors.ts';
import type { UpgradeNoCodeWorkspaceInputs } from '../../../inputs/schema.ts';
import { Deadline } from '../../../lifetime/deadline.ts';
import { Semaphore } from '../../../lifetime/limit.ts';
import { paragraph } from '../../../report/markdown.ts';
import { formatDuration } from '../../../report/format.ts';
import { plural } from '../../../text.ts';
import type { ModeContext, ModeResult } from '../../mode.ts';
import { cancelledResult, failureResult } from '../results.ts';
import { writeGraceOf } from '../writes.ts';
import type { NoCodeTuning } from '../writes.ts';
import { describeReadFailure } from '../write-failure.ts';
import { absoluteServiceUrl } from '../service-address.ts';
import { upgradeReport } from './report.ts';
import { upgradeWorkspace } from './upgrade-workspace.ts';
import { upgradeWaitSchedule } from './wait-for-upgrade-run.ts';
import type { UpgradeWaitSchedule } from './wait-for-upgrade-run.ts';
import type { WorkspaceUpgradeResult } from './upgrade-workspace.ts';

/**
 * Initiates and confirms (the writes) of at most this many workspaces at once. Waiting for the
 * plans and applies is not limited: every started run is watched at the same time, so that
 * twenty upgrades take about as long as one; upgradeWaitSchedule keeps the status reads under
 * the rate limit.
 */
export const WRITES_AT_ONCE = 10;

const HEADING = 'Upgrade of no-code workspaces';

/** The outputs when no upgrade was started. */
const NOTHING_STARTED = { 'run-id': '', status: '', 'plan-url': '', applied: 'false', result: [] };

export interface UpgradeTuning extends NoCodeTuning {
  /** When to read the runs' status (default: upgradeWaitSchedule for the number of workspaces). */
  schedule?: UpgradeWaitSchedule;
  writesAtOnce?: number;
  /** How long a run is watched after a confirmation whose answer was lost (default 10 s). */
  confirmSettleMs?: number;
}

/**
 * Mode upgrade-no-code-workspace: starts an upgrade of every workspace at once, waits for each
 * plan, confirms the ready ones when `confirm` is set and follows their applies to the end, and
 * reports one row per workspace. One deadline, `timeout` from the start, bounds every wait.
 */
export async function runUpgradeNoCodeWorkspace(
  inputs: UpgradeNoCodeWorkspaceInputs,
  context: ModeContext,
  tuning: UpgradeTuning = {},
): Promise<ModeResult> {
  const { sink, client } = context;
  const signal = context.cancellation.signal;
  // One deadline, `timeout` from the start, for every read and wait of the step.
  const deadline = Deadline.after(inputs.timeoutMs, tuning.clock);
  const n = inputs.workspaceIds.length;
  const workspaces = plural(n, 'workspace');

  // A read, allowed in a dry run: an unknown module id fails once here rather than once per
  // workspace, and the version pin tells the reader what the workspaces move to.
  let versionPin: string | null = null;
  // The timeout bounds this read too: a service that never answers must not hold the step.
  try {
    const { noCodeModule } = await client.noCode.readModule(inputs.noCodeModuleId, { signal: deadline.cut(signal) });
    versionPin = noCodeModule.attributes['version-pin'] ?? null;
    sink.info(
      `No-code module ${inputs.noCodeModuleId}: version pin ${versionPin ?? 'not set'}, ` +
        `no-code provisioning ${noCodeModule.attributes.enabled ? 'enabled' : 'disabled'}.`,
    );
  } catch (error) {
    if (signal.aborted) {
      return cancelledResult({
        title: 'Cancelled before any upgrade was started',
        heading: HEADING,
        message: `The step was cancelled before an upgrade was started for ${workspaces}; nothing was changed.`,
        outputs: NOTHING_STARTED,
      });
    }
    // A base-url whose host does not exist is the user's to fix, and nothing was sent.
    if (error instanceof ConfigurationError) throw error;
    const message = deadline.expired
      ? `Timed out after ${formatDuration(inputs.timeoutMs)} reading no-code module ${inputs.noCodeModuleId}: the service did not answer; ` +
        `raise the timeout input or try again later.`
      : describeReadFailure(error, `No-code module ${inputs.noCodeModuleId}`, 'no-code-module-id');
    return failureResult({
      title: 'The no-code module could not be read',
      heading: HEADING,
      message,
      more: paragraph(`No upgrade was started for ${workspaces}.`),
      outputs: NOTHING_STARTED,
    });
  }

  const report = (results: WorkspaceUpgradeResult[], cancelled = false): ModeResult =>
    upgradeReport({
      noCodeModuleId: inputs.noCodeModuleId,
      versionPin,
      vars: inputs.workspaceVariables,
      confirm: inputs.confirm,
      dryRun: inputs.dryRun,
      timeoutMs: inputs.timeoutMs,
      // A relative plan-url (the spec shows only "address") is made a link a person can follow.
      results: results.map((r) => ({ ...r, planUrl: absoluteServiceUrl(r.planUrl, inputs.baseUrl) ?? r.planUrl })),
      cancelled,
    });

  if (inputs.dryRun) {
    sink.info(
      `Dry run: would start an upgrade of ${workspaces}${inputs.confirm ? ' and confirm the ready plans' : ''}.`,
    );
    return report(
      inputs.workspaceIds.map((workspaceId) => ({
        workspaceId,
        workspaceName: null,
        runId: null,
        status: null,
        planUrl: null,
        outcome: 'would-upgrade',
        planReady: false,
        planUnknown: false,
        applied: false,
      })),
    );
  }

  sink.info(`Starting the upgrade of ${workspaces}${inputs.confirm ? '; ready plans will be confirmed' : ''}.`);
  const writes = new Semaphore(tuning.writesAtOnce ?? WRITES_AT_ONCE);
  const writeGrace = writeGraceOf(tuning);
  const results = await Promise.all(
    inputs.workspaceIds.map((workspaceId) =>
      upgradeWorkspace({
        api: client.noCode,
        noCodeModuleId: inputs.noCodeModuleId,
        workspaceId,
        vars: inputs.workspaceVariables,
        confirm: inputs.confirm,
        deadline,
        timeoutMs: inputs.timeoutMs,
        cancellation: context.cancellation,
        writeGrace,
        writes,
        log: (line) => sink.info(line),
        schedule: tuning.schedule ?? upgradeWaitSchedule(n),
        confirmSettleMs: tuning.confirmSettleMs ?? 10_000,
      }),
    ),
  );
  return report(results, signal.aborted);
}
