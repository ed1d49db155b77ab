// Mode upgrade-no-code-workspace against runs that go on as the service's runs go on: plans
// that pass through `planned` and `cost_estimated` on to policy checks and run tasks, plans that
// wait for a person, confirms the service refuses while the plan goes on, and a service that
// reports nothing past the confirm (the spec's letter). On a clock of the test's own, so that the
// settle and silence windows pass in no time and every bound is measured.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APPLY_STEPS, PLAN_STEPS, planStages } from '../../emulator/api.ts';
import type { Emulator, RecordedRequest, UpgradeBehaviour } from '../../emulator/api.ts';
import { startEmulator } from '../../emulator/index.ts';
import { defaultSettings } from '../../emulator/settings.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { APPLY_STATUS_WINDOW_MS, PLAN_SETTLE_MS } from '../../../src/lifetime/budgets.ts';
import { upgradeOnClock } from '../../no-code/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const REPORTED_APPLY: Partial<UpgradeBehaviour> = { applySteps: [...APPLY_STEPS], applyFinal: 'applied' };
  const SILENT_APPLY: Partial<UpgradeBehaviour> = { applySteps: [], applyFinal: null };
  /** A plan on to cost estimation and policy checks, ending `policy_checked`, without `actions`. */
  const POLICY_CHECKED: Partial<UpgradeBehaviour> = {
    steps: planStages({ costEstimation: true, policyChecks: true }),
    final: 'policy_checked',
    confirmableFlag: false,
  };

  let emulator: Emulator;
  let clock: ManualClock;
  let moduleId: string;

  beforeEach(async () => {
    clock = new ManualClock();
    emulator = await startEmulator({ upgrades: { stepMs: 50 }, clock });
    moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.2.0' });
  });
  afterEach(() => emulator.close());

  const CONFIRM = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces\/([^/]+)\/upgrade\/run-[A-Za-z0-9]+$/;
  const INITIATE = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces\/([^/]+)\/upgrade$/;

  /** The answers to the confirms: `ok` for a 2xx (its status depends on the personality). */
  function answersTo(ws: string): Array<number | 'ok'> {
    return confirmsOf(ws).map((r) => (r.status >= 200 && r.status < 300 ? 'ok' : r.status));
  }

  function confirmsOf(ws?: string): RecordedRequest[] {
    return emulator.requests.filter((r) => r.method === 'POST' && CONFIRM.exec(r.path) && (!ws || r.path.includes(ws)));
  }

  function initiateOf(ws: string): RecordedRequest {
    return emulator.requests.find((r) => r.method === 'POST' && INITIATE.exec(r.path)?.[1] === ws)!;
  }

  /** How far time moves at once while the step runs: well under its reads' pauses. */
  const STEP_MS = 50;

  /** Runs the step to its end, moving time on with its requests; returns it and the time it took. */
  async function upgrade(inputs: Record<string, string>) {
    const step = upgradeOnClock(emulator, clock, { 'no-code-module-id': moduleId, ...inputs });
    const unanswered = () => emulator.requests.some((r) => r.status === 0);
    const run = await clock.runInSteps(step.promise, STEP_MS, unanswered);
    const entries = JSON.parse(run.outputs.result ?? '[]') as Array<Record<string, unknown>>;
    return { ...run, entries, tookMs: clock.now() - step.started };
  }

  describe('plans that go on to policy checks and run tasks', () => {
    it('two plans ending policy_checked: each confirmed once, at policy_checked, followed to applied; no confirm refused', async () => {
      emulator.configure({ upgrades: { ...POLICY_CHECKED, ...REPORTED_APPLY } });
      const a = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const b = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': `${a},${b}`, confirm: 'true' });
      expect(run.exitCode).toBe(0);
      for (const ws of [a, b]) {
        const confirms = confirmsOf(ws);
        expect(answersTo(ws)).toEqual(['ok']);
        // The emulator takes a confirm only once the plan has stopped: the walk to policy_checked
        // (eleven statuses, 50 ms each) was over when it arrived.
        expect(confirms[0]!.at - initiateOf(ws).at).toBeGreaterThanOrEqual(10 * 50);
      }
      expect(emulator.requests.filter((r) => r.status === 409)).toEqual([]);
      expect(run.entries.map((e) => [e.outcome, e.status, e.applied])).toEqual([
        ['applied', 'applied', true],
        ['applied', 'applied', true],
      ]);
      expect(run.outputs.applied).toBe('true');
      expect(run.log).toMatch(new RegExp(`${a}: policy_checked \\(`));
    });

    it('one plan waits for a policy override, the other ends policy_checked: the second applied, the first never confirmed, the step fails at once naming it', async () => {
      emulator.configure({ upgrades: { ...POLICY_CHECKED, ...REPORTED_APPLY } });
      const waiting = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'needs-override' });
      const fine = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'fine' });
      emulator.setUpgradeBehaviour(waiting, { final: 'policy_override' });
      const run = await upgrade({ 'workspace-id': `${waiting},${fine}`, confirm: 'true' });
      expect(run.exitCode).toBe(1);
      expect(run.tookMs).toBeLessThan(60_000);
      expect(confirmsOf(waiting)).toEqual([]);
      expect(emulator.upgrades().find((u) => u.workspaceId === waiting)).toMatchObject({
        status: 'policy_override',
        confirmed: false,
      });
      const [first, second] = run.entries;
      expect(second).toMatchObject({ workspaceId: fine, outcome: 'applied', applied: true });
      expect(first).toMatchObject({
        workspaceId: waiting,
        outcome: 'failed',
        status: 'policy_override',
        applied: false,
      });
      const planUrl = String(first!.planUrl);
      expect(first!.error).toBe(
        `Upgrade run ${String(first!.runId)} of workspace needs-override (${waiting}) waits for a policy override: ` +
          'a soft-mandatory policy failed on its plan (status policy_override), so it was not confirmed: ' +
          'someone allowed to override policies must override the failed policy (or discard the run) in the service, ' +
          `then confirm it there: ${planUrl}.`,
      );
      expect(run.failure).toBe(
        `1 of 2 workspace upgrades did not succeed: needs-override (${waiting}) (see the annotations and the job summary).`,
      );
      expect(run.annotations).toEqual([
        { level: 'error', title: `Upgrade of needs-override (${waiting})`, message: first!.error },
      ]);
      // The plan that waits for a person was never ready: every ready plan was applied.
      expect(run.outputs.applied).toBe('true');
    });

    it('a run task that waits for a decision after the plan: failed at once, saying who must decide', async () => {
      emulator.configure({
        upgrades: {
          steps: planStages({ runTasks: true }),
          final: 'post_plan_awaiting_decision',
          confirmableFlag: false,
        },
      });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws, confirm: 'true' });
      expect(run.exitCode).toBe(1);
      expect(confirmsOf()).toEqual([]);
      expect(run.entries[0]!.error).toContain(
        'waits for a decision on a run task that failed after its plan (status post_plan_awaiting_decision), so it was not confirmed: ' +
          'someone must decide on the run task (go on, or discard the run) in the service',
      );
    });

    it('a run task that waits for a decision before the plan (pre_plan_awaiting_decision): failed at once, never confirmed', async () => {
      emulator.configure({
        upgrades: {
          steps: ['pending', 'pre_plan_running'],
          final: 'pre_plan_awaiting_decision',
          confirmableFlag: false,
        },
      });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws, confirm: 'true', timeout: '3m' });
      expect(run.exitCode).toBe(1);
      expect(run.tookMs).toBeLessThan(10_000);
      expect(confirmsOf()).toEqual([]);
      expect(run.entries[0]).toMatchObject({ outcome: 'failed', status: 'pre_plan_awaiting_decision', applied: false });
      expect(run.entries[0]!.error).toContain(
        'waits for a decision on a run task that failed before its plan (status pre_plan_awaiting_decision), so it was not confirmed: ' +
          'someone must decide on the run task (go on, or discard the run) in the service',
      );
    });

    it('a plan that stops after its run tasks (post_plan_completed) is confirmed at once, with confirm false reported ready', async () => {
      emulator.configure({
        upgrades: { steps: planStages({ runTasks: true }), final: 'post_plan_completed', confirmableFlag: false },
      });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws });
      expect(run.exitCode).toBe(0);
      expect(run.entries[0]).toMatchObject({ outcome: 'planned', status: 'post_plan_completed' });
    });
  });

  describe('a status that may be passed through counts once it stays', () => {
    const STOPS_AT_COST_ESTIMATED: Partial<UpgradeBehaviour> = {
      steps: [...PLAN_STEPS, 'planned', 'cost_estimating'],
      final: 'cost_estimated',
      confirmableFlag: false,
      ...REPORTED_APPLY,
    };

    it(`a plan that stops at cost_estimated is confirmed once it stayed ${PLAN_SETTLE_MS / 1000}s, and no sooner`, async () => {
      emulator.configure({ upgrades: STOPS_AT_COST_ESTIMATED });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws, confirm: 'true' });
      expect(run.exitCode).toBe(0);
      const [confirm] = confirmsOf(ws);
      expect(confirmsOf(ws)).toHaveLength(1);
      // The plan reaches cost_estimated 7 steps (350 ms) after the initiate; the confirm waits
      // for it to stay, and goes out with the first read after that.
      const since = initiateOf(ws).at + 7 * 50;
      expect(confirm!.at - since).toBeGreaterThanOrEqual(PLAN_SETTLE_MS);
      expect(confirm!.at - since).toBeLessThan(PLAN_SETTLE_MS + 300);
      expect(run.entries[0]).toMatchObject({ outcome: 'applied', applied: true });
    });

    it('with confirm false, the plan is reported ready only once it stayed', async () => {
      emulator.configure({ upgrades: { ...STOPS_AT_COST_ESTIMATED, holdMs: { planned: 3000 } } });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws });
      // `planned` stayed 3 s (less than the window): the plan went on, and stopped later.
      expect(run.entries[0]).toMatchObject({ outcome: 'planned', status: 'cost_estimated' });
      expect(run.tookMs).toBeGreaterThanOrEqual(3000 + PLAN_SETTLE_MS);
    });

    it('a plan that waits longer than the window before its policy checks: the confirm refused (409) is sent again only once the plan stopped again', async () => {
      emulator.configure({
        upgrades: { ...POLICY_CHECKED, ...REPORTED_APPLY, holdMs: { cost_estimated: PLAN_SETTLE_MS + 3000 } },
      });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws, confirm: 'true' });
      expect(run.exitCode).toBe(0);
      // One confirm at cost_estimated, refused; none more while it still read cost_estimated;
      // the next at policy_checked, taken.
      expect(answersTo(ws)).toEqual([409, 'ok']);
      const [refused, taken] = confirmsOf(ws);
      expect(taken!.at - refused!.at).toBeGreaterThanOrEqual(3000 - 300);
      expect(run.log).toContain(
        'the service refused the confirmation in cost_estimated (409): the plan is not ready yet',
      );
      expect(run.entries[0]).toMatchObject({ outcome: 'applied', status: 'applied', applied: true });
    });

    it('a run that says whether it can be confirmed (is-confirmable) is confirmed as soon as it says so', async () => {
      emulator.configure({ upgrades: { ...STOPS_AT_COST_ESTIMATED, confirmableFlag: true } });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws, confirm: 'true' });
      expect(run.exitCode).toBe(0);
      const confirms = confirmsOf(ws);
      expect(answersTo(ws)).toEqual(['ok']);
      expect(confirms[0]!.at - (initiateOf(ws).at + 7 * 50)).toBeLessThan(PLAN_SETTLE_MS);
    });

    it('the timeout bounds the window: a plan still settling at the deadline is reported timed out, not confirmed', async () => {
      emulator.configure({ upgrades: STOPS_AT_COST_ESTIMATED });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws, confirm: 'true', timeout: '3s' });
      expect(run.exitCode).toBe(1);
      expect(run.tookMs).toBe(3000);
      expect(confirmsOf()).toEqual([]);
      expect(run.entries[0]).toMatchObject({ outcome: 'timed-out', status: 'cost_estimated' });
    });
  });

  describe('after the confirm', () => {
    it('a service that reports nothing past the plan: each confirmed once, the step ends within 3 minutes, exit 0, applied not true, a warning', async () => {
      emulator.configure({ upgrades: { ...POLICY_CHECKED, ...SILENT_APPLY } });
      const a = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'quiet-a' });
      const b = emulator.seedWorkspace({ noCodeModuleId: moduleId, name: 'quiet-b' });
      const run = await upgrade({ 'workspace-id': `${a},${b}`, confirm: 'true' });
      expect(run.exitCode).toBe(0);
      expect(run.tookMs).toBeLessThan(3 * 60_000);
      expect(run.tookMs).toBeGreaterThanOrEqual(APPLY_STATUS_WINDOW_MS);
      for (const ws of [a, b]) expect(answersTo(ws)).toEqual(['ok']);
      expect(run.outputs.applied).toBe('false');
      expect(run.entries.map((e) => [e.outcome, e.status, e.applied])).toEqual([
        ['confirmed', 'policy_checked', false],
        ['confirmed', 'policy_checked', false],
      ]);
      expect(run.annotations.map((n) => [n.level, n.title])).toEqual([
        ['warning', `Upgrade of quiet-a (${a})`],
        ['warning', `Upgrade of quiet-b (${b})`],
      ]);
      expect(run.annotations[0]!.message).toMatch(
        /^Confirmed; the service reported no apply status within 1m00s: run run-\w+ still reads policy_checked, as when it was confirmed/,
      );
      expect(run.failure).toBeNull();
      expect(run.summary).toMatch(/^## ⚠️ Upgrade of no-code workspaces$/m);
      expect(run.summary).toContain('**2** confirmed, no apply status reported');
    });

    it('an apply that waits for a person after the confirm fails at once, saying so', async () => {
      emulator.configure({
        upgrades: { ...POLICY_CHECKED, applySteps: ['confirmed'], applyFinal: 'post_plan_awaiting_decision' },
      });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws, confirm: 'true' });
      expect(run.exitCode).toBe(1);
      expect(run.tookMs).toBeLessThan(60_000);
      expect(run.entries[0]!.error).toMatch(
        /^The plan was confirmed, but the run waits for a decision on a run task that failed after its plan \(status post_plan_awaiting_decision\)/,
      );
    });
  });

  describe('run tasks around the apply', () => {
    it('a run task that waits for a decision before the apply (pre_apply_awaiting_decision) fails at once, saying so', async () => {
      emulator.configure({
        upgrades: {
          ...POLICY_CHECKED,
          applySteps: ['confirmed', 'pre_apply_running'],
          applyFinal: 'pre_apply_awaiting_decision',
        },
      });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws, confirm: 'true', timeout: '3m' });
      expect(run.exitCode).toBe(1);
      expect(run.tookMs).toBeLessThan(10_000);
      expect(run.outputs.applied).toBe('false');
      expect(run.entries[0]!.error).toMatch(
        /^The plan was confirmed, but the run waits for a decision on a run task that failed before its apply \(status pre_apply_awaiting_decision\): someone must decide/,
      );
    });

    it("the apply's run tasks after applied (post_apply_running, post_apply_completed): applied stands", async () => {
      emulator.configure({
        upgrades: {
          ...POLICY_CHECKED,
          applySteps: [...APPLY_STEPS, 'applied', 'post_apply_running'],
          applyFinal: 'post_apply_completed',
        },
      });
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws, confirm: 'true' });
      expect(run.exitCode).toBe(0);
      expect(run.entries[0]).toMatchObject({ outcome: 'applied', applied: true });
      expect(run.outputs.applied).toBe('true');
    });
  });

  describe("the personality's own service", () => {
    it('strict reports nothing past the confirm (confirmed, a warning); cli-tool reports its apply (applied)', async () => {
      const ws = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': ws, confirm: 'true' });
      expect(run.exitCode).toBe(0);
      expect(confirmsOf(ws)).toHaveLength(1);
      expect(emulator.requests.filter((r) => r.status === 409)).toEqual([]);
      const strict = defaultSettings().personality === 'strict';
      expect(run.entries[0]).toMatchObject(
        strict
          ? { outcome: 'confirmed', status: 'policy_checked', applied: false }
          : { outcome: 'applied', status: 'applied', applied: true },
      );
      expect(run.outputs.applied).toBe(strict ? 'false' : 'true');
    });
  });
});
