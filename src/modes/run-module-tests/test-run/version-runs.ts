// The runs of a configuration version, and which of them carries the requested options: what
// the step adopts, what the post step recognises as the run of a create it never saw answered,
// and what the other-runs watch stops. The service lists runs in no promised order (4.2) and
// may not send every option back: nothing here depends on either.

import { createHash } from 'node:crypto';
import type { TestVariable } from '../../../inputs/parsers.ts';
import { VERSION_RUNS_LISTING_MS } from '../../../lifetime/budgets.ts';
import type { Clock } from '../../../lifetime/clock.ts';
import { Deadline } from '../../../lifetime/deadline.ts';
import type { RunModuleTestsInputs } from '../../../inputs/schema.ts';
import { formatDuration } from '../../../report/format.ts';
import type { ServiceClient } from '../../../service/client.ts';
import type { ModuleRef } from '../../../service/module-tests.ts';
import type { TestRun } from '../../../service/types.ts';
import type { VersionRef } from '../module-ref.ts';
import { configurationVersionOf } from './status.ts';

export interface RequestedTestRun {
  testDirectory: string;
  filters: string[];
  variables: TestVariable[];
  verbose: boolean;
}

/** The run options the inputs ask for. */
export function requestedRunOf(inputs: RunModuleTestsInputs): RequestedTestRun {
  return {
    testDirectory: inputs.testDirectory,
    filters: inputs.testFilters,
    variables: inputs.testVariables,
    verbose: inputs.verbose,
  };
}

/**
 * The options of a run nobody asked anything of (spec 4.2 defaults): what a run the service
 * queues by itself carries.
 */
export function isDefaultRequest(requested: RequestedTestRun): boolean {
  return (
    requested.testDirectory === 'tests' &&
    requested.filters.length === 0 &&
    requested.variables.length === 0 &&
    !requested.verbose
  );
}

/**
 * The runs of one configuration version (relationships.configuration-version, 2.2). The list
 * comes in no promised order (4.2), so nothing here depends on it, but a list that comes newest
 * first is not read further than the version's creation (`since`): a module's whole test
 * history is not read on every look. Runs in `known` must be seen before the search stops early:
 * a list that only looked newest first is then read on.
 */
export async function runsOfConfigurationVersion(
  client: ServiceClient,
  module: ModuleRef,
  version: VersionRef,
  options: { clock: Clock; signal?: AbortSignal; known?: Iterable<string> },
): Promise<TestRun[]> {
  // Bounded by time as well as by pages: a list that pages on must end, whoever asked for it.
  const bound = Deadline.after(VERSION_RUNS_LISTING_MS, options.clock);
  const signal = options.signal ? bound.cut(options.signal) : bound.signal;
  const runs: TestRun[] = [];
  const unseen = new Set(options.known ?? []);
  let newestFirst = true;
  let previous = Number.POSITIVE_INFINITY;
  try {
    for await (const run of client.moduleTests.iterateTestRuns(module, { signal })) {
      if (configurationVersionOf(run) === version.id) {
        runs.push(run);
        unseen.delete(run.id);
      }
      const created = Date.parse(run.attributes['created-at'] ?? '');
      if (!(created <= previous)) newestFirst = false;
      previous = created;
      if (newestFirst && version.since !== undefined && created < version.since && unseen.size === 0) break;
    }
  } catch (error) {
    // Cut by its own bound, not by the caller: said as what it is, not as an aborted operation.
    if (bound.expired && !options.signal?.aborted)
      throw new Error(`the list did not end within ${formatDuration(VERSION_RUNS_LISTING_MS)}`, { cause: error });
    throw error;
  }
  return runs;
}

/**
 * The one run of the version, by creation time (the list order says nothing), that carries the
 * requested options and was not cancelled; undefined when there is none.
 */
export function adoptableRun(runs: readonly TestRun[], requested: RequestedTestRun): TestRun | undefined {
  return [...runs]
    .filter((run) => run.attributes.status !== 'canceled' && optionDifferences(run, requested).length === 0)
    .sort(byCreation)[0];
}

function byCreation(a: TestRun, b: TestRun): number {
  const at = (run: TestRun): number => Date.parse(run.attributes['created-at'] ?? '') || Number.POSITIVE_INFINITY;
  return at(a) - at(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The options the run carries that differ from the requested ones. An attribute the service
 * does not send is not compared. Variables are named by key only: values may be private.
 */
export function optionDifferences(run: TestRun, requested: RequestedTestRun): string[] {
  const a = run.attributes;
  const differences: string[] = [];
  const directory = a['test-directory'];
  if (directory !== undefined && directory !== requested.testDirectory) {
    differences.push(`test-directory is "${directory}" instead of "${requested.testDirectory}"`);
  }
  if (a.filters !== undefined && !sameSet(a.filters ?? [], requested.filters)) {
    differences.push(`test-filters are ${listText(a.filters ?? [])} instead of ${listText(requested.filters)}`);
  }
  if (a.variables !== undefined) {
    const actual = a.variables ?? [];
    if (!sameSet(actual.map(variableKey), requested.variables.map(variableKey))) {
      const actualKeys = actual.map((v) => v.key);
      const requestedKeys = requested.variables.map((v) => v.key);
      differences.push(
        sameSet(actualKeys, requestedKeys)
          ? `test-variables ${listText(requestedKeys)} have other values`
          : `test-variables are ${listText(actualKeys)} instead of ${listText(requestedKeys)}`,
      );
    }
  }
  if (a.verbose !== undefined && a.verbose !== requested.verbose) {
    differences.push(`verbose is ${String(a.verbose)} instead of ${String(requested.verbose)}`);
  }
  return differences;
}

/**
 * The requested options as one digest: what the post step recognises a run of the step's create
 * by, when the main step never saw the create answered, without the step's state holding the
 * options themselves (variable values may be private). Spec defaults stand in for what a run
 * does not say.
 */
export function optionsFingerprint(options: RequestedTestRun): string {
  const canonical = JSON.stringify([
    options.testDirectory,
    [...new Set(options.filters)].sort(),
    [...new Set(options.variables.map(variableKey))].sort(),
    options.verbose,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The fingerprint of the options a run carries. */
export function runFingerprint(run: TestRun): string {
  const a = run.attributes;
  return optionsFingerprint({
    testDirectory: a['test-directory'] ?? 'tests',
    filters: a.filters ?? [],
    variables: a.variables ?? [],
    verbose: a.verbose ?? false,
  });
}

function variableKey(v: { key: string; value: string }): string {
  return JSON.stringify([v.key, v.value]);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((v, i) => v === right[i]);
}

function listText(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.map((v) => `"${v}"`).join(', ');
}
