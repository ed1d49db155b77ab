// An answer the action must not pass on reaches no output: a plan-url that is not an http(s)
// address is refused for its workspace, named, and never written; one on another origin than
// the service is never made a link.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_SUCCESS } from '../../../src/errors.ts';
import { runPhase } from '../../../src/service/run-status.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { runAction } from '../../no-code/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  let emulator: Emulator;
  let moduleId: string;
  beforeEach(async () => {
    emulator = await startEmulator({ upgrades: { stepMs: 20 } });
    moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.2.0' });
  });
  afterEach(() => emulator.close());

  describe('upgrade-no-code-workspace outputs', () => {
    it('a plan-url that is no http(s) address is refused for its workspace alone: never written, never a link', async () => {
      const hostile = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const plain = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      emulator.setUpgradeBehaviour(hostile, { planUrl: 'javascript:alert(document.cookie)' });
      const run = await runAction(emulator, {
        mode: 'upgrade-no-code-workspace',
        'no-code-module-id': moduleId,
        'workspace-id': `${hostile}\n${plain}`,
      });
      // Both plans stopped awaiting the confirm the step was not asked for: the upgrade is judged
      // by its run, and the address the service gave for one of them is what is refused.
      expect(run.exitCode).toBe(EXIT_SUCCESS);
      const [hostileUrl, plainUrl] = run.outputs['plan-url']!.split('\n');
      expect(hostileUrl).toBe('');
      expect(plainUrl).toMatch(new RegExp(`^${emulator.baseUrl.replace(/\/api\/v2$/, '')}/`));
      expect(run.outputs['run-id']).toMatch(/^run-[A-Za-z0-9]+\nrun-[A-Za-z0-9]+$/);
      for (const status of run.outputs.status!.split('\n')) expect(runPhase(status)).toBe('awaiting-confirmation');
      expect(run.log).toContain(
        `The service gave a plan address that is no http(s) address ("javascript:alert(document.cookie)"); it is not shown.`,
      );
      // Nor is it a link anywhere.
      expect(run.summary).not.toContain('href="javascript:');
    });

    it('a plan-url on another origin than the service is written, and shown, never linked', async () => {
      const workspace = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      emulator.setUpgradeBehaviour(workspace, { planUrl: 'https://phish.example/app/acme/runs/run-1' });
      const run = await runAction(emulator, {
        mode: 'upgrade-no-code-workspace',
        'no-code-module-id': moduleId,
        'workspace-id': workspace,
      });
      expect(run.outputs['plan-url']).toBe('https://phish.example/app/acme/runs/run-1');
      expect(run.summary).not.toContain('href="https://phish.example');
      expect(run.summary).toContain('<code>https://phish.example/app/acme/runs/run-1</code>');
    });
  });
});
