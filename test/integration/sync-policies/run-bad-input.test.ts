import { describe, expect, it } from 'vitest';
import { MAX_POLICY_CODE_BYTES } from '../../../src/modes/sync-policies/policy-model.ts';
import { startSync } from '../../sync-policies/run-harness.ts';
import { lineOf } from '../../sync-policies/temp-workspace.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const NATIVE = 'main = rule { true }\n';

  interface Case {
    name: string;
    files: Record<string, string | Uint8Array>;
    policyConfig?: string;
    enforcementLevel?: 'advisory' | 'hard-mandatory';
    /** [file, line] of each error annotation, in order; line undefined when the problem has none. */
    expected: Array<[file: string | undefined, line: number | undefined, text: string]>;
  }

  const DUPLICATE = 'policy "twice" {\n  source = "./a.native"\n}\n\npolicy "twice" {\n  source = "./b.native"\n}\n';
  const MISSING_SOURCE = 'policy "gone" {\n  enforcement_level = "advisory"\n  source = "./nowhere/gone.native"\n}\n';
  const WRONG_LEVEL = 'policy "lvl" {\n  source = "./lvl.native"\n  enforcement_level = "mandatory"\n}\n';
  const BROKEN_HCL = 'policy "a" {\n  source = "./a.native"\n\n';

  const CASES: Case[] = [
    {
      name: 'a name defined twice',
      files: { 'policies/policies.hcl': DUPLICATE, 'policies/a.native': NATIVE, 'policies/b.native': NATIVE },
      expected: [['policies/policies.hcl', lineOf(DUPLICATE, 'policy "twice"', 2), 'already defined']],
    },
    {
      name: 'two unreferenced files of one name',
      files: { 'policies/x/same.native': NATIVE, 'policies/y/same.native': NATIVE },
      expected: [['policies/y/same.native', undefined, 'already defined']],
    },
    {
      name: 'a block whose source is missing',
      files: { 'policies/policies.hcl': MISSING_SOURCE, 'policies/ok.native': NATIVE },
      expected: [['policies/policies.hcl', lineOf(MISSING_SOURCE, 'source ='), 'does not exist']],
    },
    {
      name: 'a policy over 10 MB',
      files: { 'policies/huge.native': new Uint8Array(MAX_POLICY_CODE_BYTES + 1).fill(0x23) },
      expected: [['policies/huge.native', undefined, '10 MB']],
    },
    {
      name: 'an opa policy without a query or package line',
      files: { 'policies/noquery.rego': 'deny contains "x" if { false }\n' },
      expected: [['policies/noquery.rego', undefined, 'has no query']],
    },
    {
      name: 'a level that is not one of the kind',
      files: { 'policies/policies.hcl': WRONG_LEVEL, 'policies/lvl.native': NATIVE },
      expected: [['policies/policies.hcl', lineOf(WRONG_LEVEL, 'enforcement_level'), 'not a level of native policies']],
    },
    {
      name: 'an enforcement-level input that an opa policy cannot take',
      files: { 'policies/ok.rego': 'package terraform.ok\n' },
      enforcementLevel: 'hard-mandatory',
      expected: [['policies/ok.rego', undefined, 'not a level of opa policies']],
    },
    {
      name: 'a file whose name is not a policy name',
      files: { 'policies/bad name!.native': NATIVE },
      expected: [['policies/bad name!.native', undefined, 'may contain only letters']],
    },
    {
      name: 'a policy-config input naming no file',
      files: { 'policies/a.native': NATIVE },
      policyConfig: 'policies/nope.hcl',
      expected: [['policies/nope.hcl', undefined, 'does not exist']],
    },
    {
      name: 'an HCL syntax error',
      files: { 'policies/policies.hcl': BROKEN_HCL, 'policies/a.native': NATIVE },
      // The unclosed block is reported where it opens.
      expected: [['policies/policies.hcl', lineOf(BROKEN_HCL, 'policy "a"'), 'HCL']],
    },
    {
      name: 'no policy at all',
      files: { 'README.md': 'nothing here\n' },
      expected: [[undefined, undefined, 'No policy found']],
    },
  ];

  describe('runSyncPolicies: problems in the policy files', () => {
    for (const c of CASES) {
      it(`${c.name}: fails with every problem annotated and sends no request at all`, async () => {
        const harness = await startSync(c.files);
        // Something to sync, so that a request would be sent if the problem did not stop it.
        harness.emulator.seedPolicy({ name: 'remote-only', code: NATIVE });
        const overrides = {
          ...(c.policyConfig ? { policyConfig: c.policyConfig } : {}),
          ...(c.enforcementLevel ? { enforcementLevel: c.enforcementLevel } : {}),
        };
        const { result, log } = await harness.sync({ prune: 'organization', ...overrides });

        expect(harness.emulator.requests).toEqual([]);
        const n = c.expected.length;
        // The user's files: exit 2.
        expect(result.failure).toEqual({
          kind: 'user-error',
          message: `${n} problem${n === 1 ? '' : 's'} in the policy files; nothing was changed`,
        });
        expect(result.conclusion).toBe('failure');
        expect(result.outputs).toEqual({});
        const errors = result.annotations.filter((a) => a.level === 'error');
        expect(
          errors.map((a) => [a.file, c.expected.find(([f]) => f === a.file) ? a.startLine : 'unexpected']),
        ).toEqual(c.expected.map(([file, line]) => [file, line]));
        for (const [i, [, , text]] of c.expected.entries()) {
          expect(errors[i]!.message).toContain(text);
          // The summary lists the problem too (escaped as HTML).
          expect(result.summary).toContain(text);
        }
        expect(log).not.toContain('Plan:');
      });
    }

    it('lists every problem and warning together, and still sends nothing', async () => {
      const config = [
        'import "module" "helpers" {',
        '  source = "./helpers.native"',
        '}',
        'policy "lvl" {',
        '  source = "./lvl.native"',
        '  enforcement_level = "mandatory"',
        '}',
        'policy "gone" {',
        '  source = "./gone.native"',
        '}',
      ].join('\n');
      const harness = await startSync({
        'policies/policies.hcl': config,
        'policies/lvl.native': NATIVE,
        'policies/helpers.native': NATIVE,
        'policies/noquery.rego': 'deny contains "x" if { false }\n',
      });
      const { result } = await harness.sync();
      expect(harness.emulator.requests).toEqual([]);
      expect(result.failure?.message).toBe('3 problems in the policy files; nothing was changed');
      expect(result.annotations.map((a) => [a.level, a.file, a.startLine])).toEqual([
        ['error', 'policies/noquery.rego', undefined],
        ['error', 'policies/policies.hcl', lineOf(config, 'enforcement_level')],
        ['error', 'policies/policies.hcl', lineOf(config, 'source = "./gone.native"')],
        ['warning', 'policies/policies.hcl', lineOf(config, 'import "module"')],
      ]);
      expect(result.summary).toContain('3 problems in the policy files; nothing was changed');
      expect(result.summary).toContain('### Warnings (1)');
      for (const a of result.annotations)
        expect(result.summary).toContain(a.message.slice(0, 40).replace(/"/g, '&quot;'));
    });
  });
});
