// Pure parts of the mode: comparing a run's options with the requested ones, and the state the
// main step hands to the post step.
import { describe, expect, it } from 'vitest';
import { readSavedRun, saveCancelRequested, saveRunFinal, saveRunStarted } from '../../src/modes/run-module-tests/run-state.ts';
import { optionDifferences } from '../../src/modes/run-module-tests/start-test-run.ts';
import type { RequestedTestRun } from '../../src/modes/run-module-tests/start-test-run.ts';
import type { TestRun } from '../../src/service/types.ts';

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
});
