// Exactly one test run per configuration version, with the requested options
// (action-interface "Mode run-module-tests"). The spec says an upload creates the run by itself
// (4.2); with `auto-queue-runs: false` (2.3) it should not, and the service's own command-line
// tool creates the run explicitly. Whichever way the service behaves, a run it started by
// itself is adopted rather than doubled, and a create whose answer was lost is looked up before
// it is ever repeated.

import type { TestVariable } from '../../inputs/parsers.ts';
import type { ServiceClient } from '../../service/client.ts';
import { createOnce } from '../../service/create-once.ts';
import { AmbiguousWriteError, ApiError, NetworkError } from '../../service/errors.ts';
import type { ModuleRef } from '../../service/module-tests.ts';
import type { TestRun } from '../../service/types.ts';
import { configurationVersionOf } from './test-run-status.ts';

export interface RequestedTestRun {
  testDirectory: string;
  filters: string[];
  variables: TestVariable[];
  verbose: boolean;
}

export interface StartedTestRun {
  run: TestRun;
  /** The service had started the run by itself on upload. */
  adopted: boolean;
  /** How the run's options differ from the requested ones, as sentences (variable values never shown). */
  differences: string[];
  /** More runs of the same configuration version that the service started (normally none). */
  others: TestRun[];
}

/** Runs of one configuration version (relationships.configuration-version, 2.2), newest first as listed. */
export async function runsOfConfigurationVersion(
  client: ServiceClient,
  module: ModuleRef,
  configurationVersionId: string,
  options: { signal?: AbortSignal } = {},
): Promise<TestRun[]> {
  const runs = await client.moduleTests.listTestRuns(module, options);
  return runs.filter((run) => configurationVersionOf(run) === configurationVersionId);
}

export async function startTestRun(
  client: ServiceClient,
  module: ModuleRef,
  configurationVersionId: string,
  requested: RequestedTestRun,
  options: {
    /** Aborts the look-ups. */
    signal?: AbortSignal;
    /**
     * Aborts the create (and its look-up after an answer that was lost). The step's
     * cancellation does not cut a create short at once: it gives it a few seconds, then the run
     * is looked up by configuration version (action-interface "Cancellation").
     */
    createSignal?: AbortSignal;
    /** Called right before each create is sent; throws to stop (the step is being cancelled). */
    beforeCreate?: () => void;
    /** Called as soon as the run is known, before any other request: its id must be saved then. */
    onRun?: (run: TestRun) => void;
    /** Called when the service refused every create it answered: no run of ours exists. */
    onCreateRefused?: () => void;
  } = {},
): Promise<StartedTestRun> {
  const signal = options.signal ? { signal: options.signal } : {};
  const createSignal = options.createSignal ? { signal: options.createSignal } : {};
  const existing = await runsOfConfigurationVersion(client, module, configurationVersionId, signal);
  const [first, ...others] = existing;
  if (first !== undefined) {
    options.onRun?.(first);
    return { run: first, adopted: true, differences: optionDifferences(first, requested), others };
  }
  let ambiguous = false;
  const run = await createOnce(
    async () => {
      options.beforeCreate?.();
      try {
        return await client.moduleTests.createTestRun(
          module,
          {
            configurationVersionId,
            testDirectory: requested.testDirectory,
            filters: requested.filters,
            variables: requested.variables,
            verbose: requested.verbose,
          },
          createSignal,
        );
      } catch (error) {
        if (error instanceof AmbiguousWriteError) ambiguous = true;
        // An error answer, or a request that never reached the service: nothing was created.
        else if (!ambiguous && (error instanceof ApiError || error instanceof NetworkError)) options.onCreateRefused?.();
        throw error;
      }
    },
    // The connection dropped after the create was sent: a run on this version is that create.
    async () => (await runsOfConfigurationVersion(client, module, configurationVersionId, createSignal))[0],
  );
  options.onRun?.(run);
  // A service that starts runs on upload after a delay would have started one behind our back:
  // it cannot be undone, but it is named so that nobody is surprised by a second run.
  const alsoStarted = (await runsOfConfigurationVersion(client, module, configurationVersionId, signal).catch(() => [])).filter(
    (other) => other.id !== run.id,
  );
  return { run, adopted: false, differences: optionDifferences(run, requested), others: alsoStarted };
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
