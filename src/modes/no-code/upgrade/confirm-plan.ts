import { getErrorMessage } from '../../../errors.ts';
import { abortAfterFirstSignal } from '../../../lifetime/grace.ts';
import { formatPreciseDuration } from '../../../report/format.ts';
import type { UpgradeAnswer } from '../../../service/no-code.ts';
import { sendWrite } from '../writes.ts';
import type { WriteOutcome } from '../writes.ts';
import { waitForUpgradeRun } from './wait-for-upgrade-run.ts';
import { upgradeWriteOptions } from './upgrade-run.ts';
import type { UpgradeRun } from './upgrade-run.ts';
import type { WorkspaceUpgradeResult } from './upgrade-result.ts';

/**
 * Confirms a plan that has stopped: the run to follow through the apply once the confirmation
 * arrived; `premature` when the service refused it as the plan had not stopped (409: a policy
 * check or a run task was still to come), so the wait for the plan goes on; otherwise the
 * workspace's result.
 */
export async function confirmPlan(
  run: UpgradeRun,
): Promise<{ answer: UpgradeAnswer } | { premature: true } | { result: WorkspaceUpgradeResult }> {
  const { api, noCodeModuleId, workspaceId } = run.options;
  const confirm = await sendWrite(
    (writeSignal) => api.confirmUpgrade(noCodeModuleId, workspaceId, run.runId, { signal: writeSignal }),
    upgradeWriteOptions(run.options),
  );
  if (confirm.kind === 'done') {
    run.log(`upgrade run ${run.runId} confirmed; following the apply`);
    return { answer: run.answer() };
  }
  if (confirm.kind === 'refused' && confirm.error.status === 409 && !run.signal.aborted) {
    run.log(
      `the service refused the confirmation in ${run.status} (409): the plan is not ready yet; waiting for it to stop`,
    );
    return { premature: true };
  }
  return afterFailedConfirm(run, confirm);
}

/**
 * A confirm that did not end done, nor refused as premature. When its answer was lost, the
 * run's status tells whether it arrived, once it moves past the confirmed one (which may take
 * the service a moment); a second confirmation is never sent.
 */
async function afterFailedConfirm(
  run: UpgradeRun,
  confirm: Exclude<WriteOutcome<unknown>, { kind: 'done' }>,
): Promise<{ answer: UpgradeAnswer } | { result: WorkspaceUpgradeResult }> {
  const { options, runId } = run;
  const confirmFailed = (error: unknown): { result: WorkspaceUpgradeResult } => ({
    result: run.result({
      planReady: true,
      outcome: 'failed',
      error: `The plan was ready but its confirmation failed: ${getErrorMessage(error)}`,
    }),
  });
  switch (confirm.kind) {
    case 'not-sent':
      return {
        result: run.result({
          planReady: true,
          outcome: 'cancelled',
          error: `The step was cancelled before the ready plan of run ${runId} was confirmed; it was not applied.`,
        }),
      };
    case 'refused':
    case 'failed':
      return confirmFailed(confirm.error);
    case 'maybe-applied':
      break;
  }
  if (confirm.cause === 'cancelled') {
    const grace = formatPreciseDuration(options.writeGrace.graceMs);
    const message =
      `The step was cancelled while the plan of run ${runId} was being confirmed, and the service did not answer within ${grace}, ` +
      `so it may have been applied: look at its plan page.`;
    return { result: run.result({ planReady: true, outcome: 'cancelled', error: message }) };
  }
  if (confirm.cause !== 'no-answer') return confirmFailed(confirm.error);
  const confirmedIn = run.status;
  // Under cancellation one read gets what is left of the writes' grace, which counts from the
  // first signal, not from this read.
  const bound = abortAfterFirstSignal(options.cancellation, options.writeGrace.graceMs, options.writeGrace.clock);
  let after = await run
    .read(bound.signal)
    .catch(() => undefined)
    .finally(() => bound.dispose());
  if (after) run.seen(after);
  if (after !== undefined && run.status === confirmedIn && !run.signal.aborted) {
    const settled = await waitForUpgradeRun<UpgradeAnswer>({
      first: after,
      read: (signal) => run.read(signal),
      isFinal: (a) => a.upgrade.attributes.status !== confirmedIn,
      onValue: (a) => run.seen(a),
      signal: run.signal,
      deadline: options.deadline.within(options.confirmSettleMs),
      schedule: options.schedule,
    }).catch(() => undefined);
    after = settled?.value ?? after;
  }
  if (after === undefined || run.status === confirmedIn) {
    return {
      result: run.result({
        planReady: true,
        outcome: 'failed',
        error:
          `The confirmation of upgrade run ${runId} ended without an answer (${confirm.error.reason}) ` +
          `and the run now reads ${after ? run.status : 'as unknown'}; ` +
          `it was not sent again. Look at the run's plan page or workspace ${options.workspaceId} in the service.`,
      }),
    };
  }
  run.log(`upgrade run ${runId} moved on to ${run.status} (the confirmation's answer was lost); following the apply`);
  return { answer: after };
}
