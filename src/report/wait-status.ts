// How a long wait reads in the log: its status lines. The wait itself (pollUntil, its deadline
// and pauses) is in src/lifetime; durations are spelt by format.ts.

import { STATUS_LINE_EVERY_MS } from '../lifetime/budgets.ts';
import { formatDuration } from './format.ts';
import { escapeControls } from './neutralise.ts';

/**
 * Writes a status line when the status changes, and otherwise at most every `everyMs`, so a
 * long wait shows it is alive without flooding the log. The status is the service's: one item,
 * shown on one line with its control characters escaped.
 */
export function statusReporter(
  log: (line: string) => void,
  everyMs = STATUS_LINE_EVERY_MS,
): (status: string, elapsedMs: number) => void {
  let lastStatus: string | undefined;
  let lastAt = -Infinity;
  return (status, elapsedMs) => {
    if (status === lastStatus && elapsedMs - lastAt < everyMs) return;
    lastStatus = status;
    lastAt = elapsedMs;
    log(`${escapeControls(status)} (${formatDuration(elapsedMs)} elapsed)`);
  };
}
