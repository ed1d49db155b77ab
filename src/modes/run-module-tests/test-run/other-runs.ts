// The other runs of the step's configuration version. A service that queues a run by itself on
// upload (spec 4.2 says the upload creates the test), early or late, must not leave a second run
// testing the same configuration beside the one the step follows (action-interface "Exactly
// one live test run"): each one is cancelled as soon as it is seen and named. The version's runs
// are looked at often right after the upload, when such a run appears, then at a slower pace for
// the whole wait, and once more when the step is done with its own run.

import { getErrorMessage } from '../../../errors.ts';
import { budgetsOf, VERSION_RUNS_LISTING_MS } from '../../../lifetime/budgets.ts';
import type { Budgets } from '../../../lifetime/budgets.ts';
import type { Clock } from '../../../lifetime/clock.ts';
import { Deadline } from '../../../lifetime/deadline.ts';
import { growingPauses, repeatAfterPauses } from '../../../lifetime/poll.ts';
import { capitalise } from '../../../text.ts';
import type { ServiceClient } from '../../../service/client.ts';
import type { ModuleRef } from '../../../service/module-tests.ts';
import type { TestRun } from '../../../service/types.ts';
import { describeStop } from './stop.ts';
import { otherRun } from './stop-policy.ts';
import type { StopOutcome, StopPlan, TestRunStopper } from './stop.ts';
import { describeTestRunStatus, isFinal } from './status.ts';
import { runsOfConfigurationVersion } from './version-runs.ts';
import type { VersionRef } from '../module-ref.ts';

const OTHER_RUNS_BUDGETS = [
  'firstLookMs',
  'maxLookMs',
  'lateRunWindowMs',
  'stopWatchMs',
  'watchAfterCancelMs',
] as const;

/** The watch's looks and stops, a Pick of the budget table (lifetime/budgets.ts). */
export type OtherRunsTiming = Pick<Budgets, (typeof OTHER_RUNS_BUDGETS)[number]>;

export const DEFAULT_OTHER_RUNS_TIMING: OtherRunsTiming = budgetsOf(...OTHER_RUNS_BUDGETS);

/** Another run of the version, and what became of it. */
export interface OtherRun {
  id: string;
  /** As a sentence (`test run trun-x was cancelled.`). */
  outcome: string;
}

/** The other runs, as a note for the summary and the failure; '' when there were none. */
export function otherRunsNote(others: readonly OtherRun[], versionId: string | undefined, ownRunId?: string): string {
  if (others.length === 0) return '';
  const what = ownRunId !== undefined ? `so that only test run ${ownRunId} tests it` : 'so that none is left running';
  const ids = others.map((other) => other.id).join(', ');
  return (
    `Other test runs of configuration version ${versionId ?? '?'}, not started by this step for its inputs, ` +
    `were stopped ${what}: ${ids}. ` +
    `${others.map((other) => capitalise(other.outcome)).join(' ')}`
  );
}

export interface OtherRunsWatchOptions {
  client: ServiceClient;
  module: ModuleRef;
  version: VersionRef;
  /** The run the step follows; none when the step ended before it had one (every run of the
   *  version is then stopped). */
  ownRunId?: string;
  /** When the upload ended (the clock's ms since the epoch). */
  uploadedAt: number;
  /** The run the step follows is the one the upload started (adopted): the upload's run is known. */
  ownRunFromUpload?: boolean;
  timing: OtherRunsTiming;
  info: (line: string) => void;
  /** Says that a run the step did not start is stopped (or had ended): a warning, as the action's
   *  contract names it, since such a run means the service did not honour auto-queue-runs: false
   *  and spent a run of the organization's. */
  warn: (line: string) => void;
  debug: (line: string) => void;
  /** The clock the looks run on. */
  clock: Clock;
  /** Starts stopping a run that was seen (the version's guard does, wound down with the step). */
  stop: (run: TestRun, plan: StopPlan) => Stop;
}

/** A run being stopped: its stop, which `finish` bounds, and how it ends. */
export interface Stop {
  stopper: TestRunStopper;
  outcome: Promise<StopOutcome>;
}

export class OtherRunsWatch {
  readonly #options: OtherRunsWatchOptions;
  readonly #clock: Clock;
  readonly #stops = new Map<string, Stop>();
  /** Other runs first seen already ended: nothing to stop, but named all the same. */
  readonly #ended = new Map<string, TestRun>();
  readonly #looking = new AbortController();
  /** Aborted by a force (SIGTERM): the step stops waiting for late runs and leaves. */
  readonly #hurry = new AbortController();
  /** Aborted when the upload's own run is seen: the wait for a late run ends. */
  readonly #seenUploadRun = new AbortController();
  #loop: Promise<void> = Promise.resolve();
  /**
   * The run an upload starts by itself (source `svc-configuration-version`) has been seen: a
   * service starts one run for an upload, so no later one is waited for.
   */
  #uploadRunSeen: boolean;

  constructor(options: OtherRunsWatchOptions) {
    this.#options = options;
    this.#clock = options.clock;
    this.#uploadRunSeen = options.ownRunFromUpload === true;
  }

