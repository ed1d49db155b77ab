// What the upgrade of one workspace is given and what it comes to: the upgrade's steps
// (start-upgrade, wait-for-plan, confirm-plan, follow-apply) and the mode's report share them.

import type { Deadline } from '../../../lifetime/deadline.ts';
import type { Cancellation } from '../../../lifetime/cancellation.ts';
import type { Semaphore } from '../../../lifetime/limit.ts';
import type { WorkspaceVariable } from '../../../inputs/parsers.ts';
import type { NoCodeApi } from '../../../service/no-code.ts';
import type { WriteGrace } from '../writes.ts';
import type { UpgradeWaitSchedule } from './wait-for-upgrade-run.ts';

/** How the upgrade of one workspace ended. */
export type UpgradeOutcome =
  /** The service said `applied`: after the action's confirmation, or on its own. */
  | 'applied'
  /** The plan is ready and waits for confirmation (`confirm` is false). */
  | 'planned'
  /** The plan found nothing to change (`planned_and_finished`). */
  | 'no-changes'
  /** No upgrade to make: the service said so, or the workspace's document did (nothing started). */
  | 'current'
  /** Confirmed, but the service reported no status past the confirmed one (the spec's letter:
   *  its confirm answers only "a plain message that the update completed"): a warning. */
  | 'confirmed'
  | 'failed'
  /** The timeout ended the wait for the plan. */
  | 'timed-out'
  /** Confirmed, and the apply was under way when the timeout ended the wait for it. */
  | 'apply-timed-out'
  | 'cancelled'
  /** Dry run: an upgrade would be started. */
  | 'would-upgrade'
  /** A wave before this workspace's failed, or the step was cancelled between waves: nothing started. */
  | 'not-started';

/** Outcomes that fail the step: everything but a result the service reported in full. */
export const FAILED_OUTCOMES: ReadonlySet<UpgradeOutcome> = new Set([
  'failed',
  'timed-out',
  'apply-timed-out',
  'cancelled',
]);

export interface WorkspaceUpgradeResult {
  workspaceId: string;
  /** The wave it is in (1 for the first, and for every workspace of a rollout in one wave). */
  wave?: number;
  /** The workspace's name, when an answer of the service gave it (spec 2.8 shows only the id). */
  workspaceName: string | null;
  /** The module version the workspace was on as its document named it (`source-module-id`),
   *  when it was read. */
  moduleVersionFrom: string | null;
  /** The `run-` id of the upgrade's run; null when none was started (or it is not known). */
  runId: string | null;
  /** The run's status as last read. */
  status: string | null;
  planUrl: string | null;
  outcome: UpgradeOutcome;
  /** The plan reached a status in which it can be confirmed. */
  planReady: boolean;
  /** A plan may be waiting that the action never saw ready: the start was accepted without a
   *  run or its answer was lost, or the wait for the plan ended (timeout, cancellation, a read
   *  that failed) before the plan did. Such a workspace is not known to have changed. */
  planUnknown: boolean;
  /** The service said `applied`. */
  applied: boolean;
  /** Why the upgrade failed, timed out or was cancelled. */
  error?: string;
  /** What went unreported although the upgrade did not fail (a confirm the service never
   *  reported past). */
  warning?: string;
  /** What else a person should know. */
  note?: string;
}

export interface UpgradeWorkspaceOptions {
  api: NoCodeApi;
  noCodeModuleId: string;
  workspaceId: string;
  /** What the workspace's own document said of it, when it could be read. */
  workspace?: WorkspaceFacts;
  vars: readonly WorkspaceVariable[];
  confirm: boolean;
  /** Where waiting stops: for the plan and, after the confirm, for the apply. */
  deadline: Deadline;
  /** The `timeout` input, for messages. */
  timeoutMs: number;
  /**
   * The step's cancellation: ends every wait and read at once; a write (initiate, confirm)
   * already sent has until `writeGrace` after the first signal to be answered.
   */
  cancellation: Cancellation;
  writeGrace: WriteGrace;
  /** Bounds the writes (initiate, confirm) in flight across all workspaces; a write still
   *  waiting for a place when the step is cancelled is not sent. */
  writes: Semaphore;
  log: (line: string) => void;
  /** When to read the run's status. */
  schedule: UpgradeWaitSchedule;
  /** After a confirmation whose answer was lost, how long the run is watched for a sign that
   *  the confirmation arrived (a status past the ready one). */
  confirmSettleMs: number;
  /** How long a plan must stay in a status that may be passed through (`planned`,
   *  `cost_estimated`) before it counts as stopped, when the run does not say itself whether it
   *  can be confirmed. */
  planSettleMs: number;
  /** How long after the confirm the run is watched for any status past the confirmed one
   *  before it ends as `confirmed`, with a warning that the service reported no apply status. */
  applyStatusWindowMs: number;
  /** A plan's address as a message may name it: the service's own page, or null (elsewhere, or no address). */
  servicePage: (planUrl: string) => string | null;
}

/** What a workspace's document says that a report shows: its name, page and module's version. */
export interface WorkspaceFacts {
  name: string | null;
  /** Its page in the service (`links.self-html`, made absolute), where the service gave one. */
  page: string | null;
  /** The version in its `source-module-id` (2.7: "naming the module and version"). */
  moduleVersion: string | null;
  /** Its `no-code-upgrade-available` (2.7), when it says. */
  upgradeAvailable: boolean | null;
}

/** A workspace as a message names it: its name beside its id where the name is known. */
export function describeWorkspace(workspaceId: string, workspaceName: string | null): string {
  return workspaceName ? `${workspaceName} (${workspaceId})` : workspaceId;
}
