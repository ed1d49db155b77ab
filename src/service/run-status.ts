// The lifecycle of a run of the service, stated once as data: where each status leaves the run,
// and what it means for a person.
//
// Spec 3.3 names the statuses of a run up to its plan and shows no transition, and nothing past
// the plan. Where it is silent the service's public API documentation of runs is the referee:
// its list of run states (every status, which are final, which wait for a person, which can be
// confirmed), its page of run stages (a plan goes on to cost estimation, policy checks and run
// tasks after `planned`), and the statuses the service's own workflow tooling waits for (it
// warns that stopping at `cost_estimated` ejects too early when policy checks follow).

import { describeStatus } from './shapes.ts';
import type { WorkspaceUpgrade } from './types.ts';

/** Where a status leaves a run. */
export type RunPhase =
  /** The plan is under way: queued, fetched, planned, estimated, checked, run tasks. */
  | 'plan'
  /** The plan has stopped and waits to be confirmed (when the run is not going on). */
  | 'awaiting-confirmation'
  /** The run waits for a person in the service: a policy to override, a run task to decide on. */
  | 'awaiting-decision'
  /** Final: nothing was applied, and nothing will be. */
  | 'ended-without-apply'
  /** Confirmed: the apply is queued or under way. */
  | 'apply'
  /** Final: the service applied the plan. */
  | 'applied';

export interface RunStatusFacts {
  phase: RunPhase;
  /**
   * A status that a plan stops in, or passes through on its way to what follows (cost
   * estimation, policy checks, run tasks): it counts as stopped only once it has stayed.
   */
  passedThrough?: true;
  /** The plan found nothing to change: there is nothing to confirm, and that is no failure. */
  nothingToApply?: true;
  /** What the run did, or waits for, in words that finish "The upgrade run ...". */
  meaning: string;
  /** For a status that waits for a person: what that person has to do in the service. */
  todo?: string;
}

const plan = (meaning: string): RunStatusFacts => ({ phase: 'plan', meaning });
const apply = (meaning: string): RunStatusFacts => ({ phase: 'apply', meaning });
const ended = (meaning: string): RunStatusFacts => ({ phase: 'ended-without-apply', meaning });

/** Every status of a run the service documents, with what it means. */
export const RUN_STATUSES: Readonly<Record<string, RunStatusFacts>> = {
  pending: plan('waits in the workspace queue'),
  fetching: plan('waits for its configuration to be fetched'),
  fetching_completed: plan('has fetched its configuration'),
  pre_plan_running: plan('runs the run tasks before the plan'),
  pre_plan_completed: plan('has run the run tasks before the plan'),
  pre_plan_awaiting_decision: {
    phase: 'awaiting-decision',
    meaning: 'waits for a decision on a run task that failed before its plan',
    todo: 'someone must decide on the run task (go on, or discard the run) in the service',
  },
  queuing: plan('is being queued for its plan'),
  plan_queued: plan('waits for the service to start its plan'),
  planning: plan('is planning'),
  planned: {
    phase: 'awaiting-confirmation',
    passedThrough: true,
    meaning: 'has a plan (cost estimation, policy checks or run tasks may follow)',
  },
  cost_estimating: plan('is estimating the cost of its plan'),
  cost_estimated: {
    phase: 'awaiting-confirmation',
    passedThrough: true,
    meaning: 'has estimated the cost of its plan (policy checks or run tasks may follow)',
  },
  policy_checking: plan('is checking its plan against the policies'),
  policy_checked: { phase: 'awaiting-confirmation', meaning: 'has a plan that passed its policy checks' },
  post_plan_running: plan('runs the run tasks after the plan'),
  post_plan_completed: { phase: 'awaiting-confirmation', meaning: 'has run the run tasks after its plan' },
  planned_and_saved: { phase: 'awaiting-confirmation', meaning: 'has a saved plan' },
  policy_override: {
    phase: 'awaiting-decision',
    meaning: 'waits for a policy override: a soft-mandatory policy failed on its plan',
    todo: 'someone allowed to override policies must override the failed policy (or discard the run) in the service',
  },
  post_plan_awaiting_decision: {
    phase: 'awaiting-decision',
    meaning: 'waits for a decision on a run task that failed after its plan',
    todo: 'someone must decide on the run task (go on, or discard the run) in the service',
  },
  planned_and_finished: {
    phase: 'ended-without-apply',
    nothingToApply: true,
    meaning: 'finished its plan with nothing to change',
  },
  policy_soft_failed: ended('ended: a soft-mandatory policy failed on a plan that cannot be applied'),
  discarded: ended('was discarded'),
  errored: ended('errored'),
  canceled: ended('was cancelled'),
  force_canceled: ended('was force-cancelled'),
  confirmed: apply('was confirmed'),
  queuing_apply: apply('is being queued for its apply'),
  apply_queued: apply('waits for the service to start its apply'),
  pre_apply_running: apply('runs the run tasks before the apply'),
  pre_apply_completed: apply('has run the run tasks before the apply'),
  pre_apply_awaiting_decision: {
    phase: 'awaiting-decision',
    meaning: 'waits for a decision on a run task that failed before its apply',
    todo: 'someone must decide on the run task (go on with the apply, or discard the run) in the service',
  },
  applying: apply('is applying its plan'),
  applied: { phase: 'applied', meaning: 'was applied' },
  // The apply's run tasks come after `applied`, which stands: the plan was applied.
  post_apply_running: { phase: 'applied', meaning: 'was applied, and runs the run tasks after the apply' },
  post_apply_completed: { phase: 'applied', meaning: 'was applied, and has run the run tasks after the apply' },
};

