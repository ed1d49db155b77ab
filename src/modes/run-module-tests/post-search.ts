// The post step's search of the saved configuration version's runs: each run found that is not
// final is handed to the stop as soon as it is found, the saved one at once; the search goes on
// until the window in which the service may queue a run by itself has passed, and until the run of
// a create the main step never saw answered has appeared.

import { getErrorMessage, stepFailure } from '../../errors.ts';
import type { StepFailure } from '../../errors.ts';
import { isAbortError } from '../../lifetime/abort.ts';
import type { Clock } from '../../lifetime/clock.ts';
import { Deadline } from '../../lifetime/deadline.ts';
import { pollUntil } from '../../lifetime/poll.ts';
import { formatDuration } from '../../report/format.ts';
import type { ReportSink } from '../../report/sink.ts';
import type { ServiceClient } from '../../service/client.ts';
import type { TestRun } from '../../service/types.ts';
import { moduleLabel } from './module-ref.ts';
import type { VersionRef } from './module-ref.ts';
import type { SavedTestRun } from './state.ts';
import { isFinal } from './test-run/status.ts';
import { runFingerprint, runsOfConfigurationVersion } from './test-run/version-runs.ts';

/** One look at the version's runs: what it listed, or why it could not. */
type Look = { listed: TestRun[] } | { error: unknown };

export interface RunToStop {
  id: string;
  /** The run as listed, when it was found by its configuration version. */
  lastSeen?: TestRun;
}

/**
 * Hands `stop` the saved run unless the main step saw it final, and every run of the saved
 * configuration version that is not final, as each is found. The version is looked at again
 * until the window in which the service may queue a run by itself has passed (the main step's,
 * from the upload), and, when the main step sent a create it never saw answered, until a run with
 * the create's options appears or `appearWaitMs` passes. Resolves with the failure (for the caller
 * to report) when a run may be running that could not be found, else null.
 */
export async function findRunsToStop(saved: SavedTestRun, options: SearchOptions): Promise<StepFailure | null> {
  const versionRef = saved.configurationVersion;
  if (versionRef === undefined) {
    if (saved.testRunId !== undefined && !saved.final) options.stop({ id: saved.testRunId });
    return null;
  }
  const search = new VersionSearch(saved, versionRef, options);
  // The run whose id is known is stopped at once, beside the look for others: a listing that
  // pages on, or fails, must not hold its cancel.
  if (saved.testRunId !== undefined && !saved.final) search.stopOnce({ id: saved.testRunId });
  const failedLook = await search.lookUntilDone();
  if (failedLook !== undefined) return search.listingFailure(failedLook);
  search.sayWhatWasFound();
  return null;
}

interface SearchOptions {
  client: ServiceClient;
  sink: ReportSink;
  signal: AbortSignal;
  pollMs: number;
  appearWaitMs: number;
  lateRunWindowMs: number;
  stop: (run: RunToStop) => void;
  clock: Clock;
}

/** The post step's search of the saved configuration version's runs, and what it found. */
class VersionSearch {
  readonly #saved: SavedTestRun;
  readonly #version: VersionRef;
  readonly #options: SearchOptions;
  readonly #label: string;
  /** Every run handed to `stop`. */
  readonly #known = new Set<string>();
  /** The run of a create the main step never saw answered may take a while to appear. */
  readonly #appearBy: Deadline;
  /** A service may queue a run of its own on the version up to the main step's window after the upload. */
  readonly #watchUntil: Deadline;
  readonly #lateRunWindowMs: number;
  #appeared: boolean;
  #listedAny = false;
  #notedCreate = false;
  #notedWindow = false;

  constructor(saved: SavedTestRun, version: VersionRef, options: SearchOptions) {
    this.#saved = saved;
    this.#version = version;
    this.#options = options;
    this.#label = moduleLabel(saved.module);
    const { clock } = options;
    const awaitingCreate = saved.testRunId === undefined && saved.createSent;
    this.#appeared = !awaitingCreate;
    this.#appearBy = Deadline.after(awaitingCreate ? options.appearWaitMs : 0, clock);
    // A main step killed before it ends must not leave that run to the service. An upload the
    // step died in may still land: then the window counts from now.
    this.#lateRunWindowMs = saved.lateRunWindowMs ?? options.lateRunWindowMs;
    this.#watchUntil = new Deadline((saved.uploadedAt ?? clock.now()) + this.#lateRunWindowMs, clock);
  }

