import { describe, expect, it } from 'vitest';
import {
  describeRunStatus,
  isConfirmableFlag,
  readPlan,
  RUN_STATUSES,
  runPhase,
} from '../../../src/service/run-status.ts';
import type { WorkspaceUpgrade } from '../../../src/service/types.ts';

const upgrade = (status: string, actions?: Record<string, unknown>): WorkspaceUpgrade => ({
  id: 'run-a',
  type: 'workspace-upgrade',
  attributes: { status, ...(actions ? { actions } : {}) },
});

describe('the run lifecycle, as the service documents it', () => {
  it.each([
    [
      'plan',
      [
        'pending',
        'fetching',
        'queuing',
        'plan_queued',
        'planning',
        'cost_estimating',
        'policy_checking',
        'post_plan_running',
      ],
    ],
    [
      'awaiting-confirmation',
      ['planned', 'cost_estimated', 'policy_checked', 'post_plan_completed', 'planned_and_saved'],
    ],
    ['awaiting-decision', ['policy_override', 'post_plan_awaiting_decision']],
    [
      'ended-without-apply',
      ['planned_and_finished', 'policy_soft_failed', 'discarded', 'errored', 'canceled', 'force_canceled'],
    ],
    ['apply', ['confirmed', 'apply_queued', 'applying']],
    ['applied', ['applied']],
  ] as const)('%s: %s', (phase, statuses) => {
    for (const status of statuses) expect(runPhase(status)).toBe(phase);
  });

  it('only planned and cost_estimated may be passed through; only planned_and_finished ends with nothing to apply', () => {
    const passed = Object.entries(RUN_STATUSES)
      .filter(([, f]) => f.passedThrough)
      .map(([s]) => s);
    expect(passed).toEqual(['planned', 'cost_estimated']);
    const nothing = Object.entries(RUN_STATUSES)
      .filter(([, f]) => f.nothingToApply)
      .map(([s]) => s);
    expect(nothing).toEqual(['planned_and_finished']);
  });

  it('every status that waits for a person says what that person has to do', () => {
    for (const facts of Object.values(RUN_STATUSES)) {
      expect(facts.todo !== undefined).toBe(facts.phase === 'awaiting-decision');
    }
  });

  it('a status nobody documents has no phase, is waited on, and is named as such', () => {
    expect(runPhase('plan_pondering')).toBeUndefined();
    expect(runPhase('constructor')).toBeUndefined();
    expect(readPlan(upgrade('plan_pondering'))).toBe('under-way');
    expect(describeRunStatus('policy_checked')).toBe('policy_checked');
    expect(describeRunStatus('plan_pondering')).toBe(
      `"plan_pondering" (a status the service's API documentation does not name)`,
    );
  });
});

describe('readPlan', () => {
  it('a status that may be passed through is only maybe stopped; the others that wait for a confirm are stopped', () => {
    expect(readPlan(upgrade('planned'))).toBe('maybe-stopped');
    expect(readPlan(upgrade('cost_estimated'))).toBe('maybe-stopped');
    expect(readPlan(upgrade('policy_checked'))).toBe('stopped');
    expect(readPlan(upgrade('post_plan_completed'))).toBe('stopped');
    expect(readPlan(upgrade('planned_and_saved'))).toBe('stopped');
  });

  it('the run’s own is-confirmable settles it when given, except where the status says more', () => {
    expect(readPlan(upgrade('planned', { 'is-confirmable': true }))).toBe('stopped');
    expect(readPlan(upgrade('cost_estimated', { 'is-confirmable': false }))).toBe('under-way');
    expect(readPlan(upgrade('policy_override', { 'is-confirmable': false }))).toBe('awaiting-decision');
    expect(readPlan(upgrade('errored', { 'is-confirmable': true }))).toBe('ended');
    expect(isConfirmableFlag(upgrade('planned', { 'is-confirmable': 'yes' }))).toBeUndefined();
  });

  it('waiting for a person, ended, applying and applied', () => {
    expect(readPlan(upgrade('post_plan_awaiting_decision'))).toBe('awaiting-decision');
    expect(readPlan(upgrade('planned_and_finished'))).toBe('ended');
    expect(readPlan(upgrade('policy_soft_failed'))).toBe('ended');
    expect(readPlan(upgrade('apply_queued'))).toBe('applying');
    expect(readPlan(upgrade('applied'))).toBe('applied');
  });
});
