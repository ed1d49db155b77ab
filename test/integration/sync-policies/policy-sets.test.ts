// A policy set holds policies of one kind: the sets of policy-sets are joined only by policies of
// their kind, a set given without its kind while the repository defines both kinds is refused
// before any request, and a policy that ends in no set is named as checking nothing.
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { parsePolicySets } from '../../../src/inputs/parsers.ts';
import { startSync, storedByName } from '../../sync-policies/run-harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const NATIVE = 'main = rule { true }\n';
  const OPA = 'package terraform.tags\n\nimport rego.v1\n\ndeny contains "no" if { false }\n';

  describe('the policy-sets input', () => {
    it('takes ids alone or with the kind of policies the set holds', () => {
      expect(parsePolicySets('policy-sets', 'polset-a\nnative:polset-b, opa:polset-c')).toEqual([
        { id: 'polset-a', kind: null },
        { id: 'polset-b', kind: 'native' },
        { id: 'polset-c', kind: 'opa' },
      ]);
    });

    it('refuses a kind that does not exist, and one set given with two kinds', () => {
      expect(() => parsePolicySets('policy-sets', 'sentinel:polset-a')).toThrow(
        /"sentinel:polset-a" names a kind of policies that does not exist/,
      );
      expect(() => parsePolicySets('policy-sets', 'native:polset-a\nopa:polset-a')).toThrow(
        /gives policy set polset-a twice with different kinds/,
      );
    });
  });

  describe('sync with policies of both kinds', () => {
    const files = { 'policies/guard.native': NATIVE, 'policies/tags.rego': OPA };

    it('a set given without its kind is refused before any request, saying how to write it', async () => {
      const harness = await startSync(files);
      const set = harness.emulator.seedPolicySet();
      const refused = await harness.sync({ policySets: [{ id: set, kind: null }] }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ConfigurationError);
      expect((refused as Error).message).toContain(
        `Input "policy-sets" gives ${set} without a kind, and the repository defines both native and opa policies`,
      );
      expect((refused as Error).message).toContain(`native:${set} or opa:${set}`);
      expect(harness.emulator.requests).toEqual([]);
    });

    it('each new policy joins the sets of its kind only', async () => {
      const harness = await startSync(files);
      const nativeSet = harness.emulator.seedPolicySet();
      const opaSet = harness.emulator.seedPolicySet();
      const { result } = await harness.sync({
        policySets: [
          { id: nativeSet, kind: 'native' },
          { id: opaSet, kind: 'opa' },
        ],
      });
      expect(result.failure).toBeNull();
      const stored = storedByName(harness.emulator);
      expect(stored.get('guard')!.policySetIds).toEqual([nativeSet]);
      expect(stored.get('tags')!.policySetIds).toEqual([opaSet]);
      expect(result.annotations.filter((a) => a.level === 'warning')).toEqual([]);
    });
  });

  describe('a policy in no policy set', () => {
    it('is named in a warning and in the summary: it is checked against nothing', async () => {
      const harness = await startSync({ 'policies/guard.native': NATIVE });
      const { result } = await harness.sync({ policySets: [] });
      expect(result.failure).toBeNull();
      const warning = result.annotations.find((a) => a.level === 'warning');
      expect(warning?.message).toMatch(
        /^Policy guard \(native\) is in no policy set, so it is checked against nothing/,
      );
      expect(warning?.file).toBe('policies/guard.native');
      expect(result.summary).toContain('is in no policy set, so it is checked against nothing');
    });

    it('an existing policy in a set of the service is not named', async () => {
      const harness = await startSync({ 'policies/guard.native': NATIVE });
      harness.emulator.seedPolicy({ name: 'guard', code: NATIVE, policySetIds: [harness.emulator.seedPolicySet()] });
      const { result } = await harness.sync({ policySets: [] });
      expect(result.annotations.filter((a) => a.level === 'warning')).toEqual([]);
    });
  });
});