  /** Stops the runs already known (found when the run was chosen) and starts looking for more. */
  start(known: readonly TestRun[]): void {
    for (const run of known) this.#stop(run);
    this.#loop = this.#lookRepeatedly();
  }

  /** Whether the run the upload started by itself has been seen (no later one can come of it). */
  get uploadRunSeen(): boolean {
    return this.#uploadRunSeen;
  }

  /** SIGTERM or a second signal: the step stops waiting for late runs, and its last look is cut short. */
  hurry(): void {
    this.#hurry.abort();
  }

  /**
   * Ends the looks without `finish` (the step ends on an error): no timer of the watch outlives
   * the step. The stops already started go on to their own deadlines.
   */
  close(): void {
    this.#looking.abort();
  }

  /**
   * The step is done with its own run: looks on until the late-run window has passed, looks once
   * more, and reports what became of every other run. The looks end by `lookBy`, the stops by
   * `by` (a cancelled step leaves time after its last look to send the cancels).
   */
  async finish(bounds: { by?: Deadline; lookBy?: Deadline } = {}): Promise<OtherRun[]> {
    const { uploadedAt, timing } = this.#options;
    const { by } = bounds;
    const lookBy = bounds.lookBy?.earlier(by) ?? by;
    const clock = this.#clock;
    // Until the window has passed, unless the upload's own run was seen already (then nothing
    // later can come of the upload); a look that finds it ends the wait too.
    const window = new Deadline(uploadedAt + timing.lateRunWindowMs, clock).earlier(lookBy);
    if (!window.expired && !this.#uploadRunSeen) {
      await window.reached(AbortSignal.any([this.#hurry.signal, this.#seenUploadRun.signal])).catch(() => undefined);
    }
    this.#looking.abort();
    await this.#loop;
    const lastLook = Deadline.after(VERSION_RUNS_LISTING_MS, clock).earlier(lookBy);
    // A force (SIGTERM) cuts the last look short too: what is left before the kill is for the stops.
    const hurry = this.#hurry.signal;
    if (!lastLook.expired && !hurry.aborted) await this.#look(lastLook.cut(hurry));
    const stops = [...this.#stops.entries()];
    if (by !== undefined) for (const [, { stopper }] of stops) stopper.limitDeadline(by);
    const stopped = await Promise.all(
      stops.map(async ([id, { outcome }]) => {
        const end = await outcome;
        return {
          id,
          outcome: end.run ? describeStop(end.run, end) : `test run ${id} could not be read while it was stopped.`,
        };
      }),
    );
    const ended = [...this.#ended.values()].map((run) => ({
      id: run.id,
      outcome: `test run ${run.id} had already ended (${describeTestRunStatus(run.attributes.status)}) when it was seen.`,
    }));
    return [...stopped, ...ended];
  }

  async #lookRepeatedly(): Promise<void> {
    const { firstLookMs, maxLookMs } = this.#options.timing;
    await repeatAfterPauses({
      work: (signal) => this.#look(signal),
      // Each pause twice the one before.
      pauses: growingPauses({ initialIntervalMs: firstLookMs, maxIntervalMs: maxLookMs, backoff: 2 }),
      signal: this.#looking.signal,
      clock: this.#clock,
    });
  }

  /** One look at the version's runs; a look that fails is tried again at the next. */
  async #look(signal: AbortSignal): Promise<void> {
    const { client, module, version, ownRunId } = this.#options;
    try {
      const runs = await runsOfConfigurationVersion(client, module, version, {
        clock: this.#clock,
        signal,
        known: [...(ownRunId !== undefined ? [ownRunId] : []), ...this.#stops.keys()],
      });
      for (const run of runs) this.#stop(run);
    } catch (error) {
      if (!signal.aborted)
        this.#options.debug(
          `Looking for other test runs of configuration version ${version.id} failed: ${getErrorMessage(error)}`,
        );
    }
  }

  #stop(run: TestRun): void {
    const { version, ownRunId, timing } = this.#options;
    if (run.attributes.source === 'svc-configuration-version') {
      this.#uploadRunSeen = true;
      this.#seenUploadRun.abort();
    }
    if (run.id === ownRunId || this.#stops.has(run.id) || this.#ended.has(run.id)) return;
    if (isFinal(run)) {
      // It came and went between two looks: named, since it tested the version too.
      this.#ended.set(run.id, run);
      this.#options.warn(
        `Test run ${run.id} also tested configuration version ${version.id}, and this step did not start it for its inputs; ` +
          `it had already ended (${describeTestRunStatus(run.attributes.status)}).`,
      );
      return;
    }
    this.#options.warn(
      ownRunId !== undefined
        ? `Test run ${run.id} also tests configuration version ${version.id}, and this step did not start it for its inputs: ` +
            `cancelling it, so that only test run ${ownRunId} does.`
        : `Test run ${run.id} tests configuration version ${version.id}, which this step ended without following: ` +
            `cancelling it, so that it is not left running.`,
    );
    const stop = this.#options.stop(run, otherRun(timing, this.#clock, run));
    this.#stops.set(run.id, stop);
  }
}
