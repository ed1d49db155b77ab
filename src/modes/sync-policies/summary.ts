// The report of a policy sync, as plain functions of its outcomes: counts, title, job summary
// and outputs. A replaced policy (its kind changed, so it was deleted and created again) counts
// as one created and one deleted, in the summary as in the outputs: those are the writes made.

import { capitalise, plural } from '../../text.ts';
import type { OutputValue } from '../../report/outputs.ts';
import {
  bulletList,
  countsLine,
  details,
  dryRunBanner,
  escapeMarkdown,
  heading,
  html,
  inlineCode,
  joinBlocks,
  renderHtml,
  paragraph,
  strong,
  table,
} from '../../report/markdown.ts';
import type { Content } from '../../report/markdown.ts';
import type { PolicyOutcome, PolicyOutcomeStatus } from './apply.ts';
import { DEFAULT_CHANGE_DETAILS_BUDGET, changeDetails } from './change-details.ts';
import type { ChangeDetailsBudget } from './change-details.ts';
import type { PolicyAction } from './plan.ts';
import type { Problem } from './policy-model.ts';

export interface SyncReport {
  organization: string;
  dryRun: boolean;
  /** One per plan entry, sorted by name. */
  outcomes: readonly PolicyOutcome[];
  warnings: readonly Problem[];
  /** The step was cancelled while writing. */
  cancelled: boolean;
}

export interface SyncCounts {
  /** Created, replaced included (done, or in a dry run to be done). */
  created: number;
  /** Settings or code updated in place. */
  updated: number;
  /** Deleted by prune, replaced included. */
  deleted: number;
  replaced: number;
  unchanged: number;
  /** In the service only and left alone. */
  notManaged: number;
  failed: number;
  /** Not started because the step was cancelled. */
  notStarted: number;
}

/** One entry of the `result` output. */
export interface SyncResultEntry {
  name: string;
  kind: string;
  /** The planned action (also in a dry run and when it failed; see `outcome`). */
  action: PolicyAction;
  outcome: PolicyOutcomeStatus;
  /** The policy's id now (the new one after create or replace); null when there is none. */
  id: string | null;
  /** The deleted policy's id, for a replace. */
  previousId?: string;
  /** The repository's level; the service's for a policy that is deleted or not managed. */
  enforcementLevel: string | null;
  changes: string[];
  reason?: string;
  error?: string;
}

const IN_SYNC = 'Everything is in sync: no write request was sent.';
const IN_SYNC_DRY_RUN = 'Everything is in sync: nothing would change.';

export function countOutcomes(outcomes: readonly PolicyOutcome[]): SyncCounts {
  const counts: SyncCounts = {
    created: 0,
    updated: 0,
    deleted: 0,
    replaced: 0,
    unchanged: 0,
    notManaged: 0,
    failed: 0,
    notStarted: 0,
  };
  for (const outcome of outcomes) {
    if (outcome.status === 'unchanged') counts.unchanged++;
    else if (outcome.status === 'not-managed') counts.notManaged++;
    else if (outcome.status === 'failed') counts.failed++;
    else if (outcome.status === 'not-started') counts.notStarted++;
    else {
      switch (outcome.entry.action) {
        case 'create':
          counts.created++;
          break;
        case 'replace':
          counts.replaced++;
          counts.created++;
          counts.deleted++;
          break;
        case 'delete':
          counts.deleted++;
          break;
        case 'update-settings':
        case 'upload-code':
        case 'update-settings-and-upload-code':
          counts.updated++;
          break;
        case 'unchanged':
        case 'ignored':
          break;
      }
    }
  }
  return counts;
}

/** Whether the sync had nothing to do: no write was (or would be) sent. */
export function isInSync(outcomes: readonly PolicyOutcome[]): boolean {
  return outcomes.every((o) => o.status === 'unchanged' || o.status === 'not-managed');
}

/** One line: the check run's title and the last log line. */
export function syncTitle(report: SyncReport, counts = countOutcomes(report.outcomes)): string {
  const total = report.outcomes.length;
  const org = report.organization;
  if (report.cancelled) {
    return `Policy sync of ${org} cancelled: ${counts.notStarted} of ${plural(total, 'policy', 'policies')} not started, ${counts.failed} failed`;
  }
  if (counts.failed > 0) return `${counts.failed} of ${plural(total, 'policy', 'policies')} failed to sync in ${org}`;
  if (isInSync(report.outcomes)) {
    return report.dryRun
      ? `Dry run: the policies of ${org} are in sync`
      : `The policies of ${org} are in sync; nothing was changed`;
  }
  const { created, updated, deleted, unchanged } = counts;
  return report.dryRun
    ? `Dry run: would create ${created}, update ${updated} and delete ${deleted} policies in ${org} (${unchanged} unchanged)`
    : `Policies synced in ${org}: ${created} created, ${updated} updated, ${deleted} deleted, ${unchanged} unchanged`;
}

