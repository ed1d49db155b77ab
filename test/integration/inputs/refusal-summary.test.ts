// A step refused before its mode starts (a mode typo, a missing or malformed token, a proxy
// variable that is not an address) still writes a job summary: the same sentence as the error
// annotation, what was wrong and what to do, so that the job's page says why. No secret in it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../src/cli.ts';
import { run } from '../../../src/main.ts';
import { escapeHtml } from '../../../src/report/markdown.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';

let emulator: Emulator;
let scratch: string;
beforeAll(async () => {
  emulator = await startEmulator();
  scratch = mkdtempSync(join(tmpdir(), 'refusal-summary-'));
});
afterAll(async () => {
  await emulator.close();
  rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const sync = (): Record<string, string> => ({
  mode: 'sync-policies',
  token: emulator.token,
  'base-url': emulator.baseUrl,
  organization: emulator.organization,
});

let n = 0;
async function refusedStep(
  inputs: Record<string, string>,
): Promise<{ code: number; error: string; summary: string; out: string }> {
  emulator.clearRequests();
  const summaryFile = join(scratch, `summary-${n++}.md`);
  let out = '';
  const code = await run({
    read: (input) => inputs[input] ?? '',
    sink: plainSink({ stdout: { write: (text: string) => (out += text) }, summaryFile }),
    checkRuns: false,
    saveState: () => undefined,
    workspaceRoot: process.cwd(),
  });
  const errors = out.split('\n').filter((line) => line.startsWith('error: '));
  expect(errors).toHaveLength(1);
  expect(emulator.requests).toEqual([]);
  return { code, error: errors[0]!.slice('error: '.length), summary: readFileSync(summaryFile, 'utf8'), out };
}

describe('a step refused before its mode starts writes a job summary', () => {
  it('a mode typo: the summary names the mode given and lists the modes', async () => {
    const { code, error, summary } = await refusedStep({ ...sync(), mode: 'sync-polices' });
    expect(code).toBe(2);
    expect(error).toBe(
      'Input "mode" must be one of sync-policies, run-module-tests, upgrade-no-code-workspace, publish-no-code-module, provision-no-code-workspace (got "sync-polices"). Did you mean "sync-policies"?',
    );
    // The heading carries the verdict, as every mode's does.
    expect(summary).toBe(`## ❌ svc-ci-action: refused\n\n${escapeHtml(error)}\n`);
    expect(summary).not.toContain(emulator.token);
  });

  it('a missing token: the summary says which input is required', async () => {
    const { code, error, summary } = await refusedStep({ ...sync(), token: '' });
    expect(code).toBe(2);
    expect(error).toMatch(/^Input "token" is required/);
    expect(summary).toBe(`## ❌ svc-ci-action: refused\n\n${escapeHtml(error)}\n`);
  });

  it('a malformed token: the summary says what is wrong, and holds no part of the token', async () => {
    const token = `${emulator.token} trailing-part-of-it`;
    const { code, error, summary, out } = await refusedStep({ ...sync(), token });
    expect(code).toBe(2);
    expect(error).toMatch(/^Input "token" /);
    expect(summary).toContain(escapeHtml(error));
    for (const part of token.split(' ')) expect(`${summary}${out}`).not.toContain(part);
  });

  it('a proxy variable that is not an address (refused when the client is made): the summary names the variable', async () => {
    vi.stubEnv('HTTPS_PROXY', 'http://runner:s3cret@[proxy');
    const { code, error, summary } = await refusedStep(sync());
    expect(code).toBe(2);
    expect(error).toMatch(/^The environment variable HTTPS_PROXY is not a proxy address/);
    expect(summary).toBe(`## ❌ sync-policies: refused\n\n${escapeHtml(error)}\n`);
    expect(summary).not.toContain('s3cret');
  });

  it("on the command line, the error says it once, with the flag's name; a summary file says it too", async () => {
    let out = '';
    const code = await runCli(['sync-policies', '--base-url', emulator.baseUrl, '--organization', 'acme'], {
      stdout: { write: (text: string) => (out += text) },
      stderr: { write: () => undefined },
      env: {},
    });
    expect(code).toBe(2);
    const said = '--token (or SVC_TOKEN) is required';
    expect(out).toContain(`error: ${said}`);
    // Once: a summary in the terminal would only repeat the error line.
    expect(out.split(said)).toHaveLength(2);
    const summaryFile = join(mkdtempSync(join(tmpdir(), 'refusal-')), 'summary.md');
    const again = await runCli(
      ['sync-policies', '--base-url', emulator.baseUrl, '--organization', 'acme', '--summary-file', summaryFile],
      { stdout: { write: () => undefined }, stderr: { write: () => undefined }, env: {} },
    );
    expect(again).toBe(2);
    expect(readFileSync(summaryFile, 'utf8')).toMatch(
      /svc-ci-action: refused[\s\S]*--token \(or SVC_TOKEN\) is required/i,
    );
  });
});
