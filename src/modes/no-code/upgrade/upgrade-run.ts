import type { Clock } from '../../../lifetime/clock.ts';
import type { Deadline } from '../../../lifetime/deadline.ts';
import { statusReporter } from '../../../report/wait-status.ts';
import type { UpgradeAnswer } from '../../../service/no-code.ts';
import type { WorkspaceUpgrade } from '../../../service/types.ts';
import type { WriteOptions } from '../writes.ts';
import { waitForUpgradeRun } from './wait-for-upgrade-run.ts';
import type { UpgradeWaitResult } from './wait-for-upgrade-run.ts';
import type { UpgradeWorkspaceOptions, WorkspaceUpgradeResult } from './upgrade-result.ts';

/** What a result says of its own: the rest is the workspace's, or false until it says otherwise. */
export type ResultFields = Omit<
  WorkspaceUpgradeResult,
  'workspaceId' | 'workspaceName' | 'moduleVersionFrom' | 'applied' | 'planReady' | 'planUnknown'
> & {
  workspaceName?: string | null;
  applied?: boolean;
  planReady?: boolean;
  planUnknown?: boolean;
};

/** What is known of the run, as every result after its start carries it. */
export type KnownRun = Pick<WorkspaceUpgradeResult, 'workspaceName' | 'runId' | 'status' | 'planUrl'>;

/** One workspace's result: `fields` over what its document said and what nothing has said yet. */
export function workspaceResult(
  options: UpgradeWorkspaceOptions,
  workspaceName: string | null,
  fields: ResultFields,
): WorkspaceUpgradeResult {
  return {
    workspaceId: options.workspaceId,
    workspaceName,
    moduleVersionFrom: options.workspace?.moduleVersion ?? null,
    planReady: false,
    planUnknown: false,
    applied: false,
    ...fields,
  };
}

/** How an upgrade's writes (initiate, confirm) are sent: within the grace after a signal, in the
 *  places that bound the writes in flight across all workspaces. */
export function upgradeWriteOptions(options: UpgradeWorkspaceOptions): WriteOptions {
  return { cancellation: options.cancellation, ...options.writeGrace, places: options.writes };
}

/**
 * The upgrade's run as the step last read it, shared by the steps that follow it (the plan, the
 * confirmation, the apply): every read goes through `seen`, so each result reports the latest
 * status, plan address and workspace name.
 */
export class UpgradeRun {
  readonly options: UpgradeWorkspaceOptions;
  /** The log, each line naming the workspace. */
  readonly log: (line: string) => void;
  readonly runId: string;
  #upgrade: WorkspaceUpgrade;
  #status: string;
  #planUrl: string | null;
  #workspaceName: string | null;
  /** Time in the status lines counts from the start, across the plan and the apply. */
  readonly #startedAt: number;
  readonly #report: (status: string, elapsedMs: number) => void;

  constructor(options: UpgradeWorkspaceOptions, log: (line: string) => void, started: UpgradeAnswer) {
    this.options = options;
    this.log = log;
    this.#upgrade = started.upgrade;
    this.#workspaceName = started.workspaceName ?? options.workspace?.name ?? null;
    this.runId = started.upgrade.id;
    this.#status = started.upgrade.attributes.status;
    this.#planUrl = started.upgrade.attributes['plan-url'] ?? null;
    this.#startedAt = this.clock.now();
    this.#report = statusReporter(log);
  }

  get signal(): AbortSignal {
    return this.options.cancellation.signal;
  }

  get clock(): Clock {
    return this.options.deadline.clock;
  }

  /** The run's status as last read. */
  get status(): string {
    return this.#status;
  }

  /** The run's document as last read. */
  get upgrade(): WorkspaceUpgrade {
    return this.#upgrade;
  }

  known(): KnownRun {
    return { workspaceName: this.#workspaceName, runId: this.runId, status: this.#status, planUrl: this.#planUrl };
  }

  /** The run as last read, as an answer a wait starts from. */
  answer(): UpgradeAnswer {
    return { upgrade: this.#upgrade, workspaceName: this.#workspaceName };
  }

  /** Takes in an answer: a plan address or workspace name once given is kept when the next omits it. */
  seen(answer: UpgradeAnswer): void {
    this.#upgrade = answer.upgrade;
    this.#status = this.#upgrade.attributes.status;
    this.#planUrl = this.#upgrade.attributes['plan-url'] ?? this.#planUrl;
    this.#workspaceName = answer.workspaceName ?? this.#workspaceName;
  }

  read(signal: AbortSignal): Promise<UpgradeAnswer> {
    const { api, noCodeModuleId, workspaceId } = this.options;
    return api.readUpgrade(noCodeModuleId, workspaceId, this.runId, { signal });
  }

  /** Reads the run from `first` on until `isFinal`, within `deadline` (the step's, by default). */
  follow(
    first: UpgradeAnswer,
    isFinal: (answer: UpgradeAnswer) => boolean,
    more: { deadline?: Deadline; pauseAtMost?: () => number | undefined } = {},
  ): Promise<UpgradeWaitResult<UpgradeAnswer>> {
    return waitForUpgradeRun<UpgradeAnswer>({
      first,
      read: (signal) => this.read(signal),
      isFinal,
      onValue: (a) => {
        this.seen(a);
        this.#report(this.#status, this.clock.now() - this.#startedAt);
      },
      signal: this.signal,
      deadline: more.deadline ?? this.options.deadline,
      schedule: this.options.schedule,
      pauseAtMost: more.pauseAtMost,
    });
  }

  /** The workspace's result: `fields` over what is known of the run. */
  result(fields: Omit<ResultFields, keyof KnownRun>): WorkspaceUpgradeResult {
    return workspaceResult(this.options, this.#workspaceName, { ...this.known(), ...fields });
  }

  /** Where the plan page is, as a clause ending a sentence: only the service's own page is named. */
  planPageNote(): string {
    const page = this.#planUrl === null ? null : this.options.servicePage(this.#planUrl);
    return page === null ? '' : `: ${page}`;
  }
}

/** What a timed-out wait's last read did, for its message. */
export function lastReadNote(waited: UpgradeWaitResult<unknown>): string {
  if (waited.outcome !== 'timed-out' || waited.lastRead === undefined) return '';
  return waited.lastRead === 'unanswered'
    ? '; a status read was still unanswered at the deadline'
    : '; the service answered 429 and asked to wait past the deadline';
}
