// Mistakes typed on the command line get the fix: a mistyped mode or flag its nearest name, and a
// pattern the shell expanded into several files (the words after a flag that takes one value) a
// hint to quote it. All before any request: nothing here reaches a service.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli.ts';

async function cli(args: string[]): Promise<{ code: number; stderr: string; stdout: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: {},
  });
  return { code, stdout, stderr };
}

const firstLine = (text: string): string => text.split('\n')[0]!;

describe('a mistyped mode or flag', () => {
  it('a mode one or two letters off: did you mean the mode', async () => {
    const { code, stderr } = await cli(['sync-policy']);
    expect(code).toBe(2);
    expect(firstLine(stderr)).toBe('error: unknown mode "sync-policy". Did you mean "sync-policies"?');
    expect(firstLine((await cli(['run-modul-test'])).stderr)).toBe(
      'error: unknown mode "run-modul-test". Did you mean "run-module-tests"?',
    );
  });

  it('a word near no mode gets no guess', async () => {
    expect(firstLine((await cli(['deploy'])).stderr)).toBe('error: unknown mode "deploy".');
  });

  it('a flag a letter off: did you mean the flag of this mode', async () => {
    const { code, stderr } = await cli(['run-module-tests', '--modul-name', 'network']);
    expect(code).toBe(2);
    expect(firstLine(stderr)).toBe('error: unknown flag --modul-name. Did you mean --module-name?');
    expect(firstLine((await cli(['sync-policies', '--debgu'])).stderr)).toBe(
      'error: unknown flag --debgu. Did you mean --debug?',
    );
    expect(firstLine((await cli(['sync-policies', '--colour', 'red'])).stderr)).toBe('error: unknown flag --colour.');
  });
});

describe('a pattern the shell expanded', () => {
  it('several files after --policy-files: quote the pattern, with the pattern to write', async () => {
    const { code, stderr } = await cli([
      'sync-policies',
      '--policy-files',
      'policies/a.native',
      'policies/b.native',
      'policies/c.native',
      '--dry-run',
    ]);
    expect(code).toBe(2);
    expect(firstLine(stderr)).toBe(
      'error: unexpected argument "policies/b.native" after --policy-files policies/a.native: a flag takes one value. ' +
        "Likely the shell expanded an unquoted pattern into these 3 files: quote it so that it reaches the command whole, --policy-files 'policies/*.native'.",
    );
  });

  it('files of several directories: the pattern under the directory they share', async () => {
    const { stderr } = await cli(['sync-policies', '--policy-files', 'policies/aws/a.native', 'policies/gcp/b.native']);
    expect(stderr).toContain("--policy-files 'policies/**/*.native'.");
  });

  it('a second word after another flag: one value a flag', async () => {
    expect(firstLine((await cli(['sync-policies', '--organization', 'acme', 'corp'])).stderr)).toBe(
      'error: unexpected argument "corp" after --organization acme: a flag takes one value; quote a value that holds spaces, and repeat the flag for each value.',
    );
  });

  it('a stray word not after a flag value: flags look like --name value', async () => {
    expect(firstLine((await cli(['sync-policies', 'stray'])).stderr)).toBe(
      'error: unexpected argument "stray"; flags look like --name value.',
    );
  });
});
