import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readActionMetadata } from '../../src/action-metadata.ts';
import { COMMON_INPUTS, MODE_INPUTS, MODES } from '../../src/inputs/schema.ts';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/index.ts';
import { runBundle } from '../support/run-bundle.ts';

const root = join(import.meta.dirname, '..', '..');
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

const cli = (args: string[], env: Record<string, string> = {}) => runBundle({ bundleDir: inject('bundleDir'), args, env, cwd: root });

describe('command line', () => {
  it('knows every input of action.yml, and action.yml declares every input it reads', () => {
    const declared = Object.keys(readActionMetadata().inputs).sort();
    const read = [...new Set([...COMMON_INPUTS, ...Object.values(MODE_INPUTS).flat()])].sort();
    expect(read).toEqual(declared);
  });

  it.each(MODES)('prints the flags of %s from action.yml', async (mode) => {
    const { code, stdout } = await cli([mode, '--help']);
    expect(code).toBe(0);
    const metadata = readActionMetadata();
    for (const name of MODE_INPUTS[mode]) {
      expect(stdout).toContain(`--${name}`);
      expect(stdout.replace(/\s+/g, ' ')).toContain(metadata.inputs[name]!.description.replace(/\s+/g, ' ').slice(0, 40));
    }
    expect(stdout).not.toContain('--github-token');
    expect(stdout).not.toContain('--comment-on-pr');
  });

  it('exits 2 on an unknown mode, an unknown flag or a bad value, sending nothing', async () => {
    emulator.clearRequests();
    expect((await cli(['nope'])).code).toBe(2);
    const unknownFlag = await cli(['sync-policies', '--colour', 'red']);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain('unknown flag --colour');
    const badValue = await cli(['sync-policies', '--base-url', emulator.baseUrl, '--organization', 'acme', '--prune', 'maybe'], {
      SVC_TOKEN: emulator.token,
    });
    expect(badValue.code).toBe(2);
    expect(badValue.stdout).toContain('Input "prune" must be true, false or organization (got "maybe").');
    const outsideJunit = await cli(
      ['run-module-tests', '--base-url', emulator.baseUrl, '--organization', 'acme', '--module-name', 'm', '--module-provider', 'aws', '--junit-file', '../junit.xml'],
      { SVC_TOKEN: emulator.token },
    );
    expect(outsideJunit.code).toBe(2);
    expect(outsideJunit.stdout).toContain('Input "junit-file" must be a path inside the repository, relative to its root: it leaves the repository');
    expect(emulator.requests).toHaveLength(0);
  });

  it('syncs the example policies end to end: plain annotations, name=value outputs, Markdown summary to a file', async () => {
    const summaryFile = join(mkdtempSync(join(tmpdir(), 'cli-')), 'summary.md');
    const args = [
      'sync-policies',
      '--base-url',
      emulator.baseUrl,
      '--organization',
      emulator.organization,
      '--policy-files',
      'examples/policies/*.native',
      '--policy-files',
      'examples/policies/*.rego',
      '--summary-file',
      summaryFile,
    ];
    const first = await cli(args, { SVC_TOKEN: emulator.token });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).not.toMatch(/^::/m);
    expect(first.stdout).not.toContain(emulator.token);
    expect(first.stdout).toMatch(/^created=6$/m);
    expect(readFileSync(summaryFile, 'utf8')).toContain('restrict-instance-types');
    expect(emulator.policies().map((p) => p.name).sort()).toHaveLength(6);

    emulator.clearRequests();
    const second = await cli(args, { SVC_TOKEN: emulator.token });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^unchanged=6$/m);
    expect(emulator.writeRequests()).toHaveLength(0);
  });
});