export function syncOutputs(report: SyncReport, counts = countOutcomes(report.outcomes)): Record<string, OutputValue> {
  return {
    created: counts.created,
    updated: counts.updated,
    deleted: counts.deleted,
    unchanged: counts.unchanged,
    result: report.outcomes.map(resultEntry),
  };
}

export function resultEntry(outcome: PolicyOutcome): SyncResultEntry {
  const { entry } = outcome;
  const result: SyncResultEntry = {
    name: entry.name,
    kind: entry.kind,
    action: entry.action,
    outcome: outcome.status,
    id: outcome.id,
    enforcementLevel: entry.desired?.enforcementLevel ?? entry.remote?.enforcementLevel ?? null,
    changes: [...entry.changes],
  };
  if (outcome.previousId !== null) result.previousId = outcome.previousId;
  if (entry.reason !== null) result.reason = entry.reason;
  if (outcome.error !== null) result.error = outcome.error;
  return result;
}

/** What a dry run sends, in the same words in the log and the summary. */
export const DRY_RUN_SENDS = 'nothing was changed, only read requests were sent';

/** The job summary of a sync that read both sides (applied, dry run, or cancelled midway). */
export function syncSummary(
  report: SyncReport,
  counts = countOutcomes(report.outcomes),
  budget: ChangeDetailsBudget = DEFAULT_CHANGE_DETAILS_BUDGET,
): string {
  const dry = report.dryRun;
  const changed = report.outcomes.filter((o) => o.status !== 'unchanged' && o.status !== 'not-managed');
  const unchanged = report.outcomes.filter((o) => o.status === 'unchanged');
  const notManaged = report.outcomes.filter((o) => o.status === 'not-managed');
  const failed = report.outcomes.filter((o) => o.status === 'failed');

  // The three writes and what was left as it was always; the rarer counts only when they happen
  // (a dry run fails nothing).
  const countParts: Array<readonly [string, number]> = dry
    ? [
        ['would be created', counts.created],
        ['would be updated', counts.updated],
        ['would be deleted', counts.deleted],
      ]
    : [
        ['created', counts.created],
        ['updated', counts.updated],
        ['deleted', counts.deleted],
      ];
  if (counts.replaced > 0) countParts.push([dry ? 'would be replaced' : 'replaced', counts.replaced]);
  countParts.push(['unchanged', counts.unchanged]);
  if (counts.notManaged > 0) countParts.push(['not managed', counts.notManaged]);
  if (!dry || counts.failed > 0) countParts.push(['failed', counts.failed]);
  if (counts.notStarted > 0) countParts.push(['not started', counts.notStarted]);

  return joinBlocks(
    summaryHeading(report.organization, verdictOf(report, counts), dry),
    dry && dryRunBanner(`This is what would be done: ${DRY_RUN_SENDS}.`),
    report.cancelled &&
      paragraph(
        strong('Cancelled.'),
        `The step was cancelled: ${plural(counts.notStarted, 'policy was', 'policies were')} not started; those already written are listed as done.`,
      ),
    countsLine(countParts),
    counts.replaced > 0 &&
      paragraph(
        'A replaced policy (its kind changed, which the service cannot change in place) is deleted and created again: ' +
          'it counts as one created and one deleted, here and in the outputs.',
      ),
    isInSync(report.outcomes) && paragraph(strong(dry ? IN_SYNC_DRY_RUN : IN_SYNC)),
    failed.length > 0 && heading('Failed', 3),
    failed.length > 0 &&
      bulletList(failed.map((o) => html(`${strong(o.entry.name).html}: ${escapeMarkdown(o.error ?? '')}`))),
    changed.length > 0 && heading(dry ? 'Would change' : 'Changes', 3),
    changed.length > 0 && policyTable(changed, dry ? 'What happens' : 'What happened'),
    unchanged.length > 0 && details(`${unchanged.length} unchanged`, policyTable(unchanged)),
    notManaged.length > 0 &&
      details(
        `${notManaged.length} not managed by this repository (left alone)`,
        joinBlocks(
          paragraph(capitalise(notManaged[0]?.entry.reason ?? 'not defined in the repository') + '.'),
          policyTable(notManaged),
        ),
      ),
    problemsSection('Warnings', report.warnings),
    changed.length > 0 && heading(dry ? 'What would change, policy by policy' : 'What changed, policy by policy', 3),
    changed.length > 0 && changeDetails(changed, outcomeWords, budget),
  );
}

/** The summary when the policy files have problems: nothing was sent to the service. */
export function problemsSummary(
  organization: string,
  problems: readonly Problem[],
  warnings: readonly Problem[],
): string {
  return joinBlocks(
    summaryHeading(organization, 'failed'),
    paragraph(
      strong(problemsFailure(problems.length)),
      '(no request was sent to the service). Fix these and run again:',
    ),
    problemsTable('Problem', problems),
    problemsSection('Warnings', warnings),
  );
}

