import { describe, expect, it } from 'vitest';
import type { DesiredPolicy } from '../../../src/modes/sync-policies/policy-model.ts';
import type { Policy } from '../../../src/service/types.ts';
import { settingsNotApplied } from '../../../src/modes/sync-policies/verify.ts';

function desired(over: Partial<DesiredPolicy> = {}): DesiredPolicy {
  return {
    name: 'tags',
    kind: 'opa',
    enforcementLevel: 'mandatory',
    enforcementLevelStated: true,
    description: 'Tags are set.',
    query: 'data.terraform.tags.deny',
    code: 'package terraform.tags\n',
    codeBytes: 23,
    sourceFile: 'policies/tags.rego',
    definedAt: { file: 'policies/policies.hcl', line: 1 },
    ...over,
  };
}

/** A show answer as the service sends it (spec 2.1), with `attributes` overridden. */
function stored(attributes: Partial<Policy['attributes']> = {}, setIds: string[] = []): Policy {
  return {
    id: 'pol-1',
    type: 'policies',
    attributes: {
      name: 'tags',
      kind: 'opa',
      query: 'data.terraform.tags.deny',
      'enforcement-level': 'mandatory',
      enforce: [{ path: 'tags.rego', mode: 'mandatory' }],
      description: 'Tags are set.',
      'policy-set-count': setIds.length,
      'updated-at': null,
      ...attributes,
    },
    relationships: { 'policy-sets': { data: setIds.map((id) => ({ id, type: 'policy-sets' })) } },
    links: { self: '/api/v2/policies/pol-1' },
  };
}

describe('settingsNotApplied', () => {
  it('finds nothing when the service stored what was sent, extra policy sets allowed', () => {
    expect(settingsNotApplied(desired(), ['polset-a'], stored({}, ['polset-b', 'polset-a']))).toEqual([]);
  });

  it('reads the level from the deprecated enforce form when enforcement-level is absent', () => {
    expect(
      settingsNotApplied(
        desired(),
        [],
        stored({ 'enforcement-level': undefined, enforce: [{ path: 'tags.rego', mode: 'mandatory' }] }),
      ),
    ).toEqual([]);
    expect(
      settingsNotApplied(
        desired(),
        [],
        stored({ 'enforcement-level': undefined, enforce: [{ path: 'other.rego', mode: 'mandatory' }] }),
      ),
    ).toEqual(['the service did not apply enforcement-level mandatory to policy tags; it reports advisory']);
  });

  it('names every setting the service did not take, with the value it reports', () => {
    const found = settingsNotApplied(
      desired(),
      ['polset-a', 'polset-b'],
      stored({ 'enforcement-level': 'advisory', description: 'Something\nelse', query: 'data.other.deny' }, [
        'polset-b',
      ]),
    );
    expect(found).toEqual([
      'the service did not apply enforcement-level mandatory to policy tags; it reports advisory',
      'the service did not apply description "Tags are set." to policy tags; it reports "Something else"',
      'the service did not apply query data.terraform.tags.deny to policy tags; it reports data.other.deny',
      'the service did not add policy tags to policy set polset-a; it reports polset-b',
    ]);
  });

  it('a kind or name other than the one sent', () => {
    expect(
      settingsNotApplied(
        desired({ kind: 'native', query: null, enforcementLevel: 'advisory' }),
        [],
        stored({ 'enforcement-level': 'advisory', kind: 'opa' }),
      ),
    ).toEqual(['the service did not apply kind native to policy tags; it reports opa']);
    expect(settingsNotApplied(desired(), [], stored({ name: 'tags2' }))[0]).toBe(
      'the service reports the policy pol-1 as "tags2", not "tags"',
    );
  });

  it('a description that was to be removed, null and empty being the same', () => {
    expect(settingsNotApplied(desired({ description: null }), [], stored({ description: '' }))).toEqual([]);
    expect(settingsNotApplied(desired({ description: null }), [], stored({ description: 'x'.repeat(200) }))).toEqual([
      `the service did not remove the description of policy tags; it reports "${'x'.repeat(77)}…"`,
    ]);
  });

  it('a native policy: the query is not compared', () => {
    const native = desired({ kind: 'native', query: null, enforcementLevel: 'hard-mandatory' });
    expect(
      settingsNotApplied(
        native,
        [],
        stored({ kind: 'native', query: 'data.leftover.deny', 'enforcement-level': 'hard-mandatory' }),
      ),
    ).toEqual([]);
  });

  it('no relationships in the answer: the sets asked for are missing', () => {
    const doc = stored();
    delete doc.relationships;
    expect(settingsNotApplied(desired(), ['polset-a'], doc)).toEqual([
      'the service did not add policy tags to policy set polset-a; it reports none',
    ]);
  });
});
