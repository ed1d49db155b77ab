import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../../src/report/format.ts';
import { statusReporter } from '../../../src/report/wait-status.ts';

describe('statusReporter', () => {
  it('logs changes at once and repeats at most every interval', () => {
    const lines: string[] = [];
    const report = statusReporter((l) => lines.push(l), 30_000);
    report('queued', 0);
    report('queued', 10_000);
    report('running', 12_000);
    report('running', 41_000);
    report('running', 42_500);
    expect(lines).toEqual(['queued (0s elapsed)', 'running (12s elapsed)', 'running (43s elapsed)']);
    expect(formatDuration(3_725_000)).toBe('1h02m');
  });
});
