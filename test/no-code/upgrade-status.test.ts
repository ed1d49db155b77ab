import { describe, expect, it } from 'vitest';
import {
  applyStage,
  describeUpgradeRunStatus,
  failedStatusReason,
  upgradeStage,
} from '../../src/modes/no-code/upgrade/upgrade-status.ts';
import { allReadyPlansApplied } from '../../src/modes/no-code/upgrade/report.ts';
import type { WorkspaceUpgradeResult } from '../../src/modes/no-code/upgrade/upgrade-workspace.ts';

describe('upgradeStage', () => {
  it.each(['planned', 'cost_estimated', 'planned_and_saved'])('%s is ready to confirm', (status) => {
    expect(upgradeStage(status)).toBe('ready');
  });

  it('planned_and_finished means nothing to change; applied is done', () => {
    expect(upgradeStage('planned_and_finished')).toBe('no-changes');
    expect(upgradeStage('applied')).toBe('applied');
  });

  it.each(['errored', 'canceled', 'force_canceled', 'discarded', 'policy_soft_failed'])(
    '%s is a failure with a reason',
    (status) => {
      expect(upgradeStage(status)).toBe('failed');
      expect(failedStatusReason(status)).toMatch(/^the upgrade (run|plan)|^a policy check failed/);
    },
  );

  it.each([
    'pending',
    'fetching',
    'queuing',
    'pre_plan_running',
    'pre_plan_completed',
    'planning',
    'policy_override',
    'applying',
    'something_new',
  ])('%s keeps the wait going (unknown statuses too)', (status) => {
    expect(upgradeStage(status)).toBe('in-progress');
  });
});

describe('applyStage', () => {
  it('only applied is success', () => {
    expect(applyStage('applied')).toBe('applied');
  });

  it.each(['errored', 'canceled', 'force_canceled', 'discarded', 'planned_and_finished'])(
    '%s ends the apply as a failure',
    (status) => {
      expect(applyStage(status)).toBe('failed');
      expect(failedStatusReason(status)).toMatch(/^the upgrade (run|plan)/);
    },
  );

  it.each([
    'planned',
    'cost_estimated',
    'planned_and_saved',
    'confirmed',
    'apply_queued',
    'applying',
    'policy_soft_failed',
    'something_new',
  ])('%s is waited on (the ready statuses: a service that has not reported past the confirm)', (status) => {
    expect(applyStage(status)).toBe('in-progress');
  });
});

describe('describeUpgradeRunStatus', () => {
  it('names a status the spec does not name as such, quoted', () => {
    expect(describeUpgradeRunStatus('planning')).toBe('planning');
    expect(describeUpgradeRunStatus('applied')).toBe('applied');
    expect(describeUpgradeRunStatus('discarded')).toBe('discarded');
    expect(describeUpgradeRunStatus('policy_soft_failed')).toBe('policy_soft_failed');
    expect(describeUpgradeRunStatus('plan_queued')).toBe(
      `"plan_queued" (a status the service's API documentation does not name)`,
    );
  });
});

describe('allReadyPlansApplied', () => {
  const r = (
    outcome: WorkspaceUpgradeResult['outcome'],
    planReady: boolean,
    applied: boolean,
    planUnknown = false,
  ): WorkspaceUpgradeResult => ({
    workspaceId: 'ws-a',
    workspaceName: null,
    runId: 'run-a',
    status: 'planned',
    planUrl: null,
    outcome,
    planReady,
    planUnknown,
    applied,
  });

  it('is true only with confirm, something applied, and no ready plan left unapplied', () => {
    expect(allReadyPlansApplied([r('applied', true, true), r('no-changes', false, false)], true)).toBe(true);
    expect(allReadyPlansApplied([r('applied', true, true), r('failed', false, false)], true)).toBe(true);
    expect(allReadyPlansApplied([r('applied', true, true), r('failed', true, false)], true)).toBe(false);
    expect(allReadyPlansApplied([r('applied', true, true), r('cancelled', true, false)], true)).toBe(false);
    expect(allReadyPlansApplied([r('no-changes', false, false)], true)).toBe(false);
    expect(allReadyPlansApplied([r('planned', true, false)], false)).toBe(false);
    expect(allReadyPlansApplied([], true)).toBe(false);
  });

  it('is false while a workspace may hold a plan the action never saw (a start without a run, a plan wait that timed out)', () => {
    expect(allReadyPlansApplied([r('applied', true, true), r('failed', false, false, true)], true)).toBe(false);
    expect(allReadyPlansApplied([r('applied', true, true), r('timed-out', false, false, true)], true)).toBe(false);
  });
});
