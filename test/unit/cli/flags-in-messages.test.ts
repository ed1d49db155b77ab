import { expect, it } from 'vitest';
import { envName } from '../../../src/cli-flags.ts';
import { inputsAsFlags } from '../../../src/cli-sink.ts';

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

it('a refusal of prune names every input in one form: the flag on the command line, no YAML', async () => {
  const { readInputs } = await import('../../../src/inputs/read.ts');
  const given: Record<string, string> = {
    mode: 'sync-policies',
    token: 'tok-123',
    'base-url': 'https://svc.example.com',
    organization: 'acme',
    prune: 'true',
  };
  let message = '';
  try {
    readInputs((name) => given[name] ?? '');
  } catch (error) {
    message = (error as Error).message;
  }
  const all = new Set(['prune', 'policy-sets']);
  const onTheCommandLine = inputsAsFlags(message, all, envName);
  expect(onTheCommandLine).toBe(
    '--prune is true but --policy-sets is empty: a prune of true deletes only policies of the listed policy sets. ' +
      'Give the policy set ids in --policy-sets (an unset variable leaves it empty), or set --prune to organization to prune the whole organization.',
  );
  expect(message).not.toMatch(/prune: /);
});
