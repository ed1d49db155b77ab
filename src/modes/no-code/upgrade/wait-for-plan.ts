import { getErrorMessage } from '../../../errors.ts';
import { formatDuration } from '../../../report/format.ts';
import type { UpgradeAnswer } from '../../../service/no-code.ts';
import { describeRunStatus, readPlan } from '../../../service/run-status.ts';
import { lastReadNote } from './upgrade-run.ts';
import type { UpgradeRun } from './upgrade-run.ts';
import type { WorkspaceUpgradeResult } from './upgrade-result.ts';

/**
 * Reads the run until its plan has stopped, or the run ended, waits for a person, or was
 * applied without the action. A status that may be passed through counts as stopped once it
 * stayed `planSettleMs`; after a refused confirm, only a status reached since counts. The wait
 * ends in the workspace's result when the timeout, the step's cancellation or a failed read
 * ends it first.
 */
export async function waitForPlan(
  run: UpgradeRun,
  first: UpgradeAnswer,
  refused: string | undefined,
): Promise<{ stopped: true } | { result: WorkspaceUpgradeResult }> {
  const { clock, options } = run;
  let lastStatus: string | undefined;
  let since = clock.now();
  let moved = refused === undefined;
  let settling = false;
  const isFinal = (a: UpgradeAnswer): boolean => {
    const s = a.upgrade.attributes.status;
    if (s !== lastStatus) {
      lastStatus = s;
      since = clock.now();
      if (s !== refused) moved = true;
    }
    const reading = readPlan(a.upgrade);
    settling = false;
    if (reading === 'under-way' || reading === 'applying') return false;
    if (reading === 'stopped') return moved;
    if (reading === 'maybe-stopped') {
      if (!moved) return false;
      settling = clock.now() - since < options.planSettleMs;
      return !settling;
    }
    return true;
  };
  // While a status stays, the next read comes when it has stayed long enough, not later.
  const pauseAtMost = (): number | undefined =>
    settling ? Math.max(1, since + options.planSettleMs - clock.now()) : undefined;
  try {
    const waited = await run.follow(first, isFinal, { pauseAtMost });
    if (waited.outcome === 'timed-out') {
      run.log(`timed out (${run.status})`);
      const refusal =
        refused === undefined
          ? ''
          : `; the service refused its confirmation in ${refused} (409), and the plan had not stopped again since`;
      return {
        result: run.result({
          outcome: 'timed-out',
          planUnknown: true,
          error:
            `Timed out after ${formatDuration(options.timeoutMs)} waiting for the upgrade plan of run ${run.runId} ` +
            `(last status: ${describeRunStatus(run.status)}${lastReadNote(waited)}${refusal}); ` +
            'the run goes on in the service: look at its plan page, or raise the timeout input.',
        }),
      };
    }
  } catch (error) {
    if (run.signal.aborted) {
      return {
        result: run.result({
          outcome: 'cancelled',
          planUnknown: true,
          error: `The step was cancelled while waiting for the plan (status ${run.status}); upgrade run ${run.runId} goes on in the service.`,
        }),
      };
    }
    return {
      result: run.result({
        outcome: 'failed',
        planUnknown: true,
        error: `Could not read the status of upgrade run ${run.runId}: ${getErrorMessage(error)}; the run may still go on in the service.`,
      }),
    };
  }
  return { stopped: true };
}
