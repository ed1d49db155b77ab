import { getErrorMessage } from '../../../errors.ts';
import type { WorkspaceVariable } from '../../../inputs/parsers.ts';
import type { Deadline } from '../../../lifetime/deadline.ts';
import type { Cancellation } from '../../../lifetime/cancellation.ts';
import { abortAfterFirstSignal } from '../../../lifetime/grace.ts';
import type { Semaphore } from '../../../lifetime/limit.ts';
import type { NoCodeApi, UpgradeAnswer } from '../../../service/no-code.ts';
import { formatDuration, formatPreciseDuration } from '../../../report/format.ts';
import { capitalise } from '../../../text.ts';
import { statusReporter } from '../../../report/wait-status.ts';
import { describeWriteFailure } from '../write-failure.ts';
import { sendWrite } from '../writes.ts';
import type { FailedWrite, WriteGrace } from '../writes.ts';
import {
  applyStage,
  describeUpgradeRunStatus,
  failedStatusReason,
  READY_STATUSES,
  upgradeStage,
} from './upgrade-status.ts';
import { waitForUpgradeRun } from './wait-for-upgrade-run.ts';
import type { UpgradeWaitResult, UpgradeWaitSchedule } from './wait-for-upgrade-run.ts';

/** How the upgrade of one workspace ended. */
export type UpgradeOutcome =
  /** The service said `applied`: after the action's confirmation, or on its own. */
  | 'applied'
  /** The plan is ready and waits for confirmation (`confirm` is false). */
  | 'planned'
  /** The plan found nothing to change (`planned_and_finished`). */
  | 'no-changes'
  /** Confirmed, but the service did not report the apply's end within the timeout. */
  | 'confirmed'
  | 'failed'
  | 'timed-out'
  | 'cancelled'
  /** Dry run: an upgrade would be started. */
  | 'would-upgrade';

/** Outcomes that fail the step: everything but a result the service reported in full. */
export const FAILED_OUTCOMES: ReadonlySet<UpgradeOutcome> = new Set(['failed', 'timed-out', 'cancelled', 'confirmed']);

export interface WorkspaceUpgradeResult {
  workspaceId: string;
  /** The workspace's name, when an answer of the service gave it (spec 2.8 shows only the id). */
  workspaceName: string | null;
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
  /** Why the upgrade failed, timed out, was cancelled or was not followed to its end. */
  error?: string;
  /** What else a person should know. */
  note?: string;
}

export interface UpgradeWorkspaceOptions {
  api: NoCodeApi;
  noCodeModuleId: string;
  workspaceId: string;
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
}

type Known = Pick<WorkspaceUpgradeResult, 'workspaceName' | 'runId' | 'status' | 'planUrl'>;

/**
 * Upgrades one workspace: initiates the upgrade, waits for its plan, and, when asked, confirms
 * a ready plan and follows the apply to its end. Never throws: every way this can end is a
 * result, so that one workspace failing does not stop the others.
 */
