import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readLocalPolicies } from '../../../src/modes/sync-policies/local-policies.ts';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('examples/policies', () => {
  it('reads cleanly: five files, six policies (one source shared by two), levels, descriptions and queries', async () => {
    const result = await readLocalPolicies({
      patterns: ['examples/policies/**/*.native', 'examples/policies/**/*.rego'],
      defaultEnforcementLevel: 'advisory',
      workspaceRoot: repositoryRoot,
    });
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(
      result.policies.map((p) => [
        p.name,
        p.kind,
        p.enforcementLevel,
        p.query,
        p.sourceFile.replace('examples/policies/', ''),
      ]),
    ).toEqual([
      [
        'no-public-ingress',
        'opa',
        'advisory',
        'data.terraform.policies.no_public_ingress.deny',
        'no-public-ingress.rego',
      ],
      ['prevent-destroy-production', 'native', 'hard-mandatory', null, 'prevent-destroy.native'],
      ['prevent-destroy-staging', 'native', 'soft-mandatory', null, 'prevent-destroy.native'],
      ['require-mandatory-tags', 'native', 'advisory', null, 'require-mandatory-tags.native'],
      ['restrict-instance-types', 'native', 'soft-mandatory', null, 'restrict-instance-types.native'],
      [
        's3-bucket-encryption',
        'opa',
        'mandatory',
        'data.terraform.policies.s3_bucket_encryption.deny',
        's3-bucket-encryption.rego',
      ],
    ]);
    for (const policy of result.policies) {
      expect(policy.definedAt.file).toBe('examples/policies/policies.hcl');
      if (policy.name !== 'no-public-ingress') expect(policy.description).toMatch(/\.$/);
    }
  });
});
