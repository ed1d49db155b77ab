import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/index.ts';
import { nodeBinaries } from '../support/node-binaries.ts';
import { runBundle } from '../support/run-bundle.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

describe.each(nodeBinaries())('the built action on Node $version', ({ path, version }) => {
  it('is Node 20 or newer', () => expect(Number(/^v(\d+)/.exec(version)?.[1])).toBeGreaterThanOrEqual(20));

  it('fails on an unknown mode with one clear message and sends nothing', async () => {
    emulator.clearRequests();
    const result = await runBundle({
      bundleDir: inject('bundleDir'),
      node: path,
      inputs: { mode: 'nope', token: emulator.token, 'base-url': emulator.baseUrl, organization: emulator.organization },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      '::error::Input "mode" must be one of sync-policies, run-module-tests, upgrade-no-code-workspace, publish-no-code-module, provision-no-code-workspace (got "nope").',
    );
    expect(result.stdout.match(/::error::/g)).toHaveLength(1);
    expect(result.stderr).toBe('');
    // The job's page says why too: the same sentence in the job summary.
    expect(result.summary).toContain('## ❌ svc-ci-action: refused');
    expect(result.summary).toContain('(got &quot;nope&quot;).');
    expect(result.summary).not.toContain(emulator.token);
    expect(emulator.requests).toHaveLength(0);
  });

  it('fails on a malformed input of a known mode before any request', async () => {
    emulator.clearRequests();
    const result = await runBundle({
      bundleDir: inject('bundleDir'),
      node: path,
      inputs: { mode: 'sync-policies', token: emulator.token, 'base-url': emulator.baseUrl, organization: emulator.organization, timeout: 'soon' },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/::error::Input "timeout" must be a duration/);
    expect(result.stdout).not.toContain(emulator.token);
    expect(emulator.requests).toHaveLength(0);
  });
});
