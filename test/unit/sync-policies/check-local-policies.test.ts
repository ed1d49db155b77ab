// The checks of the local policies as a function of what was gathered: no file is read, the
// workspace root does not even exist.

import { describe, expect, it } from 'vitest';
import type { Code, Found, LocalFiles } from '../../../src/modes/sync-policies/local-files.ts';
import { checkLocalPolicies } from '../../../src/modes/sync-policies/local-policies.ts';
import type { PolicyBlock, PolicyConfig } from '../../../src/modes/sync-policies/policy-config.ts';
import { blockSource, pathsToLookAt } from '../../../src/modes/sync-policies/policy-sources.ts';

const ROOT = '/nowhere/repo';
const CONFIG = `${ROOT}/policies/policies.hcl`;
const NATIVE = 'main = rule { true }\n';

function block(name: string, line: number, fields: Partial<PolicyBlock> = {}): PolicyBlock {
  return { name, configFile: 'policies/policies.hcl', line, attributeLines: {}, invalidAttributes: [], ...fields };
}

function files(options: {
  matched?: string[];
  blocks?: PolicyBlock[];
  found?: Record<string, Found>;
  code?: Record<string, Code>;
}): LocalFiles {
  const config: PolicyConfig = {
    file: 'policies/policies.hcl',
    blocks: options.blocks ?? [],
    warnings: [],
    problems: [],
  };
  const absolute = (entries: Record<string, unknown>) =>
    Object.entries(entries).map(([path, v]) => [`${ROOT}/${path}`, v] as const);
  return {
    root: ROOT,
    matched: (options.matched ?? []).map((path) => `${ROOT}/${path}`),
    configs: options.blocks ? [{ path: CONFIG, config }] : [],
    found: new Map(absolute(options.found ?? {}) as Array<[string, Found]>),
    code: new Map(absolute(options.code ?? {}) as Array<[string, Code]>),
  };
}

const check = (gathered: LocalFiles, defaultEnforcementLevel = 'advisory') =>
  checkLocalPolicies(gathered, { patterns: ['policies/**/*.native', 'policies/**/*.rego'], defaultEnforcementLevel });