/** The facts of a status, or undefined for one the documentation does not name. */
export function runStatusFacts(status: string): RunStatusFacts | undefined {
  return Object.hasOwn(RUN_STATUSES, status) ? RUN_STATUSES[status] : undefined;
}

/** The phase of a status; undefined for one the documentation does not name (it is waited on). */
export function runPhase(status: string): RunPhase | undefined {
  return runStatusFacts(status)?.phase;
}

const NAMED: ReadonlySet<string> = new Set(Object.keys(RUN_STATUSES));

/** A run's status as a message shows it: its name, or, for one nobody documents, quoted and said so. */
export function describeRunStatus(status: string): string {
  return describeStatus(status, NAMED);
}

/**
 * What the run's own document says of a confirmation, where it says anything: the service's run
 * documents carry `actions.is-confirmable`; spec 2.8 shows no `actions` for an upgrade, so it is
 * usually unknown (undefined).
 */
export function isConfirmableFlag(upgrade: WorkspaceUpgrade): boolean | undefined {
  const flag = upgrade.attributes.actions?.['is-confirmable'];
  return typeof flag === 'boolean' ? flag : undefined;
}

/** Where a run's plan stands, as one read shows it. */
export type PlanReading =
  /** Still under way (a status nobody documents included): read again. */
  | 'under-way'
  /** Stopped in a status that may be passed through: stopped once it stays. */
  | 'maybe-stopped'
  /** Stopped, waiting to be confirmed. */
  | 'stopped'
  /** Waits for a person in the service. */
  | 'awaiting-decision'
  /** Ended without an apply (nothing to change, or a failure). */
  | 'ended'
  /** Confirmed without the action (a workspace that applies on its own): follow it. */
  | 'applying'
  | 'applied';

/** Where the plan stands by one read of the run: its status, and `is-confirmable` when given. */
export function readPlan(upgrade: WorkspaceUpgrade): PlanReading {
  const phase = runPhase(upgrade.attributes.status);
  switch (phase) {
    case 'awaiting-decision':
      return 'awaiting-decision';
    case 'ended-without-apply':
      return 'ended';
    case 'apply':
      return 'applying';
    case 'applied':
      return 'applied';
    default:
  }
  // The run's own word, when it gives it, settles the rest.
  const confirmable = isConfirmableFlag(upgrade);
  if (confirmable !== undefined) return confirmable ? 'stopped' : 'under-way';
  if (phase !== 'awaiting-confirmation') return 'under-way';
  return runStatusFacts(upgrade.attributes.status)?.passedThrough ? 'maybe-stopped' : 'stopped';
}
