// The guard over one configuration version's test runs: the one place a run is stopped. It holds
// the step's own run (stopped when the job is cancelled, the timeout runs out or the run can no
// longer be read), the watch for runs the service queues by itself (each stopped as soon as it
// is seen), and the wiring of both to the runner's signals: the first signal cancels every run
// and bounds the watching by the wind-down, SIGTERM or a second signal force-cancels them
// (action-interface "Cancellation"). The main step's follow, its cancelled and failed starts,
// and the post step all stop runs through it, each with the wind-down its own budgets allow; the
// plans of the stops and the wind-downs are stop-policy.ts's.

import { getErrorMessage } from '../../../errors.ts';
import type { Cancellation } from '../../../lifetime/cancellation.ts';
import type { Clock } from '../../../lifetime/clock.ts';
import type { WindDown } from '../../../lifetime/wind-down.ts';
import type { ServiceClient } from '../../../service/client.ts';
import type { ModuleRef } from '../../../service/module-tests.ts';
import type { TestRun } from '../../../service/types.ts';
import { OtherRunsWatch } from './other-runs.ts';
import type { OtherRunsTiming } from './other-runs.ts';
import { TestRunStopper } from './stop.ts';
import type { StopOutcome, StopPlan } from './stop.ts';
import { afterSignal, atSignal, forceAsWindDownSays } from './stop-policy.ts';
import type { SignalBounds, WindDownOf } from './stop-policy.ts';
import type { VersionRef } from '../module-ref.ts';

export interface VersionGuardOptions {
  client: ServiceClient;
  module: ModuleRef;
  /** Whose signals wind the stops down. */
  cancellation: Cancellation;
  /**
   * What the signals received so far call for (undefined before any): asked at each signal and
   * for each stop started after one. The main step's and the post step's, stop-policy.ts.
   */
  windDown: WindDownOf;
  /** Reads of a run being stopped. */
  pollMs: number;
  /** The clock of every stop's limits and pauses. */
  clock: Clock;
  info: (line: string) => void;
  /** Says that a run the step did not start is stopped (see OtherRunsWatchOptions.warn). */
  warn: (line: string) => void;
  debug: (line: string) => void;
}

export class VersionGuard {
  readonly #options: VersionGuardOptions;
  #own: TestRunStopper | undefined;
  /** Every other run being stopped. */
  readonly #others: TestRunStopper[] = [];
  readonly #watches: OtherRunsWatch[] = [];
  readonly #off: () => void;

  constructor(options: VersionGuardOptions) {
    this.#options = options;
    // The wind-down counts from each signal's arrival, also for a signal that came before the
    // guard was set up: each stop registered later gets it as it is then.
    this.#off = options.cancellation.onSignal(() => this.#applyWindDown());
  }

