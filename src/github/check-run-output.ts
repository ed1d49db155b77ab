/**
 * What a check run's output may hold, shaped for the Checks API: the summary and text cut to the
 * API's length limit, annotations in the API's field names, in batches the API accepts.
 */

import { neutraliseMentions } from '../report/neutralise.ts';
import { sliceWhole } from '../text.ts';

export type CheckAnnotationLevel = 'notice' | 'warning' | 'failure';

export interface CheckAnnotation {
  /** Relative to the repository root, so that the annotation lands on the pull request's diff. */
  path: string;
  startLine: number;
  endLine?: number;
  level: CheckAnnotationLevel;
  message: string;
  title?: string;
}

/** An annotation as the Checks API takes it (`output.annotations[]`). */
export interface ApiAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: CheckAnnotationLevel;
  message: string;
  title?: string;
}

/** The Checks API refuses an `output.summary` or `output.text` longer than this. */
export const OUTPUT_TEXT_LIMIT = 65535;

/** The Checks API takes at most this many annotations in one request; later ones are appended. */
export const ANNOTATIONS_PER_REQUEST = 50;

/** The Checks API's limit on an annotation's title. */
const ANNOTATION_TITLE_LIMIT = 255;

/**
 * The Checks API takes annotation messages up to 64 KB. A UTF-16 code unit never takes more than
 * 3 bytes in UTF-8, so this many code units always fit.
 */
const ANNOTATION_MESSAGE_LIMIT = Math.floor(64_000 / 3);

export const SUMMARY_CUT_NOTE =
  '\n\n---\n_Cut here: a check run keeps at most 65535 characters. The job summary has the full report._';

/**
 * `text` when it fits in `limit` code units; otherwise its start, cut at a line break when one is
 * near (so a Markdown table row or list item is not split), followed by `note`.
 */
export function cutToLimit(text: string, limit: number, note: string): string {
  if (text.length <= limit) return text;
  const room = Math.max(0, limit - note.length);
  const lineBreak = text.lastIndexOf('\n', room);
  const end = lineBreak > 0 && room - lineBreak < 4096 ? lineBreak : room;
  return sliceWhole(text, end) + note.slice(0, limit);
}

/**
 * An annotation for the Checks API. Its title and message carry text from the service or a test
 * log, which GitHub shows beside the diff: no one is mentioned by it (neutraliseMentions).
 */
export function toApiAnnotation(annotation: CheckAnnotation): ApiAnnotation {
  // Line numbers start at 1 in the Checks API; a diagnostic without a usable line points at the top.
  const startLine = wholeLine(annotation.startLine);
  const endLine = Math.max(startLine, wholeLine(annotation.endLine ?? startLine));
  const message = neutraliseMentions(
    annotation.message.trim() !== '' ? annotation.message : (annotation.title ?? annotation.level),
  );
  const api: ApiAnnotation = {
    path: annotation.path.replaceAll('\\', '/').replace(/^(\.\/)+/, ''),
    start_line: startLine,
    end_line: endLine,
    annotation_level: annotation.level,
    message: cutToLimit(message, ANNOTATION_MESSAGE_LIMIT, '…'),
  };
  if (annotation.title !== undefined && annotation.title !== '') {
    api.title = cutToLimit(neutraliseMentions(annotation.title), ANNOTATION_TITLE_LIMIT, '…');
  }
  return api;
}

function wholeLine(line: number): number {
  return Number.isFinite(line) ? Math.max(1, Math.trunc(line)) : 1;
}

/** `items` in consecutive groups of at most `size`, in order. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