/** The step's failure message for problems in the policy files. */
export function problemsFailure(count: number): string {
  return `${plural(count, 'problem')} in the policy files; nothing was changed`;
}

/** The summary when the organization could not be read: nothing was changed. */
export function readFailureSummary(organization: string, message: string, warnings: readonly Problem[]): string {
  return joinBlocks(
    summaryHeading(organization, 'failed'),
    paragraph(strong('The organization\u2019s policies could not be read; nothing was changed.')),
    paragraph(message),
    problemsSection('Warnings', warnings),
  );
}

/** How the sync ended, as the heading's mark says it at a glance (as every mode's heading does). */
type SyncVerdict = 'synced' | 'with-warnings' | 'failed' | 'cancelled' | 'dry-run';

const VERDICT_MARKS: Record<SyncVerdict, string> = {
  synced: '✅',
  'with-warnings': '⚠️',
  failed: '❌',
  cancelled: '⏹️',
  'dry-run': '🔍',
};

/** The verdict of a sync that read both sides: a dry run's is that it is one. */
function verdictOf(report: SyncReport, counts: SyncCounts): SyncVerdict {
  if (report.cancelled) return 'cancelled';
  if (counts.failed > 0) return 'failed';
  if (report.dryRun) return 'dry-run';
  return report.warnings.length > 0 ? 'with-warnings' : 'synced';
}

function summaryHeading(organization: string, verdict: SyncVerdict, dryRun = false): string {
  const title = `${VERDICT_MARKS[verdict]} Sync policies${dryRun ? ' (dry run)' : ''}: organization ${inlineCode(organization).html}`;
  return heading(html(title), 2);
}

/** What happened to a policy, in two or three words. */
export function outcomeWords(o: PolicyOutcome): string {
  const action = o.entry.action;
  switch (o.status) {
    case 'unchanged':
      return 'unchanged';
    case 'not-managed':
      return 'left alone';
    case 'planned':
      return `would ${ACTION_WORDS[action].planned}`;
    case 'done':
      return ACTION_WORDS[action].done;
    case 'failed':
      return `${ACTION_WORDS[action].planned} failed`;
    case 'not-started':
      return 'not started (cancelled)';
  }
}

const ACTION_WORDS: Record<PolicyAction, { planned: string; done: string }> = {
  create: { planned: 'create', done: 'created' },
  'update-settings': { planned: 'update settings', done: 'settings updated' },
  'upload-code': { planned: 'update code', done: 'code updated' },
  'update-settings-and-upload-code': { planned: 'update settings and code', done: 'settings and code updated' },
  replace: { planned: 'replace', done: 'replaced' },
  delete: { planned: 'delete', done: 'deleted' },
  unchanged: { planned: 'leave unchanged', done: 'unchanged' },
  ignored: { planned: 'leave alone', done: 'left alone' },
};

/** A policy's level as the table shows it: `hard-mandatory (kept)` where the repository states none. */
function levelText(entry: PolicyOutcome['entry']): string {
  const level = entry.desired?.enforcementLevel ?? entry.remote?.enforcementLevel ?? '';
  if (entry.levelKept) return `${level} (kept)`;
  if (entry.desired !== null && !entry.desired.enforcementLevelStated) return `${level} (default for a new policy)`;
  return level;
}

/** One row a policy; the id once (the new one after a replace, with the one it replaced). */
function policyTable(outcomes: readonly PolicyOutcome[], actionHeader?: string): string {
  const withAction = actionHeader !== undefined;
  const headers: Content[] = ['Policy', 'Kind', 'Enforcement level', ...(withAction ? [actionHeader] : []), 'Id'];
  return table(
    headers,
    outcomes.map((o) => {
      const { entry } = o;
      const level = levelText(entry);
      const id =
        o.previousId !== null
          ? html(`${renderHtml(o.id ?? '—')}<br>(replaces ${renderHtml(o.previousId)})`)
          : (o.id ?? '—');
      return [strong(entry.name), entry.kind, level, ...(withAction ? [outcomeWords(o)] : []), id];
    }),
  );
}

function problemsSection(title: string, problems: readonly Problem[]): string | false {
  if (problems.length === 0) return false;
  return joinBlocks(
    heading(`${title} (${problems.length})`, 3),
    problemsTable(title === 'Warnings' ? 'Warning' : 'Problem', problems),
  );
}

function problemsTable(column: string, problems: readonly Problem[]): string {
  return table(
    ['File', 'Line', column],
    problems.map((p) => [p.file === '' ? '—' : inlineCode(p.file), p.line ?? '', p.message]),
  );
}
