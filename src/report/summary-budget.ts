import { formatKiB } from './format.ts';
import { truncateMarkdown } from './markdown.ts';

/** GitHub keeps a step summary only up to 1 MiB; stay a little under it. */
export const GITHUB_SUMMARY_LIMIT_BYTES = 1024 * 1024 - 16 * 1024;

export interface SummaryBudget {
  /**
   * What of `markdown` still fits: all of it, or its head cut at a line boundary with a note
   * saying how much was left out, or '' once the budget is spent.
   */
  fit(markdown: string): string;
}

/** Tracks the bytes of summary written so far by one sink, across several writes. */
export function summaryBudget(limitBytes: number): SummaryBudget {
  let used = 0;
  let spent = false;
  return {
    fit(markdown) {
      if (spent || markdown === '') return '';
      const size = Buffer.byteLength(markdown, 'utf8');
      if (used + size <= limitBytes) {
        used += size;
        return markdown;
      }
      spent = true;
      const room = limitBytes - used;
      if (room < 256) return '';
      const { text } = truncateMarkdown(
        markdown,
        room,
        (omitted) =>
          `> [!WARNING]\n> The summary was cut at the ${formatKiB(limitBytes, 'down')} a job summary may hold; ` +
          `${formatKiB(omitted)} more did not fit.\n`,
      );
      used += Buffer.byteLength(text, 'utf8');
      return text;
    },
  };
}
