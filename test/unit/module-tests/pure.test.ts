// Pure parts of the mode: comparing a run's options with the requested ones, the state the
// main step hands to the post step, and the limits that count from the runner's signals.
import { describe, expect, it } from 'vitest';
import {
  readSavedRun,
  saveCancelRequested,
  saveConfigurationVersion,
  saveCreateSent,
  saveRunFinal,
  saveRunStarted,
} from '../../../src/modes/run-module-tests/state.ts';
import { windDownOf } from '../../../src/lifetime/wind-down.ts';
import {
  adoptableRun,
  optionDifferences,
  optionsFingerprint,
  runFingerprint,
} from '../../../src/modes/run-module-tests/test-run/version-runs.ts';
import { isFinal } from '../../../src/modes/run-module-tests/test-run/status.ts';
import type { RequestedTestRun } from '../../../src/modes/run-module-tests/test-run/version-runs.ts';
import type { TestRun } from '../../../src/service/types.ts';

function run(attributes: Partial<TestRun['attributes']>): TestRun {
  return {
    id: 'trun-1',
    type: 'test-runs',
    attributes: {
      status: 'queued',
      'status-timestamps': {},
      'test-status': null,
      'tests-passed': null,
      'tests-failed': null,
      'tests-errored': null,
      'tests-skipped': null,
      ...attributes,
    },
  };
}

const requested: RequestedTestRun = {
  testDirectory: 'tests',
  filters: ['tests/a.tftest.hcl', 'tests/b.tftest.hcl'],
  variables: [
    { key: 'region', value: '"eu-west-1"' },
    { key: 'size', value: '3' },
  ],
  verbose: false,
};

describe('which run is the one', () => {
  const carrying = {
    'test-directory': 'tests',
    filters: requested.filters,
    variables: requested.variables,
    verbose: false,
  };

  it('adopts the oldest run with the requested options that was not cancelled, whatever the list order', () => {
    const older = { ...run({ ...carrying, 'created-at': '2024-05-01T10:00:00Z' }), id: 'trun-older' };
    const newer = { ...run({ ...carrying, 'created-at': '2024-05-01T10:00:05Z' }), id: 'trun-newer' };
    const cancelled = {
      ...run({ ...carrying, status: 'canceled', 'created-at': '2024-05-01T09:00:00Z' }),
      id: 'trun-cancelled',
    };
    const otherOptions = {
      ...run({ ...carrying, verbose: true, 'created-at': '2024-05-01T08:00:00Z' }),
      id: 'trun-verbose',
    };
    expect(adoptableRun([newer, otherOptions, older, cancelled], requested)?.id).toBe('trun-older');
    expect(adoptableRun([cancelled, older, newer], requested)?.id).toBe('trun-older');
    expect(adoptableRun([otherOptions, cancelled], requested)).toBeUndefined();
  });

  it('fingerprints the options the same way from a request and from a run, in any order, values included', () => {
    const same = run({
      ...carrying,
      filters: [...requested.filters].reverse(),
      variables: [...requested.variables].reverse(),
    });
    expect(runFingerprint(same)).toBe(optionsFingerprint(requested));
    expect(
      runFingerprint(
        run({
          ...carrying,
          variables: [
            { key: 'region', value: '"us-east-1"' },
            { key: 'size', value: '3' },
          ],
        }),
      ),
    ).not.toBe(optionsFingerprint(requested));
    // A run that does not say stands for the defaults.
    expect(runFingerprint(run({}))).toBe(
      optionsFingerprint({ testDirectory: 'tests', filters: [], variables: [], verbose: false }),
    );
  });

  it('takes a status the spec does not name as final only once the run has its finished-at', () => {
    expect(isFinal(run({ status: 'terminated', 'status-timestamps': { 'finished-at': '2024-05-01T10:00:00Z' } }))).toBe(
      true,
    );
    expect(isFinal(run({ status: 'preparing', 'status-timestamps': { 'queued-at': '2024-05-01T10:00:00Z' } }))).toBe(
      false,
    );
    expect(isFinal(run({ status: 'finished' }))).toBe(true);
    expect(isFinal(run({ status: 'running', 'status-timestamps': { 'finished-at': 'x' } }))).toBe(false);
  });
});

describe('optionDifferences', () => {
  it('finds none when the run carries the requested options, in any order', () => {
    const same = run({
      'test-directory': 'tests',
      filters: ['tests/b.tftest.hcl', 'tests/a.tftest.hcl'],
      variables: [
        { key: 'size', value: '3' },
        { key: 'region', value: '"eu-west-1"' },
      ],
      verbose: false,
    });
    expect(optionDifferences(same, requested)).toEqual([]);
  });

  it('does not compare attributes the service does not send', () => {
    expect(optionDifferences(run({}), requested)).toEqual([]);
  });

  it('names each difference, and variables by key only', () => {
    const other = run({
      'test-directory': 'spec',
      filters: [],
      variables: [
        { key: 'region', value: '"us-east-1"' },
        { key: 'size', value: '3' },
      ],
      verbose: true,
    });
    const differences = optionDifferences(other, requested);
    expect(differences).toEqual([
      'test-directory is "spec" instead of "tests"',
      'test-filters are none instead of "tests/a.tftest.hcl", "tests/b.tftest.hcl"',
      'test-variables "region", "size" have other values',
      'verbose is true instead of false',
    ]);
    expect(differences.join(' ')).not.toContain('us-east-1');
    expect(differences.join(' ')).not.toContain('eu-west-1');
  });

  it('names the keys when the variables differ in keys', () => {
    const other = run({ variables: [{ key: 'zone', value: '"a"' }] });
    expect(optionDifferences(other, requested)).toEqual(['test-variables are "zone" instead of "region", "size"']);
  });
});

