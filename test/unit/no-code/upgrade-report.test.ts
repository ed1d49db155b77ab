import { describe, expect, it } from 'vitest';
import { allReadyPlansApplied } from '../../../src/modes/no-code/upgrade/report.ts';
import type { WorkspaceUpgradeResult } from '../../../src/modes/no-code/upgrade/upgrade-result.ts';

describe('allReadyPlansApplied', () => {
  const r = (
    outcome: WorkspaceUpgradeResult['outcome'],
    planReady: boolean,
    applied: boolean,
    planUnknown = false,
  ): WorkspaceUpgradeResult => ({
    workspaceId: 'ws-a',
    workspaceName: null,
    moduleVersionFrom: null,
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
