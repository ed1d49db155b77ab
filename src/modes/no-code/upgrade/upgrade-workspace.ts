import { readPlan, runStatusFacts } from '../../../service/run-status.ts';
import { capitalise } from '../../../text.ts';
import { confirmPlan } from './confirm-plan.ts';
import { followApply } from './follow-apply.ts';
import { startUpgrade } from './start-upgrade.ts';
import { describeWorkspace } from './upgrade-result.ts';
import type { UpgradeWorkspaceOptions, WorkspaceUpgradeResult } from './upgrade-result.ts';
import type { UpgradeRun } from './upgrade-run.ts';
import { waitForPlan } from './wait-for-plan.ts';

/**
 * Upgrades one workspace: initiates the upgrade, waits for its plan, and, when asked, confirms
 * a ready plan and follows the apply to its end. Never throws: every way this can end is a
 * result, so that one workspace failing does not stop the others.
 */
export async function upgradeWorkspace(options: UpgradeWorkspaceOptions): Promise<WorkspaceUpgradeResult> {
  const log = (line: string): void => options.log(`${options.workspaceId}: ${line}`);
  const start = await startUpgrade(options, log);
  if ('result' in start) return start.result;
  const { run } = start;

  // The plan and its confirmation. A plan is confirmed once it has stopped; a confirm answered
  // 409 says it had not (a policy check or a run task was still to come), so the wait goes on,
  // and the next confirm goes out only once the plan has moved on and stopped again.
  let current = run.answer();
  /** The status in which the service refused the last confirm (409), if it did. */
  let refusedIn: string | undefined;
  for (;;) {
    const plan = await waitForPlan(run, current, refusedIn);
    if ('result' in plan) return plan.result;
    const ending = stoppedPlanEnding(run);
    if (ending !== undefined) return ending;
    if (!options.confirm) {
      return run.result({ planReady: true, outcome: 'planned', note: 'Set confirm to true to apply ready plans.' });
    }
    const confirmedIn = run.status;
    const confirm = await confirmPlan(run);
    if ('result' in confirm) return confirm.result;
    if ('premature' in confirm) {
      refusedIn = run.status;
      current = run.answer();
      continue;
    }
    return followApply(run, confirm.answer, confirmedIn);
  }
}

/**
 * How a plan that stopped ends without a confirmation: it waits for a person in the service, it
 * ended (with nothing to change, or failed), or the service applied it by itself. Undefined
 * when it is ready to be confirmed.
 */
function stoppedPlanEnding(run: UpgradeRun): WorkspaceUpgradeResult | undefined {
  const { status } = run;
  const facts = runStatusFacts(status);
  const runRef = (): string =>
    `upgrade run ${run.runId} of workspace ${describeWorkspace(run.options.workspaceId, run.known().workspaceName)}`;
  switch (readPlan(run.upgrade)) {
    case 'awaiting-decision':
      run.log(`${status}: waits for a person in the service; not confirmed`);
      return run.result({
        outcome: 'failed',
        error:
          `${capitalise(runRef())} ${facts?.meaning ?? `reads ${status}`} (status ${status}), so it was not confirmed: ` +
          `${facts?.todo ?? 'someone must act on it in the service'}, then confirm it there${run.planPageNote()}.`,
      });
    case 'ended':
      if (facts?.nothingToApply) return run.result({ outcome: 'no-changes' });
      return run.result({
        outcome: 'failed',
        error: `${capitalise(runRef())} ${facts?.meaning ?? `ended as ${status}`} (status ${status}): see its plan page.`,
      });
    case 'applied':
      return run.result({
        outcome: 'applied',
        applied: true,
        note: 'The service applied the plan without a confirmation.',
      });
    default:
      return undefined;
  }
}
