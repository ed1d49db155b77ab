// An input the workflow gives that action.yml does not declare (the runner passes every `with:`
// as INPUT_<NAME>) is named in a warning with the declared input nearest it; when a required
// input is then missing, the error names both. The inputs the runner sets for their defaults are
// declared, and never warned of. Refused or not, nothing is sent for it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { readInputs } from '../../../src/inputs/read.ts';
import type { InputReader } from '../../../src/inputs/read.ts';
import { run } from '../../../src/main.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';

/** A reader as the runner's: each input by name, and the names of all it was given. */
function reader(values: Record<string, string>): InputReader {
  return Object.assign((name: string) => values[name] ?? '', { given: () => Object.keys(values) });
}

const tests = {
  mode: 'run-module-tests',
  token: 'tok-123',
  'base-url': 'https://svc.example.com',
  organization: 'acme',
  'module-name': 'vpc',
  'module-provider': 'aws',
};

function readWarnings(values: Record<string, string>): { warnings: string[]; error?: string } {
  const warnings: string[] = [];
  try {
    readInputs(reader(values), (message) => warnings.push(message));
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return { warnings, error: (error as Error).message };
  }
  return { warnings };
}

describe('inputs the workflow gives that action.yml does not declare', () => {
  it('each is named in one warning, with the declared input nearest it; the step goes on', () => {
    const { warnings, error } = readWarnings({ ...tests, 'modul-provider': 'aws', verbos: 'true' });
    expect(error).toBeUndefined();
    expect(warnings).toEqual([
      'The workflow gives the input "modul-provider", which this action does not have: it is ignored. Did you mean "module-provider"?',
      'The workflow gives the input "verbos", which this action does not have: it is ignored. Did you mean "verbose"?',
    ]);
  });

  it('declared inputs, those the runner sets for their defaults included, are never warned of', () => {
    const defaults = { timeout: '30m', 'dry-run': 'false', 'github-token': 'ghs_x', 'fail-on-test-failure': 'true' };
    expect(readWarnings({ ...tests, ...defaults })).toEqual({ warnings: [] });
  });

  it('a name near no input is named all the same, without a guess', () => {
    expect(readWarnings({ ...tests, colour: 'blue' }).warnings).toEqual([
      'The workflow gives the input "colour", which this action does not have: it is ignored.',
    ]);
  });

  it('a missing required input names the misspelt one given in its place', () => {
    const { 'module-name': _, ...withoutName } = tests;
    const { warnings, error } = readWarnings({ ...withoutName, 'modul-name': 'vpc' });
    expect(error).toBe(
      'Input "module-name" is required in mode run-module-tests ("modul-name" given: did you mean "module-name"?).',
    );
    expect(warnings).toEqual([
      'The workflow gives the input "modul-name", which this action does not have: it is ignored. Did you mean "module-name"?',
    ]);
  });

  it('a missing mode or token names the misspelt one too; without one near, the error is as before', () => {
    const { mode: _mode, ...withoutMode } = tests;
    expect(readWarnings({ ...withoutMode, mdoe: 'run-module-tests' }).error).toBe(
      'Input "mode" is required ("mdoe" given: did you mean "mode"?): one of sync-policies, run-module-tests, ' +
        'upgrade-no-code-workspace, publish-no-code-module, provision-no-code-workspace.',
    );
    const { token: _token, ...withoutToken } = tests;
    expect(readWarnings({ ...withoutToken, tokn: 'tok-123' }).error).toBe(
      'Input "token" is required ("tokn" given: did you mean "token"?).',
    );
    expect(readWarnings({ ...withoutToken, colour: 'blue' }).error).toBe('Input "token" is required.');
  });

  it('a name with a line break or control character is shown escaped, on one line', () => {
    const { warnings } = readWarnings({ ...tests, 'x\u2028::error::y\u0007': '1' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toBe(
      'The workflow gives the input "x\\u2028::error::y\\u0007", which this action does not have: it is ignored.',
    );
  });
});

describe("the runner's environment, through the whole step", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(() => emulator.close());
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('INPUT_MODUL-NAME: a warning in the log, and the refusal names both; exit 2, nothing sent', async () => {
    emulator.clearRequests();
    const given: Record<string, string> = {
      mode: 'run-module-tests',
      token: emulator.token,
      'base-url': emulator.baseUrl,
      organization: emulator.organization,
      'modul-name': 'vpc',
      'module-provider': 'aws',
      // Set by the runner for its default: declared.
      timeout: '30m',
    };
    for (const [name, value] of Object.entries(given)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value);
    let runnerLog = '';
    let out = '';
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => {
      runnerLog += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof process.stdout.write;
    let code: number;
    try {
      code = await run({
        sink: plainSink({ stdout: { write: (text: string) => (out += text) } }),
        checkRuns: false,
        saveState: () => undefined,
        workspaceRoot: process.cwd(),
      });
    } finally {
      process.stdout.write = write;
    }
    expect(code).toBe(2);
    // Through the step's sink, like its other warnings (counted against GitHub's ten), and once.
    expect(out.split('\n').filter((line) => line.startsWith('warning: '))).toEqual([
      'warning: The workflow gives the input "modul-name", which this action does not have: it is ignored. Did you mean "module-name"?',
    ]);
    expect(runnerLog).not.toContain('::warning::');
    expect(out).toContain(
      'error: Input "module-name" is required in mode run-module-tests ("modul-name" given: did you mean "module-name"?).',
    );
    expect(emulator.requests).toEqual([]);
  });
});
