// Mistakes in a policy repository that the sync names with their fix: a misspelt setting of a
// policy block is an error giving the one right line, before any request; files kept under the
// native language's old extension (.sentinel) are named in a notice.
import { describe, expect, it } from 'vitest';
import { startSync } from '../../sync-policies/run-harness.ts';
import { lineOf } from '../../sync-policies/temp-workspace.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const NATIVE = 'main = rule { true }\n';
  const TYPO = [
    'policy "tags" {',
    '  source           = "./tags.native"',
    '  enforcment_level = "hard-mandatory"',
    '}',
    '',
    'policy "cost" {',
    '  source = "./cost.native"',
    '  Query  = 42',
    '  tags   = ["not", "a", "setting"]',
    '}',
  ].join('\n');

  describe('a misspelt attribute in policies.hcl', () => {
    it('is an error at its line, with the line to write instead, and nothing is sent', async () => {
      const harness = await startSync({
        'policies/policies.hcl': TYPO,
        'policies/tags.native': NATIVE,
        'policies/cost.native': NATIVE,
      });
      harness.emulator.seedPolicy({ name: 'remote-only', code: NATIVE });
      const { result } = await harness.sync({ prune: 'organization' });
      expect(harness.emulator.requests).toEqual([]);
      expect(result.failure).toEqual({
        kind: 'user-error',
        message: '2 problems in the policy files; nothing was changed',
      });
      const errors = result.annotations.filter((a) => a.level === 'error');
      expect(errors.map((a) => [a.file, a.startLine, a.message])).toEqual([
        [
          'policies/policies.hcl',
          lineOf(TYPO, 'enforcment_level'),
          // The attribute's line, in the message as on the annotation: one line for one typo.
          `policies/policies.hcl:${lineOf(TYPO, 'enforcment_level')}: policy "tags": unknown attribute "enforcment_level"; did you mean enforcement_level? ` +
            `Write the line as: enforcement_level = "hard-mandatory"`,
        ],
        [
          'policies/policies.hcl',
          lineOf(TYPO, 'Query'),
          `policies/policies.hcl:${lineOf(TYPO, 'Query')}: policy "cost": unknown attribute "Query"; did you mean query? Write the line as: query = "..."`,
        ],
      ]);
      // An attribute near no setting is still only ignored, with a warning: on its own line too.
      expect(result.annotations.filter((a) => a.level === 'warning').map((a) => [a.startLine, a.message])).toEqual([
        [
          lineOf(TYPO, 'tags   ='),
          expect.stringContaining(`policies.hcl:${lineOf(TYPO, 'tags   =')}: policy "cost": "tags" is ignored`),
        ],
      ]);
      // The summary's row says the same line as the annotation and the message.
      const line = lineOf(TYPO, 'enforcment_level');
      expect(result.summary).toContain(
        `<td><code>policies/policies.hcl</code></td><td>${line}</td><td>policies/policies.hcl:${line}: policy &quot;tags&quot;: unknown attribute`,
      );
    });
  });

  describe('.sentinel files beside the policies', () => {
    it('are named in a notice saying to rename them to .native; the .native ones are synced', async () => {
      const harness = await startSync({
        'policies/kept.native': NATIVE,
        'policies/old.sentinel': NATIVE,
        'policies/aws/older.sentinel': NATIVE,
        'elsewhere/not-matched.sentinel': NATIVE,
      });
      const { result, log } = await harness.sync({ dryRun: true });
      expect(result.failure).toBeNull();
      const notices = result.annotations.filter((a) => a.level === 'notice');
      expect(notices).toEqual([
        {
          level: 'notice',
          title: 'Policy files (not read)',
          file: 'policies/aws/older.sentinel',
          message:
            '2 files ending in .sentinel are not synced: policies/aws/older.sentinel, policies/old.sentinel. ' +
            "The service's native policy language uses the extension .native: rename them to sync them.",
        },
      ]);
      expect(log).not.toContain('not-matched');
    });

    it('matched by a pattern broad enough to take them: the error says to rename them', async () => {
      const harness = await startSync({ 'policies/kept.native': NATIVE, 'policies/old.sentinel': NATIVE });
      const { result } = await harness.sync({ policyFiles: ['policies/*'] });
      expect(harness.emulator.requests).toEqual([]);
      expect(result.annotations.find((a) => a.level === 'error')?.message).toContain(
        "The service's native policy language uses the extension .native: rename it to sync it",
      );
    });

    it('no notice when there is none', async () => {
      const harness = await startSync({ 'policies/kept.native': NATIVE });
      const { result } = await harness.sync({ dryRun: true });
      expect(result.annotations.filter((a) => a.level === 'notice')).toEqual([]);
    });
  });
});
