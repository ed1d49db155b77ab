import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatKiB, formatPreciseDuration } from '../../../src/report/format.ts';

describe('formatBytes', () => {
  it('spells bytes, KiB and MiB to a tenth', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3482)).toBe('3.4 KiB');
    expect(formatBytes(1_258_291)).toBe('1.2 MiB');
  });
});

describe('formatDuration', () => {
  it('spells a wait in whole seconds as the timeout input is written', () => {
    expect(formatDuration(400)).toBe('0s');
    expect(formatDuration(45_000)).toBe('45s');
    expect(formatDuration(1_800_000)).toBe('30m00s');
    expect(formatDuration(3_725_000)).toBe('1h02m');
  });
});

describe('formatPreciseDuration', () => {
  it('spells a short time to a tenth of a second, a whole one without the .0', () => {
    expect(formatPreciseDuration(850)).toBe('850 ms');
    expect(formatPreciseDuration(2310)).toBe('2.3 s');
    expect(formatPreciseDuration(5000)).toBe('5 s');
    expect(formatPreciseDuration(184_000)).toBe('3 min 4 s');
    expect(formatPreciseDuration(3_780_000)).toBe('1 h 3 min');
  });
});

describe('formatKiB', () => {
  it('rounds what was left out up and a limit down', () => {
    expect(formatKiB(1)).toBe('1 KiB');
    expect(formatKiB(2049)).toBe('3 KiB');
    expect(formatKiB(2049, 'down')).toBe('2 KiB');
    expect(formatKiB(1024 * 1024 - 16 * 1024, 'down')).toBe('1008 KiB');
  });
});
