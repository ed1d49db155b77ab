// One smoke per way into the built bundle and per Node.js the bundle must start on (24, the
// action's runtime, and the machine's own): the action's main step as a runner starts it, the
// command line, and the post step through dist/post.js. What each does is proven in
// test/integration/; here, that each starts, reaches the service and exits as it should.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/index.ts';
import { nodeBinaries } from '../support/node-binaries.ts';
import { runBundle } from '../support/run-bundle.ts';

const root = join(import.meta.dirname, '..', '..');
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

describe.each(nodeBinaries())('on Node $version', ({ path: node }) => {
  it('the main step: a dry run of the example policies, its outputs written, exit 0', async () => {
    const step = await runBundle({
      bundleDir: inject('bundleDir'),
      node,
      cwd: root,
      env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: root },
      inputs: {
        mode: 'sync-policies',
        token: emulator.token,
        'base-url': emulator.baseUrl,
        organization: emulator.organization,
        'policy-files': 'examples/policies/*.native',
        'dry-run': 'true',
      },
    });
    expect(step.stderr).toBe('');
    expect(step.stdout).not.toContain('::error');
    expect(step.code).toBe(0);
    expect(step.outputs).toMatch(/^created<<.*\n\d+\n/m);
    expect(step.summary).toContain('restrict-instance-types');
  });

  it('the command line: the same dry run from flags, exit 0', async () => {
    const cli = await runBundle({
      bundleDir: inject('bundleDir'),
      node,
      cwd: root,
      args: [
        'sync-policies',
        '--base-url',
        emulator.baseUrl,
        '--organization',
        emulator.organization,
        '--policy-files',
        'examples/policies/*.native',
        '--dry-run',
      ],
      env: { SVC_TOKEN: emulator.token },
    });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(/^created=\d+$/m);
  });

  it('the post step: dist/post.js loads the bundle for a saved run, finds it gone, exit 0', async () => {
    const post = await runBundle({
      entry: join(inject('bundleDir'), 'post.js'),
      node,
      cwd: root,
      env: {
        GITHUB_ACTIONS: 'true',
        STATE_isPost: 'true',
        STATE_testRunModule: JSON.stringify({ organization: emulator.organization, name: 'network', provider: 'aws' }),
        STATE_testRunId: 'trun-gone',
      },
      inputs: { mode: 'run-module-tests', token: emulator.token, 'base-url': emulator.baseUrl },
    });
    expect(post.stderr).toBe('');
    expect(post.stdout).toContain('Test run trun-gone of module acme/network/aws no longer exists (404): nothing to stop.');
    // Its requests in the debug log as the main step writes them.
    expect(post.stdout).toMatch(/^::debug::GET \/\S+\/test-runs\/trun-gone → 404 in \d+ ms$/m);
    expect(post.code).toBe(0);
  });
});
