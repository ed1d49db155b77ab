import { getErrorMessage } from '../../../errors.ts';
import { formatDuration } from '../../../report/format.ts';
import type { UpgradeAnswer } from '../../../service/no-code.ts';
import { describeRunStatus, runPhase, runStatusFacts } from '../../../service/run-status.ts';
import { lastReadNote } from './upgrade-run.ts';
import type { UpgradeRun } from './upgrade-run.ts';
import type { WorkspaceUpgradeResult } from './upgrade-result.ts';

/**
 * The apply. Spec 4.3's confirm answers only a message, so the run is read until it ends:
 * `applied`, or a failure. A run that never reads past the status it was confirmed in, for
 * `applyStatusWindowMs` (or until the timeout, if that comes first), is a service that reports
 * no apply status: the workspace ends `confirmed`, with a warning.
 */
export async function followApply(
  run: UpgradeRun,
  first: UpgradeAnswer,
  confirmedIn: string,
): Promise<WorkspaceUpgradeResult> {
  const { clock, options, runId } = run;
  const confirmedAt = clock.now();
  const ended = (a: UpgradeAnswer): boolean => {
    const phase = runPhase(a.upgrade.attributes.status);
    return phase === 'applied' || phase === 'ended-without-apply' || phase === 'awaiting-decision';
  };
  try {
    const silence = await run.follow(first, (a) => a.upgrade.attributes.status !== confirmedIn, {
      deadline: options.deadline.within(options.applyStatusWindowMs),
    });
    if (silence.outcome === 'timed-out') {
      const waited = formatDuration(clock.now() - confirmedAt);
      run.log(`confirmed; the service reported no apply status within ${waited} (${run.status})`);
      return run.result({
        planReady: true,
        outcome: 'confirmed',
        warning:
          `Confirmed; the service reported no apply status within ${waited}: run ${runId} still reads ${run.status}, ` +
          `as when it was confirmed${lastReadNote(silence)}. Whether it was applied is not known: look at its plan page.`,
      });
    }
    const waited = await run.follow(silence.value, ended);
    if (waited.outcome === 'timed-out') {
      run.log(`confirmed; the apply had not ended at the timeout (${run.status})`);
      return run.result({
        planReady: true,
        outcome: 'apply-timed-out',
        error:
          `Confirmed, but the apply had not ended at the timeout (${formatDuration(options.timeoutMs)}): ` +
          `the last status of run ${runId} was ${describeRunStatus(run.status)}${lastReadNote(waited)}. ` +
          'The apply may go on in the service: look at its plan page.',
      });
    }
  } catch (error) {
    if (run.signal.aborted) {
      return run.result({
        planReady: true,
        outcome: 'cancelled',
        error: `The step was cancelled after the plan of run ${runId} was confirmed (status ${run.status}); the apply goes on in the service.`,
      });
    }
    return run.result({
      planReady: true,
      outcome: 'failed',
      error:
        `Confirmed, but the status of upgrade run ${runId} could not be read after the confirmation: ${getErrorMessage(error)}. ` +
        `The apply may go on in the service: look at its plan page.`,
    });
  }
  return applyEnding(run);
}

/** How an apply that ended reads: applied, or the status it ended in and what to do about it. */
function applyEnding(run: UpgradeRun): WorkspaceUpgradeResult {
  const { runId, status } = run;
  const facts = runStatusFacts(status);
  if (facts?.phase === 'applied') {
    run.log(`upgrade run ${runId} applied`);
    return run.result({ planReady: true, outcome: 'applied', applied: true });
  }
  run.log(`upgrade run ${runId} ended as ${status} after the confirmation`);
  const what =
    facts?.phase === 'awaiting-decision'
      ? `the run ${facts.meaning} (status ${status}): ${facts.todo ?? 'someone must act on it in the service'}${run.planPageNote()}`
      : `the upgrade run ${facts?.meaning ?? `ended as ${status}`} (status ${status}): see its plan page`;
  return run.result({ planReady: true, outcome: 'failed', error: `The plan was confirmed, but ${what}.` });
}