  /** The wind-down the signals call for now; undefined before any signal. */
  #windDown(): WindDown | undefined {
    return this.#options.windDown();
  }

  /** The kill is near (SIGTERM, or a second signal): no wait or read that can be left out is begun. */
  killNear(): boolean {
    return this.#windDown()?.killNear ?? false;
  }

  /** What is left once the job is being cancelled: when the stops end, and the look for other runs. */
  afterSignal(timing: { windDownMs: number; lookUpAfterSignalMs: number }): SignalBounds {
    return afterSignal(this.#windDown(), timing, this.#options.clock);
  }

  /**
   * The step's own run, `first` as the start saw it. Its stop starts on the first signal (at once
   * when one came already) unless the caller started it before; `onCancelAccepted` says when its
   * cancel was accepted (the post step is told).
   */
  ownRun(first: TestRun, onCancelAccepted: () => void): TestRunStopper {
    const stopper = this.#stopper(first.id, { onCancelAccepted });
    stopper.seen(first);
    this.#own = stopper;
    const windDown = this.#windDown();
    if (windDown !== undefined) this.#windDownOwn(stopper, windDown);
    return stopper;
  }

  /**
   * Stops another run of the version now, within `plan` and whatever wind-down the signals call
   * for. `cancelAlreadyAccepted`: the main step's cancel of it was accepted (for the post step).
   */
  stop(runId: string, plan: StopPlan, options: { cancelAlreadyAccepted?: boolean } = {}): Promise<StopOutcome> {
    return this.#startStop(runId, plan, options).outcome;
  }

  /**
   * Starts the watch for the runs of `version` the step did not start (`ownRunId`: the run it
   * follows, if any), each stopped through this guard as soon as it is seen. The late-run window
   * counts from `uploadedAt`.
   */
  watchOtherRuns(watch: {
    version: VersionRef;
    ownRunId?: string;
    ownRunFromUpload?: boolean;
    uploadedAt: number;
    timing: OtherRunsTiming;
    known: readonly TestRun[];
  }): OtherRunsWatch {
    const { client, module, clock, info, warn, debug } = this.#options;
    const others = new OtherRunsWatch({
      client,
      module,
      version: watch.version,
      ...(watch.ownRunId !== undefined ? { ownRunId: watch.ownRunId } : {}),
      ...(watch.ownRunFromUpload ? { ownRunFromUpload: true } : {}),
      uploadedAt: watch.uploadedAt,
      timing: watch.timing,
      clock,
      info,
      warn,
      debug,
      stop: (run, plan) => this.#startStop(run.id, plan, {}),
    });
    this.#watches.push(others);
    if (this.killNear()) others.hurry();
    others.start(watch.known);
    return others;
  }

  /**
   * Stops listening to the signals, ends the own run's stop at its next step (a cancel sent still
   * completes) and ends the watches' looks; the other runs' stops go on to their deadlines.
   */
  dispose(): void {
    this.#off();
    this.#own?.halt();
    for (const watch of this.#watches) watch.close();
  }

  #startStop(
    runId: string,
    plan: StopPlan,
    options: { cancelAlreadyAccepted?: boolean },
  ): { stopper: TestRunStopper; outcome: Promise<StopOutcome> } {
    const stopper = this.#stopper(runId, options);
    this.#others.push(stopper);
    const outcome = stopper.start(plan);
    const windDown = this.#windDown();
    if (windDown !== undefined) windDownOther(stopper, windDown);
    return { stopper, outcome };
  }

  #stopper(
    testRunId: string,
    extra: { onCancelAccepted?: () => void; cancelAlreadyAccepted?: boolean },
  ): TestRunStopper {
    const { client, module, pollMs, clock, info } = this.#options;
    return new TestRunStopper({ client, module, testRunId, log: info, pollMs, clock, ...extra });
  }

  #applyWindDown(): void {
    const windDown = this.#windDown();
    if (windDown === undefined) return;
    if (windDown.killNear) for (const watch of this.#watches) watch.hurry();
    for (const stopper of this.#others) windDownOther(stopper, windDown);
    if (this.#own) this.#windDownOwn(this.#own, windDown);
  }

  /** The own run: its stop starts at the first signal, within the wind-down. */
  #windDownOwn(stopper: TestRunStopper, windDown: WindDown): void {
    if (!stopper.started) {
      const id = stopper.testRunId;
      this.#options.info(`The job is being cancelled: stopping test run ${id}.`);
      stopper
        .start(atSignal(windDown))
        .catch((error: unknown) => this.#options.debug(`Stopping test run ${id} failed: ${getErrorMessage(error)}`));
    } else {
      stopper.limitDeadline(windDown.deadline);
    }
    forceAsWindDownSays(stopper, windDown);
  }
}

/** Another run: already being stopped, its stop is cut to the wind-down, and force-cancelled as it says. */
function windDownOther(stopper: TestRunStopper, windDown: WindDown): void {
  stopper.limitDeadline(windDown.deadline);
  forceAsWindDownSays(stopper, windDown);
}
