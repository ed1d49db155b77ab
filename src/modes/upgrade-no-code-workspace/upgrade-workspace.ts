import { getErrorMessage } from '../../errors.ts';
import type { WorkspaceVariable } from '../../input-parsers.ts';
import { AmbiguousWriteError, isAbortError } from '../../service/errors.ts';
import type { NoCodeApi } from '../../service/no-code.ts';
import { abortError } from '../../service/pacing.ts';
import type { WorkspaceUpgrade } from '../../service/types.ts';
import { formatDuration, statusReporter } from '../../wait/poll.ts';
import { describeWriteFailure } from '../no-code-shared/write-failure.ts';
import { graceText, withGrace } from '../no-code-shared/write-grace.ts';
import type { ConcurrencyLimit } from './concurrency-limit.ts';
import { failedStatusReason, upgradeStage } from './upgrade-status.ts';
import { waitForPlan } from './wait-for-plan.ts';
import type { PlanWaitSchedule } from './wait-for-plan.ts';

/** How the upgrade of one workspace ended. */
export type UpgradeOutcome =
  /** Confirmed and applied by the action, or applied by the service on its own. */
  | 'applied'
  /** The plan is ready and waits for confirmation (`confirm` is false). */
  | 'planned'
  /** The plan found nothing to change (`planned_and_finished`). */
  | 'no-changes'
  /** The service started no run: the workspace is up to date. */
  | 'nothing-to-upgrade'
  | 'failed'
  | 'timed-out'
  | 'cancelled'
  /** Dry run: an upgrade would be started. */
  | 'would-upgrade';

/** Outcomes that fail the step. */
export const FAILED_OUTCOMES: ReadonlySet<UpgradeOutcome> = new Set(['failed', 'timed-out', 'cancelled']);

export interface WorkspaceUpgradeResult {
  workspaceId: string;
  /** The `run-` id of the upgrade's run; null when none was started (or it is not known). */
  runId: string | null;
  /** The run's status as last read; for a confirmed plan, the status in which it was confirmed. */
  status: string | null;
  planUrl: string | null;
  outcome: UpgradeOutcome;
  /** The plan reached a status in which it can be confirmed. */
  planReady: boolean;
  /** The plan was applied. */
  applied: boolean;
  /** Why the upgrade failed, timed out or was cancelled. */
  error?: string;
  /** What else a person should know (the service's message when there was nothing to upgrade). */
  note?: string;
}

export interface UpgradeWorkspaceOptions {
  api: NoCodeApi;
  noCodeModuleId: string;
  workspaceId: string;
  vars: readonly WorkspaceVariable[];
  confirm: boolean;
  /** Absolute time (ms since epoch) at which waiting for the plan stops. */
  deadline: number;
  /** The `timeout` input, for messages. */
  timeoutMs: number;
  /**
   * The step's cancellation: ends every wait and read at once; a write (initiate, confirm)
   * already sent gets `writeGraceMs` more to be answered.
   */
  signal: AbortSignal;
  writeGraceMs: number;
  /** Bounds the writes (initiate, confirm) in flight across all workspaces. */
  writes: ConcurrencyLimit;
  log: (line: string) => void;
  /** When to read the plan's status. */
  schedule: PlanWaitSchedule;
}

/**
 * Upgrades one workspace: initiates the upgrade, waits for its plan, confirms a ready plan when
 * asked. Never throws: every way this can end is a result, so that one workspace failing does
 * not stop the others.
 */
