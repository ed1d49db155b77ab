import { ConfigurationError } from '../../../errors.ts';
import type { UpgradeNoCodeWorkspaceInputs } from '../../../inputs/schema.ts';
import { budgetsOf, WORKSPACE_READ_MS } from '../../../lifetime/budgets.ts';
import type { Budgets } from '../../../lifetime/budgets.ts';
import { Deadline } from '../../../lifetime/deadline.ts';
import { Semaphore } from '../../../lifetime/limit.ts';
import { getErrorMessage } from '../../../errors.ts';
import { paragraph } from '../../../report/markdown.ts';
import { moduleVersionIn, workspaceNameOf } from '../../../service/no-code.ts';
import { formatDuration } from '../../../report/format.ts';
import { capitalise, plural, quoteClipped } from '../../../text.ts';
import type { ModeContext, ModeResult } from '../../mode.ts';
import type { OutputValue } from '../../../report/outputs.ts';
import { cancelledResult, failureResult } from '../results.ts';
import { writeGraceOf } from '../writes.ts';
import type { NoCodeTuning } from '../writes.ts';
import { describeReadFailure } from '../write-failure.ts';
import { absoluteServiceUrl, servicePageUrl } from '../service-address.ts';
import { upgradeReport } from './report.ts';
import type { Rollout, RolloutStop } from './report.ts';
import { endedWell, planWaves } from './waves.ts';
import { describeWorkspace } from './upgrade-result.ts';
import { upgradeWorkspace } from './upgrade-workspace.ts';
import type { WorkspaceFacts } from './upgrade-result.ts';
import { upgradeWaitSchedule } from './wait-for-upgrade-run.ts';
import type { UpgradeWaitSchedule } from './wait-for-upgrade-run.ts';
import type { WorkspaceUpgradeResult } from './upgrade-result.ts';

/**
 * Initiates and confirms (the writes) of at most this many workspaces at once. Waiting for the
 * plans and applies is not limited: every started run is watched at the same time, so that
 * twenty upgrades take about as long as one; upgradeWaitSchedule keeps the status reads under
 * the rate limit.
 */
export const WRITES_AT_ONCE = 10;

const HEADING = 'Upgrade of no-code workspaces';

/** The outputs when no upgrade was started. */
/** The outputs when no upgrade was started: every workspace is for a next run to resume with. */
function nothingStarted(workspaceIds: readonly string[]): Record<string, OutputValue> {
  return {
    'run-id': '',
    status: '',
    'plan-url': '',
    applied: 'false',
    result: [],
    'resume-workspace-ids': workspaceIds.join('\n'),
  };
}

const UPGRADE_BUDGETS = ['confirmSettleMs', 'planSettleMs', 'applyStatusWindowMs'] as const;
const UPGRADE_DEFAULTS = budgetsOf(...UPGRADE_BUDGETS);

/** The upgrade's timings: its budgets a Pick of the budget table (lifetime/budgets.ts), which they default to. */
export interface UpgradeTuning extends NoCodeTuning, Partial<Pick<Budgets, (typeof UPGRADE_BUDGETS)[number]>> {
  /** When to read the runs' status (default: upgradeWaitSchedule for the number of workspaces). */
  schedule?: UpgradeWaitSchedule;
  writesAtOnce?: number;
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
  const deadline = Deadline.after(inputs.timeoutMs, tuning.clock ?? context.clock);

  const module = await readVersionPin(inputs, context, deadline);
  if ('result' in module) return module.result;
  const { versionPin } = module;

  // What each workspace's document says (its name, the version it is on), for the log and the
  // summary; a read, so also in a dry run. Not essential: a workspace that cannot be read is
  // upgraded all the same, and a failed read only leaves its name and version unknown.
  const facts = await readWorkspaces(client, inputs, deadline, signal, (line) => sink.debug(line));
  if (signal.aborted) return cancelledBeforeAnyUpgrade(inputs.workspaceIds);
  for (const [id, f] of facts) {
    if (f.name !== null || f.moduleVersion !== null) {
      sink.info(
        `Workspace ${describeWorkspace(id, f.name)}: module version ${f.moduleVersion ?? 'not known'}` +
          `${versionPin ? `, upgrading to ${versionPin}` : ''}.`,
      );
    }
  }

