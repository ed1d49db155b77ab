import { formatPreciseDuration } from '../../../report/format.ts';
import { quoteClipped } from '../../../text.ts';
import { describeWriteFailure } from '../write-failure.ts';
import { sendWrite } from '../writes.ts';
import type { FailedWrite } from '../writes.ts';
import { UpgradeRun, upgradeWriteOptions, workspaceResult } from './upgrade-run.ts';
import type { ResultFields } from './upgrade-run.ts';
import type { UpgradeWorkspaceOptions, WorkspaceUpgradeResult } from './upgrade-result.ts';

/**
 * Initiates the upgrade: the run the service started, or the workspace's result when no run is
 * known (not sent, refused, no upgrade to make, an answer lost) or the step was cancelled as it
 * started.
 */
export async function startUpgrade(
  options: UpgradeWorkspaceOptions,
  log: (line: string) => void,
): Promise<{ run: UpgradeRun } | { result: WorkspaceUpgradeResult }> {
  const { api, noCodeModuleId, workspaceId } = options;
  const result = (fields: ResultFields): { result: WorkspaceUpgradeResult } => ({
    result: workspaceResult(options, options.workspace?.name ?? null, fields),
  });
  const grace = formatPreciseDuration(options.writeGrace.graceMs);

  const initiate = await sendWrite(
    (writeSignal) => api.initiateUpgrade(noCodeModuleId, workspaceId, [...options.vars], { signal: writeSignal }),
    upgradeWriteOptions(options),
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

  if ('noUpgrade' in initiate.answer) {
    log(`no upgrade available: ${initiate.answer.message}`);
    return result({
      ...none,
      outcome: 'current',
      note: `The service has no upgrade for it (it said: ${quoteClipped(initiate.answer.message, 120)}).`,
    });
  }
  const run = new UpgradeRun(options, log, initiate.answer);
  log(`upgrade run ${run.runId} started (${run.status})`);
  if (run.signal.aborted) {
    return {
      result: run.result({
        outcome: 'cancelled',
        planUnknown: true,
        error: `The step was cancelled after upgrade run ${run.runId} was started (status ${run.status}); it goes on in the service.`,
      }),
    };
  }
  return { run };
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
