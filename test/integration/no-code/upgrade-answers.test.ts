// Every answer about an upgrade is about the run the step started, in the workspace it asked
// about; and a workspace with no upgrade to make is reported already current, with nothing
// started or confirmed: from its own document, or from the service's answer to the initiate.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_FAILURE, EXIT_SUCCESS } from '../../../src/errors.ts';
import { startEmulator } from '../../emulator/index.ts';
import { APPLY_STEPS } from '../../emulator/api.ts';
import type { Emulator } from '../../emulator/api.ts';
import { runAction } from '../../no-code/harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  let emulator: Emulator;
  let moduleId: string;

  beforeEach(async () => {
    emulator = await startEmulator({ upgrades: { stepMs: 20, applySteps: [...APPLY_STEPS], applyFinal: 'applied' } });
    moduleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws', versionPin: '1.2.0' });
  });
  afterEach(() => emulator.close());

  const INITIATE = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces\/[^/]+\/upgrade$/;
  const RUN = /^\/api\/v2\/no-code-modules\/[^/]+\/workspaces\/[^/]+\/upgrade\/run-[A-Za-z0-9]+$/;
  const WORKSPACE = /^\/api\/v2\/workspaces\/ws-[A-Za-z0-9]+$/;

  function upgrade(inputs: Record<string, string>) {
    return runAction(emulator, { mode: 'upgrade-no-code-workspace', 'no-code-module-id': moduleId, ...inputs });
  }

  const sent = (method: string, path: RegExp) =>
    emulator.requests.filter((r) => r.method === method && path.test(r.path));

  describe('an answer about another run or workspace', () => {
    it('a read answering with another run (applied) fails the workspace: never its status, never confirmed', async () => {
      const workspace = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      emulator.inject({
        method: 'GET',
        path: RUN,
        times: 10_000,
        kind: {
          type: 'rewrite',
          body: (json) => ({
            data: { ...json.data, id: 'run-AnotherOne1', attributes: { ...json.data.attributes, status: 'applied' } },
          }),
        },
      });
      const run = await upgrade({ 'workspace-id': workspace, confirm: 'true' });
      expect(run.exitCode).toBe(EXIT_FAILURE);
      expect(run.outputs.applied).toBe('false');
      expect(sent('POST', RUN)).toEqual([]);
      const [entry] = JSON.parse(run.outputs.result!);
      expect(entry).toMatchObject({ workspaceId: workspace, outcome: 'failed', applied: false });
      expect(entry.error).toMatch(/run "run-AnotherOne1", not the one asked about/);
      expect(run.outputs['run-id']).not.toContain('run-AnotherOne1');
    });

    it('a read answering with the run of another workspace fails it the same way', async () => {
      const workspace = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      emulator.inject({
        method: 'GET',
        path: RUN,
        times: 10_000,
        kind: {
          type: 'rewrite',
          body: (json) => ({
            data: { ...json.data, relationships: { workspace: { data: { id: 'ws-Elsewhere1', type: 'workspaces' } } } },
          }),
        },
      });
      const run = await upgrade({ 'workspace-id': workspace, confirm: 'true' });
      expect(run.exitCode).toBe(EXIT_FAILURE);
      expect(sent('POST', RUN)).toEqual([]);
      expect(JSON.parse(run.outputs.result!)[0].error).toMatch(/workspace "ws-Elsewhere1", not the one asked about/);
    });

    it('an initiate answering with another workspace is no run of this one: it fails, saying one may have started', async () => {
      const workspace = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      emulator.inject({
        method: 'POST',
        path: INITIATE,
        kind: {
          type: 'rewrite',
          body: (json) => ({
            data: { ...json.data, relationships: { workspace: { data: { id: 'ws-Elsewhere1', type: 'workspaces' } } } },
          }),
        },
      });
      const run = await upgrade({ 'workspace-id': workspace, confirm: 'true' });
      expect(run.exitCode).toBe(EXIT_FAILURE);
      expect(sent('GET', RUN)).toEqual([]);
      expect(sent('POST', RUN)).toEqual([]);
      expect(JSON.parse(run.outputs.result!)[0]).toMatchObject({ outcome: 'failed', runId: null });
    });
  });

  describe('a workspace with no upgrade to make', () => {
    it('its document says none is available: nothing is started, it is reported already current', async () => {
      const current = emulator.seedWorkspace({ noCodeModuleId: moduleId, current: true });
      const behind = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': `${current}\n${behind}`, confirm: 'true' });
      expect(run.exitCode).toBe(EXIT_SUCCESS);
      expect(sent('POST', INITIATE).map((r) => r.path)).toEqual([expect.stringContaining(behind)]);
      const [currentEntry, behindEntry] = JSON.parse(run.outputs.result!);
      expect(currentEntry).toMatchObject({ workspaceId: current, outcome: 'current', runId: null, applied: false });
      expect(behindEntry).toMatchObject({ workspaceId: behind, outcome: 'applied' });
      expect(run.outputs['run-id']!.split('\n')[0]).toBe('');
      expect(run.summary).toContain('already current');
    });

    it('with variables to send, the upgrade is started all the same (the settings may change)', async () => {
      const current = emulator.seedWorkspace({ noCodeModuleId: moduleId, current: true });
      emulator.configure({ upgrades: { whenCurrent: 'plan' } });
      await upgrade({ 'workspace-id': current, 'workspace-variables': 'size=large' });
      expect(sent('POST', INITIATE)).toHaveLength(1);
    });

    it('the service says none is available (a message, no run): already current, nothing confirmed, exit 0', async () => {
      emulator.configure({ upgrades: { whenCurrent: 'no-upgrade' } });
      const current = emulator.seedWorkspace({ noCodeModuleId: moduleId, current: true });
      // A workspace document that does not say (the spec lists the attribute; a service may omit it).
      emulator.inject({
        method: 'GET',
        path: WORKSPACE,
        kind: {
          type: 'rewrite',
          body: (json) => {
            delete json.data.attributes['no-code-upgrade-available'];
            return json;
          },
        },
      });
      const run = await upgrade({ 'workspace-id': current, confirm: 'true' });
      expect(run.exitCode).toBe(EXIT_SUCCESS);
      expect(sent('POST', INITIATE)).toHaveLength(1);
      expect(sent('POST', RUN)).toEqual([]);
      const [entry] = JSON.parse(run.outputs.result!);
      expect(entry).toMatchObject({ outcome: 'current', runId: null, applied: false });
      expect(run.summary).toMatch(/already current.*No upgrade available/s);
    });

    it('a dry run says which workspaces are already current, and its summary holds no stray word', async () => {
      const current = emulator.seedWorkspace({ noCodeModuleId: moduleId, current: true });
      const behind = emulator.seedWorkspace({ noCodeModuleId: moduleId });
      const run = await upgrade({ 'workspace-id': `${current}\n${behind}`, 'dry-run': 'true' });
      expect(run.exitCode).toBe(EXIT_SUCCESS);
      expect(run.summary).toContain('already current');
      expect(run.summary).toContain('would start an upgrade');
      expect(run.summary).toContain('Plans would not be confirmed (confirm is false).\n');
      expect(run.summary).not.toMatch(/(^|\s)(true|false)\s*$/m);
      expect(emulator.writeRequests()).toEqual([]);
    });
  });
});