describe('state for the post step', () => {
  it('round-trips the run, its module and the marks', () => {
    const state = new Map<string, string>();
    const save = (name: string, value: string): void => void state.set(name, value);
    const get = (name: string): string => state.get(name) ?? '';
    expect(readSavedRun(get)).toBeUndefined();
    saveRunStarted(save, 'trun-9', { organization: 'acme', namespace: 'acme', name: 'vpc', provider: 'aws' });
    expect(readSavedRun(get)).toEqual({
      testRunId: 'trun-9',
      module: { organization: 'acme', namespace: 'acme', name: 'vpc', provider: 'aws' },
      createSent: false,
      final: false,
      cancelRequested: false,
    });
    saveCancelRequested(save);
    saveRunFinal(save);
    expect(readSavedRun(get)).toMatchObject({ final: true, cancelRequested: true });
  });

  it('ignores an id without a readable module', () => {
    const state = new Map([
      ['testRunId', 'trun-9'],
      ['testRunModule', '{not json'],
    ]);
    expect(readSavedRun((name) => state.get(name) ?? '')).toBeUndefined();
  });

  it('knows a configuration version before any run id, and a create sent then refused', () => {
    const state = new Map<string, string>();
    const save = (name: string, value: string): void => void state.set(name, value);
    const get = (name: string): string => state.get(name) ?? '';
    const module = { organization: 'acme', name: 'vpc', provider: 'aws' };
    saveConfigurationVersion(save, { id: 'cv-1', since: 1000 }, module, 5000);
    expect(readSavedRun(get)).toEqual({
      module,
      configurationVersion: { id: 'cv-1', since: 1000 },
      lateRunWindowMs: 5000,
      createSent: false,
      final: false,
      cancelRequested: false,
    });
    saveCreateSent(save, { fingerprint: 'abc' });
    expect(readSavedRun(get)).toMatchObject({ createSent: true, requested: 'abc' });
    expect(readSavedRun(get)?.testRunId).toBeUndefined();
    saveCreateSent(save, false);
    expect(readSavedRun(get)).toMatchObject({ createSent: false });
    saveRunStarted(save, 'trun-2', module);
    expect(readSavedRun(get)).toMatchObject({ testRunId: 'trun-2', configurationVersion: { id: 'cv-1' } });
  });
});

describe('windDownOf', () => {
  const timing = { windDownMs: 8500, forceBudgetMs: 1200, forceAfterLoneSigtermMs: 600 };

  it('is nothing before a signal', () => {
    expect(windDownOf([], timing)).toBeUndefined();
  });

  it('counts from when each signal arrived, not from when it is applied', () => {
    expect(windDownOf([{ signal: 'SIGINT', at: 1000 }], timing)).toEqual({
      firstAt: 1000,
      endsAt: 9500,
      killNear: false,
      force: false,
    });
    // SIGTERM 7.5 s after SIGINT: force, and the earlier of the two limits.
    expect(
      windDownOf(
        [
          { signal: 'SIGINT', at: 1000 },
          { signal: 'SIGTERM', at: 8500 },
        ],
        timing,
      ),
    ).toEqual({ firstAt: 1000, endsAt: 9500, killNear: true, force: true });
    // SIGTERM soon after SIGINT: its own, shorter limit.
    expect(
      windDownOf(
        [
          { signal: 'SIGINT', at: 1000 },
          { signal: 'SIGTERM', at: 2000 },
        ],
        timing,
      ),
    ).toEqual({ firstAt: 1000, endsAt: 3200, killNear: true, force: true });
  });

  it('treats a SIGTERM alone as the last warning before the kill, the force-cancel its stated time after the cancel', () => {
    expect(windDownOf([{ signal: 'SIGTERM', at: 500 }], timing)).toEqual({
      firstAt: 500,
      endsAt: 1700,
      killNear: true,
      force: false,
      forceAfterCancelMs: 600,
    });
    // A second signal after it forces at once.
    expect(
      windDownOf(
        [
          { signal: 'SIGTERM', at: 500 },
          { signal: 'SIGTERM', at: 700 },
        ],
        timing,
      ),
    ).toEqual({ firstAt: 500, endsAt: 1700, killNear: true, force: true });
  });

  it('treats any second signal as the force', () => {
    expect(
      windDownOf(
        [
          { signal: 'SIGINT', at: 0 },
          { signal: 'SIGINT', at: 100 },
        ],
        timing,
      ),
    ).toEqual({ firstAt: 0, endsAt: 1300, killNear: true, force: true });
  });
});