export async function upgradeWorkspace(options: UpgradeWorkspaceOptions): Promise<WorkspaceUpgradeResult> {
  const { api, noCodeModuleId, workspaceId, signal } = options;
  const log = (line: string): void => options.log(`${workspaceId}: ${line}`);
  const result = (
    r: Omit<WorkspaceUpgradeResult, 'workspaceId' | 'applied' | 'planReady'> & { applied?: boolean; planReady?: boolean },
  ): WorkspaceUpgradeResult => ({ workspaceId, planReady: false, applied: false, ...r });

  const grace = graceText(options.writeGraceMs);
  // A write is sent only while the step goes on; once sent, the cancellation does not cut it
  // short (the service may carry it out anyway), it only bounds the wait for the answer.
  const write = <T>(send: (writeSignal: AbortSignal) => Promise<T>, onSend: () => void): Promise<T> =>
    options.writes(() => {
      if (signal.aborted) return Promise.reject(abortError(signal));
      onSend();
      return withGrace(signal, options.writeGraceMs, send);
    }, signal);

  let upgrade: WorkspaceUpgrade;
  let sent = false;
  try {
    const started = await write(
      (writeSignal) => api.initiateUpgrade(noCodeModuleId, workspaceId, [...options.vars], { signal: writeSignal }),
      () => (sent = true),
    );
    if (started.nothingToUpgrade) {
      log('nothing to upgrade');
      return result({ runId: null, status: null, planUrl: null, outcome: 'nothing-to-upgrade', ...(started.message ? { note: started.message } : {}) });
    }
    upgrade = started.upgrade;
  } catch (error) {
    const none = { runId: null, status: null, planUrl: null };
    if (signal.aborted && isAbortError(error)) {
      const message = sent
        ? `The step was cancelled while the upgrade was being started, and the service did not answer within ${grace}, so it may have started: check workspace ${workspaceId} in the service.`
        : 'The step was cancelled before the upgrade was started.';
      return result({ ...none, outcome: 'cancelled', error: message });
    }
    log('the upgrade could not be started');
    return result({ ...none, outcome: 'failed', error: initiateFailure(error, noCodeModuleId, workspaceId) });
  }

  const runId = upgrade.id;
  let status = upgrade.attributes.status;
  let planUrl = upgrade.attributes['plan-url'] ?? null;
  const known = (): Pick<WorkspaceUpgradeResult, 'runId' | 'status' | 'planUrl'> => ({ runId, status, planUrl });
  log(`upgrade run ${runId} started (${status})`);
  if (signal.aborted) {
    return result({ ...known(), outcome: 'cancelled', error: `The step was cancelled after upgrade run ${runId} was started (status ${status}); it goes on in the service.` });
  }

  // The initiate answer gave the first status, so the wait does not read it again.
  const report = statusReporter(log);
  try {
    const waited = await waitForPlan<WorkspaceUpgrade>({
      first: upgrade,
      read: (pollSignal) => api.readUpgrade(noCodeModuleId, workspaceId, runId, { signal: pollSignal }),
      isFinal: (u) => upgradeStage(u.attributes.status) !== 'in-progress',
      onValue: (u, elapsedMs) => {
        status = u.attributes.status;
        planUrl = u.attributes['plan-url'] ?? planUrl;
        report(status, elapsedMs);
      },
      signal,
      deadline: options.deadline,
      schedule: options.schedule,
    });
    if (waited.outcome === 'timed-out') {
      log(`timed out (${status})`);
      return result({
        ...known(),
        outcome: 'timed-out',
        error:
          `Timed out after ${formatDuration(options.timeoutMs)} waiting for the upgrade plan of run ${runId} (last status: ${status}); ` +
          'the run goes on in the service: look at its plan page, or raise the timeout input.',
      });
    }
  } catch (error) {
    if (signal.aborted) {
      return result({ ...known(), outcome: 'cancelled', error: `The step was cancelled while waiting for the plan (status ${status}); upgrade run ${runId} goes on in the service.` });
    }
    return result({ ...known(), outcome: 'failed', error: `Could not read the status of upgrade run ${runId}: ${getErrorMessage(error)}; the run may still go on in the service.` });
  }

  const stage = upgradeStage(status);
  if (stage === 'failed') return result({ ...known(), outcome: 'failed', error: `${capitalize(failedStatusReason(status))} (status ${status}): see its plan page.` });
  if (stage === 'no-changes') return result({ ...known(), outcome: 'no-changes' });
  if (stage === 'applied') return result({ ...known(), outcome: 'applied', applied: true, note: 'The service applied the plan without a confirmation.' });
  if (!options.confirm) return result({ ...known(), planReady: true, outcome: 'planned', note: 'Not confirmed: set confirm to true to apply ready plans.' });

  let confirmSent = false;
  try {
    await write(
      (writeSignal) => api.confirmUpgrade(noCodeModuleId, workspaceId, runId, { signal: writeSignal }),
      () => (confirmSent = true),
    );
  } catch (error) {
    if (signal.aborted && isAbortError(error)) {
      const message = confirmSent
        ? `The step was cancelled while the plan of run ${runId} was being confirmed, and the service did not answer within ${grace}, so it may have been applied: look at its plan page.`
        : `The step was cancelled before the ready plan of run ${runId} was confirmed; it was not applied.`;
      return result({ ...known(), planReady: true, outcome: 'cancelled', error: message });
    }
    if (!(error instanceof AmbiguousWriteError)) {
      return result({ ...known(), planReady: true, outcome: 'failed', error: `The plan was ready but its confirmation failed: ${getErrorMessage(error)}` });
    }
    // The answer was lost: the run's status tells whether the confirmation arrived. A second
    // confirmation is never sent. Under cancellation the read gets the same grace as a write.
    const after = await withGrace(signal, options.writeGraceMs, (readSignal) =>
      api.readUpgrade(noCodeModuleId, workspaceId, runId, { signal: readSignal }),
    ).catch(() => undefined);
    if (after?.attributes.status === 'applied') {
      status = 'applied';
      log(`upgrade run ${runId} applied (the confirmation's answer was lost)`);
      return result({ ...known(), planReady: true, outcome: 'applied', applied: true, note: 'The answer to the confirmation was lost; the run reads as applied.' });
    }
    if (after) status = after.attributes.status;
    return result({
      ...known(),
      planReady: true,
      outcome: 'failed',
      error:
        `The confirmation of upgrade run ${runId} ended without an answer (${error.reason}) and the run now reads ${after?.attributes.status ?? 'as unknown'}; ` +
        `it was not sent again. Look at the run's plan page or workspace ${workspaceId} in the service.`,
    });
  }
  // Spec 4.3: the confirm answer says only that the update completed. The status stays the
  // one in which the plan was confirmed; reading the run again would cost a request per
  // workspace at the moment every plan completes, when the rate limit is tightest.
  log(`upgrade run ${runId} confirmed and applied`);
  return result({ ...known(), planReady: true, outcome: 'applied', applied: true });
}

function initiateFailure(error: unknown, noCodeModuleId: string, workspaceId: string): string {
  return describeWriteFailure(error, {
    operation: 'to start the upgrade',
    ids: `workspace ${workspaceId} (provisioned from no-code module ${noCodeModuleId})`,
    ifUnknown: `The upgrade may have started: check workspace ${workspaceId} in the service before running again.`,
  });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
