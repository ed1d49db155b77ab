import { describeStatus } from '../../../service/shapes.ts';

/**
 * Where an upgrade run's status (spec 3.3, plus the statuses any run can end in) leaves the
 * action while it waits for the plan: waiting, or done with one of these results.
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

/** Where a confirmed run's status leaves the action while it follows the apply. */
export type ApplyStage =
  /** The service said `applied`: the only success. */
  | 'applied'
  /** The run ended without applying. */
  | 'failed'
  /** Anything else, the statuses in which the plan was confirmed included (a service that has
   *  not reported past the confirm yet): keep waiting until the timeout. */
  | 'in-progress';

/** The action's contract: a plan is ready to confirm in these statuses. */
export const READY_STATUSES: ReadonlySet<string> = new Set(['planned', 'cost_estimated', 'planned_and_saved']);

/** Spec 3.3's named run statuses. */
const SPEC_STATUSES: ReadonlySet<string> = new Set([
  'pending',
  'fetching',
  'queuing',
  'pre_plan_running',
  'pre_plan_completed',
  'planning',
  ...READY_STATUSES,
  'planned_and_finished',
]);

/** Final statuses in which nothing (more) is applied, with what they mean for a person. */
const ENDED_WITHOUT_APPLY = new Map<string, string>([
  ['errored', 'the upgrade run errored'],
  ['canceled', 'the upgrade run was canceled'],
  ['force_canceled', 'the upgrade run was force-canceled'],
  ['discarded', 'the upgrade plan was discarded'],
]);

/**
 * Final statuses without an applicable plan. `policy_soft_failed` stops a plan only: a run
 * waiting for a policy override (`policy_override`) can still go on once someone overrides it.
 */
const PLAN_FAILED = new Map<string, string>([
  ...ENDED_WITHOUT_APPLY,
  ['policy_soft_failed', 'a policy check failed on the upgrade plan'],
]);

export function upgradeStage(status: string): UpgradeStage {
  if (READY_STATUSES.has(status)) return 'ready';
  if (status === 'planned_and_finished') return 'no-changes';
  if (status === 'applied') return 'applied';
  if (PLAN_FAILED.has(status)) return 'failed';
  return 'in-progress';
}

/**
 * After the confirm (action-interface "Mode upgrade-no-code-workspace"): `applied` is success;
 * `errored`, `canceled`, `force_canceled`, `discarded` are failures, and so is
 * `planned_and_finished`, a run that ended without applying; any other status is waited on.
 */
export function applyStage(status: string): ApplyStage {
  if (status === 'applied') return 'applied';
  if (ENDED_WITHOUT_APPLY.has(status) || status === 'planned_and_finished') return 'failed';
  return 'in-progress';
}

/** Why a final status is a failure, in words. */
export function failedStatusReason(status: string): string {
  if (status === 'planned_and_finished') return 'the upgrade run finished without applying';
  return PLAN_FAILED.get(status) ?? `the upgrade run ended as ${status}`;
}

/** Every status spec 3.3 or the action's contract names for an upgrade run. */
const NAMED: ReadonlySet<string> = new Set([...SPEC_STATUSES, 'applied', ...PLAN_FAILED.keys()]);

/** An upgrade run's status as a message shows it (describeStatus), against the statuses named above. */
export function describeUpgradeRunStatus(status: string): string {
  return describeStatus(status, NAMED);
}
