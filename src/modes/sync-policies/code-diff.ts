// The difference between a policy's stored code and the repository's, as a reviewer reads it:
// a unified diff (three lines of context, as `diff -u` and `git diff` show), computed by jsdiff.

import { structuredPatch } from 'diff';
import { DIFF_TIMEOUT_MS } from '../../lifetime/budgets.ts';
import { formatBytes } from '../../report/format.ts';

export type CodeDifference =
  /** The lines that differ, as a unified diff with its file headers. */
  | { kind: 'diff'; text: string; added: number; removed: number }
  /** The texts differ only where a diff would show nothing (line endings, a byte order mark). */
  | { kind: 'invisible'; explanation: string }
  /** Too large to compare here; the sentence says why. */
  | { kind: 'not-compared'; explanation: string };

export interface CodeDiffOptions {
  /** Header of the old side (`--- ...`). */
  oldLabel: string;
  /** Header of the new side (`+++ ...`). */
  newLabel: string;
  /** Lines of context around each change. Default 3. */
  context?: number;
  /** A side larger than this is not compared (the diff would not fit a summary anyway). Default 1 MiB. */
  maxBytes?: number;
  /** The longest a diff may take; past it, no diff is shown. Default 2 s. */
  timeoutMs?: number;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/** How `oldCode` (the service's) becomes `newCode` (the repository's). */
export function codeDifference(oldCode: string, newCode: string, options: CodeDiffOptions): CodeDifference {
  const oldBytes = Buffer.byteLength(oldCode, 'utf8');
  const newBytes = Buffer.byteLength(newCode, 'utf8');
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (oldBytes > maxBytes || newBytes > maxBytes) {
    return {
      kind: 'not-compared',
      explanation: `The code is too large to show a diff here (${formatBytes(oldBytes)} in the service, ${formatBytes(newBytes)} in the repository).`,
    };
  }
  const invisible = invisibleDifference(oldCode, newCode);
  if (invisible !== undefined) return { kind: 'invisible', explanation: invisible };

  const timeout = options.timeoutMs ?? DIFF_TIMEOUT_MS;
  if (timeout <= 0)
    return {
      kind: 'not-compared',
      explanation: 'The code differs; no diff is shown: the time set aside for diffs is spent.',
    };
  const patch = structuredPatch(options.oldLabel, options.newLabel, oldCode, newCode, '', '', {
    context: options.context ?? 3,
    timeout,
  });
  if (patch === undefined) {
    return { kind: 'not-compared', explanation: 'The code differs in too many places to show a diff here.' };
  }
  const lines = [`--- ${options.oldLabel}`, `+++ ${options.newLabel}`];
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`);
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
      // A carriage return kept at the end of a line would vanish from the rendered diff anyway.
      lines.push(line.replace(/\r$/, ''));
    }
  }
  return { kind: 'diff', text: lines.join('\n'), added, removed };
}

/** `start,count` as `diff -u` writes it: an empty side starts one line earlier. */
function range(start: number, count: number): string {
  if (count === 0) return `${start - 1},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}

/**
 * Code compared byte for byte may differ where a rendered diff shows nothing: say so in words
 * instead of showing lines that look the same on both sides.
 */
function invisibleDifference(oldCode: string, newCode: string): string | undefined {
  const bom = (text: string): boolean => text.startsWith('\uFEFF');
  const crlf = (text: string): boolean => text.includes('\r\n');
  const normal = (text: string): string => text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  if (normal(oldCode) !== normal(newCode)) return undefined;
  const parts: string[] = [];
  if (bom(oldCode) !== bom(newCode)) {
    parts.push(
      bom(newCode)
        ? 'the repository\u2019s file starts with a byte order mark'
        : 'the service\u2019s copy starts with a byte order mark',
    );
  }
  if (crlf(oldCode) !== crlf(newCode) || oldCode.replace(/^\uFEFF/, '') !== newCode.replace(/^\uFEFF/, '')) {
    parts.push(
      `line endings differ (${crlf(oldCode) ? 'CRLF' : 'LF'} in the service, ${crlf(newCode) ? 'CRLF' : 'LF'} in the repository)`,
    );
  }
  return `The code differs only in characters a diff does not show: ${parts.join('; ')}. The repository\u2019s bytes are uploaded as they are.`;
}
