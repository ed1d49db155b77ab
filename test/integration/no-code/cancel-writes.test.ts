// A cancellation that arrives while a no-code write is held by the service: the write is not cut
// short, its answer is reported, or, when it takes longer than the grace, the result says that
// it may have taken effect. Either way the mode returns a cancelled result and throws nothing.
//
// The modes and the emulator share one manual clock: real pace until the write is held, then
// the test moves time, so that the answer and the grace each land on their millisecond.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readInputs } from '../../../src/inputs/read.ts';
import type {
  ProvisionNoCodeWorkspaceInputs,
  PublishNoCodeModuleInputs,
  UpgradeNoCodeWorkspaceInputs,
} from '../../../src/inputs/schema.ts';
import type { ModeResult } from '../../../src/modes/mode.ts';
import { runProvisionNoCodeWorkspace } from '../../../src/modes/no-code/provision/run.ts';
import { runPublishNoCodeModule } from '../../../src/modes/no-code/publish/run.ts';
import { runUpgradeNoCodeWorkspace } from '../../../src/modes/no-code/upgrade/run.ts';
import type { ModeContext } from '../../../src/modes/mode.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { ManualClock, tracked } from '../../support/manual-clock.ts';
import { testCancellation } from '../../support/test-cancellation.ts';
import { modeContext } from '../../no-code/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const HOLD_MS = 1500;
  const SHORT_GRACE_MS = 300;

  let emulator: Emulator;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = new ManualClock();
    emulator = await startEmulator({
      upgrades: { steps: ['pending', 'planning'], stepMs: 20, final: 'policy_checked' },
      clock,
    });
  });
  afterEach(() => emulator.close());

  function inputsOf<T>(mode: string, inputs: Record<string, string>): T {
    const all: Record<string, string> = { mode, token: emulator.token, 'base-url': emulator.baseUrl, ...inputs };
    return readInputs((name) => all[name] ?? '') as T;
  }

  /** The time the first request matching `method` and `path` reached the emulator, once one has
   *  (real pace till then). */
  async function arrival(method: string, path: RegExp): Promise<number> {
    const arrived = () => emulator.requests.find((r) => r.method === method && path.test(r.path));
    await clock.followRealTime(() => arrived() !== undefined);
    return arrived()!.at;
  }

  /**
   * Runs a mode with a signal of its own, holds the first POST matching `path` for HOLD_MS, and
   * aborts the signal (as the first SIGINT would) once that POST has arrived. `answeredBy`: how
   * long after the POST arrived the step must have its result, the clock moved to the
   * millisecond before first (when the step must still be waiting).
   */
  async function cancelWhileHeld(
    path: RegExp,
    start: (context: ModeContext) => Promise<ModeResult>,
    answeredBy: number,
  ): Promise<{ result: ModeResult; log: string; arrivedAt: number }> {
    emulator.inject({ method: 'POST', path, kind: { type: 'delay', ms: HOLD_MS } });
    const cancellation = testCancellation(clock);
    const context = modeContext(emulator, cancellation);
    try {
      const running = tracked(start(context));
      const arrivedAt = await arrival('POST', path);
      cancellation.send('SIGINT');
      await clock.advance(arrivedAt + answeredBy - 1 - clock.now());
      expect(running.settled()).toBe(false);
      await clock.advance(1);
      await until(running.settled, 'the step ending');
      return { result: await running.promise, log: context.log(), arrivedAt };
    } finally {
      await context.client.close();
    }
  }

  /** Resolves once `check` holds (real time, bounded). */
  async function until(check: () => boolean, what: string): Promise<void> {
    const giveUp = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  describe('provision-no-code-workspace', () => {
    const CREATE = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces$/;
    let inputs: ProvisionNoCodeWorkspaceInputs;
    beforeEach(() => {
      const moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '2.0.0' });
      inputs = inputsOf('provision-no-code-workspace', {
        'no-code-module-id': moduleId,
        'project-id': emulator.seedProject(),
        'workspace-name': 'bucket-prod',
      });
    });

    it('a create held by the service is answered and reported; the step ends cancelled', async () => {
      // Within the grace: the step waits for the answer, which comes when the hold ends.
      const { result } = await cancelWhileHeld(
        CREATE,
        (context) => runProvisionNoCodeWorkspace(inputs, context, { clock }),
        HOLD_MS,
      );
      const [workspace] = emulator.workspaces();
      expect(workspace).toBeDefined();
      expect(result.conclusion).toBe('cancelled');
      expect(result.outputs['workspace-id']).toBe(workspace!.id);
      expect(result.outputs.result).toMatchObject({ action: 'created', workspaceId: workspace!.id });
      expect(result.failure?.message).toContain(`the service created it (${workspace!.id}) before the step ended`);
      expect(result.summary).toContain(`Created workspace bucket-prod`);
      expect(result.summary).toContain('The step was cancelled while workspace bucket-prod was being created');
    });

    it('a create held longer than the grace: the result says the workspace may have been created', async () => {
      // The step stops waiting at the end of the grace, counted from the cancellation.
      const { result, arrivedAt } = await cancelWhileHeld(
        CREATE,
        (context) => runProvisionNoCodeWorkspace(inputs, context, { writeGraceMs: SHORT_GRACE_MS, clock }),
        SHORT_GRACE_MS,
      );
      expect(result.conclusion).toBe('cancelled');
      expect(result.failure?.message).toContain(
        'did not answer within 300 ms, so the workspace may have been created: check for a workspace named bucket-prod',
      );
      expect(result.summary).toContain('may have been created');
      expect(result.outputs['workspace-id']).toBe('');
      expect(result.outputs.result).toMatchObject({
        action: 'may-have-been-created',
        workspaceId: null,
        name: 'bucket-prod',
      });
      // It was: the service carried the create out after the step stopped waiting.
      await clock.advance(arrivedAt + HOLD_MS - clock.now());
      expect(emulator.workspaces().map((w) => w.name)).toEqual(['bucket-prod']);
    });

    it('a cancellation during the read: no create is sent, and the result says so', async () => {
      emulator.inject({ method: 'GET', kind: { type: 'delay', ms: 500 } });
      const cancellation = testCancellation(clock);
      const context = modeContext(emulator, cancellation);
      try {
        const running = tracked(runProvisionNoCodeWorkspace(inputs, context, { clock }));
        await arrival('GET', /./);
        cancellation.send('SIGINT');
        // The read held by the service is dropped at once: no time passes.
        await until(running.settled, 'the step ending');
        const result = await running.promise;
        expect(result.conclusion).toBe('cancelled');
        expect(result.failure?.message).toBe(
          'The step was cancelled before workspace bucket-prod was created; nothing was created.',
        );
        expect(emulator.writeRequests()).toEqual([]);
      } finally {
        await context.client.close();
      }
    });
  });

  describe('publish-no-code-module', () => {
    const CREATE = /^\/api\/v2\/organizations\/acme\/no-code-modules$/;
    const MODULE = /^\/api\/v2\/no-code-modules\/nocode-[A-Za-z0-9]+$/;
    let registryModuleId: string;
    beforeEach(() => {
      registryModuleId = emulator.seedRegistryModule({ name: 'bucket', provider: 'aws', versions: ['1.0.0', '1.1.0'] });
    });
    const publish = (inputs: Record<string, string>): PublishNoCodeModuleInputs =>
      inputsOf('publish-no-code-module', { organization: 'acme', 'registry-module-id': registryModuleId, ...inputs });

    it('a create held by the service is answered and reported; the step ends cancelled', async () => {
      const { result } = await cancelWhileHeld(
        CREATE,
        (context) => runPublishNoCodeModule(publish({ 'version-pin': '1.0.0' }), context, { clock }),
        HOLD_MS,
      );
      const [created] = emulator.noCodeModules();
      expect(created).toBeDefined();
      expect(result.conclusion).toBe('cancelled');
      expect(result.outputs['no-code-module-id']).toBe(created!.id);
      expect(result.outputs.result).toMatchObject({ action: 'created', noCodeModuleId: created!.id });
      expect(result.failure?.message).toContain(
        `the service created no-code module ${created!.id} before the step ended`,
      );
    });

    it('a create held longer than the grace: the result says the module may have been created', async () => {
      const { result } = await cancelWhileHeld(
        CREATE,
        (context) => runPublishNoCodeModule(publish({}), context, { writeGraceMs: SHORT_GRACE_MS, clock }),
        SHORT_GRACE_MS,
      );
      expect(result.conclusion).toBe('cancelled');
      expect(result.failure?.message).toContain('so the no-code module may have been created: look at registry module');
      expect(result.failure?.message).toContain('set no-code-module-id to update it instead of creating it again');
      expect(result.outputs).toMatchObject({
        'no-code-module-id': '',
        result: { action: 'may-have-been-created', registryModuleId },
      });
      expect(result.summary).toContain('may have been created');
    });

    it('an update held longer than the grace: the result says it may have been applied', async () => {
      const first = modeContext(emulator);
      const created = await runPublishNoCodeModule(publish({ 'version-pin': '1.0.0' }), first, { clock }).finally(() =>
        first.client.close(),
      );
      const id = created.outputs['no-code-module-id'] as string;
      expect(id).toMatch(/^nocode-/);
      emulator.inject({ method: 'PATCH', path: MODULE, kind: { type: 'delay', ms: HOLD_MS } });
      const cancellation = testCancellation(clock);
      const context = modeContext(emulator, cancellation);
      try {
        const running = tracked(
          runPublishNoCodeModule(publish({ 'no-code-module-id': id, 'version-pin': '1.1.0' }), context, {
            writeGraceMs: SHORT_GRACE_MS,
            clock,
          }),
        );
        await arrival('PATCH', MODULE);
        cancellation.send('SIGINT');
        await clock.advance(SHORT_GRACE_MS - 1);
        expect(running.settled()).toBe(false);
        await clock.advance(1);
        await until(running.settled, 'the step ending');
        const result = await running.promise;
        expect(result.conclusion).toBe('cancelled');
        expect(result.failure?.message).toContain(
          `no-code module ${id} was being updated, and the service did not answer within 300 ms, so the update may have been applied`,
        );
        expect(result.outputs).toMatchObject({
          'no-code-module-id': id,
          result: { action: 'may-have-been-updated', noCodeModuleId: id },
        });
      } finally {
        await context.client.close();
      }
    });
  });

  describe('upgrade-no-code-workspace', () => {
    const UPGRADE = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces\/[^/]+\/upgrade$/;
    const CONFIRM = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces\/[^/]+\/upgrade\/run-[A-Za-z0-9]+$/;
    let inputs: UpgradeNoCodeWorkspaceInputs;
    let workspaceId: string;
    beforeEach(() => {
      const moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.2.0' });
      workspaceId = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      inputs = inputsOf('upgrade-no-code-workspace', {
        'no-code-module-id': moduleId,
        'workspace-id': workspaceId,
        confirm: 'true',
      });
    });
    const entriesOf = (result: ModeResult) => result.outputs.result as Array<Record<string, unknown>>;

    it('a confirmation held by the service is answered: the plan is reported confirmed, its apply not followed, the step cancelled', async () => {
      const { result } = await cancelWhileHeld(
        CONFIRM,
        (context) => runUpgradeNoCodeWorkspace(inputs, context, { clock }),
        HOLD_MS,
      );
      const [upgrade] = emulator.upgrades();
      expect(upgrade!.confirmed).toBe(true);
      expect(result.conclusion).toBe('cancelled');
      expect(result.failure?.message).toBe('The step was cancelled: 1 cancelled.');
      const [entry] = entriesOf(result);
      expect(entry).toMatchObject({ workspaceId, runId: upgrade!.runId, outcome: 'cancelled', applied: false });
      expect(entry!.error).toBe(
        `The step was cancelled after the plan of run ${upgrade!.runId} was confirmed (status policy_checked); the apply goes on in the service.`,
      );
      // Only the service saying `applied` makes it true.
      expect(result.outputs.applied).toBe('false');
    });

    it('a confirmation held longer than the grace: the result says the plan may have been applied', async () => {
      const { result } = await cancelWhileHeld(
        CONFIRM,
        (context) => runUpgradeNoCodeWorkspace(inputs, context, { writeGraceMs: SHORT_GRACE_MS, clock }),
        SHORT_GRACE_MS,
      );
      expect(result.conclusion).toBe('cancelled');
      const [entry] = entriesOf(result);
      expect(entry).toMatchObject({ outcome: 'cancelled', applied: false, runId: emulator.upgrades()[0]!.runId });
      expect(entry!.error).toMatch(/did not answer within 300 ms, so it may have been applied: look at its plan page/);
      expect(result.summary).toContain('may have been applied');
      expect(result.annotations.map((a) => a.message)).toEqual([entry!.error]);
    });

    it('a read after a confirmation whose answer was lost gets what is left of the grace after the signal, not a grace of its own', async () => {
      // The signal arrives while the confirm is held; its connection closes unanswered 3 s later,
      // and the read that asks whether it arrived is held 4 s. The grace of 5 s counts from the
      // signal, so the step stops waiting 5 s after it (2 s into the read), whatever the read does:
      // a grace counted from the read would run to 8 s, near the runner's kill at 10 s.
      const GRACE_MS = 5000;
      emulator.inject({ method: 'POST', path: CONFIRM, kind: { type: 'drop-after', afterMs: 3000 } });
      const cancellation = testCancellation(clock);
      const context = modeContext(emulator, cancellation);
      try {
        const running = tracked(runUpgradeNoCodeWorkspace(inputs, context, { writeGraceMs: GRACE_MS, clock }));
        await arrival('POST', CONFIRM);
        const signalledAt = cancellation.send('SIGINT');
        emulator.inject({ method: 'GET', path: CONFIRM, kind: { type: 'delay', ms: 4000 } });
        await clock.advance(3000);
        await until(() => emulator.requests.some((r) => r.method === 'GET' && r.at >= signalledAt), 'the read');
        await clock.advance(signalledAt + GRACE_MS - 1 - clock.now());
        expect(running.settled()).toBe(false);
        await clock.advance(1);
        await until(running.settled, 'the step ending');
        const result = await running.promise;
        expect(result.conclusion).toBe('cancelled');
        const [entry] = entriesOf(result);
        expect(entry!.error).toMatch(/ended without an answer .* and the run now reads as unknown/);
      } finally {
        // Whatever happened, the held read is let go, so that the client closes.
        await clock.advance(10_000);
        await context.client.close();
      }
    });

    it('an initiate held by the service is answered: the run is reported, no plan is awaited or confirmed', async () => {
      const { result } = await cancelWhileHeld(
        UPGRADE,
        (context) => runUpgradeNoCodeWorkspace(inputs, context, { clock }),
        HOLD_MS,
      );
      const [upgrade] = emulator.upgrades();
      expect(result.conclusion).toBe('cancelled');
      const [entry] = entriesOf(result);
      expect(entry).toMatchObject({ outcome: 'cancelled', runId: upgrade!.runId });
      expect(entry!.error).toBe(
        `The step was cancelled after upgrade run ${upgrade!.runId} was started (status pending); it goes on in the service.`,
      );
      expect(emulator.writeRequests().filter((r) => CONFIRM.test(r.path))).toEqual([]);
    });
  });
});