  const report = (results: WorkspaceUpgradeResult[], rollout: Rollout, cancelled = false): ModeResult =>
    upgradeReport({
      rollout,
      noCodeModuleId: inputs.noCodeModuleId,
      versionPin,
      vars: inputs.workspaceVariables,
      confirm: inputs.confirm,
      dryRun: inputs.dryRun,
      timeoutMs: inputs.timeoutMs,
      results: results.map((r) => withPlanAddress(r, inputs.baseUrl)),
      serviceOrigin: new URL(inputs.baseUrl).origin,
      workspacePages: new Map([...facts].flatMap(([id, f]) => (f.page !== null ? [[id, f.page] as const] : []))),
      cancelled,
    });

  const current = (workspaceId: string): boolean => isCurrent(workspaceId, inputs, facts);
  for (const id of inputs.workspaceIds.filter(current)) {
    sink.info(
      `Workspace ${describeWorkspace(id, facts.get(id)?.name ?? null)}: already current; no upgrade is started.`,
    );
  }
  const toUpgrade = inputs.workspaceIds.filter((id) => !current(id));

  const waves = planWaves(inputs.workspaceIds, inputs.waves);
  const inWave = waveSetter(waves);
  const inWaves =
    waves.length > 1 ? ` in ${plural(waves.length, 'wave')} (${waves.map((w) => w.length).join(', ')})` : '';

  if (inputs.dryRun) {
    sink.info(
      `Dry run: would start an upgrade of ${plural(toUpgrade.length, 'workspace')}${inWaves}${inputs.confirm ? ' and confirm the ready plans' : ''}.`,
    );
    return report(
      inputs.workspaceIds.map((id) => inWave(notStarted(id, facts, current(id) ? 'current' : 'would-upgrade'))),
      { waves: waves.length, stop: null },
    );
  }

  sink.info(
    `Starting the upgrade of ${plural(toUpgrade.length, 'workspace')}${inWaves}${inputs.confirm ? '; ready plans will be confirmed' : ''}.`,
  );
  const upgradeOne = workspaceUpgrader(inputs, context, tuning, deadline, facts);
  const { results, stop } = await upgradeInWaves(waves, { inputs, sink, signal, facts, inWave, upgradeOne });
  return report(results, { waves: waves.length, stop }, signal.aborted);
}

/**
 * The no-code module's version pin, which tells the reader what the workspaces move to. A read,
 * allowed in a dry run: an unknown module id fails once here rather than once per workspace.
 */
async function readVersionPin(
  inputs: UpgradeNoCodeWorkspaceInputs,
  { client, sink, cancellation: { signal } }: ModeContext,
  deadline: Deadline,
): Promise<{ versionPin: string | null } | { result: ModeResult }> {
  // The timeout bounds this read too: a service that never answers must not hold the step.
  try {
    const { noCodeModule } = await client.noCode.readModule(inputs.noCodeModuleId, { signal: deadline.cut(signal) });
    const versionPin = noCodeModule.attributes['version-pin'] ?? null;
    sink.info(
      `No-code module ${inputs.noCodeModuleId}: version pin ${versionPin ?? 'not set'}, ` +
        `no-code provisioning ${noCodeModule.attributes.enabled ? 'enabled' : 'disabled'}.`,
    );
    return { versionPin };
  } catch (error) {
    if (signal.aborted) return { result: cancelledBeforeAnyUpgrade(inputs.workspaceIds) };
    // A base-url whose host does not exist is the user's to fix, and nothing was sent.
    if (error instanceof ConfigurationError) throw error;
    const message = deadline.expired
      ? `Timed out after ${formatDuration(inputs.timeoutMs)} reading no-code module ${inputs.noCodeModuleId}: the service did not answer; ` +
        `raise the timeout input or try again later.`
      : describeReadFailure(error, `No-code module ${inputs.noCodeModuleId}`, 'no-code-module-id');
    return {
      result: failureResult({
        title: 'The no-code module could not be read',
        heading: `❌ ${HEADING}`,
        message,
        more: paragraph(`No upgrade was started for ${plural(inputs.workspaceIds.length, 'workspace')}.`),
        outputs: nothingStarted(inputs.workspaceIds),
      }),
    };
  }
}