describe('checkLocalPolicies', () => {
  it('defines a policy for each block and each matched file no block names, and skips the tests', () => {
    const result = check(
      files({
        matched: ['policies/a.native', 'policies/b.rego', 'policies/b_test.rego', 'policies/c.native'],
        blocks: [
          block('c', 2, { source: './c.native', enforcementLevel: 'soft-mandatory', attributeLines: { source: 3 } }),
        ],
        found: { 'policies/c.native': 'file' },
        code: {
          'policies/a.native': { text: NATIVE, bytes: NATIVE.length },
          'policies/b.rego': { text: 'package terraform.b\n', bytes: 20 },
          'policies/c.native': { text: NATIVE, bytes: NATIVE.length },
        },
      }),
    );
    expect(result.problems).toEqual([]);
    expect(
      result.policies.map((p) => [p.name, p.kind, p.enforcementLevel, p.query, p.sourceFile, p.definedAt]),
    ).toEqual([
      ['a', 'native', 'advisory', null, 'policies/a.native', { file: 'policies/a.native' }],
      ['b', 'opa', 'advisory', 'data.terraform.b.deny', 'policies/b.rego', { file: 'policies/b.rego' }],
      ['c', 'native', 'soft-mandatory', null, 'policies/c.native', { file: 'policies/policies.hcl', line: 2 }],
    ]);
    expect(result.warnings).toEqual([
      expect.objectContaining({
        file: 'policies/b_test.rego',
        message: expect.stringMatching(/^1 test file matched by policy-files is skipped/),
      }),
    ]);
  });

  it('says what the gathering found at a source: missing, not a file, or code that cannot be used (once for every policy using it)', () => {
    const result = check(
      files({
        blocks: [
          block('gone', 1, { source: './gone.native', attributeLines: { source: 2 } }),
          block('dir', 4, { source: './dir.native', attributeLines: { source: 5 } }),
          block('x', 7, { source: './shared.native' }),
          block('y', 9, { source: './shared.native' }),
        ],
        found: {
          'policies/gone.native': 'missing',
          'policies/dir.native': 'not-a-file',
          'policies/shared.native': 'file',
        },
        code: { 'policies/shared.native': { error: 'the file is not UTF-8 text; save it as UTF-8.' } },
      }),
    );
    expect(result.policies).toEqual([]);
    expect(result.problems.map((p) => `${p.file}:${p.line ?? ''}: ${p.message}`)).toEqual([
      // One line each: the source's, in the message as on the annotation.
      'policies/policies.hcl:2: policies/policies.hcl:2: policy "gone": source "./gone.native" (policies/gone.native) does not exist; fix the path (it is relative to policies/policies.hcl) or add the file.',
      'policies/policies.hcl:5: policies/policies.hcl:5: policy "dir": source "./dir.native" (policies/dir.native) is not a file.',
      'policies/shared.native:: policies/shared.native (code of policy "x", "y"): the file is not UTF-8 text; save it as UTF-8.',
    ]);
  });

  it('needs exactly one of NAME.native and NAME.rego beside the config when a block sets no source', () => {
    const both = check(
      files({ blocks: [block('p', 3)], found: { 'policies/p.native': 'file', 'policies/p.rego': 'file' } }),
    );
    expect(both.problems.map((p) => p.message)).toEqual([
      'policies/policies.hcl:3: policy "p": the block sets no source and both policies/p.native and policies/p.rego exist. Set source to the one this policy uses.',
    ]);
    const neither = check(
      files({ blocks: [block('p', 3)], found: { 'policies/p.native': 'missing', 'policies/p.rego': 'not-a-file' } }),
    );
    expect(neither.problems.map((p) => p.message)).toEqual([
      'policies/policies.hcl:3: policy "p": the block sets no source and neither policies/p.native nor policies/p.rego exists. Add source = "./path/to/p.native" (relative to policies/policies.hcl) or create the file.',
    ]);
  });

  it('reports a name defined by a block and by an unreferenced file once, at the second definition', () => {
    const result = check(
      files({
        matched: ['policies/other/p.native'],
        blocks: [block('p', 1, { source: './p.native' })],
        found: { 'policies/p.native': 'file' },
        code: {
          'policies/p.native': { text: NATIVE, bytes: NATIVE.length },
          'policies/other/p.native': { text: NATIVE, bytes: NATIVE.length },
        },
      }),
    );
    expect(result.policies.map((p) => p.sourceFile)).toEqual(['policies/p.native']);
    expect(result.problems).toEqual([
      expect.objectContaining({
        file: 'policies/other/p.native',
        message: expect.stringContaining(
          'the policy name "p" is already defined by policies/policies.hcl:1: policy "p"',
        ),
      }),
    ]);
  });
});

describe('blockSource', () => {
  const configDir = `${ROOT}/policies`;

  it('looks only at files inside the workspace that could hold policy code', () => {
    const at = (source: string) => pathsToLookAt(blockSource(block('p', 1, { source }), configDir, ROOT));
    expect(at('./p.native')).toEqual([`${ROOT}/policies/p.native`]);
    expect(at('../../../etc/p.native')).toEqual([]);
    expect(at('https://example.com/p.native')).toEqual([]);
    expect(at('./p.txt')).toEqual([]);
    expect(pathsToLookAt(blockSource(block('p', 1, { invalidAttributes: ['source'] }), configDir, ROOT))).toEqual([]);
  });

  it('looks beside the config for a block without a source', () => {
    expect(blockSource(block('p', 1), configDir, ROOT)).toEqual({
      is: 'beside-config',
      candidates: [
        { kind: 'native', path: `${ROOT}/policies/p.native` },
        { kind: 'opa', path: `${ROOT}/policies/p.rego` },
      ],
    });
  });
});
