import { expect, it } from 'vitest';
import { envName } from '../../src/cli-flags.ts';
import { inputsAsFlags } from '../../src/cli-sink.ts';

const inputs = new Set([
  'token',
  'base-url',
  'timeout',
  'organization',
  'policy-config',
  'variable-options',
  'variable-options-file',
  'registry-module-id',
  'no-code-module-id',
]);
const flags = (text: string): string => inputsAsFlags(text, inputs, envName);

it('names the flag where a message names an input', () => {
  expect(flags('Input "timeout" must be a duration such as 90s (got "soon").')).toBe(
    '--timeout must be a duration such as 90s (got "soon").',
  );
  expect(flags('Check the organization input and that the token may manage its policies.')).toBe(
    'Check --organization and that the token may manage its policies.',
  );
  expect(flags('The policy-config input names x.hcl, which does not exist.')).toBe(
    '--policy-config names x.hcl, which does not exist.',
  );
  expect(flags('Inputs "variable-options" and "variable-options-file" cannot both be set.')).toBe(
    '--variable-options and --variable-options-file cannot both be set.',
  );
  expect(
    flags('Input "registry-module-id" (to allow a module) or "no-code-module-id" (to update one) is required.'),
  ).toBe('--registry-module-id (to allow a module) or --no-code-module-id (to update one) is required.');
});

it('says which variable gives a missing input', () => {
  expect(flags('Input "token" is required.')).toBe('--token (or SVC_TOKEN) is required.');
  expect(flags('Input "organization" is required in mode sync-policies.')).toBe(
    '--organization (or SVC_ORGANIZATION) is required in mode sync-policies.',
  );
});

it('leaves alone what is not an input: quoted values, policy names, other words', () => {
  for (const text of [
    'policy "timeout" failed',
    'Input "colour" is unknown',
    'the plan input of the run',
    'run "base-url" failed: token expired',
  ]) {
    expect(flags(text)).toBe(text);
  }
});
