// The diff a reviewer reads in the summary, from a real sync against the emulator: the stored
// code downloaded for the comparison is the old side, the repository's file the new one.

import { describe, expect, it } from 'vitest';
import { startSync } from '../../sync-policies/run-harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const STORED =
    '# Instance types\nimport "tfplan/v2" as tfplan\n\nallowed = ["t2.micro", "t3.small"]\n\nmain = rule { true }\n';
  const WANTED =
    '# Instance types\nimport "tfplan/v2" as tfplan\n\nallowed = ["t3.micro", "t3.small"]\n\nmain = rule { true }\n';

  function detailsOf(summary: string, name: string): string {
    const start = summary.indexOf(`<details><summary><strong>${name}</strong>`);
    expect(start, `no block for ${name}`).toBeGreaterThanOrEqual(0);
    return summary.slice(start, summary.indexOf('\n\n</details>', start));
  }

  describe('sync-policies summary against the emulator: the diff, on a dry run and on a sync', () => {
    it('shows settings old → new and the code diff, for a dry run and again for the sync that applies it; none once in sync', async () => {
      const harness = await startSync({
        'policies/policies.hcl':
          'policy "instance-types" {\n  enforcement_level = "hard-mandatory"\n  description = "Small instances <only>"\n}\n',
        'policies/instance-types.native': WANTED,
        'policies/brand-new.native': 'main = rule { false }\n',
      });
      const { emulator } = harness;
      const set = emulator.seedPolicySet();
      const { id } = emulator.seedPolicy({
        name: 'instance-types',
        enforcementLevel: 'advisory',
        description: 'Edited by hand',
        code: STORED,
        policySetIds: [set],
      });
      const gone = emulator.seedPolicy({
        name: 'retired',
        enforcementLevel: 'soft-mandatory',
        code: 'main = rule { true }\n',
        policySetIds: [set],
      });

      const dry = await harness.sync({ dryRun: true, prune: 'policy-sets', policySets: [{ id: set, kind: null }] });
      const expectedDiff = [
        '```diff',
        `--- instance-types (service, ${id})`,
        '+++ policies/instance-types.native (repository)',
        '@@ -1,6 +1,6 @@',
        ' # Instance types',
        ' import "tfplan/v2" as tfplan',
        ' ',
        '-allowed = ["t2.micro", "t3.small"]',
        '+allowed = ["t3.micro", "t3.small"]',
        ' ',
        ' main = rule { true }',
        '```',
      ].join('\n');
      for (const [summary, words] of [
        [dry.result.summary, 'would update settings and code'],
        [undefined, 'settings and code updated'],
      ] as const) {
        const text =
          summary ??
          (await harness.sync({ prune: 'policy-sets', policySets: [{ id: set, kind: null }] })).result.summary;
        const block = detailsOf(text, 'instance-types');
        expect(block).toContain(`· ${words} (+1 −1)</summary>`);
        expect(block).toContain('<tr><td>enforcement level</td><td>advisory</td><td>hard-mandatory</td></tr>');
        expect(block).toContain(
          '<tr><td>description</td><td>Edited by hand</td><td>Small instances &lt;only&gt;</td></tr>',
        );
        expect(block).toContain(expectedDiff);
        expect(detailsOf(text, 'brand-new')).toContain('```\nmain = rule { false }\n```');
        const retired = detailsOf(text, 'retired');
        expect(retired).toContain(`<tr><td>id</td><td><code>${gone.id}</code></td></tr>`);
        expect(retired).toContain('<tr><td>enforcement level</td><td>soft-mandatory</td></tr>');
      }
      // The dry run wrote nothing; the sync did; the next one has nothing to show.
      expect(emulator.policies().find((p) => p.name === 'instance-types')?.code).toBe(WANTED);
      const again = await harness.sync({ prune: 'policy-sets', policySets: [{ id: set, kind: null }] });
      expect(again.result.summary).not.toContain('policy by policy');
      expect(again.result.summary).not.toContain('<details><summary><strong>');
    });
  });
});
