import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { readLocalPolicies } from '../../../src/modes/sync-policies/local-policies.ts';
import { readPolicyConfig } from '../../../src/modes/sync-policies/policy-config.ts';
import type { Problem } from '../../../src/modes/sync-policies/policy-model.ts';
import { MAX_POLICY_CODE_BYTES } from '../../../src/modes/sync-policies/policy-model.ts';
import { lineOf, makeWorkspace } from '../../sync-policies/temp-workspace.ts';

const DEFAULT_PATTERNS = ['policies/**/*.native', 'policies/**/*.rego'];
const NATIVE = 'import "tfplan/v2" as tfplan\n\nmain = rule { true }\n';
const rego = (pkg: string): string =>
  `package ${pkg}\n\nimport rego.v1\n\ndeny contains msg if {\n  false\n  msg := "never"\n}\n`;

function read(
  workspaceRoot: string,
  options: { patterns?: string[]; configPath?: string; defaultEnforcementLevel?: string } = {},
) {
  return readLocalPolicies({
    patterns: options.patterns ?? DEFAULT_PATTERNS,
    ...(options.configPath !== undefined ? { configPath: options.configPath } : {}),
    defaultEnforcementLevel: options.defaultEnforcementLevel ?? 'advisory',
    workspaceRoot,
  });
}

/** Problems as `file:line: message` lines, easier to read in a failing assertion. */
function where(problems: Problem[]): string[] {
  return problems.map((p) => `${p.file}${p.line === undefined ? '' : `:${p.line}`}`);
}

