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
import { FAILED_OUTCOMES } from './upgrade-workspace.ts';
import type { UpgradeOutcome, WorkspaceUpgradeResult } from './upgrade-workspace.ts';

export interface UpgradeReportInput {
  noCodeModuleId: string;
  /** The module's `version-pin`, when it was read. */
  versionPin: string | null;
  vars: readonly WorkspaceVariable[];
  confirm: boolean;
  dryRun: boolean;
  timeoutMs: number;
  /** One per workspace, in the order of the `workspace-id` input. */
  results: readonly WorkspaceUpgradeResult[];
  /** The step was cancelled while the upgrades were under way. */
  cancelled: boolean;
}

const OUTCOME_TEXT: Record<UpgradeOutcome, string> = {
  applied: '✅ applied',
  planned: '📝 plan ready, not confirmed',
  'no-changes': '➖ no changes',
  confirmed: "⏱️ confirmed; the service has not reported the apply's end within the timeout",
  failed: '❌ failed',
  'timed-out': '⏱️ timed out waiting for the plan',
  cancelled: '⛔ cancelled',
  'would-upgrade': '🔍 would start an upgrade',
};

/** Counts shown in the summary, in this order; zero counts are left out. */
const COUNTED: ReadonlyArray<readonly [UpgradeOutcome, string]> = [
  ['applied', 'applied'],
  ['planned', 'ready, not confirmed'],
  ['no-changes', 'no changes'],
  ['confirmed', "confirmed, apply's end not reported"],
  ['failed', 'failed'],
  ['timed-out', 'timed out'],
  ['cancelled', 'cancelled'],
  ['would-upgrade', 'would be upgraded'],
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
    ...(r.error !== undefined ? { error: r.error } : {}),
  }));
  // One line per workspace, in input order, so that the lines of the three outputs match up.
  const outputs: Record<string, OutputValue> = {
    'run-id': results.map((r) => r.runId ?? '').join('\n'),
    status: results.map((r) => r.status ?? '').join('\n'),
    'plan-url': results.map((r) => r.planUrl ?? '').join('\n'),
    applied: applied ? 'true' : 'false',
    result: entries,
  };
  const annotations: Annotation[] = failed.map((r) => ({
    level: 'error',
    title: `Upgrade of ${r.workspaceId}${r.workspaceName ? ` (${r.workspaceName})` : ''}`,
    message: r.error ?? OUTCOME_TEXT[r.outcome],
  }));
  const title = titleOf(input, failed.length);
  let failure: StepFailure | null = null;
  if (input.cancelled) failure = stepFailure(`The step was cancelled: ${countsText(results)}.`);
  else if (failed.length > 0) {
    failure = stepFailure(
      `${failed.length} of ${plural(results.length, 'workspace upgrade')} did not succeed: ` +
        failed.map((r) => r.workspaceId).join(', ') +
        ' (see the annotations and the job summary).',
    );
  }
  const conclusion: CheckRunConclusion = input.cancelled ? 'cancelled' : failed.length > 0 ? 'failure' : 'success';
  return { title, summary: summaryOf(input, applied), annotations, outputs, failure, conclusion };
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

function summaryOf(input: UpgradeReportInput, applied: boolean): string {
  const { results } = input;
  const intro = paragraph(
    html(
      `No-code module ${inlineCode(input.noCodeModuleId).html}${input.versionPin ? ` (version pin ${escapeHtml(input.versionPin)})` : ''}.`,
    ),
    input.confirm
      ? 'Ready plans are confirmed, and each apply is followed until the service reports its end.'
      : 'Plans are not confirmed (confirm is false).',
    `The wait${input.confirm ? ', plan and apply together,' : ''} lasts at most ${formatDuration(input.timeoutMs)}.`,
  );
  const counts = countsLine(
    COUNTED.map(([outcome, label]) => [label, results.filter((r) => r.outcome === outcome).length] as const),
    { skipZero: true },
  );
  const rows: Content[][] = results.map((r) => [
    workspaceCell(r),
    r.runId ? inlineCode(r.runId) : '–',
    r.planUrl ? link('plan', r.planUrl) : '–',
    r.status ? inlineCode(r.status) : '–',
    resultCell(r),
  ]);
  return joinBlocks(
    heading(input.dryRun ? 'Upgrade of no-code workspaces (dry run)' : 'Upgrade of no-code workspaces'),
    input.dryRun && dryRunBanner('No upgrade was started: this is what would be done.'),
    intro,
    counts,
    table(['Workspace', 'Run', 'Plan', 'Last status', input.confirm ? 'Apply' : 'Outcome'], rows),
    !input.dryRun &&
      input.confirm &&
      paragraph(
        applied
          ? 'Every ready plan was confirmed, and the service reported it applied.'
          : 'Not every ready plan was reported applied.',
      ),
    input.cancelled && paragraph('The step was cancelled: upgrade runs that had started go on in the service.'),
    details(`Variables sent with each upgrade (${input.vars.length})`, variablesTable(input.vars), {
      open: input.dryRun,
    }),
  );
}

/** The workspace's name where the service gave it, and always its id. */
function workspaceCell(r: WorkspaceUpgradeResult): Content {
  if (!r.workspaceName) return inlineCode(r.workspaceId);
  return html(`${escapeHtml(r.workspaceName)}<br>${inlineCode(r.workspaceId).html}`);
}

/** The outcome in words; an error, a full sentence that says what happened, replaces them. */
function resultCell(r: WorkspaceUpgradeResult): string {
  const text = OUTCOME_TEXT[r.outcome];
  if (r.error) return `${text.split(' ')[0]} ${r.error}`;
  return r.note ? `${text}: ${r.note}` : text;
}