export async function upgradeWorkspace(options: UpgradeWorkspaceOptions): Promise<WorkspaceUpgradeResult> {
  const { api, noCodeModuleId, workspaceId, cancellation } = options;
  const { signal } = cancellation;
  const log = (line: string): void => options.log(`${workspaceId}: ${line}`);
  let workspaceName: string | null = null;
  const result = (
    r: Omit<WorkspaceUpgradeResult, 'workspaceId' | 'workspaceName' | 'applied' | 'planReady' | 'planUnknown'> & {
      applied?: boolean;
      planReady?: boolean;
      planUnknown?: boolean;
    },
  ): WorkspaceUpgradeResult => ({
    workspaceId,
    workspaceName,
    planReady: false,
    planUnknown: false,
    applied: false,
    ...r,
  });

  const grace = formatPreciseDuration(options.writeGrace.graceMs);
  const clock = options.deadline.clock;
  const writeOptions = { cancellation, ...options.writeGrace, places: options.writes };

  const initiate = await sendWrite(
    (writeSignal) => api.initiateUpgrade(noCodeModuleId, workspaceId, [...options.vars], { signal: writeSignal }),
    writeOptions,
  );
  const none = { runId: null, status: null, planUrl: null };
  switch (initiate.kind) {
    case 'not-sent':
      return result({ ...none, outcome: 'cancelled', error: 'The step was cancelled before the upgrade was started.' });
    case 'maybe-applied':
      if (initiate.cause === 'cancelled') {
        const message =
          `The step was cancelled while the upgrade was being started, and the service did not answer within ${grace}, ` +
          `so it may have started: check workspace ${workspaceId} in the service.`;
        return result({ ...none, outcome: 'cancelled', planUnknown: true, error: message });
      }
      // Accepted without a run, or answer lost: an upgrade may have started unseen.
      log('the upgrade could not be started');
      return result({
        ...none,
        outcome: 'failed',
        planUnknown: true,
        error: initiateFailure(initiate, noCodeModuleId, workspaceId),
      });
    case 'refused':
    case 'failed':
      log('the upgrade could not be started');
      return result({ ...none, outcome: 'failed', error: initiateFailure(initiate, noCodeModuleId, workspaceId) });
  }

  const started = initiate.answer;
  let upgrade = started.upgrade;
  workspaceName = started.workspaceName;
  const runId = upgrade.id;
  let status = upgrade.attributes.status;
  let planUrl = upgrade.attributes['plan-url'] ?? null;
  const known = (): Known => ({ workspaceName, runId, status, planUrl });
  log(`upgrade run ${runId} started (${status})`);
  if (signal.aborted) {
    return result({
      ...known(),
      outcome: 'cancelled',
      planUnknown: true,
      error: `The step was cancelled after upgrade run ${runId} was started (status ${status}); it goes on in the service.`,
    });
  }

  // Time in the status lines counts from the start, across the plan and the apply.
  const startedAt = clock.now();
  const report = statusReporter(log);
  const read = (readSignal: AbortSignal): Promise<UpgradeAnswer> =>
    api.readUpgrade(noCodeModuleId, workspaceId, runId, { signal: readSignal });
  const seen = (answer: UpgradeAnswer): void => {
    upgrade = answer.upgrade;
    status = upgrade.attributes.status;
    planUrl = upgrade.attributes['plan-url'] ?? planUrl;
    workspaceName = answer.workspaceName ?? workspaceName;
  };
  /** Reads the run from `first` on until `isFinal`, within the one deadline. */
  const follow = (
    first: UpgradeAnswer,
    isFinal: (status: string) => boolean,
  ): Promise<UpgradeWaitResult<UpgradeAnswer>> =>
    waitForUpgradeRun<UpgradeAnswer>({
      first,
      read,
      isFinal: (a) => isFinal(a.upgrade.attributes.status),
      onValue: (a) => {
        seen(a);
        report(status, clock.now() - startedAt);
      },
      signal,
      deadline: options.deadline,
      schedule: options.schedule,
    });

  // The plan. The initiate answer gave the first status, so the wait does not read it again.
  try {
    const waited = await follow(started, (s) => upgradeStage(s) !== 'in-progress');
    if (waited.outcome === 'timed-out') {
      log(`timed out (${status})`);
      return result({
        ...known(),
        outcome: 'timed-out',
        planUnknown: true,
        error:
          `Timed out after ${formatDuration(options.timeoutMs)} waiting for the upgrade plan of run ${runId} ` +
          `(last status: ${describeUpgradeRunStatus(status)}${lastReadNote(waited)}); ` +
          'the run goes on in the service: look at its plan page, or raise the timeout input.',
      });
    }
  } catch (error) {
    if (signal.aborted) {
      return result({
        ...known(),
        outcome: 'cancelled',
        planUnknown: true,
        error: `The step was cancelled while waiting for the plan (status ${status}); upgrade run ${runId} goes on in the service.`,
      });
    }
    return result({
      ...known(),
      outcome: 'failed',
      planUnknown: true,
      error: `Could not read the status of upgrade run ${runId}: ${getErrorMessage(error)}; the run may still go on in the service.`,
    });
  }

  const stage = upgradeStage(status);
  if (stage === 'failed')
    return result({
      ...known(),
      outcome: 'failed',
      error: `${capitalise(failedStatusReason(status))} (status ${status}): see its plan page.`,
    });
  if (stage === 'no-changes') return result({ ...known(), outcome: 'no-changes' });
  if (stage === 'applied')
    return result({
      ...known(),
      outcome: 'applied',
      applied: true,
      note: 'The service applied the plan without a confirmation.',
    });
  if (!options.confirm)
    return result({
      ...known(),
      planReady: true,
      outcome: 'planned',
      note: 'Not confirmed: set confirm to true to apply ready plans.',
    });

  // The confirmation.
  const confirm = await sendWrite(
    (writeSignal) => api.confirmUpgrade(noCodeModuleId, workspaceId, runId, { signal: writeSignal }),
    writeOptions,
  );
  let afterConfirm: UpgradeAnswer = { upgrade, workspaceName };
  const confirmFailed = (error: unknown): WorkspaceUpgradeResult =>
    result({
      ...known(),
      planReady: true,
      outcome: 'failed',
      error: `The plan was ready but its confirmation failed: ${getErrorMessage(error)}`,
    });
  switch (confirm.kind) {
    case 'done':
      log(`upgrade run ${runId} confirmed; following the apply`);
      break;
    case 'not-sent':
      return result({
        ...known(),
        planReady: true,
        outcome: 'cancelled',
        error: `The step was cancelled before the ready plan of run ${runId} was confirmed; it was not applied.`,
      });
    case 'maybe-applied': {
      if (confirm.cause === 'cancelled') {
        const message =
          `The step was cancelled while the plan of run ${runId} was being confirmed, and the service did not answer within ${grace}, ` +
          `so it may have been applied: look at its plan page.`;
        return result({ ...known(), planReady: true, outcome: 'cancelled', error: message });
      }
      if (confirm.cause !== 'no-answer') return confirmFailed(confirm.error);
      // The answer was lost: the run's status tells whether the confirmation arrived, once it
      // moves past the ready status (which may take the service a moment). A second
      // confirmation is never sent. Under cancellation one read gets what is left of the writes'
      // grace, which counts from the first signal, not from this read.
      const bound = abortAfterFirstSignal(cancellation, options.writeGrace.graceMs, options.writeGrace.clock);
      let after = await read(bound.signal)
        .catch(() => undefined)
        .finally(() => bound.dispose());
      if (after) seen(after);
      if (after !== undefined && READY_STATUSES.has(status) && !signal.aborted) {
        const settled = await waitForUpgradeRun<UpgradeAnswer>({
          first: after,
          read,
          isFinal: (a) => !READY_STATUSES.has(a.upgrade.attributes.status),
          onValue: (a) => seen(a),
          signal,
          deadline: options.deadline.within(options.confirmSettleMs),
          schedule: options.schedule,
        }).catch(() => undefined);
        after = settled?.value ?? after;
      }
      if (after === undefined || READY_STATUSES.has(status)) {
        return result({
          ...known(),
          planReady: true,
          outcome: 'failed',
          error:
            `The confirmation of upgrade run ${runId} ended without an answer (${confirm.error.reason}) ` +
            `and the run now reads ${after ? status : 'as unknown'}; ` +
            `it was not sent again. Look at the run's plan page or workspace ${workspaceId} in the service.`,
        });
      }
      log(`upgrade run ${runId} moved on to ${status} (the confirmation's answer was lost); following the apply`);
      afterConfirm = after;
      break;
    }
    case 'refused':
    case 'failed':
      return confirmFailed(confirm.error);
  }

  // The apply: spec 4.3's confirm answer is only a message, so the run is read until it ends.
  try {
    const waited = await follow(afterConfirm, (s) => applyStage(s) !== 'in-progress');
    if (waited.outcome === 'timed-out') {
      log(`confirmed; the apply had not ended at the timeout (${status})`);
      const still = READY_STATUSES.has(status)
        ? `run ${runId} still reads ${status}, as when it was confirmed`
        : `the last status of run ${runId} was ${describeUpgradeRunStatus(status)}`;
      return result({
        ...known(),
        planReady: true,
        outcome: 'confirmed',
        error:
          `Confirmed; the service has not reported the apply's end within the timeout (${formatDuration(options.timeoutMs)}): ` +
          `${still}${lastReadNote(waited)}. The apply may go on in the service: look at its plan page.`,
      });
    }
  } catch (error) {
    if (signal.aborted) {
      return result({
        ...known(),
        planReady: true,
        outcome: 'cancelled',
        error: `The step was cancelled after the plan of run ${runId} was confirmed (status ${status}); the apply goes on in the service.`,
      });
    }
    return result({
      ...known(),
      planReady: true,
      outcome: 'confirmed',
      error:
        `Confirmed, but the status of upgrade run ${runId} could not be read after the confirmation: ${getErrorMessage(error)}. ` +
        `The apply may go on in the service: look at its plan page.`,
    });
  }
  if (applyStage(status) === 'applied') {
    log(`upgrade run ${runId} applied`);
    return result({ ...known(), planReady: true, outcome: 'applied', applied: true });
  }
  log(`upgrade run ${runId} ended as ${status} after the confirmation`);
  return result({
    ...known(),
    planReady: true,
    outcome: 'failed',
    error: `The plan was confirmed, but ${failedStatusReason(status)} (status ${status}): see its plan page.`,
  });
}

/** What a timed-out wait's last read did, for its message. */
function lastReadNote(waited: UpgradeWaitResult<unknown>): string {
  if (waited.outcome !== 'timed-out' || waited.lastRead === undefined) return '';
  return waited.lastRead === 'unanswered'
    ? '; a status read was still unanswered at the deadline'
    : '; the service answered 429 and asked to wait past the deadline';
}

function initiateFailure(failed: FailedWrite, noCodeModuleId: string, workspaceId: string): string {
  return describeWriteFailure(failed, {
    operation: `to start the upgrade of workspace ${workspaceId}`,
    ids: `workspace ${workspaceId} (provisioned from no-code module ${noCodeModuleId})`,
    ifUnknown:
      'No upgrade run is known, so none was followed or confirmed; the upgrade may have started: ' +
      `check workspace ${workspaceId} in the service before running again.`,
  });
}
