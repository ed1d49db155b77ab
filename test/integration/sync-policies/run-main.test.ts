// The mode through the action's own entry: inputs by name, outputs, summary and annotations as
// the plain sink writes them.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_SUCCESS } from '../../../src/errors.ts';
import { run } from '../../../src/main.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { makeWorkspace } from '../../sync-policies/temp-workspace.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });
  afterEach(() => {
    emulator.clearRequests();
    process.exitCode = undefined;
  });

  async function runAction(
    root: string,
    inputs: Record<string, string>,
  ): Promise<{ code: number; stdout: string; outputs: string; summary: string }> {
    const outputFile = join(root, '.outputs');
    const summaryFile = join(root, '.summary.md');
    await writeFile(outputFile, '');
    await writeFile(summaryFile, '');
    const lines: string[] = [];
    const all: Record<string, string> = {
      mode: 'sync-policies',
      token: emulator.token,
      'base-url': emulator.baseUrl,
      organization: 'acme',
      ...inputs,
    };
    const code = await run({
      read: (name) => all[name] ?? '',
      sink: plainSink({ stdout: { write: (t: string) => lines.push(t) }, outputFile, summaryFile }),
      checkRuns: false,
      saveState: () => undefined,
      workspaceRoot: root,
    });
    return {
      code,
      stdout: lines.join(''),
      outputs: await readFile(outputFile, 'utf8'),
      summary: await readFile(summaryFile, 'utf8'),
    };
  }

  /** The value of one output in the `name=value` / `name<<EOF` file. */
  function output(file: string, name: string): string | undefined {
    const single = new RegExp(`^${name}=(.*)$`, 'm').exec(file);
    if (single) return single[1];
    const multi = new RegExp(`^${name}<<(\\S+)\\n([\\s\\S]*?)\\n\\1$`, 'm').exec(file);
    return multi?.[2];
  }

  describe('run() in mode sync-policies', () => {
    it('syncs, then writes outputs and the summary; a second run finds everything in sync', async () => {
      const root = await makeWorkspace({
        'policies/one.native': 'main = rule { true }\n',
        'policies/two.rego': 'package terraform.two\n',
      });
      const first = await runAction(root, {});
      expect(first.code).toBe(EXIT_SUCCESS);
      expect(output(first.outputs, 'created')).toBe('2');
      expect(output(first.outputs, 'updated')).toBe('0');
      expect(output(first.outputs, 'deleted')).toBe('0');
      expect(output(first.outputs, 'unchanged')).toBe('0');
      const result = JSON.parse(output(first.outputs, 'result') ?? 'null') as Array<{
        name: string;
        kind: string;
        action: string;
        id: string;
      }>;
      const stored = emulator.policies();
      expect(result.map((e) => [e.name, e.kind, e.action, e.id])).toEqual([
        ['one', 'native', 'create', stored.find((p) => p.name === 'one')!.id],
        ['two', 'opa', 'create', stored.find((p) => p.name === 'two')!.id],
      ]);
      // Synced, with the warnings the summary lists: the heading says so at a glance.
      expect(first.summary).toContain('## ⚠️ Sync policies: organization <code>acme</code>');
      expect(first.stdout).toContain('Policies synced in acme: 2 created, 0 updated, 0 deleted, 0 unchanged');
      expect(first.stdout).not.toContain(emulator.token);

      emulator.clearRequests();
      const second = await runAction(root, {});
      expect(second.code).toBe(EXIT_SUCCESS);
      expect(emulator.writeRequests()).toEqual([]);
      expect(output(second.outputs, 'unchanged')).toBe('2');
      expect(second.summary).toContain('Everything is in sync: no write request was sent.');
    });

    it('problems in the policy files: annotations on the files, exit 2 (bad input), no request', async () => {
      const root = await makeWorkspace({ 'policies/bad name.native': 'x', 'policies/q.rego': 'deny if { true }\n' });
      const { code, stdout, summary } = await runAction(root, {});
      expect(code).toBe(EXIT_BAD_INPUT);
      expect(emulator.requests).toEqual([]);
      expect(stdout).toContain(
        'policies/bad name.native: error: Policy files: policy-files matched policies/bad name.native',
      );
      expect(stdout).toContain('policies/q.rego: error: Policy files: ');
      expect(stdout).toContain('error: 2 problems in the policy files; nothing was changed');
      expect(summary).toContain('2 problems in the policy files; nothing was changed');
    });

    it('a malformed input: exit 2 before any request', async () => {
      const root = await makeWorkspace({ 'policies/one.native': 'x' });
      const { code, stdout } = await runAction(root, { 'policy-sets': 'ws-not-a-set' });
      expect(code).toBe(EXIT_BAD_INPUT);
      expect(emulator.requests).toEqual([]);
      expect(stdout).toContain('policy-sets');
    });

    it('an organization the token cannot see: the reading fails, nothing is written', async () => {
      const root = await makeWorkspace({ 'policies/one.native': 'x' });
      const { code, stdout, summary } = await runAction(root, { organization: 'elsewhere' });
      expect(code).toBe(EXIT_FAILURE);
      expect(emulator.writeRequests()).toEqual([]);
      expect(stdout).toContain(
        'error: Reading the policies of organization elsewhere failed: GET /api/v2/organizations/elsewhere/policies: not found',
      );
      expect(summary).toContain('could not be read; nothing was changed');
    });

    it('an https:// base-url of a plain-HTTP server: "is it http://?", without OpenSSL text, a line break or the organization', async () => {
      const root = await makeWorkspace({ 'policies/one.native': 'x' });
      const origin = new URL(emulator.baseUrl).origin.replace('http://', 'https://');
      const { code, stdout, summary } = await runAction(root, { 'base-url': `${origin}/api/v2` });
      expect(code).toBe(EXIT_FAILURE);
      const said = `GET ${origin}: the server answered without TLS (is it \`http://\`?)`;
      const errors = stdout.split('\n').filter((line) => line.startsWith('error: '));
      expect(errors).toEqual([
        `error: Reading the policies of organization acme failed: ${said}. Nothing was changed.`,
      ]);
      expect(summary).toContain(`GET ${origin}: the server answered without TLS (is it`);
      // OpenSSL's own text ends in a line break, which the runner shows as `%0A`.
      expect(`${stdout}${summary}`).not.toMatch(/SSL routines|deps\/openssl|%0A|organization input/);
    });
  });
});
