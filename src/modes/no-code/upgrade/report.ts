import { stepFailure } from '../../../errors.ts';
import type { StepFailure } from '../../../errors.ts';
import type { WorkspaceVariable } from '../../../inputs/parsers.ts';
import type { CheckRunConclusion } from '../../../github/check-run.ts';
import {
  countsLine,
  details,
  dryRunBanner,
  escapeHtml,
  heading,
  html,
  inlineCode,
  joinBlocks,
  link,
  paragraph,
  table,
} from '../../../report/markdown.ts';
import type { Content } from '../../../report/markdown.ts';
import type { OutputValue } from '../../../report/outputs.ts';
import type { Annotation } from '../../../report/sink.ts';
import { formatDuration } from '../../../report/format.ts';
import { plural } from '../../../text.ts';
import type { ModeResult } from '../../mode.ts';
import { variablesTable } from '../variables-table.ts';
import { describeWorkspace, FAILED_OUTCOMES } from './upgrade-result.ts';
import { endedWell } from './waves.ts';
import type { UpgradeOutcome, WorkspaceUpgradeResult } from './upgrade-result.ts';

/** Why a rollout in waves stopped before its last wave. */
export interface RolloutStop {
  kind: 'failed' | 'cancelled';
  /** The last wave that ran (1 for the first). */
  wave: number;
}

/** The rollout as a whole: how many waves it had, and where it stopped, if it did. */
export interface Rollout {
  waves: number;
  stop: RolloutStop | null;
}

export interface UpgradeReportInput {
  rollout: Rollout;
  noCodeModuleId: string;
  /** The module's `version-pin`, when it was read: the version the workspaces move to. */
  versionPin: string | null;
  vars: readonly WorkspaceVariable[];
  confirm: boolean;
  dryRun: boolean;
  timeoutMs: number;
  /** One per workspace, in the order of the `workspace-id` input. */
  results: readonly WorkspaceUpgradeResult[];
  /** Each workspace's page in the service, by id, where its document gave one. */
  workspacePages?: ReadonlyMap<string, string>;
  /** The step was cancelled while the upgrades were under way. */
  cancelled: boolean;
  /** The service's origin (of `base-url`): a plan address elsewhere is shown, never linked. */
  serviceOrigin: string;
}

/** Each outcome in words, as a row of the summary begins. */
const OUTCOME_TEXT: Record<UpgradeOutcome, string> = {
  applied: '✅ applied',
  planned: '📝 plan ready, not confirmed',
  'no-changes': '➖ no changes',
  current: '✔️ already current, nothing started',
  confirmed: '⚠️ confirmed, no apply status reported',
  failed: '❌ failed',
  'timed-out': '⏱️ timed out waiting for the plan',
  'apply-timed-out': '⏱️ confirmed, timed out waiting for the apply',
  cancelled: '⛔ cancelled',
  'would-upgrade': '🔍 would start an upgrade',
  'not-started': '⏭️ not started',
};

/** Counts shown in the summary, in this order; zero counts are left out. */
const COUNTED: ReadonlyArray<readonly [UpgradeOutcome, string]> = [
  ['applied', 'applied'],
  ['planned', 'ready, not confirmed'],
  ['no-changes', 'no changes'],
  ['current', 'already current'],
  ['confirmed', 'confirmed, no apply status reported'],
  ['failed', 'failed'],
  ['timed-out', 'timed out'],
  ['apply-timed-out', 'apply timed out'],
  ['cancelled', 'cancelled'],
  ['would-upgrade', 'would be upgraded'],
  ['not-started', 'not started'],
];

/** The result entry of one workspace in the `result` output: the workspace's result without
 *  the action's own bookkeeping (the plan's readiness) and the note meant for the summary. */
type UpgradeResultEntry = Omit<WorkspaceUpgradeResult, 'planReady' | 'planUnknown' | 'note'>;

/**
 * `true` only when the service reported at least one upgrade applied, and every plan that was
 * ready was confirmed and reported applied, and no workspace may hold a plan the action never
 * saw; a run in which nothing was applied says `false`, so that a workflow can rely on
 * `applied == 'true'` meaning the workspaces changed.
 */
export function allReadyPlansApplied(results: readonly WorkspaceUpgradeResult[], confirm: boolean): boolean {
  if (!confirm) return false;
  return results.some((r) => r.applied) && results.every((r) => (!r.planReady || r.applied) && !r.planUnknown);
}

