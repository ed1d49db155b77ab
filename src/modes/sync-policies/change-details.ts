// What a reviewer needs to judge each policy the sync changes: the settings old → new and a
// unified diff of the code (service → repository), one collapsed block per policy. Code and
// diffs share a byte budget so that the summary stays within what GitHub keeps (1 MiB); past it,
// they are cut with a line saying how much was left out.

import { ALL_DIFFS_MS, DIFF_TIMEOUT_MS } from '../../lifetime/budgets.ts';
import { Deadline } from '../../lifetime/deadline.ts';
import { systemClock } from '../../lifetime/clock.ts';
import { formatBytes } from '../../report/format.ts';
import { plural } from '../../text.ts';
import {
  codeBlock,
  details,
  html,
  inlineCode,
  joinBlocks,
  paragraph,
  renderHtml,
  strong,
  table,
} from '../../report/markdown.ts';
import type { Content } from '../../report/markdown.ts';
import type { PolicyOutcome } from './apply.ts';
import { codeDifference } from './code-diff.ts';
import type { PolicyPlanEntry, PolicySetting } from './plan.ts';

export interface ChangeDetailsBudget {
  /** Bytes of code and diff shown across all policies. */
  totalBytes: number;
  /** Bytes of code or diff shown for one policy. */
  perPolicyBytes: number;
  /** Time spent computing diffs across all policies: a diff of two very different large files
   *  is slow, and the report must not hold up the step. */
  totalDiffMs?: number;
}

/** Together well under GitHub's 1 MiB, leaving room for the tables around them. */
export const DEFAULT_CHANGE_DETAILS_BUDGET: ChangeDetailsBudget = {
  totalBytes: 640 * 1024,
  perPolicyBytes: 96 * 1024,
  totalDiffMs: ALL_DIFFS_MS,
};

/** Below this, a cut diff would show too little to be worth its place. */
const SMALLEST_USEFUL_CUT = 512;

const SETTING_LABEL: Record<PolicySetting, string> = {
  'enforcement-level': 'enforcement level',
  description: 'description',
  query: 'query',
};

/** One `<details>` block per changed policy, in the order given. */
export function changeDetails(
  outcomes: readonly PolicyOutcome[],
  label: (o: PolicyOutcome) => string,
  budget = DEFAULT_CHANGE_DETAILS_BUDGET,
): string {
  let remaining = budget.totalBytes;
  // The system's clock, not a test's: a diff is synchronous work, which a test's clock cannot move through,
  // and the diff library bounds each diff on Date.now() (its `timeout`); the total is measured
  // as each part is.
  const diffDeadline = Deadline.after(
    budget.totalDiffMs ?? DEFAULT_CHANGE_DETAILS_BUDGET.totalDiffMs ?? 0,
    systemClock,
  );
  const room: Room = {
    take(text) {
      const cut = cutAtLine(text, Math.min(budget.perPolicyBytes, remaining));
      remaining -= Buffer.byteLength(cut.text, 'utf8');
      return cut;
    },
    hasRoom: () => remaining >= SMALLEST_USEFUL_CUT,
    diffTimeoutMs: () => Math.min(DIFF_TIMEOUT_MS, diffDeadline.remainingMs()),
  };
  return joinBlocks(...outcomes.map((o) => policyBlock(o, label(o), room)));
}

/** What is left of the budget, shared by the policies in turn. */
interface Room {
  /** As much of `text` as fits; what is shown is taken from the budget. */
  take(text: string): CutText;
  /** Whether anything more can be shown. */
  hasRoom(): boolean;
  /** How long the next diff may take; zero or less once the time is spent. */
  diffTimeoutMs(): number;
}

interface CutText {
  text: string;
  omittedLines: number;
  omittedBytes: number;
}

function policyBlock(outcome: PolicyOutcome, label: string, room: Room): string {
  const { entry } = outcome;
  const parts = policyParts(entry, room);
  const summary = html(
    `${strong(entry.name).html} · ${renderHtml(label)}${parts.stat ? ` ${renderHtml(parts.stat)}` : ''}`,
  );
  return details(summary, joinBlocks(...parts.blocks));
}

