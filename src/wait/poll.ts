// How a long wait reads in the log: its status lines and durations. The wait itself (pollUntil,
// its deadline and pauses) is in src/lifetime.

/**
 * Writes a status line when the status changes, and otherwise at most every `everyMs`, so a
 * long wait shows it is alive without flooding the log.
 */
export function statusReporter(log: (line: string) => void, everyMs = 30_000): (status: string, elapsedMs: number) => void {
  let lastStatus: string | undefined;
  let lastAt = -Infinity;
  return (status, elapsedMs) => {
    if (status === lastStatus && elapsedMs - lastAt < everyMs) return;
    lastStatus = status;
    lastAt = elapsedMs;
    log(`${status} (${formatDuration(elapsedMs)} elapsed)`);
  };
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