export function upgradeReport(input: UpgradeReportInput): ModeResult {
  const { results } = input;
  const failed = results.filter((r) => FAILED_OUTCOMES.has(r.outcome));
  const applied = allReadyPlansApplied(results, input.confirm);
  const entries: UpgradeResultEntry[] = results.map((r) => ({
    workspaceId: r.workspaceId,
    workspaceName: r.workspaceName,
    runId: r.runId,
    status: r.status,
    planUrl: r.planUrl,
    outcome: r.outcome,
    applied: r.applied,
    moduleVersionFrom: r.moduleVersionFrom,
    moduleVersionTo: input.versionPin,
    wave: r.wave ?? 1,
    ...(r.error !== undefined ? { error: r.error } : {}),
    ...(r.warning !== undefined ? { warning: r.warning } : {}),
  }));
  // One line per workspace, in input order, so that the lines of the three outputs match up.
  const outputs: Record<string, OutputValue> = {
    'run-id': results.map((r) => r.runId ?? '').join('\n'),
    status: results.map((r) => r.status ?? '').join('\n'),
    'plan-url': results.map((r) => r.planUrl ?? '').join('\n'),
    applied: applied ? 'true' : 'false',
    result: entries,
    // What a next run takes to go on where this one stopped.
    'resume-workspace-ids': input.dryRun
      ? ''
      : results
          .filter((r) => !endedWell(r, input.confirm))
          .map((r) => r.workspaceId)
          .join('\n'),
  };
  const annotations: Annotation[] = [
    ...failed.map((r): Annotation => ({
      level: 'error',
      title: `Upgrade of ${describeWorkspace(r.workspaceId, r.workspaceName)}`,
      message: r.error ?? OUTCOME_TEXT[r.outcome],
    })),
    ...results
      .filter((r) => r.warning !== undefined && !FAILED_OUTCOMES.has(r.outcome))
      .map((r): Annotation => ({
        level: 'warning',
        title: `Upgrade of ${describeWorkspace(r.workspaceId, r.workspaceName)}`,
        message: r.warning ?? '',
      })),
  ];
  const title = titleOf(input, failed.length);
  let failure: StepFailure | null = null;
  const stopped = stopText(input.rollout, results);
  if (input.cancelled)
    failure = stepFailure(`The step was cancelled: ${countsText(results)}.${stopped ? ` ${stopped}` : ''}`);
  else if (failed.length > 0 || input.rollout.stop !== null) {
    failure = stepFailure(
      (failed.length > 0
        ? `${failed.length} of ${plural(results.length, 'workspace upgrade')} did not succeed: ` +
          failed.map((r) => describeWorkspace(r.workspaceId, r.workspaceName)).join(', ') +
          ' (see the annotations and the job summary).'
        : '') + (stopped ? `${failed.length > 0 ? ' ' : ''}${stopped}` : ''),
    );
  }
  const conclusion: CheckRunConclusion = input.cancelled ? 'cancelled' : failure !== null ? 'failure' : 'success';
  return { title, summary: summaryOf(input, failure !== null), annotations, outputs, failure, conclusion };
}

function titleOf(input: UpgradeReportInput, failed: number): string {
  const n = input.results.length;
  const workspaces = plural(n, 'workspace');
  if (input.dryRun) return `Dry run: would upgrade ${workspaces} from no-code module ${input.noCodeModuleId}`;
  const head = failed > 0 ? `Upgrade of ${workspaces}: ${failed} did not succeed` : `Upgraded ${workspaces}`;
  return `${head} (${countsText(input.results)})`;
}

function countsText(results: readonly WorkspaceUpgradeResult[]): string {
  return COUNTED.map(([outcome, label]) => [label, results.filter((r) => r.outcome === outcome).length] as const)
    .filter(([, count]) => count > 0)
    .map(([label, count]) => `${count} ${label}`)
    .join(', ');
}

/** The summary's heading: what the step did, and ❌ when it failed, ⚠️ when something went unreported. */
function headingOf(input: UpgradeReportInput, failed: boolean): string {
  if (input.dryRun) return 'Upgrade of no-code workspaces (dry run)';
  if (input.cancelled) return '⏹️ Upgrade of no-code workspaces: cancelled';
  if (failed) return '❌ Upgrade of no-code workspaces';
  if (input.results.some((r) => r.warning !== undefined)) return '⚠️ Upgrade of no-code workspaces';
  return '✅ Upgrade of no-code workspaces';
}