function policyParts(entry: PolicyPlanEntry, room: Room): { blocks: string[]; stat?: string } {
  const desired = entry.desired;
  const remote = entry.remote;
  switch (entry.action) {
    case 'create':
      return { blocks: [newPolicySettings(entry), ...shownCode(entry, room)] };
    case 'replace':
      return {
        blocks: [
          paragraph(
            `The kind changes from ${remote?.kind ?? '?'} to ${entry.kind}, which the service cannot change in place: policy`,
            inlineCode(remote?.id ?? '?'),
            'is deleted and the policy created again with a new id.',
          ),
          newPolicySettings(entry),
          ...shownCode(entry, room),
        ],
      };
    case 'delete':
      return { blocks: [deletedPolicy(entry)] };
    case 'update-settings':
    case 'upload-code':
    case 'update-settings-and-upload-code': {
      const blocks: string[] = [];
      if (entry.settingChanges.length > 0) {
        blocks.push(
          table(
            ['Setting', 'In the service', 'In the repository'],
            entry.settingChanges.map((c) => [SETTING_LABEL[c.attribute], valueCell(c.from), valueCell(c.to)]),
          ),
        );
      }
      if (!entry.codeChanged || !desired) return { blocks };
      if (!room.hasRoom()) {
        blocks.push(
          paragraph(
            'The code differs; its diff is left out: the summary has no more room for code (GitHub keeps 1 MiB of a job summary).',
          ),
        );
        return { blocks };
      }
      if (entry.storedCode === undefined) {
        blocks.push(
          paragraph(
            'The service holds no code for this policy (none was ever uploaded, or it could not be read): the repository\u2019s code is uploaded.',
          ),
        );
        blocks.push(...shownCode(entry, room));
        return { blocks };
      }
      const difference = codeDifference(entry.storedCode, desired.code, {
        oldLabel: `${entry.name} (service, ${remote?.id ?? '?'})`,
        newLabel: `${desired.sourceFile} (repository)`,
        timeoutMs: room.diffTimeoutMs(),
      });
      if (difference.kind !== 'diff') {
        blocks.push(paragraph(difference.explanation));
        return { blocks };
      }
      blocks.push(...cutBlock(difference.text, 'diff', room, 'diff'));
      return { blocks, stat: `(+${difference.added} −${difference.removed})` };
    }
    case 'unchanged':
    case 'ignored':
      return { blocks: [] };
  }
}

function newPolicySettings(entry: PolicyPlanEntry): string {
  const desired = entry.desired;
  if (!desired) return '';
  const rows: Content[][] = [
    ['kind', desired.kind],
    ['enforcement level', desired.enforcementLevel],
    ['description', valueCell(desired.description)],
  ];
  if (desired.kind === 'opa') rows.push(['query', valueCell(desired.query)]);
  rows.push(['code', inlineCode(desired.sourceFile)]);
  return table(['Setting', 'In the repository'], rows);
}

function deletedPolicy(entry: PolicyPlanEntry): string {
  const remote = entry.remote;
  if (!remote) return '';
  const rows: Content[][] = [
    ['id', inlineCode(remote.id)],
    ['kind', remote.kind],
    ['enforcement level', remote.enforcementLevel],
    ['description', valueCell(remote.description)],
  ];
  if (remote.kind === 'opa') rows.push(['query', valueCell(remote.query)]);
  rows.push(['policy sets', remote.policySetIds.length > 0 ? remote.policySetIds.join(', ') : 'none']);
  return joinBlocks(
    paragraph(
      'No file of the repository defines this policy, and prune is on: the policy and its code are deleted from the service.',
    ),
    table(['Setting', 'In the service'], rows),
  );
}

function shownCode(entry: PolicyPlanEntry, room: Room): string[] {
  const desired = entry.desired;
  if (!desired) return [];
  if (desired.code === '') return [paragraph('The code file is empty.')];
  return cutBlock(desired.code, desired.kind === 'opa' ? 'rego' : '', room, 'code');
}

/** A fenced block of as much of `text` as the budget allows, and a line saying what was left out. */
function cutBlock(text: string, language: string, room: Room, what: 'diff' | 'code'): string[] {
  const cut = room.take(text);
  if (cut.omittedLines === 0) return [codeBlock(cut.text, language)];
  const why = 'the summary has no more room for code (GitHub keeps 1 MiB of a job summary).';
  if (cut.text === '')
    return [
      paragraph(
        `This ${what} (${plural(cut.omittedLines, 'line')}, ${formatBytes(cut.omittedBytes)}) is left out: ${why}`,
      ),
    ];
  return [
    codeBlock(cut.text, language),
    paragraph(
      `\u2026 ${plural(cut.omittedLines, 'more line')} (${formatBytes(cut.omittedBytes)}) of this ${what} left out: ${why}`,
    ),
  ];
}

/** The head of `text` that fits `maxBytes`, cut at a line boundary; all of it when it fits. */
function cutAtLine(whole: string, maxBytes: number): CutText {
  const text = whole.replace(/\r?\n$/, '');
  const size = Buffer.byteLength(text, 'utf8');
  if (size <= maxBytes) return { text, omittedLines: 0, omittedBytes: 0 };
  const lines = text.split('\n');
  let used = 0;
  let kept = 0;
  if (maxBytes >= SMALLEST_USEFUL_CUT) {
    for (const line of lines) {
      const bytes = Buffer.byteLength(line, 'utf8') + 1;
      if (used + bytes > maxBytes) break;
      used += bytes;
      kept++;
    }
  }
  const shown = lines.slice(0, kept).join('\n');
  return { text: shown, omittedLines: lines.length - kept, omittedBytes: size - Buffer.byteLength(shown, 'utf8') };
}

function valueCell(value: string | null): Content {
  return value === null || value === '' ? html('<em>none</em>') : value;
}
