// Enforcement is never weakened by default: the spec makes a policy's level required with no
// default, so a level lower than the service's is sent only when the repository states it (its
// block in policies.hcl, or an enforcement-level input the workflow sets); otherwise the
// service's level is kept, and the summary says so. A policy the sync creates still needs a
// level: advisory, said as the default it is.
import { describe, expect, it } from 'vitest';
import { startSync, storedByName, writes } from '../../sync-policies/run-harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const CODE = 'main = rule { true }\n';

  describe('a policy whose level the repository does not state', () => {
    it('keeps the level the service enforces (hard-mandatory): nothing is sent, the summary says kept', async () => {
      const harness = await startSync({ 'policies/guard.native': CODE, 'policies/fresh.native': CODE });
      harness.emulator.seedPolicy({ name: 'guard', enforcementLevel: 'hard-mandatory', code: CODE });
      const { result } = await harness.sync({ enforcementLevel: null });
      expect(result.failure).toBeNull();
      expect(writes(harness.emulator).filter((w) => w.method === 'PATCH')).toEqual([]);
      expect(storedByName(harness.emulator).get('guard')?.enforcementLevel).toBe('hard-mandatory');
      // A new policy still gets a level: the default, said as such.
      expect(storedByName(harness.emulator).get('fresh')?.enforcementLevel).toBe('advisory');
      expect(result.summary).toContain('hard-mandatory (kept)');
      expect(result.summary).toContain('advisory (default for a new policy)');
      const entries = result.outputs.result as Array<{ name: string; action: string; enforcementLevel: string }>;
      expect(entries.find((e) => e.name === 'guard')).toMatchObject({
        action: 'unchanged',
        enforcementLevel: 'hard-mandatory',
      });
    });

    it('a dry run plans no level change either', async () => {
      const harness = await startSync({ 'policies/guard.native': CODE });
      harness.emulator.seedPolicy({ name: 'guard', enforcementLevel: 'soft-mandatory', code: CODE });
      const { result } = await harness.sync({ enforcementLevel: null, dryRun: true });
      const entries = result.outputs.result as Array<{ name: string; action: string; changes: string[] }>;
      expect(entries.find((e) => e.name === 'guard')).toMatchObject({ action: 'unchanged', changes: [] });
      expect(result.summary).toContain('soft-mandatory (kept)');
    });

    it('a kind change keeps the same strength in the new kind (hard-mandatory native → mandatory opa)', async () => {
      const opa = 'package terraform.guard\n\nimport rego.v1\n\ndeny contains "no" if { false }\n';
      const harness = await startSync({ 'policies/guard.rego': opa });
      harness.emulator.seedPolicy({ name: 'guard', kind: 'native', enforcementLevel: 'hard-mandatory', code: CODE });
      const { result } = await harness.sync({ enforcementLevel: null });
      expect(result.failure).toBeNull();
      expect(storedByName(harness.emulator).get('guard')).toMatchObject({ kind: 'opa', enforcementLevel: 'mandatory' });
    });
  });

  describe('a level the repository states', () => {
    it('an enforcement-level the workflow sets lowers it: the repository said so', async () => {
      const harness = await startSync({ 'policies/guard.native': CODE });
      harness.emulator.seedPolicy({ name: 'guard', enforcementLevel: 'hard-mandatory', code: CODE });
      const { result } = await harness.sync({ enforcementLevel: 'advisory' });
      expect(result.failure).toBeNull();
      expect(storedByName(harness.emulator).get('guard')?.enforcementLevel).toBe('advisory');
      const entries = result.outputs.result as Array<{ name: string; changes: string[] }>;
      expect(entries.find((e) => e.name === 'guard')?.changes).toEqual([
        'enforcement-level: hard-mandatory → advisory',
      ]);
    });

    it('its block in policies.hcl lowers it, whatever the input', async () => {
      const harness = await startSync({
        'policies/guard.native': CODE,
        'policies/policies.hcl': 'policy "guard" {\n  enforcement_level = "soft-mandatory"\n}\n',
      });
      harness.emulator.seedPolicy({ name: 'guard', enforcementLevel: 'hard-mandatory', code: CODE });
      await harness.sync({ enforcementLevel: null });
      expect(storedByName(harness.emulator).get('guard')?.enforcementLevel).toBe('soft-mandatory');
    });
  });
});
