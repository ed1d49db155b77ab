// Quantities as a person reads them, the same in every mode's report (words and cut text: src/text.ts).

/** `512 B`, `3.4 KiB`, `1.2 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/**
 * Whole KiB, `12 KiB`, for what a cut left out (rounded up: a cut never reads as 0 KiB) or for a
 * limit (rounded down: a limit is never overstated).
 */
export function formatKiB(bytes: number, round: 'up' | 'down' = 'up'): string {
  return `${round === 'up' ? Math.ceil(bytes / 1024) : Math.floor(bytes / 1024)} KiB`;
}

/**
 * A wait or a limit, in whole seconds and spelled as the timeout input is written: `45s`,
 * `30m00s`, `1h02m`. For timeouts, bounded waits and the time a status line says has passed.
 */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/**
 * A short time to a tenth of a second, where the fraction tells something: how long a test
 * took, a grace period. `850 ms`, `2.3 s`, `5 s`, `3 min 4 s`, `1 h 3 min`.
 */
export function formatPreciseDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min ${rest} s`;
}
