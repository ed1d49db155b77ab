// An answer the action must not pass on reaches no output: a plan-url that is not an http(s)
// address is refused, named, and never written, and the step fails saying so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_FAILURE } from '../../src/errors.ts';
import { runPhase } from '../../src/service/run-status.ts';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/api.ts';
import { runAction } from './harness.ts';

let emulator: Emulator;
let moduleId: string;
beforeEach(async () => {
  emulator = await startEmulator({ upgrades: { stepMs: 20 } });
  moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.2.0' });
});
afterEach(() => emulator.close());

describe('upgrade-no-code-workspace outputs', () => {
  it('a plan-url that is no http(s) address is never written; the step fails naming the output', async () => {
    const workspace = emulator.seedWorkspace({ noCodeModuleId: moduleId });
    emulator.setUpgradeBehaviour(workspace, { planUrl: 'javascript:alert(document.cookie)' });
    const run = await runAction(emulator, {
      mode: 'upgrade-no-code-workspace',
      'no-code-module-id': moduleId,
      'workspace-id': workspace,
    });
    expect(run.exitCode).toBe(EXIT_FAILURE);
    expect(run.outputs['plan-url']).toBeUndefined();
    expect(run.outputs['run-id']).toMatch(/^run-[A-Za-z0-9]+$/);
    // Where the plan stopped depends on the personality (policy checks come after the plan in
    // strict); it stopped awaiting the confirm the step was not asked for.
    expect(runPhase(run.outputs.status ?? '')).toBe('awaiting-confirmation');
    expect(run.log).toContain(
      'Output "plan-url" was not written: it must be lines each an http(s) address on one line or empty, and the value was "javascript:alert(document.cookie)".',
    );
    // Nor is it a link anywhere.
    expect(run.summary).not.toContain('href="javascript:');
  });
});
