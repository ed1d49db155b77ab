import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ConfigurationError } from '../../../src/errors.ts';
import { readInputs, readServiceInputs, serviceSecretsAsGiven } from '../../../src/inputs/read.ts';
import { INPUTS, MODES, inputDefault, isRequiredIn, secretsOf } from '../../../src/inputs/schema.ts';
import type { InputName } from '../../../src/inputs/schema.ts';
import { normaliseBaseUrl } from '../../../src/service/urls.ts';
import type { Inputs } from '../../../src/inputs/schema.ts';
import { parseDuration, parseWorkspaceVariables } from '../../../src/inputs/parsers.ts';

const base = { mode: 'sync-policies', token: 'tok-123', 'base-url': 'https://svc.example.com', organization: 'acme' };

function read(values: Record<string, string>): Inputs {
  return readInputs((name) => values[name] ?? '');
}

function failure(values: Record<string, string>): string {
  try {
    read(values);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigurationError');
}

describe('readInputs', () => {
  it('rejects an unknown mode naming the valid ones', () => {
    expect(failure({ ...base, mode: 'nope' })).toBe(
      'Input "mode" must be one of sync-policies, run-module-tests, upgrade-no-code-workspace, publish-no-code-module, provision-no-code-workspace (got "nope").',
    );
    expect(failure({ token: 'x' })).toMatch(/^Input "mode" is required/);
  });

  it('names the mode a mistyped one most likely meant', () => {
    expect(failure({ ...base, mode: 'sync-policy' })).toMatch(
      /\(got "sync-policy"\)\. Did you mean "sync-policies"\?$/,
    );
    expect(failure({ ...base, mode: 'Run-Module-Tests' })).toMatch(/Did you mean "run-module-tests"\?$/);
  });

  it('applies the defaults of action.yml when an input is absent', () => {
    const inputs = read(base);
    expect(inputs).toMatchObject({
      mode: 'sync-policies',
      baseUrl: 'https://svc.example.com/api/v2',
      timeoutMs: 30 * 60_000,
      dryRun: false,
      policyFiles: ['policies/**/*.native', 'policies/**/*.rego'],
      // None set: a new policy is advisory, an existing one keeps the service's level.
      enforcementLevel: null,
      policySets: [],
      prune: 'off',
    });
  });

  it('has one row for each input of action.yml, and required in every mode exactly where action.yml says required', () => {
    const action = parseYaml(readFileSync(new URL('../../../action.yml', import.meta.url), 'utf8')) as {
      inputs: Record<string, { required?: boolean; default?: string }>;
    };
    expect(Object.keys(INPUTS).sort()).toEqual(Object.keys(action.inputs).sort());
    for (const name of Object.keys(INPUTS) as InputName[]) {
      const everywhere = MODES.every((mode) => isRequiredIn(mode, name));
      expect(everywhere, name).toBe(action.inputs[name]!.required === true);
    }
  });

  it("takes each input's default from action.yml, except GitHub's own expressions", () => {
    expect(inputDefault('timeout')).toBe('30m');
    expect(inputDefault('policy-files')).toBe('policies/**/*.native\npolicies/**/*.rego');
    expect(inputDefault('fail-on-test-failure')).toBe('true');
    expect(inputDefault('organization')).toBe('');
    // `${{ github.token }}` means something to the runner only; elsewhere no token is better than that text.
    expect(inputDefault('github-token')).toBe('');
    expect(read({ ...base, timeout: '  ', 'github-token': '' })).toMatchObject({
      timeoutMs: 30 * 60_000,
      githubToken: '',
    });
  });

  it('reads what the post step needs, the token and the base URL, as the main step does', () => {
    expect(
      readServiceInputs((name) => ({ token: ' tok-1 ', 'base-url': 'https://svc.example.com' })[name] ?? ''),
    ).toEqual({
      token: 'tok-1',
      baseUrl: 'https://svc.example.com/api/v2',
    });
    expect(() => readServiceInputs((name) => (name === 'base-url' ? 'https://svc.example.com' : ''))).toThrow(
      /^Input "token" is required\.$/,
    );
    expect(() => readServiceInputs((name) => (name === 'token' ? 'tok-1' : 'http://svc.example.com'))).toThrow(
      /^Input "base-url" must use https:\/\//,
    );
  });

  it('gives the post step the secrets among those inputs as given, to mask even a token the table refuses', () => {
    const given: Record<string, string> = { token: ' bad token\n', 'base-url': 'https://svc.example.com' };
    expect(serviceSecretsAsGiven((name) => given[name] ?? '')).toEqual(['bad token']);
    expect(serviceSecretsAsGiven(() => '')).toEqual([]);
  });

  it.each([
    [{ 'base-url': 'ftp://x' }, /^Input "base-url" must start with https:\/\//],
    [{ 'base-url': 'not-a-url' }, /^Input "base-url" must be an http\(s\) address/],
    [{ timeout: '10 minutes' }, /^Input "timeout" must be a duration/],
    [{ timeout: '0' }, /^Input "timeout" must be a duration/],
    [{ 'dry-run': 'yes' }, /^Input "dry-run" must be true or false \(got "yes"\)/],
    [{ organization: 'ac me' }, /^Input "organization" may contain only letters/],
    [{ organization: '' }, /^Input "organization" is required in mode sync-policies/],
    [{ 'enforcement-level': 'strict' }, /^Input "enforcement-level" must be one of/],
    [
      { 'policy-sets': 'polset-abc, pol-1' },
      /^Input "policy-sets" must be an id starting with "polset-" \(got "pol-1"\)/,
    ],
    [{ token: '' }, /^Input "token" is required/],
  ])('rejects %o', (override, message) => {
    expect(failure({ ...base, ...override })).toMatch(message);
  });

  it('parses run-module-tests inputs', () => {
    const inputs = read({
      ...base,
      mode: 'run-module-tests',
      'module-name': 'vpc',
      'module-provider': 'aws',
      'test-filters': 'tests/a.tftest.hcl\n\ntests/b.tftest.hcl\n',
      'test-variables': 'region = "eu-west-1"\ncount = 3\ntags = { team = "x" }',
      'test-env-variables': 'AWS_SECRET=ab=cd\nTF_LOG=debug',
      verbose: 'true',
    });
    expect(inputs).toMatchObject({
      mode: 'run-module-tests',
      moduleDirectory: '.',
      moduleNamespace: 'acme',
      testDirectory: 'tests',
      testFilters: ['tests/a.tftest.hcl', 'tests/b.tftest.hcl'],
      testVariables: [
        { key: 'region', value: '"eu-west-1"' },
        { key: 'count', value: '3' },
        { key: 'tags', value: '{ team = "x" }' },
      ],
      testEnvVariables: [
        { key: 'AWS_SECRET', value: 'ab=cd' },
        { key: 'TF_LOG', value: 'debug' },
      ],
      verbose: true,
      failOnTestFailure: true,
      allowLinksOutsideRepository: false,
    });
    expect(failure({ ...base, mode: 'run-module-tests', 'module-provider': 'aws' })).toBe(
      'Input "module-name" is required in mode run-module-tests.',
    );
    expect(
      failure({
        ...base,
        mode: 'run-module-tests',
        'module-name': 'vpc',
        'module-provider': 'aws',
        'test-variables': 'region',
      }),
    ).toMatch(/^Input "test-variables" line 1 must look like key = "value"/);
    const secret = 's3cr3t-value';
    const message = failure({
      ...base,
      mode: 'run-module-tests',
      'module-name': 'v',
      'module-provider': 'a',
      'test-env-variables': `BAD KEY=${secret}`,
    });
    expect(message).toMatch(/^Input "test-env-variables" line 1/);
    expect(message).not.toContain(secret);
  });

  it('names as secrets the tokens, every test environment value and only the sensitive workspace variables', () => {
    const tests = read({
      ...base,
      mode: 'run-module-tests',
      'github-token': 'ghs_abc',
      'module-name': 'vpc',
      'module-provider': 'aws',
      'test-env-variables': 'AWS_SECRET=ab=cd\nTF_LOG=debug\nEMPTY=',
    });
    expect(secretsOf(tests).sort()).toEqual(['ab=cd', 'debug', 'ghs_abc', 'tok-123']);
    const upgrade = read({
      ...base,
      mode: 'upgrade-no-code-workspace',
      'no-code-module-id': 'nocode-abc',
      'workspace-id': 'ws-1',
      'workspace-variables': JSON.stringify([
        { key: 'db_password', value: 'hunter2', sensitive: true },
        { key: 'region', value: 'eu-west-1' },
      ]),
    });
    expect(secretsOf(upgrade)).toEqual(['tok-123', 'hunter2']);
    expect(secretsOf(read(base))).toEqual(['tok-123']);
  });

  it('parses upgrade-no-code-workspace inputs', () => {
    const inputs = read({
      ...base,
      mode: 'upgrade-no-code-workspace',
      'no-code-module-id': 'nocode-abc',
      'workspace-id': 'ws-1, ws-2\nws-1',
      'workspace-variables': 'region=eu-west-1\nenv:TF_LOG=info',
      confirm: 'true',
    });
    expect(inputs).toMatchObject({
      noCodeModuleId: 'nocode-abc',
      workspaceIds: ['ws-1', 'ws-2'],
      workspaceVariables: [
        { key: 'region', value: 'eu-west-1', category: 'svc', hcl: false, sensitive: false },
        { key: 'TF_LOG', value: 'info', category: 'env', hcl: false, sensitive: false },
      ],
      confirm: true,
    });
    expect(
      failure({ ...base, mode: 'upgrade-no-code-workspace', 'no-code-module-id': 'mod-x', 'workspace-id': 'ws-1' }),
    ).toMatch(/^Input "no-code-module-id" must be an id starting with "nocode-"/);
    expect(
      failure({
        ...base,
        mode: 'upgrade-no-code-workspace',
        'no-code-module-id': 'nocode-x',
        'workspace-id': 'workspace-1',
      }),
    ).toMatch(/^Input "workspace-id" must be an id starting with "ws-"/);
  });

  it('parses the no-code lifecycle modes', () => {
    expect(
      read({
        ...base,
        mode: 'provision-no-code-workspace',
        'no-code-module-id': 'nocode-a',
        'project-id': 'prj-b',
        'workspace-name': 'app-prod',
      }),
    ).toMatchObject({ workspaceName: 'app-prod', autoApply: false, workspaceVariables: [] });
    expect(
      failure({
        ...base,
        mode: 'provision-no-code-workspace',
        'no-code-module-id': 'nocode-a',
        'project-id': 'prj-b',
        'workspace-name': 'app prod',
      }),
    ).toMatch(/^Input "workspace-name" may contain only letters, digits/);
    expect(
      read({
        ...base,
        mode: 'publish-no-code-module',
        'registry-module-id': 'mod-a',
        'variable-options': 'region:\n  type: string\n  options: [a, b]',
      }),
    ).toMatchObject({
      enabled: null,
      variableOptions: [{ variableName: 'region', variableType: 'string', options: ['a', 'b'] }],
    });
    expect(failure({ ...base, mode: 'publish-no-code-module' })).toMatch(
      /^Input "registry-module-id" .* or "no-code-module-id"/,
    );
    expect(
      failure({ ...base, mode: 'publish-no-code-module', 'registry-module-id': 'mod-a', 'version-pin': 'newest' }),
    ).toMatch(/^Input "version-pin" must be a module version/);
  });
});

describe('parsers', () => {
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['45', 45_000],
  ])('duration %s', (text, ms) => expect(parseDuration('timeout', text)).toBe(ms));

  it('normalises the base URL', () => {
    expect(normaliseBaseUrl('https://h.example/').href).toBe('https://h.example/api/v2');
    expect(normaliseBaseUrl('https://h.example/api/v2/').href).toBe('https://h.example/api/v2');
    expect(normaliseBaseUrl('http://127.0.0.1:8080/prefix').href).toBe('http://127.0.0.1:8080/prefix/api/v2');
  });

  it('reads workspace variables as a JSON array', () => {
    expect(
      parseWorkspaceVariables(
        'workspace-variables',
        '[{"key":"tags","value":"{a=1}","hcl":true},{"key":"T","value":"x","category":"env","sensitive":true}]',
      ),
    ).toEqual([
      { key: 'tags', value: '{a=1}', category: 'svc', hcl: true, sensitive: false },
      { key: 'T', value: 'x', category: 'env', hcl: false, sensitive: true },
    ]);
    expect(() => parseWorkspaceVariables('workspace-variables', '[{"key":"a","value":"secret"')).toThrow(
      'Input "workspace-variables" starts with "[" but is not valid JSON.',
    );
    expect(() => parseWorkspaceVariables('workspace-variables', '[{"key":"a","category":"terraform"}]')).toThrow(
      /category must be "svc" or "env"/,
    );
  });
});