describe('files that no block references', () => {
  it('are policies named after the file: .native native, .rego opa with the query from its package', async () => {
    const root = await makeWorkspace({
      'policies/restrict-ami.native': NATIVE,
      'policies/aws/s3-encryption.rego': rego('terraform.policies.s3_encryption'),
      'policies/aws/quoted-package.rego': `# comment first\npackage terraform["quoted-pkg"]\n\ndeny contains "x" if false\n`,
    });
    const result = await read(root);
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.policies).toEqual([
      {
        name: 'quoted-package',
        kind: 'opa',
        enforcementLevel: 'advisory',
        enforcementLevelStated: true,
        description: null,
        query: 'data.terraform["quoted-pkg"].deny',
        code: `# comment first\npackage terraform["quoted-pkg"]\n\ndeny contains "x" if false\n`,
        codeBytes: Buffer.byteLength(
          `# comment first\npackage terraform["quoted-pkg"]\n\ndeny contains "x" if false\n`,
        ),
        sourceFile: 'policies/aws/quoted-package.rego',
        definedAt: { file: 'policies/aws/quoted-package.rego' },
      },
      {
        name: 'restrict-ami',
        kind: 'native',
        enforcementLevel: 'advisory',
        enforcementLevelStated: true,
        description: null,
        query: null,
        code: NATIVE,
        codeBytes: Buffer.byteLength(NATIVE),
        sourceFile: 'policies/restrict-ami.native',
        definedAt: { file: 'policies/restrict-ami.native' },
      },
      expect.objectContaining({
        name: 's3-encryption',
        kind: 'opa',
        query: 'data.terraform.policies.s3_encryption.deny',
      }),
    ]);
  });

  it('take the enforcement-level input as their level', async () => {
    const root = await makeWorkspace({ 'policies/a.native': NATIVE });
    const result = await read(root, { defaultEnforcementLevel: 'soft-mandatory' });
    expect(result.policies.map((p) => p.enforcementLevel)).toEqual(['soft-mandatory']);
  });

  it('keep the code byte for byte: byte order mark, CRLF line ends, no trailing newline', async () => {
    const code = '\uFEFFimport "tfplan/v2" as tfplan\r\nmain = rule { true }';
    const root = await makeWorkspace({ 'policies/bom.native': code });
    const [policy] = (await read(root)).policies;
    expect(policy!.code).toBe(code);
    expect(Buffer.from(policy!.code, 'utf8')).toEqual(Buffer.from(code, 'utf8'));
    expect(policy!.codeBytes).toBe(Buffer.byteLength(code));
  });

  it('follow the patterns: ! excludes, # comments, several patterns on one line each, relative to the workspace root', async () => {
    const root = await makeWorkspace({
      'policies/keep.native': NATIVE,
      'policies/drafts/draft.native': NATIVE,
      'other/elsewhere.native': NATIVE,
    });
    const result = await read(root, {
      patterns: ['# the policies\npolicies/**/*.native\n!policies/drafts/**', './other/*.native'],
    });
    expect(result.problems).toEqual([]);
    expect(result.policies.map((p) => p.name)).toEqual(['elsewhere', 'keep']);
  });

  it('are found under a workspace root whose path holds glob characters', async () => {
    const root = await makeWorkspace(
      { 'policies/a.native': NATIVE, 'policies/b.rego': rego('terraform.b') },
      'repo [x]*?{a,b} ',
    );
    const result = await read(root);
    expect(result.problems).toEqual([]);
    expect(result.policies.map((p) => p.sourceFile)).toEqual(['policies/a.native', 'policies/b.rego']);
  });

  it('skip test files (OPA *_test.rego, test/<policy>/ cases and mocks, testdata/) with one warning', async () => {
    const root = await makeWorkspace({
      'policies/tags.rego': rego('terraform.policies.tags'),
      'policies/tags_test.rego': rego('terraform.policies.tags_test'),
      'policies/aws/s3.native': NATIVE,
      'policies/aws/test/s3/mocks/policy-success/mock-tfplan-v2.native': 'resource_changes = {}\n',
      'policies/aws/test/s3/mocks/policy-failure/mock-tfplan-v2.native': 'resource_changes = {}\n',
      'policies/aws/testdata/mock-tfrun.native': 'workspace = {}\n',
      // a policy for a "test" environment, directly in a test/ directory, is a policy
      'policies/test/only-in-test-env.native': NATIVE,
    });
    const result = await read(root);
    expect(result.problems).toEqual([]);
    expect(result.policies.map((p) => p.name)).toEqual(['only-in-test-env', 's3', 'tags']);
    expect(result.warnings).toEqual([
      {
        file: 'policies/aws/test/s3/mocks/policy-failure/mock-tfplan-v2.native',
        message: expect.stringMatching(
          /^4 test files matched by policy-files are skipped: .*policies\/tags_test\.rego.*name it in a policy block/,
        ),
      },
    ]);
  });

  it('are a problem when they are neither .native nor .rego', async () => {
    const root = await makeWorkspace({ 'policies/a.native': NATIVE, 'policies/README.md': '# policies\n' });
    const result = await read(root, { patterns: ['policies/**'] });
    expect(result.problems).toEqual([
      { file: 'policies/README.md', message: expect.stringContaining('"!policies/README.md"') },
    ]);
  });
});