function summaryOf(input: UpgradeReportInput, failed: boolean): string {
  const { results } = input;
  const intro = paragraph(
    html(
      `No-code module ${inlineCode(input.noCodeModuleId).html}${input.versionPin ? ` (version pin ${escapeHtml(input.versionPin)})` : ''}.`,
    ),
    input.confirm
      ? `Ready plans ${input.dryRun ? 'would be' : 'are'} confirmed, and each apply followed until the service reports its end.`
      : `Plans ${input.dryRun ? 'would not be' : 'are not'} confirmed (confirm is false).`,
    !input.dryRun &&
      `The wait${input.confirm ? ', plan and apply together,' : ''} lasts at most ${formatDuration(input.timeoutMs)}.`,
  );
  const counts = countsLine(
    COUNTED.map(([outcome, label]) => [label, results.filter((r) => r.outcome === outcome).length] as const),
    { skipZero: true },
  );
  const withVersions = results.some((r) => r.moduleVersionFrom !== null) || input.versionPin !== null;
  const rowOf = (r: WorkspaceUpgradeResult): Content[] => [
    workspaceCell(r, input.workspacePages?.get(r.workspaceId)),
    ...(withVersions ? [versionCell(r.moduleVersionFrom, input.versionPin)] : []),
    ...(input.dryRun
      ? []
      : [
          r.runId ? inlineCode(r.runId) : '–',
          planCell(r.planUrl, input.serviceOrigin),
          r.status ? inlineCode(r.status) : '–',
        ]),
    resultCell(r),
  ];
  const headers: Content[] = [
    'Workspace',
    ...(withVersions ? ['Module version'] : []),
    ...(input.dryRun ? [] : ['Run', 'Plan', 'Last status']),
    'Outcome',
  ];
  return joinBlocks(
    heading(headingOf(input, failed)),
    input.dryRun && dryRunBanner('No upgrade was started: this is what would be done.'),
    intro,
    counts,
    input.rollout.waves > 1
      ? wavesSection(input, (rows) => table(headers, rows.map(rowOf)))
      : table(headers, results.map(rowOf)),
    input.rollout.stop !== null && paragraph(stopText(input.rollout, results)),
    input.cancelled && paragraph('The step was cancelled: upgrade runs that had started go on in the service.'),
    input.vars.length > 0 &&
      details(`Variables sent with each upgrade (${input.vars.length})`, variablesTable(input.vars), {
        open: input.dryRun,
      }),
  );
}

/**
 * The plan's address: linked on the service's own origin; shown as code elsewhere, since a
 * report links it as the service's page and an answer naming another host is not one.
 */
function planCell(planUrl: string | null, serviceOrigin: string): Content {
  if (planUrl === null) return '–';
  return new URL(planUrl).origin === serviceOrigin ? link('plan', planUrl) : inlineCode(planUrl);
}

/** Each wave under a heading of its own, with its verdict, then its rows. */
function wavesSection(input: UpgradeReportInput, tableOf: (rows: WorkspaceUpgradeResult[]) => string): string {
  const { waves } = input.rollout;
  return joinBlocks(
    ...Array.from({ length: waves }, (_, index) => {
      const wave = index + 1;
      const rows = input.results.filter((r) => (r.wave ?? 1) === wave);
      return joinBlocks(
        heading(`Wave ${wave} of ${waves} (${plural(rows.length, 'workspace')}): ${waveVerdict(input, rows)}`, 3),
        tableOf(rows),
      );
    }),
  );
}

/** A wave's verdict in a few words. */
function waveVerdict(input: UpgradeReportInput, rows: readonly WorkspaceUpgradeResult[]): string {
  if (input.dryRun) return '🔍 would run';
  if (rows.every((r) => r.outcome === 'not-started')) return '⏭️ not started';
  if (rows.some((r) => r.outcome === 'cancelled')) return '⛔ cancelled';
  if (rows.every((r) => endedWell(r, input.confirm))) return '✅ ended well';
  return rows.some((r) => FAILED_OUTCOMES.has(r.outcome)) ? '❌ failed' : '⚠️ did not end well';
}

/** Where a rollout stopped and what was left, in a sentence; empty when it ran every wave. */
function stopText(rollout: Rollout, results: readonly WorkspaceUpgradeResult[]): string {
  const { stop, waves } = rollout;
  if (stop === null) return '';
  const rest = results.filter((r) => r.outcome === 'not-started').length;
  const ran = stop.wave === 1 ? 'Wave 1' : `Waves 1 to ${stop.wave}`;
  const why =
    stop.kind === 'failed'
      ? `wave ${stop.wave} did not end well, so the rollout stopped there`
      : `the step was cancelled after wave ${stop.wave}`;
  const left = `${plural(rest, 'workspace')} of the later waves ${rest === 1 ? 'was' : 'were'} not started`;
  return `${ran} of ${waves} ran; ${why}: ${left} (output resume-workspace-ids lists what a next run takes).`;
}

/** The workspace's name where the service gave it, and always its id; linked to its page. */
function workspaceCell(r: WorkspaceUpgradeResult, page: string | undefined): Content {
  if (!r.workspaceName) return link(inlineCode(r.workspaceId), page);
  return html(`${link(r.workspaceName, page).html}<br>${inlineCode(r.workspaceId).html}`);
}

/** The module version a workspace moves from and to, as far as the service said. */
function versionCell(from: string | null, to: string | null): Content {
  const known = (v: string | null): string => (v === null ? 'not known' : v);
  if (from !== null && from === to) return `${from} (unchanged)`;
  return `${known(from)} → ${known(to)}`;
}

/** The outcome in words, then what happened: the error, warning or note. */
function resultCell(r: WorkspaceUpgradeResult): string {
  const text = OUTCOME_TEXT[r.outcome];
  const detail = r.error ?? r.warning ?? r.note;
  if (!detail) return text;
  // A cancellation's detail says it was cancelled, and how: the mark alone goes before it.
  if (r.outcome === 'cancelled') return `${text.split(' ')[0]} ${detail}`;
  return `${text}: ${detail}`;
}