describe('more input rules', () => {
  it('refuses a token with spaces without echoing it', () => {
    const message = failure({ ...base, token: 'Bearer abc.def' });
    expect(message).toBe('Input "token" contains spaces or line breaks: give the API token alone, without "Bearer ".');
  });

  it('needs the organization to allow a module, not to update one by id', () => {
    expect(
      read({ ...base, organization: '', mode: 'publish-no-code-module', 'no-code-module-id': 'nocode-a' }),
    ).toMatchObject({
      organization: '',
      noCodeModuleId: 'nocode-a',
    });
    expect(failure({ ...base, organization: '', mode: 'publish-no-code-module', 'registry-module-id': 'mod-a' })).toBe(
      'Input "organization" is required in mode publish-no-code-module.',
    );
  });
});

describe('prune', () => {
  it('reads prune as off, a policy-sets prune, or the explicit whole-organization prune', () => {
    expect(read({ ...base, prune: 'false' })).toMatchObject({ prune: 'off' });
    expect(read({ ...base, prune: 'true', 'policy-sets': 'polset-a' })).toMatchObject({
      prune: 'policy-sets',
      policySets: [{ id: 'polset-a', kind: null }],
    });
    expect(read({ ...base, prune: 'organization' })).toMatchObject({ prune: 'organization', policySets: [] });
  });

  it('refuses prune: true without policy-sets, and any other value', () => {
    expect(failure({ ...base, prune: 'true' })).toMatch(
      /^Input "prune" is true but input "policy-sets" is empty: .*set input "prune" to organization to prune the whole organization\.$/,
    );
    expect(failure({ ...base, prune: 'maybe' })).toBe(
      'Input "prune" must be true, false or organization (got "maybe").',
    );
  });
});

