import { describe, expect, it } from 'vitest';
import { toRemotePolicyState } from '../../../src/modes/sync-policies/remote-state.ts';
import type { Policy } from '../../../src/service/types.ts';

function doc(attributes: Partial<Policy['attributes']> & { name: string }, extra: Partial<Policy> = {}): Policy {
  return { id: 'pol-abc123', type: 'policies', attributes, ...extra };
}

describe('toRemotePolicyState', () => {
  it('reads a list answer: settings, policy sets and the download path', () => {
    const policy: Policy = {
      id: 'pol-u3S5p2Uwk21keu1s',
      type: 'policies',
      attributes: {
        name: 's3-encryption',
        description: 'Buckets are encrypted.',
        kind: 'opa',
        query: 'data.terraform.policies.s3.deny',
        'enforcement-level': 'mandatory',
        enforce: [{ path: 's3-encryption.rego', mode: 'mandatory' }],
        'policy-set-count': 2,
        'updated-at': '2024-04-25T10:00:00Z',
      },
      relationships: {
        organization: { data: { id: 'acme', type: 'organizations' } },
        'policy-sets': {
          data: [
            { id: 'polset-1', type: 'policy-sets' },
            { id: 'polset-2', type: 'policy-sets' },
          ],
        },
      },
      links: {
        self: '/api/v2/policies/pol-u3S5p2Uwk21keu1s',
        upload: '/api/v2/policies/pol-u3S5p2Uwk21keu1s/upload',
        download: '/api/v2/policies/pol-u3S5p2Uwk21keu1s/download',
      },
    };
    expect(toRemotePolicyState(policy)).toEqual({
      id: 'pol-u3S5p2Uwk21keu1s',
      name: 's3-encryption',
      kind: 'opa',
      enforcementLevel: 'mandatory',
      enforcementLevelOrigin: 'enforcement-level',
      description: 'Buckets are encrypted.',
      query: 'data.terraform.policies.s3.deny',
      policySetIds: ['polset-1', 'polset-2'],
    });
  });

  it('takes the spec defaults for what is missing: kind native, no description, no sets', () => {
    expect(toRemotePolicyState(doc({ name: 'a', 'enforcement-level': 'advisory', description: '' }))).toEqual({
      id: 'pol-abc123',
      name: 'a',
      kind: 'native',
      enforcementLevel: 'advisory',
      enforcementLevelOrigin: 'enforcement-level',
      description: null,
      query: null,
      policySetIds: [],
    });
  });

  describe('the deprecated enforce form, when enforcement-level is missing (spec 2.1)', () => {
    it('native: the mode of an element whose path is <NAME>.native', () => {
      const state = toRemotePolicyState(
        doc({ name: 'tags', kind: 'native', enforce: [{ path: 'tags.native', mode: 'soft-mandatory' }] }),
      );
      expect([state.enforcementLevel, state.enforcementLevelOrigin]).toEqual(['soft-mandatory', 'enforce']);
    });

    it('native: hard-mandatory when the path does not match <NAME>.native', () => {
      const state = toRemotePolicyState(
        doc({ name: 'tags', kind: 'native', enforce: [{ path: 'other.native', mode: 'advisory' }] }),
      );
      expect([state.enforcementLevel, state.enforcementLevelOrigin]).toEqual(['hard-mandatory', 'default']);
    });

    it('native: hard-mandatory with neither form', () => {
      expect(toRemotePolicyState(doc({ name: 'tags' })).enforcementLevel).toBe('hard-mandatory');
    });

    it('opa: the mode of an element whose path is <NAME>.rego, advisory otherwise', () => {
      const own = toRemotePolicyState(
        doc({ name: 'q', kind: 'opa', 'enforcement-level': null, enforce: [{ path: 'q.rego', mode: 'mandatory' }] }),
      );
      expect([own.enforcementLevel, own.enforcementLevelOrigin]).toEqual(['mandatory', 'enforce']);
      const other = toRemotePolicyState(
        doc({ name: 'q', kind: 'opa', enforce: [{ path: 'q.native', mode: 'mandatory' }] }),
      );
      expect([other.enforcementLevel, other.enforcementLevelOrigin]).toEqual(['advisory', 'default']);
      expect(toRemotePolicyState(doc({ name: 'q', kind: 'opa', enforce: [] })).enforcementLevel).toBe('advisory');
    });

    it('prefers enforcement-level over enforce', () => {
      const state = toRemotePolicyState(
        doc({ name: 't', 'enforcement-level': 'advisory', enforce: [{ path: 't.native', mode: 'hard-mandatory' }] }),
      );
      expect(state.enforcementLevel).toBe('advisory');
    });
  });
});