describe('the policy config', () => {
  it('defines policies by block: source relative to the config, levels, descriptions, queries, shared sources, other names', async () => {
    const config = [
      'policy "instance-types" {',
      '  source            = "./aws/restrict-instance-types.native"',
      '  enforcement_level = "hard-mandatory"',
      '  description       = <<-EOT',
      '    Only small instances.',
      '    EOT',
      '}',
      'policy "tags-production" {',
      '  source            = "./shared/tags.native"',
      '  enforcement_level = "hard-mandatory"',
      '}',
      'policy "tags-staging" {',
      '  source            = "./shared/tags.native"',
      '  enforcement_level = "soft-mandatory"',
      '  description       = "Costs $${per} month"',
      '}',
      'policy "s3" {',
      '  source            = "./aws/s3.rego"',
      '  enforcement_level = "mandatory"',
      '  query             = "data.custom.rules.violations"',
      '}',
      'policy "derived" {',
      '  source = "./aws/derived.rego"',
      '}',
    ].join('\n');
    const root = await makeWorkspace({
      'policies/policies.hcl': config,
      'policies/aws/restrict-instance-types.native': NATIVE,
      'policies/shared/tags.native': NATIVE,
      'policies/aws/s3.rego': rego('terraform.s3'),
      'policies/aws/derived.rego': rego('terraform.policies.derived'),
    });
    const result = await read(root, { defaultEnforcementLevel: 'advisory' });
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
    const byName = Object.fromEntries(result.policies.map((p) => [p.name, p]));
    expect(Object.keys(byName)).toEqual(['derived', 's3', 'instance-types', 'tags-production', 'tags-staging'].sort());
    expect(byName['instance-types']).toMatchObject({
      kind: 'native',
      enforcementLevel: 'hard-mandatory',
      description: 'Only small instances.\n',
      sourceFile: 'policies/aws/restrict-instance-types.native',
      definedAt: { file: 'policies/policies.hcl', line: lineOf(config, 'policy "instance-types"') },
    });
    expect(byName['tags-production']).toMatchObject({
      enforcementLevel: 'hard-mandatory',
      description: null,
      sourceFile: 'policies/shared/tags.native',
    });
    expect(byName['tags-staging']).toMatchObject({
      enforcementLevel: 'soft-mandatory',
      description: 'Costs ${per} month',
      sourceFile: 'policies/shared/tags.native',
    });
    expect(byName['tags-staging']!.code).toBe(NATIVE);
    expect(byName['s3']).toMatchObject({
      kind: 'opa',
      enforcementLevel: 'mandatory',
      query: 'data.custom.rules.violations',
    });
    expect(byName['derived']).toMatchObject({
      kind: 'opa',
      enforcementLevel: 'advisory',
      query: 'data.terraform.policies.derived.deny',
    });
  });

  it('finds NAME.native or NAME.rego beside the config when a block has no source', async () => {
    const root = await makeWorkspace({
      'policies/policies.hcl':
        'policy "a" {\n  enforcement_level = "soft-mandatory"\n}\npolicy "b" {\n  enforcement_level = "mandatory"\n}\n',
      'policies/a.native': NATIVE,
      'policies/b.rego': rego('terraform.b'),
    });
    const result = await read(root);
    expect(result.problems).toEqual([]);
    expect(result.policies.map((p) => [p.name, p.kind, p.enforcementLevel, p.sourceFile])).toEqual([
      ['a', 'native', 'soft-mandatory', 'policies/a.native'],
      ['b', 'opa', 'mandatory', 'policies/b.rego'],
    ]);
  });

  it('leaves files no block references as policies named after the file', async () => {
    const root = await makeWorkspace({
      'policies/policies.hcl': 'policy "renamed" {\n  source = "./original.native"\n}\n',
      'policies/original.native': NATIVE,
      'policies/extra.native': NATIVE,
    });
    const result = await read(root);
    expect(result.problems).toEqual([]);
    expect(result.policies.map((p) => [p.name, p.sourceFile])).toEqual([
      ['extra', 'policies/extra.native'],
      ['renamed', 'policies/original.native'],
    ]);
  });

  it('reports import, module and param blocks, params and unknown attributes as warnings, with lines', async () => {
    const config = [
      'import "module" "tfplan-functions" {',
      '  source = "../common/tfplan-functions.native"',
      '}',
      'import "plugin" "tfresources" {',
      '  source = "./plugins/linux/amd64/tfresources"',
      '}',
      'module "legacy" {',
      '  source = "./legacy.native"',
      '}',
      'param "max_cost" {',
      '  value = 100',
      '}',
      'policy "rds" {',
      '  source            = "./rds.native"',
      '  enforcement_level = "advisory"',
      '  params = {',
      '    resource_type = "aws_rds_cluster"',
      '  }',
      '  tags = ["x"]',
      '}',
    ].join('\n');
    const root = await makeWorkspace({ 'policies/policies.hcl': config, 'policies/rds.native': NATIVE });
    const result = await read(root);
    expect(result.problems).toEqual([]);
    expect(result.policies.map((p) => p.name)).toEqual(['rds']);
    expect(result.warnings.map((w) => [w.file, w.line])).toEqual([
      ['policies/policies.hcl', lineOf(config, 'import "module"')],
      ['policies/policies.hcl', lineOf(config, 'import "plugin"')],
      ['policies/policies.hcl', lineOf(config, 'module "legacy"')],
      ['policies/policies.hcl', lineOf(config, 'param "max_cost"')],
      ['policies/policies.hcl', lineOf(config, 'params =')],
      ['policies/policies.hcl', lineOf(config, 'tags =')],
    ]);
    expect(result.warnings[0]!.message).toContain('import "module" "tfplan-functions" block is ignored');
    expect(result.warnings[3]!.message).toContain('param "max_cost" block is ignored');
    expect(result.warnings[4]!.message).toMatch(/policy "rds": "params" is ignored: .*parameters/);
  });

  it('is the nearest policies.hcl above each matched file; several directories may each have one', async () => {
    const root = await makeWorkspace({
      // governs policies/aws/** (no config of its own there)
      'policies/policies.hcl':
        'policy "aws-tags" {\n  source = "./aws/tags.native"\n  enforcement_level = "hard-mandatory"\n}\n',
      'policies/aws/tags.native': NATIVE,
      'policies/aws/other.native': NATIVE,
      // its own config
      'policies/gcp/policies.hcl':
        'policy "gcp-labels" {\n  source = "./labels.native"\n  enforcement_level = "soft-mandatory"\n}\n',
      'policies/gcp/labels.native': NATIVE,
      // above the workspace root: never read
      '../policies.hcl': 'policy "outside" {}\n',
    });
    const result = await read(root);
    expect(result.problems).toEqual([]);
    expect(result.policies.map((p) => [p.name, p.enforcementLevel, p.definedAt.file])).toEqual([
      ['aws-tags', 'hard-mandatory', 'policies/policies.hcl'],
      ['gcp-labels', 'soft-mandatory', 'policies/gcp/policies.hcl'],
      ['other', 'advisory', 'policies/aws/other.native'],
    ]);
  });

  it('is the policy-config input when given, and then only that file', async () => {
    const root = await makeWorkspace({
      'config/sentinel-like.hcl':
        'policy "from-input" {\n  source = "../policies/a.native"\n  enforcement_level = "soft-mandatory"\n}\n',
      'policies/policies.hcl': 'policy "from-discovery" {\n  source = "./a.native"\n}\n',
      'policies/a.native': NATIVE,
    });
    const result = await read(root, { configPath: 'config/sentinel-like.hcl' });
    expect(result.problems).toEqual([]);
    expect(result.policies.map((p) => [p.name, p.enforcementLevel])).toEqual([['from-input', 'soft-mandatory']]);
  });

  it('may start with a byte order mark', async () => {
    const root = await makeWorkspace({
      'policies/policies.hcl':
        '\uFEFFpolicy "a" {\n  source = "./a.native"\n  enforcement_level = "soft-mandatory"\n}\n',
      'policies/a.native': NATIVE,
    });
    const result = await read(root);
    expect(result.problems).toEqual([]);
    expect(result.policies.map((p) => [p.name, p.enforcementLevel, p.definedAt])).toEqual([
      ['a', 'soft-mandatory', { file: 'policies/policies.hcl', line: 1 }],
    ]);
  });

  it('defines policies from its blocks even when no file is matched', async () => {
    const root = await makeWorkspace({
      'lib/policies.hcl': 'policy "x" {\n  source = "./x.native"\n}\n',
      'lib/x.native': NATIVE,
    });
    const result = await read(root, { configPath: 'lib/policies.hcl' });
    expect(result.problems).toEqual([]);
    expect(result.policies.map((p) => p.name)).toEqual(['x']);
  });
});