describe('test-env-variables-prune', () => {
  const tests = { ...base, mode: 'run-module-tests', 'module-name': 'vpc', 'module-provider': 'aws' };

  it('is false unless set; true with variables to keep', () => {
    expect(read({ ...tests, 'test-env-variables': 'A=1' })).toMatchObject({ testEnvVariablesPrune: false });
    expect(read({ ...tests, 'test-env-variables': 'A=1', 'test-env-variables-prune': 'true' })).toMatchObject({
      testEnvVariablesPrune: true,
    });
  });

  it('refuses true without test-env-variables: an unset secret must not delete every variable', () => {
    expect(failure({ ...tests, 'test-env-variables-prune': 'true' })).toMatch(
      /^Input "test-env-variables-prune" is true but input "test-env-variables" is empty: it would delete every test environment variable of the module\./,
    );
    expect(failure({ ...tests, 'test-env-variables': 'A=1', 'test-env-variables-prune': 'yes' })).toMatch(
      /^Input "test-env-variables-prune" must be/,
    );
  });
});

describe('inputs a hostile or careless workflow may give', () => {
  const upgrade = {
    ...base,
    mode: 'upgrade-no-code-workspace',
    'no-code-module-id': 'nocode-a',
    'workspace-id': 'ws-1',
  };
  const tests = { ...base, mode: 'run-module-tests', 'module-name': 'vpc', 'module-provider': 'aws' };

  it.each([
    [
      { ...upgrade, 'workspace-id': ',,,' },
      'Input "workspace-id" holds no item once split at commas and line breaks (got ",,,").',
    ],
    [{ ...upgrade, 'workspace-id': ' ,\n, ' }, /^Input "workspace-id" holds no item once split/],
    [{ ...base, 'policy-sets': ',' }, /^Input "policy-sets" holds no item once split/],
    [
      { ...tests, 'module-directory': '/etc' },
      'Input "module-directory" must be a path inside the repository, relative to its root: it is absolute (got "/etc").',
    ],
    [
      { ...tests, 'module-directory': '../../..' },
      /^Input "module-directory" must be a path inside the repository, relative to its root: it leaves the repository/,
    ],
    [{ ...tests, 'module-directory': 'modules/../../x' }, /it leaves the repository/],
    [{ ...tests, 'module-directory': 'C:\\Windows' }, /it is absolute/],
    [{ ...tests, 'module-directory': '~/.ssh' }, /it starts from a home directory/],
    [
      { ...base, 'policy-files': 'policies/*.native\n/etc/**' },
      'Input "policy-files" must hold patterns inside the repository, relative to its root: it is absolute (got "/etc/**").',
    ],
    [{ ...base, 'policy-files': '!/etc/passwd' }, /it is absolute \(got "!\/etc\/passwd"\)/],
    [{ ...base, 'policy-files': 'policies/../../**/*.native' }, /it leaves the repository|it has a "\.\." segment/],
    [{ ...base, 'policy-files': 'policies/**/../x.native' }, /it has a "\.\." segment/],
    [{ ...base, 'policy-files': '~/policies/*.rego' }, /it starts from a home directory/],
    [
      { ...base, 'policy-config': '/etc/policies.hcl' },
      /^Input "policy-config" must be a path inside the repository.*it is absolute/,
    ],
    [{ ...base, 'policy-config': '../other-repo/policies.hcl' }, /^Input "policy-config" .*it leaves the repository/],
    [
      {
        ...base,
        mode: 'publish-no-code-module',
        'registry-module-id': 'mod-a',
        'variable-options-file': '/etc/passwd',
      },
      /^Input "variable-options-file" must be a path inside the repository.*it is absolute/,
    ],
    [
      { ...base, 'base-url': 'http://svc.example.com' },
      /^Input "base-url" must use https:\/\/ unless the service runs on this machine .*the token would travel in clear/,
    ],
    [{ ...base, 'base-url': 'http://10.0.0.5:8080' }, /must use https:\/\//],
    [
      { ...base, 'base-url': 'https://svc.example.com/api/v2?org=x' },
      /^Input "base-url" must not have a query \(\?\.\.\.\) or a fragment/,
    ],
    [{ ...base, 'base-url': 'https://svc.example.com/api/v2#top' }, /must not have a query/],
    [{ ...base, 'base-url': 'https://svc.example.com/api/v2?' }, /must not have a query/],
    [
      { ...base, 'base-url': 'https://user:pw@svc.example.com' },
      /^Input "base-url" must not carry a user name or password/,
    ],
    [
      { ...base, 'base-url': 'https://svc.example.com/api\n/v2' },
      /^Input "base-url" must not hold spaces, line breaks, control or invisible characters \(got "https:\/\/svc.example.com\/api\\n\/v2"\)/,
    ],
    [{ ...base, 'base-url': 'https://svc.example.com/a\tpi/v2' }, /must not hold spaces/],
    [{ ...base, 'base-url': 'https://svc.exa\u200bmple.com' }, /must not hold spaces/],
    [
      { ...base, token: 'abc\u200bdef' },
      'Input "token" contains a control, invisible or non-ASCII character: copy the API token again, without anything around it.',
    ],
    [{ ...base, token: 'abc\u0000def' }, /^Input "token" contains a control/],
    [{ ...base, token: 'abc\u00a0def' }, /^Input "token" contains spaces or line breaks/],
    [{ ...base, token: 'abc\ndef' }, /^Input "token" contains spaces or line breaks/],
    [
      { ...base, timeout: '99999999999999999999' },
      'Input "timeout" is longer than the longest wait allowed, 24h (got "99999999999999999999").',
    ],
    [{ ...base, timeout: '25h' }, /longer than the longest wait allowed/],
    [{ ...base, timeout: '86401' }, /longer than the longest wait allowed/],
    [
      { ...upgrade, 'workspace-variables': '[{"key":"a b","value":"x"}]' },
      'Input "workspace-variables" item 1: key "a b" is not a variable name (letters, digits, _ and -, not starting with a digit).',
    ],
    [
      { ...upgrade, 'workspace-variables': '[{"key":"PATH=x","value":"y","category":"env"}]' },
      /item 1: key "PATH=x" is not an environment variable name/,
    ],
    [{ ...upgrade, 'workspace-variables': '[{"key":"1st","value":"x"}]' }, /key "1st" is not a variable name/],
  ])('refuses %j', (values, message) => {
    const text = failure(values as Record<string, string>);
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  });

  it('never echoes the token it refuses', () => {
    for (const token of ['secret\u200bvalue', 'secret value', 'secret\u0007value'])
      expect(failure({ ...base, token })).not.toContain('secret');
  });

  it('never echoes the password of a base URL it refuses', () => {
    for (const url of [
      'https://user:s3cret@svc.example.com',
      'ftp://user:s3cret@svc.example.com',
      'https://user:s3cret@svc .example.com',
    ]) {
      const text = failure({ ...base, 'base-url': url });
      expect(text).toMatch(/^Input "base-url" must /);
      expect(text).not.toContain('s3cret');
    }
    expect(failure({ ...base, 'base-url': 'https://user:s3cret@svc.example.com' })).toBe(
      'Input "base-url" must not carry a user name or password: the service is reached with the API token alone (got "https://***@svc.example.com").',
    );
  });

  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/api/v2'],
    ['http://127.3.2.1/x', 'http://127.3.2.1/x/api/v2'],
    ['http://[::1]:9000/api/v2', 'http://[::1]:9000/api/v2'],
    ['http://localhost:3000', 'http://localhost:3000/api/v2'],
    ['https://svc.example.com/tfe/', 'https://svc.example.com/tfe/api/v2'],
  ])('accepts the base URL %s', (url, href) => {
    expect(read({ ...base, 'base-url': url }).baseUrl).toBe(href);
  });

  it('keeps paths and patterns that stay inside the repository, and the 24h bound itself', () => {
    expect(read({ ...tests, 'module-directory': 'modules/vpc/../vpc' })).toMatchObject({
      moduleDirectory: 'modules/vpc/../vpc',
    });
    expect(
      read({
        ...base,
        'policy-files': 'policies/**/*.native\n!policies/drafts/**',
        'policy-config': './policies/policies.hcl',
        timeout: '24h',
      }),
    ).toMatchObject({
      policyFiles: ['policies/**/*.native', '!policies/drafts/**'],
      policyConfig: './policies/policies.hcl',
      timeoutMs: 24 * 3_600_000,
    });
  });
});

