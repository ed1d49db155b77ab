// The command line as another CI system starts it, run in the test process through runCli: its
// flags, help, errors and output. What only the process adds (the entry point that tells the
// command line from a runner, the exit code) is proven on the built bundle, test/dist/.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { readActionMetadata } from '../../../src/action-metadata.ts';
import { runCli } from '../../../src/cli.ts';
import { COMMON_INPUTS, MODE_INPUTS, MODES } from '../../../src/inputs/schema.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

/** The command line with these arguments and only these environment variables, as a pipe sees it. */
async function cli(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  });
  return { code, stdout, stderr };
}

describe('command line: help, version, usage', () => {
  it('without a mode, prints the usage on stderr and exits 2, with no workflow command', async () => {
    const { code, stdout, stderr } = await cli([]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^Usage: svc-ci-action <mode> \[--flag value \.\.\.\]/);
    for (const mode of MODES) expect(stderr).toContain(mode);
    expect(stderr).not.toContain('::');
  });

  it('--version prints the version of package.json and exits 0', async () => {
    expect(await cli(['--version'])).toMatchObject({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
  });

  it.each(['--help', '-h'])('%s prints the help with the five modes on stdout and exits 0', async (flag) => {
    const { code, stdout, stderr } = await cli([flag]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    for (const mode of MODES) expect(stdout).toMatch(new RegExp(`^  ${mode} `, 'm'));
    expect(stdout).toContain('--version');
  });

  it('a flag before the mode is refused, naming it', async () => {
    const { code, stderr } = await cli(['--base-url', 'https://app.example.com']);
    expect(code).toBe(2);
    expect(stderr).toContain('error: --base-url comes after a mode.');
  });
});

describe('command line', () => {
  it('knows every input of action.yml, and action.yml declares every input it reads', () => {
    const declared = Object.keys(readActionMetadata().inputs).sort();
    const read = [...new Set([...COMMON_INPUTS, ...Object.values(MODE_INPUTS).flat()])].sort();
    expect(read).toEqual(declared);
  });

  it.each(MODES)("prints the flags of %s from action.yml, and no other mode's", async (mode) => {
    const { code, stdout } = await cli([mode, '--help']);
    expect(code).toBe(0);
    const metadata = readActionMetadata();
    for (const name of MODE_INPUTS[mode]) {
      expect(stdout).toContain(`--${name}`);
      expect(stdout.replace(/\s+/g, ' ')).toContain(
        metadata.inputs[name]!.description.replace(/\s+/g, ' ').slice(0, 40),
      );
    }
    const flags = new Set([...stdout.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]));
    const others = Object.values(MODE_INPUTS)
      .flat()
      .filter(
        (name) =>
          !(MODE_INPUTS[mode] as readonly string[]).includes(name) &&
          !(COMMON_INPUTS as readonly string[]).includes(name),
      );
    for (const name of others) expect(flags.has(name), `--${name} in the help of ${mode}`).toBe(false);
    expect(stdout).not.toContain('--github-token');
    expect(stdout).not.toContain('--comment-on-pr');
    expect(stdout).toContain('--output-file');
  });

  it('offers --timeout only to the modes that wait, and refuses it elsewhere by name, sending nothing', async () => {
    emulator.clearRequests();
    expect((await cli(['run-module-tests', '--help'])).stdout).toContain('--timeout');
    expect((await cli(['upgrade-no-code-workspace', '--help'])).stdout).toContain('--timeout');
    for (const mode of ['sync-policies', 'publish-no-code-module', 'provision-no-code-workspace']) {
      expect((await cli([mode, '--help'])).stdout).not.toContain('--timeout');
      const refused = await cli([mode, '--base-url', emulator.baseUrl, '--timeout', '5m'], {
        SVC_TOKEN: emulator.token,
      });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        `error: --timeout is not a flag of ${mode}: ${mode} never waits for the service`,
      );
    }
    expect(emulator.requests).toHaveLength(0);
  });

  it("names flags, not the action's inputs, in its errors", async () => {
    const missing = await cli(['sync-policies', '--base-url', emulator.baseUrl, '--organization', 'acme']);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toContain('error: --token (or SVC_TOKEN) is required.');
    const malformed = await cli(
      [
        'upgrade-no-code-workspace',
        '--base-url',
        emulator.baseUrl,
        '--no-code-module-id',
        'nocode-x',
        '--workspace-id',
        'ws-x',
        '--timeout',
        'soon',
      ],
      {
        SVC_TOKEN: emulator.token,
      },
    );
    expect(malformed.code).toBe(2);
    expect(malformed.stdout).toMatch(/^error: --timeout must be a duration/m);
    expect(malformed.stdout + missing.stdout).not.toMatch(/[Ii]nput "/);
    // Said once: the terminal shows the error line, not a summary that repeats it.
    expect(missing.stdout.split('is required').length).toBe(2);
    expect(malformed.stdout.split('must be a duration').length).toBe(2);
  });

  it('exits 2 on an unknown mode, an unknown flag or a bad value, sending nothing', async () => {
    emulator.clearRequests();
    expect((await cli(['nope'])).code).toBe(2);
    const unknownFlag = await cli(['sync-policies', '--colour', 'red']);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain('unknown flag --colour');
    const badValue = await cli(
      ['sync-policies', '--base-url', emulator.baseUrl, '--organization', 'acme', '--prune', 'maybe'],
      {
        SVC_TOKEN: emulator.token,
      },
    );
    expect(badValue.code).toBe(2);
    expect(badValue.stdout).toContain('error: --prune must be true, false or organization (got "maybe").');
    const outsideJunit = await cli(
      [
        'run-module-tests',
        '--base-url',
        emulator.baseUrl,
        '--organization',
        'acme',
        '--module-name',
        'm',
        '--module-provider',
        'aws',
        '--junit-file',
        '../junit.xml',
      ],
      { SVC_TOKEN: emulator.token },
    );
    expect(outsideJunit.code).toBe(2);
    expect(outsideJunit.stdout).toContain(
      '--junit-file must be a path inside the repository, relative to its root: it leaves the repository',
    );
    expect(emulator.requests).toHaveLength(0);
  });

  it('refuses the GitHub-only inputs as flags, saying why, and a flag of one value given twice', async () => {
    const checkName = await cli(['sync-policies', '--check-name', 'Policies']);
    expect(checkName.code).toBe(2);
    expect(checkName.stderr).toContain('--check-name is not a flag: check runs are published on GitHub Actions only.');
    const comment = await cli(['run-module-tests', '--comment-on-pr']);
    expect(comment.stderr).toContain(
      '--comment-on-pr is not a flag: pull request comments are written on GitHub Actions only.',
    );
    const mode = await cli(['sync-policies', '--mode', 'run-module-tests']);
    expect(mode.stderr).toContain('--mode is not a flag: the mode is the first argument (sync-policies here).');
    const twice = await cli(['sync-policies', '--organization', 'acme', '--organization', 'other']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('--organization is given twice.');
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
    expect(
      emulator
        .policies()
        .map((p) => p.name)
        .sort(),
    ).toHaveLength(6);

    emulator.clearRequests();
    const second = await cli(args, { SVC_TOKEN: emulator.token });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^unchanged=6$/m);
    expect(emulator.writeRequests()).toHaveLength(0);
  });

  it('in a terminal, prints the summary as text and the outputs but result, which goes only to --output-file', async () => {
    const args = [
      'sync-policies',
      '--base-url',
      emulator.baseUrl,
      '--organization',
      emulator.organization,
      '--policy-files',
      'examples/policies/*.native',
      '--dry-run',
    ];
    const shown = await cli(args, { SVC_TOKEN: emulator.token });
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toMatch(/debug|::/);
    expect(shown.stdout).toMatch(/^created=\d+$/m);
    expect(shown.stdout).not.toMatch(/^result/m);
    expect(shown.stdout).not.toMatch(/<\/?(table|tr|td|details|summary)\b/);
    expect(shown.stdout).toMatch(/^│ Policy +│/m);
    expect(shown.stdout).toContain('SYNC POLICIES');

    // --debug: the requests and what the policy files matched, as plain debug lines; not the
    // glob library's internals.
    const debugged = await cli([...args, '--debug'], { SVC_TOKEN: emulator.token });
    expect(debugged.stdout).toMatch(/^debug: GET \S+\/organizations\/acme\/policies/m);
    expect(debugged.stdout).toMatch(/^debug: policy-files \(.*\) matched \d+ files\.$/m);
    expect(debugged.stdout).not.toMatch(/Search path|followSymbolicLinks|implicitDescendants/);
    expect(debugged.stdout).not.toMatch(/^::/m);

    const outputFile = join(mkdtempSync(join(tmpdir(), 'cli-')), 'outputs.txt');
    const filed = await cli([...args, '--output-file', outputFile], { SVC_TOKEN: emulator.token });
    expect(filed.code).toBe(0);
    expect(filed.stdout).not.toMatch(/^(created|result)/m);
    const written = readFileSync(outputFile, 'utf8');
    expect(written).toMatch(/^created=\d+$/m);
    const result = /^result=(.*)$/m.exec(written)?.[1] ?? /^result<<(\S+)\n([\s\S]*?)\n\1$/m.exec(written)?.[2];
    expect(JSON.parse(result ?? 'null')).toBeTruthy();
  });
});
