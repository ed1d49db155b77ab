// Exactly one live test run per configuration version, with the requested options
// (action-interface "Mode run-module-tests"). The spec says an upload creates the run by itself
// (4.2); with `auto-queue-runs: false` (2.3) it should not, and the service's own command-line
// tool creates the run explicitly. Whichever way the service behaves, a run it started by
// itself is adopted when it carries the requested options (no second run at all), and
// otherwise the step creates its own and every other run of the version is stopped
// (other-runs.ts). A create whose answer was lost is looked up before it is ever repeated.

import { sleep } from '../../lifetime/clock.ts';
import type { ServiceClient } from '../../service/client.ts';
import { createOnce } from '../../service/create-once.ts';
import { AmbiguousWriteError, ApiError, NetworkError } from '../../service/errors.ts';
import type { ModuleRef } from '../../service/module-tests.ts';
import type { TestRun } from '../../service/types.ts';
import { isFinal } from './test-run-status.ts';
import { adoptableRun, isDefaultRequest, optionDifferences, runsOfConfigurationVersion } from './version-runs.ts';
import type { RequestedTestRun, VersionRef } from './version-runs.ts';

export interface StartedTestRun {
  run: TestRun;
  /** The service had started the run by itself, with the requested options. */
  adopted: boolean;
  /** How the run's options differ from the requested ones, as sentences (variable values never shown). */
  differences: string[];
  /** Other runs of the version that were not final when the run was chosen: to be stopped. */
  others: TestRun[];
}

export interface StartOptions {
  /** Aborts the look-ups. */
  signal?: AbortSignal;
  /**
   * Aborts the create (and its look-up after an answer that was lost). The step's
   * cancellation does not cut a create short at once: it gives it a few seconds, then the run
   * is looked up by configuration version (action-interface "Cancellation").
   */
  createSignal?: AbortSignal;
  /**
   * With the default options, how long a run the service queues by itself on upload is looked
   * for before the step creates its own: adopting it means no second run at all.
   */
  adoptWaitMs?: number;
  /** Pause between those looks. */
  adoptLookMs?: number;
  /** Called right before each create is sent; throws to stop (the step is being cancelled). */
  beforeCreate?: () => void;
  /** Called as soon as the run is known, before any other request: its id must be saved then. */
  onRun?: (run: TestRun) => void;
  /** Called when the service refused every create it answered: no run of ours exists. */
  onCreateRefused?: () => void;
}

export async function startTestRun(
  client: ServiceClient,
  module: ModuleRef,
  version: VersionRef,
  requested: RequestedTestRun,
  options: StartOptions = {},
): Promise<StartedTestRun> {
  const signal = options.signal ? { signal: options.signal } : {};
  const createSignal = options.createSignal ? { signal: options.createSignal } : {};
  const lookFor = async (): Promise<{ runs: TestRun[]; adoptable: TestRun | undefined }> => {
    const runs = await runsOfConfigurationVersion(client, module, version, signal);
    return { runs, adoptable: adoptableRun(runs, requested) };
  };

  // Only a run with the default options can be one the service queued by itself and that is
  // worth waiting for; a run with other options is created at once.
  const waitUntil = Date.now() + (isDefaultRequest(requested) ? (options.adoptWaitMs ?? 0) : 0);
  let seen = await lookFor();
  while (seen.adoptable === undefined && Date.now() < waitUntil) {
    await sleep(Math.min(options.adoptLookMs ?? 250, waitUntil - Date.now()), options.signal);
    seen = await lookFor();
  }
  if (seen.adoptable !== undefined) {
    const run = seen.adoptable;
    options.onRun?.(run);
    return { run, adopted: true, differences: [], others: othersOf(seen.runs, run) };
  }

  const before = new Set(seen.runs.map((run) => run.id));
  let ambiguous = false;
  const run = await createOnce(
    async () => {
      options.beforeCreate?.();
      try {
        return await client.moduleTests.createTestRun(
          module,
          {
            configurationVersionId: version.id,
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
    // The connection dropped after the create was sent: a new run of this version with the
    // requested options is that create. (Should it be one the service queued by itself, the
    // create's own run, if any, is another run of the version and is stopped as such.)
    async () => {
      const runs = await runsOfConfigurationVersion(client, module, version, createSignal);
      return adoptableRun(runs.filter((r) => !before.has(r.id)), requested);
    },
  );
  options.onRun?.(run);
  return { run, adopted: false, differences: optionDifferences(run, requested), others: othersOf(seen.runs, run) };
}

function othersOf(runs: readonly TestRun[], chosen: TestRun): TestRun[] {
  return runs.filter((run) => run.id !== chosen.id && !isFinal(run));
}