  stopOnce(run: RunToStop): void {
    if (this.#known.has(run.id)) return;
    this.#known.add(run.id);
    this.#options.stop(run);
  }

  /**
   * Looks at the version until the run has appeared and the window has passed, each look
   * answered however late; the failure of a look that failed, if one did.
   */
  async lookUntilDone(): Promise<unknown> {
    const { signal, pollMs } = this.#options;
    // Until the run has appeared and the window has passed.
    const until = (): Deadline => (this.#appeared ? this.#watchUntil : this.#appearBy.later(this.#watchUntil));
    let failedLook: unknown;
    let looked = false;
    try {
      await pollUntil<Look>({
        read: () => this.#look(),
        onValue: (answer) => {
          looked = true;
          if ('listed' in answer) this.#stopListed(answer.listed);
          else failedLook = answer.error;
        },
        isFinal: (answer) => 'error' in answer || until().expired || signal.aborted,
        signal,
        deadline: this.#appearBy.later(this.#watchUntil),
        pauses: () => {
          this.#noteWait();
          return Math.min(pollMs, until().remainingMs());
        },
        cutReadsAtDeadline: false,
        readAtDeadline: true,
      });
    } catch (error) {
      // The post step is being cancelled: it looks no further (cancelled before its first look,
      // it stops the saved run all the same, as after a look that failed).
      if (!isAbortError(error)) throw error;
      if (!looked) failedLook = error;
    }
    return failedLook;
  }

  async #look(): Promise<Look> {
    const { client, clock, signal } = this.#options;
    const saved = this.#saved;
    try {
      return {
        listed: await runsOfConfigurationVersion(client, saved.module, this.#version, {
          clock,
          signal,
          known: saved.testRunId !== undefined ? [saved.testRunId] : [],
        }),
      };
    } catch (error) {
      return { error };
    }
  }

  #stopListed(listed: readonly TestRun[]): void {
    const saved = this.#saved;
    this.#listedAny ||= listed.length > 0;
    for (const run of listed) {
      if (run.id === saved.testRunId ? !saved.final && !isFinal(run) : !isFinal(run))
        this.stopOnce({ id: run.id, lastSeen: run });
    }
    // The saved run may be missing from the list (the service no longer shows it): it is read by id.
    if (saved.testRunId !== undefined && !saved.final && !listed.some((run) => run.id === saved.testRunId))
      this.stopOnce({ id: saved.testRunId });
    this.#appeared ||=
      saved.requested !== undefined ? listed.some((run) => runFingerprint(run) === saved.requested) : listed.length > 0;
  }

  /** Says once what is waited for, before the first pause for it. */
  #noteWait(): void {
    const { sink, appearWaitMs } = this.#options;
    const version = this.#version.id;
    if (!this.#appeared && !this.#notedCreate) {
      this.#notedCreate = true;
      sink.info(
        `The main step sent the create of a test run on configuration version ${version} (module ${this.#label}) and saw no answer: ` +
          `waiting up to ${formatDuration(appearWaitMs)} for the run to appear.`,
      );
    }
    if (!this.#watchUntil.expired && !this.#notedWindow) {
      this.#notedWindow = true;
      sink.info(
        `The service may still queue a test run of configuration version ${version} (module ${this.#label}) by itself, ` +
          `up to ${formatDuration(this.#lateRunWindowMs)} after the upload: looking for one until then.`,
      );
    }
  }

  /**
   * Every run the step answers for must be read final at its end: when the version could not be
   * listed, one may still be running unseen, so the step fails, whatever it could stop.
   */
  listingFailure(error: unknown): StepFailure {
    const saved = this.#saved;
    const version = this.#version.id;
    const label = this.#label;
    const ownFinal = saved.testRunId !== undefined && saved.final;
    if (ownFinal || this.#known.size > 0) {
      const stopped = saved.testRunId !== undefined && !saved.final ? ` Test run ${saved.testRunId} is stopped.` : '';
      return stepFailure(
        `The test runs of configuration version ${version} (module ${label}) could not be listed (${getErrorMessage(error)}), ` +
          `so another one may still be running.${stopped} Check the module's test runs in the service.`,
      );
    }
    return stepFailure(
      `The test runs of configuration version ${version} (module ${label}) could not be listed, and one may still be running: ${getErrorMessage(error)}. ` +
        `Check the module's test runs in the service.`,
    );
  }

  /** What the search found, when it found nothing to stop or not the run it waited for. */
  sayWhatWasFound(): void {
    const { sink } = this.#options;
    const version = this.#version.id;
    const label = this.#label;
    if (!this.#appeared) {
      sink.warning(
        `No test run with the requested options appeared on configuration version ${version} (module ${label}) after the main step sent its create; ` +
          `if one appears later, cancel it in the service.`,
      );
    } else if (this.#known.size === 0) {
      sink.info(
        this.#listedAny
          ? `Every test run of configuration version ${version} (module ${label}) has ended: nothing to stop.`
          : `Configuration version ${version} (module ${label}) has no test run: nothing to stop.`,
      );
    }
  }
}
