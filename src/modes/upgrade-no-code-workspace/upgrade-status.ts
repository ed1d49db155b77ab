/**
 * Where an upgrade run's status (spec 3.3, plus the statuses any run can end in) leaves the
 * action: waiting, or done with one of these results.
 */
export type UpgradeStage =
  /** The plan waits for confirmation. */
  | 'ready'
  /** The plan found nothing to change; there is nothing to confirm. */
  | 'no-changes'
  /** The run was applied without the action (a workspace that applies on its own). */
  | 'applied'
  /** The run ended without a plan that can be applied. */
  | 'failed'
  /** Anything else, including statuses the spec does not name: keep waiting until the timeout. */
  | 'in-progress';

/** The action's contract: a plan is ready to confirm in these statuses. */
const READY = new Set(['planned', 'cost_estimated', 'planned_and_saved']);

/**
 * Final statuses without an applicable plan, with what they mean for a person. `policy_override`
 * is not here: a run waiting for a policy override can still go on once someone overrides it.
 */
const FAILED = new Map<string, string>([
  ['errored', 'the upgrade run errored'],
  ['canceled', 'the upgrade run was canceled'],
  ['force_canceled', 'the upgrade run was force-canceled'],
  ['discarded', 'the upgrade plan was discarded'],
  ['policy_soft_failed', 'a policy check failed on the upgrade plan'],
]);

export function upgradeStage(status: string): UpgradeStage {
  if (READY.has(status)) return 'ready';
  if (status === 'planned_and_finished') return 'no-changes';
  if (status === 'applied') return 'applied';
  if (FAILED.has(status)) return 'failed';
  return 'in-progress';
}

/** Why a final status is a failure, in words. */
export function failedStatusReason(status: string): string {
  return FAILED.get(status) ?? `the upgrade run ended as ${status}`;
}