function cancelledBeforeAnyUpgrade(workspaceIds: readonly string[]): ModeResult {
  return cancelledResult({
    title: 'Cancelled before any upgrade was started',
    heading: HEADING,
    message: `The step was cancelled before an upgrade was started for ${plural(workspaceIds.length, 'workspace')}; nothing was changed.`,
    outputs: nothingStarted(workspaceIds),
  });
}

/**
 * A workspace whose document says no upgrade is available, when no variables are to change, is
 * already current: nothing is started (an upgrade would plan the settings it already has).
 */
function isCurrent(
  workspaceId: string,
  inputs: UpgradeNoCodeWorkspaceInputs,
  facts: ReadonlyMap<string, WorkspaceFacts>,
): boolean {
  return inputs.workspaceVariables.length === 0 && facts.get(workspaceId)?.upgradeAvailable === false;
}

/** The result of a workspace whose upgrade was not started. */
function notStarted(
  workspaceId: string,
  facts: ReadonlyMap<string, WorkspaceFacts>,
  outcome: 'would-upgrade' | 'current' | 'not-started',
): WorkspaceUpgradeResult {
  return {
    workspaceId,
    workspaceName: facts.get(workspaceId)?.name ?? null,
    moduleVersionFrom: facts.get(workspaceId)?.moduleVersion ?? null,
    runId: null,
    status: null,
    planUrl: null,
    outcome,
    planReady: false,
    planUnknown: false,
    applied: false,
    ...(outcome === 'current' ? { note: ALREADY_CURRENT } : {}),
  };
}

/** Sets each workspace's wave (numbered from 1) on its result. */
function waveSetter(waves: readonly (readonly string[])[]): (r: WorkspaceUpgradeResult) => WorkspaceUpgradeResult {
  const waveOf = new Map(waves.flatMap((ids, index) => ids.map((id) => [id, index + 1] as const)));
  return (r) => ({ ...r, wave: waveOf.get(r.workspaceId) ?? 1 });
}

/**
 * Upgrades one workspace of a wave of `waveSize` (a workspace already current is not started),
 * within what the step's workspaces share: the deadline, and the places for writes in flight.
 */
function workspaceUpgrader(
  inputs: UpgradeNoCodeWorkspaceInputs,
  context: ModeContext,
  tuning: UpgradeTuning,
  deadline: Deadline,
  facts: ReadonlyMap<string, WorkspaceFacts>,
): (workspaceId: string, waveSize: number) => Promise<WorkspaceUpgradeResult> {
  const { sink, client } = context;
  const writes = new Semaphore(tuning.writesAtOnce ?? WRITES_AT_ONCE);
  const writeGrace = writeGraceOf(tuning, context.clock);
  const settling = {
    confirmSettleMs: tuning.confirmSettleMs ?? UPGRADE_DEFAULTS.confirmSettleMs,
    planSettleMs: tuning.planSettleMs ?? UPGRADE_DEFAULTS.planSettleMs,
    applyStatusWindowMs: tuning.applyStatusWindowMs ?? UPGRADE_DEFAULTS.applyStatusWindowMs,
  };
  return (workspaceId, waveSize) =>
    isCurrent(workspaceId, inputs, facts)
      ? Promise.resolve(notStarted(workspaceId, facts, 'current'))
      : upgradeWorkspace({
          api: client.noCode,
          noCodeModuleId: inputs.noCodeModuleId,
          workspaceId,
          workspace: facts.get(workspaceId),
          vars: inputs.workspaceVariables,
          confirm: inputs.confirm,
          deadline,
          timeoutMs: inputs.timeoutMs,
          cancellation: context.cancellation,
          writeGrace,
          writes,
          log: (line) => sink.info(line),
          // The reads of one wave's runs together, within the pace the service allows the step.
          schedule: tuning.schedule ?? upgradeWaitSchedule(waveSize, client.http.requestsPerSecond),
          ...settling,
          servicePage: (planUrl) => servicePageUrl(planUrl, inputs.baseUrl),
        });
}

/**
 * Wave after wave: the next starts only once every workspace of this one ended well. When the
 * rollout stops early (a wave failed, or the step was cancelled between waves), the workspaces
 * of the later waves are reported not started.
 */