describe('problems', () => {
  it('reports every problem of a broken repository at once, each with file, line and what to do', async () => {
    const config = [
      'policy "bad name!" {',
      '  source = "./ok.native"',
      '}',
      'policy "twice" {',
      '  source = "./ok.native"',
      '}',
      'policy "twice" {',
      '  source = "./ok.native"',
      '}',
      'policy "native-with-opa-level" {',
      '  source            = "./ok.native"',
      '  enforcement_level = "mandatory"',
      '}',
      'policy "opa-with-native-level" {',
      '  source            = "./ok.rego"',
      '  enforcement_level = "hard-mandatory"',
      '}',
      'policy "missing-source" {',
      '  source = "./nowhere/missing.native"',
      '}',
      'policy "no-default-file" {',
      '  enforcement_level = "advisory"',
      '}',
      'policy "wrong-types" {',
      '  source            = "./ok.native"',
      '  enforcement_level = 3',
      '  description       = ["a", "b"]',
      '}',
      'policy "wrong-bool" {',
      '  source = true',
      '}',
      'policy "with-variable" {',
      '  source = var.path',
      '}',
      'policy "with-template" {',
      '  source      = "./ok.native"',
      '  description = "level ${var.level}"',
      '}',
      'policy "native-with-query" {',
      '  source = "./ok.native"',
      '  query  = "data.x.deny"',
      '}',
      'policy "outside" {',
      '  source = "../../etc/passwd.native"',
      '}',
      'policy "address" {',
      '  source = "https://example.com/x.native"',
      '}',
      'policy "not-policy-code" {',
      '  source = "./notes.txt"',
      '}',
      'policy "no-package" {',
      '  source            = "./no-package.rego"',
      '  enforcement_level = "advisory"',
      '}',
      'policy "empty-query" {',
      '  source            = "./ok.rego"',
      '  enforcement_level = "advisory"',
      '  query             = ""',
      '}',
      'policy "file-twin" {',
      '  source = "./ok.native"',
      '}',
      'policy "two" "labels" {',
      '  source = "./ok.native"',
      '}',
    ].join('\n');
    const root = await makeWorkspace({
      'policies/policies.hcl': config,
      'policies/ok.native': NATIVE,
      'policies/ok.rego': rego('terraform.ok'),
      'policies/no-package.rego': 'deny contains "x" if true\n',
      'policies/notes.txt': 'notes\n',
      'policies/bad file.native': NATIVE,
      'policies/dup/same.native': NATIVE,
      'policies/dup2/same.native': NATIVE,
      'policies/extra/file-twin.native': NATIVE,
      'policies/huge.native': Buffer.alloc(MAX_POLICY_CODE_BYTES + 1, 'a'),
      'policies/latin1.native': Buffer.from([0x6d, 0x61, 0x69, 0x6e, 0x20, 0xe9, 0x0a]),
      'policies/unleveled.rego': rego('terraform.unleveled'),
    });
    const result = await read(root, { defaultEnforcementLevel: 'soft-mandatory' });
    const at = (needle: string, nth = 1) => `policies/policies.hcl:${lineOf(config, needle, nth)}`;
    const expected: Array<[string, RegExp]> = [
      [
        at('policy "bad name!"'),
        /policy "bad name!": policy names may contain only letters, digits, "-" and "_"; rename the block/,
      ],
      [
        at('policy "twice"', 2),
        /policy "twice": the policy name "twice" is already defined by policies\/policies\.hcl:4: policy "twice"/,
      ],
      [
        at('enforcement_level = "mandatory"'),
        /policy "native-with-opa-level": enforcement_level "mandatory" is not a level of native policies; use one of hard-mandatory, soft-mandatory, advisory/,
      ],
      [
        at('enforcement_level = "hard-mandatory"'),
        /policy "opa-with-native-level": enforcement_level "hard-mandatory" is not a level of opa policies; use one of mandatory, advisory/,
      ],
      [
        at('./nowhere/missing.native'),
        /policy "missing-source": source "\.\/nowhere\/missing\.native" \(policies\/nowhere\/missing\.native\) does not exist/,
      ],
      [
        at('policy "no-default-file"'),
        /policy "no-default-file": the block sets no source and neither policies\/no-default-file\.native nor policies\/no-default-file\.rego exists/,
      ],
      [at('enforcement_level = 3'), /policy "wrong-types": enforcement_level must be a string, not a number/],
      [at('description       = ["a"'), /policy "wrong-types": description must be a string, not a list/],
      [at('source = true'), /policy "wrong-bool": source must be a string, not a boolean/],
      [at('source = var.path'), /policy "with-variable": source must be a literal string/],
      [at('description = "level'), /policy "with-template": description must be a literal string/],
      [
        at('query  = "data.x.deny"'),
        /policy "native-with-query": query applies only to opa policies.*remove the query/,
      ],
      [
        at('../../etc/passwd.native'),
        /policy "outside": source "\.\.\/\.\.\/etc\/passwd\.native" points outside the repository/,
      ],
      [at('https://example.com'), /policy "address": source "https:\/\/example\.com\/x\.native" is an address/],
      [at('./notes.txt'), /policy "not-policy-code": source "\.\/notes\.txt" is not a policy file/],
      [
        at('policy "no-package"'),
        /policy "no-package": this opa policy has no query: policies\/no-package\.rego has no package line.*add query = /,
      ],
      [at('query             = ""'), /policy "empty-query": query is empty/],
      [
        'policies/extra/file-twin.native',
        /policies\/extra\/file-twin\.native: the policy name "file-twin" is already defined by policies\/policies\.hcl:\d+: policy "file-twin"/,
      ],
      [at('policy "two" "labels"'), /a policy block takes exactly one label/],
      [
        'policies/bad file.native',
        /policy-files matched policies\/bad file\.native: the policy would be named "bad file", but policy names may contain only/,
      ],
      [
        'policies/dup2/same.native',
        /policies\/dup2\/same\.native: the policy name "same" is already defined by policies\/dup\/same\.native/,
      ],
      [
        'policies/huge.native',
        /policies\/huge\.native \(code of policy "huge"\): 10485761 bytes of code, more than the 10485760 bytes \(10 MB\)/,
      ],
      ['policies/latin1.native', /policies\/latin1\.native \(code of policy "latin1"\): the file is not UTF-8 text/],
      [
        'policies/unleveled.rego',
        /policies\/unleveled\.rego: the policy sets no enforcement_level and the enforcement-level input "soft-mandatory" is not a level of opa policies \(mandatory, advisory\); give it a policy block/,
      ],
    ];
    expect(where(result.problems).sort()).toEqual(expected.map(([w]) => w).sort());
    for (const [w, message] of expected) {
      const matching = result.problems.filter((p) => where([p])[0] === w && message.test(p.message));
      expect(matching, `${w} ${message}`).toHaveLength(1);
    }
    // Only the definitions without a problem remain (the first of each duplicated name).
    expect(result.policies.map((p) => [p.name, p.sourceFile])).toEqual([
      ['file-twin', 'policies/ok.native'],
      ['same', 'policies/dup/same.native'],
      ['twice', 'policies/ok.native'],
    ]);
  });

  it('accepts code of exactly 10 MB', async () => {
    const root = await makeWorkspace({ 'policies/big.native': Buffer.alloc(MAX_POLICY_CODE_BYTES, 'a') });
    const result = await read(root);
    expect(result.problems).toEqual([]);
    expect(result.policies[0]!.codeBytes).toBe(MAX_POLICY_CODE_BYTES);
  });

  it('reports every HCL syntax error with line and column', async () => {
    const config = 'policy "a" {\n  source =\n}\n\npolicy "b" {\n  source = "./b.native"\n  source = "./c.native"\n}\n';
    const root = await makeWorkspace({ 'policies/policies.hcl': config, 'policies/a.native': NATIVE });
    const result = await read(root);
    expect(result.problems.map((p) => [p.file, p.line, p.column])).toEqual([
      ['policies/policies.hcl', 2, 11],
      ['policies/policies.hcl', 7, 3],
    ]);
    expect(result.problems[0]!.message).toMatch(
      /^policies\/policies\.hcl:2:11: HCL syntax error: Invalid expression.*nothing is synced/,
    );
    expect(result.problems[1]!.message).toContain('Attribute redefined');
    expect(result.policies).toEqual([{ ...result.policies[0], name: 'a' }]);
  });

  it('places policy blocks with and without labels, which the parser reports without a line', async () => {
    const config = 'policy "a" {\n  source = "./a.native"\n}\n\npolicy {\n  source = "./a.native"\n}\n';
    const root = await makeWorkspace({ 'policies/policies.hcl': config, 'policies/a.native': NATIVE });
    const result = await read(root);
    expect(result.problems).toEqual([
      {
        file: 'policies/policies.hcl',
        line: 5,
        message: expect.stringContaining('a policy block takes exactly one label'),
      },
    ]);
  });

  it('reports a source that is a directory, and a block source found twice beside the config', async () => {
    const root = await makeWorkspace({
      'lib/policies.hcl': 'policy "dir" {\n  source = "./folder.native"\n}\npolicy "both" {}\n',
      'lib/folder.native/x': 'x',
      'lib/both.native': NATIVE,
      'lib/both.rego': rego('terraform.both'),
    });
    const result = await read(root, { configPath: 'lib/policies.hcl' });
    expect(result.problems.map((p) => [p.line, p.message.replace(/^.*?: policy "[^"]+": /, '')])).toEqual([
      [2, 'source "./folder.native" (lib/folder.native) is not a file.'],
      [
        4,
        'the block sets no source and both lib/both.native and lib/both.rego exist. Set source to the one this policy uses.',
      ],
    ]);
  });

  it('reports an empty match', async () => {
    const root = await makeWorkspace({ 'README.md': 'nothing here\n' });
    const result = await read(root);
    expect(result.policies).toEqual([]);
    expect(result.problems).toEqual([
      {
        file: '',
        message: expect.stringMatching(
          /^No policy found: policy-files \(policies\/\*\*\/\*\.native, policies\/\*\*\/\*\.rego\) matched no \.native or \.rego file/,
        ),
      },
    ]);
  });

  it('reports a config without policy blocks and no files as empty too', async () => {
    const root = await makeWorkspace({ 'policies.hcl': 'import "module" "x" {\n  source = "./x.native"\n}\n' });
    const result = await read(root, { configPath: 'policies.hcl' });
    expect(result.problems).toEqual([
      { file: 'policies.hcl', message: expect.stringContaining('policies.hcl defines no policy block') },
    ]);
    expect(result.warnings).toHaveLength(1);
  });

  it('reports a policy-config input that does not exist', async () => {
    const root = await makeWorkspace({ 'policies/a.native': NATIVE });
    const result = await read(root, { configPath: 'policies/missing.hcl' });
    expect(result.problems).toEqual([
      {
        file: 'policies/missing.hcl',
        message: expect.stringContaining('The policy-config input names policies/missing.hcl, which does not exist'),
      },
    ]);
  });

  it('refuses a pattern that climbs out of the workspace, naming the input', async () => {
    const root = await makeWorkspace({ 'policies/a.native': NATIVE });
    const error = await read(root, { patterns: ['../policies/**/*.native'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/^Input "policy-files" has a pattern that cannot be used/);
  });
});

describe('a file that cannot be read', () => {
  it('is a problem that says why in words, as the packing of a module says it', async () => {
    // Found as a file, then replaced by a directory before it is read.
    const root = await makeWorkspace({ 'policies/policies.hcl/x': 'x' });
    const config = await readPolicyConfig('policies/policies.hcl', () => readFile(join(root, 'policies/policies.hcl')));
    expect(config.problems).toEqual([
      {
        file: 'policies/policies.hcl',
        message: 'Policy config policies/policies.hcl cannot be read (it is a directory).',
      },
    ]);
  });
});
