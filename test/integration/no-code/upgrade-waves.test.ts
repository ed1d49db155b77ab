// A fleet upgraded in waves (`waves`): each wave starts only once every workspace of the one
// before ended well, the first wave that does not stops the rollout, and the rest are reported
// not started, with what a next run resumes with. On a clock of the test's own, so that "after"
// is exact.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseWaves } from '../../../src/inputs/parsers.ts';
import { planWaves } from '../../../src/modes/no-code/upgrade/waves.ts';
import { APPLY_STEPS, PLAN_STEPS } from '../../emulator/api.ts';
import type { Emulator, RecordedRequest, UpgradeBehaviour } from '../../emulator/api.ts';
import { startEmulator } from '../../emulator/index.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { testCancellation } from '../../support/test-cancellation.ts';
import { modeContext, runAction, upgradeOnClock } from '../../no-code/harness.ts';
import { readInputs } from '../../../src/inputs/read.ts';
import type { UpgradeNoCodeWorkspaceInputs } from '../../../src/inputs/schema.ts';
import { runUpgradeNoCodeWorkspace } from '../../../src/modes/no-code/upgrade/run.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  /** A plan that stops at `planned`, and an apply the service reports. */
  const QUICK: Partial<UpgradeBehaviour> = {
    steps: [...PLAN_STEPS],
    final: 'planned',
    confirmableFlag: true,
    applySteps: [...APPLY_STEPS],
    applyFinal: 'applied',
  };

  let emulator: Emulator;
  let clock: ManualClock;
  let moduleId: string;

  beforeEach(async () => {
    clock = new ManualClock();
    emulator = await startEmulator({ upgrades: { stepMs: 50, ...QUICK }, clock, rateLimitPerSecond: Infinity });
    moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.2.0' });
  });
  afterEach(() => emulator.close());

  const INITIATE = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces\/([^/]+)\/upgrade$/;
  const READ = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces\/([^/]+)\/upgrade\/run-[A-Za-z0-9]+$/;

  async function upgrade(inputs: Record<string, string>) {
    const step = upgradeOnClock(emulator, clock, { 'no-code-module-id': moduleId, ...inputs });
    const unanswered = () => emulator.requests.some((r) => r.status === 0);
    const run = await clock.runInSteps(step.promise, 50, unanswered);
    const entries = JSON.parse(run.outputs.result ?? '[]') as Array<Record<string, unknown>>;
    return { ...run, entries };
  }

  /**
   * Each Outcome cell says its outcome once: the detail after it never starts by saying it again
   * ("not started: Not started: ...").
   */
  function expectNoOutcomeSaidTwice(summary: string): void {
    const cells = [...summary.matchAll(/<td>(\S+) ([^<:]+): ([^<]*)<\/td>/gu)];
    expect(cells.length).toBeGreaterThan(0);
    for (const [cell, , outcome, detail] of cells) {
      const first = outcome!.split(',')[0]!.trim().toLowerCase();
      expect(detail!.toLowerCase().startsWith(first), cell).toBe(false);
    }
    expect(summary).not.toMatch(/<td>⛔ cancelled: The step was cancelled/);
  }

  const workspaces = (n: number): string[] =>
    Array.from({ length: n }, () => emulator.seedWorkspace({ noCodeModuleId: moduleId }));
  const requestsOf = (pattern: RegExp, ids: readonly string[], method: string): RecordedRequest[] =>
    emulator.requests.filter((r) => r.method === method && ids.includes(pattern.exec(r.path)?.[1] ?? ''));

  describe('the waves input', () => {
    it('takes counts, shares and all last, and refuses anything else before any request', () => {
      expect(parseWaves('waves', '1, 10%,all')).toEqual([{ count: 1 }, { percent: 10 }, { all: true }]);
      for (const bad of ['0', 'all,1', '150%', '0%', 'x', '1,,2', '-1', '2.5']) {
        expect(() => parseWaves('waves', bad), bad).toThrow(/^Input "waves" must be comma-separated wave sizes/);
      }
    });

    it('cuts the workspaces in their order: shares rounded up, the last size repeating, all the rest', () => {
      const ids = Array.from({ length: 40 }, (_, i) => `ws-${i}`);
      expect(planWaves(ids, parseWaves('waves', '1,10%,all')).map((w) => w.length)).toEqual([1, 4, 35]);
      expect(planWaves(ids, parseWaves('waves', '1,5')).map((w) => w.length)).toEqual([1, 5, 5, 5, 5, 5, 5, 5, 4]);
      expect(planWaves(ids, parseWaves('waves', 'all')).map((w) => w.length)).toEqual([40]);
      expect(planWaves(ids.slice(0, 3), parseWaves('waves', '1,10%,all')).map((w) => w.length)).toEqual([1, 1, 1]);
      expect(planWaves(ids, parseWaves('waves', '1,10%,all'))[0]).toEqual(['ws-0']);
    });

    it('a bad waves input fails the step before any request', async () => {
      const run = await runAction(emulator, {
        mode: 'upgrade-no-code-workspace',
        'no-code-module-id': moduleId,
        'workspace-id': 'ws-a',
        waves: 'all,1',
      });
      expect(run.exitCode).toBe(2);
      expect(run.log).toContain('Input "waves" must be comma-separated wave sizes');
      expect(emulator.requests).toEqual([]);
    });
  });

  describe('a rollout in waves', () => {
    it('1,5,all over 40 workspaces applies every one, each wave started only after the one before was applied', async () => {
      const ids = workspaces(40);
      const run = await upgrade({ 'workspace-id': ids.join('\n'), waves: '1,5,all', confirm: 'true' });
      expect(run.exitCode).toBe(0);
      expect(run.entries.every((e) => e.outcome === 'applied')).toBe(true);
      expect(run.entries.map((e) => e.wave)).toEqual([1, ...Array(5).fill(2), ...Array(34).fill(3)]);
      const waves = [ids.slice(0, 1), ids.slice(1, 6), ids.slice(6)];
      for (const [index, wave] of waves.entries()) {
        if (index === 0) continue;
        const before = waves[index - 1]!;
        // The wave's first start comes after every status read of the wave before, the last of
        // which saw its run applied.
        const firstStart = Math.min(...requestsOf(INITIATE, wave, 'POST').map((r) => r.at));
        const lastRead = Math.max(...requestsOf(READ, before, 'GET').map((r) => r.at));
        expect(firstStart, `wave ${index + 1}`).toBeGreaterThanOrEqual(lastRead);
      }
      expect(run.outputs['resume-workspace-ids']).toBe('');
      expect(run.summary).toContain('Wave 1 of 3 (1 workspace): ✅ ended well');
      expect(run.summary).toContain('Wave 3 of 3 (34 workspaces): ✅ ended well');
    });

    it('a failing first wave starts nothing else: the rest are named not started, the step fails, and the output says what to resume with', async () => {
      const ids = workspaces(12);
      emulator.setUpgradeBehaviour(ids[0]!, { final: 'errored' });
      const run = await upgrade({ 'workspace-id': ids.join(','), waves: '1,10%,all', confirm: 'true' });
      expect(run.exitCode).toBe(1);
      expect(requestsOf(INITIATE, ids.slice(1), 'POST')).toEqual([]);
      expect(run.entries[0]).toMatchObject({ workspaceId: ids[0], outcome: 'failed', wave: 1 });
      for (const entry of run.entries.slice(1)) expect(entry).toMatchObject({ outcome: 'not-started', runId: null });
      expect(run.summary).toContain('Wave 1 of 3 (1 workspace): ❌ failed');
      expect(run.summary).toContain('Wave 2 of 3 (2 workspaces): ⏭️ not started');
      expect(run.summary).toContain('⏭️ not started: Wave 1 failed.');
      expect(run.summary).toContain(
        'Wave 1 of 3 ran; wave 1 did not end well, so the rollout stopped there: 11 workspaces',
      );
      expect(run.failure).toContain('Wave 1 of 3 ran');
      expect(run.outputs['resume-workspace-ids']!.split('\n')).toEqual(ids);
      expectNoOutcomeSaidTwice(run.summary);
    });

    it('a confirm whose apply the service never reports is no proof: the rollout stops there', async () => {
      emulator.configure({ upgrades: { applySteps: [], applyFinal: null } });
      const ids = workspaces(3);
      const run = await upgrade({ 'workspace-id': ids.join(','), waves: '1,all', confirm: 'true' });
      expect(run.exitCode).toBe(1);
      expect(run.entries[0]).toMatchObject({ outcome: 'confirmed' });
      expect(run.entries.slice(1).map((e) => e.outcome)).toEqual(['not-started', 'not-started']);
    });

    it('without confirm, a wave of ready plans lets the next start; already current counts too', async () => {
      const ids = [emulator.seedWorkspace({ noCodeModuleId: moduleId, current: true }), ...workspaces(2)];
      const run = await upgrade({ 'workspace-id': ids.join(','), waves: '1,1,1' });
      expect(run.exitCode).toBe(0);
      expect(run.entries.map((e) => e.outcome)).toEqual(['current', 'planned', 'planned']);
      expectNoOutcomeSaidTwice(run.summary);
    });

    it('a dry run lists the waves it would run', async () => {
      const ids = workspaces(5);
      const run = await upgrade({ 'workspace-id': ids.join(','), waves: '1,all', 'dry-run': 'true' });
      expect(run.exitCode).toBe(0);
      expect(run.log).toContain('would start an upgrade of 5 workspaces in 2 waves (1, 4)');
      expect(run.summary).toContain('Wave 1 of 2 (1 workspace): 🔍 would run');
      expect(run.summary).toContain('Wave 2 of 2 (4 workspaces): 🔍 would run');
      expect(emulator.writeRequests()).toEqual([]);
    });

    it('a cancellation between waves starts nothing new, and says which waves ran', async () => {
      const ids = workspaces(4);
      const cancellation = testCancellation(clock);
      const context = modeContext(emulator, cancellation, clock);
      const inputs = readInputs(
        (name) =>
          ({
            mode: 'upgrade-no-code-workspace',
            token: emulator.token,
            'base-url': emulator.baseUrl,
            'no-code-module-id': moduleId,
            'workspace-id': ids.join(','),
            waves: '1,all',
            confirm: 'true',
          })[name] ?? '',
      ) as UpgradeNoCodeWorkspaceInputs;
      const step = runUpgradeNoCodeWorkspace(inputs, context, { clock });
      // The signal comes once the first wave's run is applied, before the second starts.
      let sent = false;
      const busy = (): boolean => {
        if (!sent && emulator.upgrades().some((u) => u.workspaceId === ids[0] && u.status === 'applied')) {
          sent = true;
          cancellation.send('SIGINT');
        }
        return emulator.requests.some((r) => r.status === 0);
      };
      const result = await clock.runInSteps(step, 50, busy);
      await context.client.close();
      expect(requestsOf(INITIATE, ids.slice(1), 'POST')).toEqual([]);
      expect(result.conclusion).toBe('cancelled');
      expect(result.summary).toContain('Wave 1 of 2 ran; the step was cancelled after wave 1: 3 workspaces');
      expectNoOutcomeSaidTwice(result.summary);
    });
  });
});