async function upgradeInWaves(
  waves: readonly (readonly string[])[],
  step: {
    inputs: UpgradeNoCodeWorkspaceInputs;
    sink: ModeContext['sink'];
    signal: AbortSignal;
    facts: ReadonlyMap<string, WorkspaceFacts>;
    inWave: (r: WorkspaceUpgradeResult) => WorkspaceUpgradeResult;
    upgradeOne: (workspaceId: string, waveSize: number) => Promise<WorkspaceUpgradeResult>;
  },
): Promise<{ results: WorkspaceUpgradeResult[]; stop: RolloutStop | null }> {
  const { inputs, sink, signal, inWave } = step;
  const results: WorkspaceUpgradeResult[] = [];
  let stop: RolloutStop | null = null;
  for (const [index, wave] of waves.entries()) {
    if (waves.length > 1) sink.info(`Wave ${index + 1} of ${waves.length}: ${plural(wave.length, 'workspace')}.`);
    const done = await Promise.all(wave.map((id) => step.upgradeOne(id, wave.length)));
    results.push(...done.map(inWave));
    if (index === waves.length - 1) break;
    if (signal.aborted) {
      stop = { kind: 'cancelled', wave: index + 1 };
      break;
    }
    const unwell = done.filter((r) => !endedWell(r, inputs.confirm));
    if (unwell.length > 0) {
      stop = { kind: 'failed', wave: index + 1 };
      break;
    }
  }
  if (stop !== null) {
    const rest = inputs.workspaceIds.slice(results.length);
    const why = stop.kind === 'failed' ? `wave ${stop.wave} failed` : `the step was cancelled after wave ${stop.wave}`;
    sink.info(`Not started: ${plural(rest.length, 'workspace')} of the waves after wave ${stop.wave} (${why}).`);
    for (const id of rest) {
      results.push(inWave({ ...notStarted(id, step.facts, 'not-started'), note: `${capitalise(why)}.` }));
    }
  }
  return { results, stop };
}

/**
 * A workspace's result with its plan's address as an output may carry it: made absolute (a
 * relative `plan-url`, as the spec shows only "address", becomes one a person can follow), and
 * dropped, with a warning of that workspace's, when it is no http(s) address at all (a
 * `javascript:` one, say): the service's answer is refused for that workspace alone, and the
 * other workspaces' addresses are written.
 */
function withPlanAddress(result: WorkspaceUpgradeResult, baseUrl: string): WorkspaceUpgradeResult {
  if (result.planUrl === null) return result;
  const planUrl = absoluteServiceUrl(result.planUrl, baseUrl);
  if (planUrl !== null) return { ...result, planUrl };
  const refused = `The service gave a plan address that is no http(s) address (${quoteClipped(result.planUrl, 60)}); it is not shown.`;
  return { ...result, planUrl: null, warning: result.warning === undefined ? refused : `${result.warning} ${refused}` };
}

const ALREADY_CURRENT = 'Its document says no upgrade is available (no-code-upgrade-available is false).';

function booleanOrNull(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** Each workspace's name, page and module version, read side by side; unknown (absent) where a read failed. */
async function readWorkspaces(
  client: ModeContext['client'],
  { workspaceIds, baseUrl }: { workspaceIds: readonly string[]; baseUrl: string },
  deadline: Deadline,
  signal: AbortSignal,
  debug: (line: string) => void,
): Promise<Map<string, WorkspaceFacts>> {
  const bound = deadline.within(WORKSPACE_READ_MS);
  const read = await Promise.all(
    workspaceIds.map(async (id): Promise<[string, WorkspaceFacts] | undefined> => {
      try {
        const workspace = await client.noCode.readWorkspace(id, { signal: bound.cut(signal) });
        if (workspace.id !== id) return undefined;
        return [
          id,
          {
            name: workspaceNameOf(workspace.attributes.name),
            page: servicePageUrl(workspace.links?.['self-html'], baseUrl),
            moduleVersion: moduleVersionIn(workspace.attributes['source-module-id']),
            upgradeAvailable: booleanOrNull(workspace.attributes['no-code-upgrade-available']),
          },
        ];
      } catch (error) {
        debug(
          `Workspace ${id} could not be read (its name and module version stay unknown): ${getErrorMessage(error)}`,
        );
        return undefined;
      }
    }),
  );
  return new Map(read.filter((entry) => entry !== undefined));
}