describe('report inputs', () => {
  const tests = { ...base, mode: 'run-module-tests', 'module-name': 'vpc', 'module-provider': 'aws' };

  it('junit-file: empty writes none; a path inside the workspace is kept, normalised', () => {
    expect(read(tests)).toMatchObject({ junitFile: '' });
    expect(read({ ...tests, 'junit-file': 'reports/junit.xml' })).toMatchObject({ junitFile: 'reports/junit.xml' });
    expect(read({ ...tests, 'junit-file': './reports//x/../junit.xml' })).toMatchObject({
      junitFile: 'reports/junit.xml',
    });
    expect(read({ ...tests, 'junit-file': 'reports\\junit.xml' })).toMatchObject({ junitFile: 'reports/junit.xml' });
  });

  it.each([
    ['/etc/passwd', 'it is absolute'],
    ['C:\\temp\\junit.xml', 'it is absolute'],
    ['~/junit.xml', 'it starts from a home directory'],
    ['../junit.xml', 'it leaves the repository'],
    ['reports/../../junit.xml', 'it leaves the repository'],
    ['..\\..\\junit.xml', 'it leaves the repository'],
    ['reports/', 'it names a directory, not a file'],
    ['.', 'it names a directory, not a file'],
    ['a\u0000b.xml', 'it holds control characters'],
  ])('junit-file %j is refused: %s', (value, why) => {
    expect(failure({ ...tests, 'junit-file': value })).toBe(
      `Input "junit-file" must be a path inside the repository, relative to its root: ${why} (got ${JSON.stringify(value)}).`,
    );
  });

  it('comment-on-pr is a boolean, false unless set', () => {
    expect(read(base)).toMatchObject({ commentOnPr: false });
    expect(read({ ...base, 'comment-on-pr': 'true' })).toMatchObject({ commentOnPr: true });
    expect(failure({ ...base, 'comment-on-pr': 'yes' })).toBe(
      'Input "comment-on-pr" must be true or false (got "yes").',
    );
  });
});
