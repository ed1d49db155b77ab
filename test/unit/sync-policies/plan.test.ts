import { describe, expect, it } from 'vitest';
import { planPolicySync, policiesNeedingCode, settingsPatch } from '../../../src/modes/sync-policies/plan.ts';
import type { PlanPolicySyncInput, PolicyPlanEntry } from '../../../src/modes/sync-policies/plan.ts';
import type { DesiredPolicy } from '../../../src/modes/sync-policies/policy-model.ts';
import type { EnforcementLevel, Policy, PolicyKind } from '../../../src/service/types.ts';
import { toRemotePolicyState } from '../../../src/modes/sync-policies/remote-state.ts';
import type { RemotePolicy } from '../../../src/modes/sync-policies/remote-state.ts';

const CODE = 'import "tfplan/v2" as tfplan\nmain = rule { true }\n';

function desired(
  name: string,
  options: {
    kind?: PolicyKind;
    level?: EnforcementLevel;
    /** Default: stated (its block or the input sets it). */
    stated?: boolean;
    description?: string | null;
    query?: string | null;
    code?: string;
  } = {},
): DesiredPolicy {
  const kind = options.kind ?? 'native';
  const code = options.code ?? CODE;
  return {
    name,
    kind,
    enforcementLevel: options.level ?? 'advisory',
    enforcementLevelStated: options.stated ?? true,
    description: options.description ?? null,
    query: options.query ?? (kind === 'opa' ? `data.terraform.${name}.deny` : null),
    code,
    codeBytes: Buffer.byteLength(code),
    sourceFile: `policies/${name}.${kind === 'opa' ? 'rego' : 'native'}`,
    definedAt: { file: 'policies/policies.hcl', line: 1 },
  };
}

let nextId = 1;
/** A remote policy built the way the apply step builds it: from a service document. */
function remote(
  name: string,
  attributes: Partial<Policy['attributes']> = {},
  policySetIds: string[] = [],
): RemotePolicy {
  const id = `pol-${nextId++}`;
  return toRemotePolicyState({
    id,
    type: 'policies',
    attributes: { name, kind: 'native', 'enforcement-level': 'advisory', description: null, ...attributes },
    relationships: { 'policy-sets': { data: policySetIds.map((s) => ({ id: s, type: 'policy-sets' })) } },
    links: { download: `/api/v2/policies/${id}/download` },
  });
}

function plan(
  input: Partial<PlanPolicySyncInput> & { desired: DesiredPolicy[]; remote: RemotePolicy[] },
  codeOf: (r: RemotePolicy) => string | undefined = () => CODE,
): PolicyPlanEntry[] {
  const remoteCode = new Map<string, string>();
  for (const r of policiesNeedingCode(input.desired, input.remote)) {
    const code = codeOf(r);
    if (code !== undefined) remoteCode.set(r.id, code);
  }
  return planPolicySync({ remoteCode, prune: 'off', pruneScope: [], ...input });
}

function only(entries: PolicyPlanEntry[]): PolicyPlanEntry {
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

describe('planPolicySync', () => {
  it('creates a missing policy and uploads its code', () => {
    const want = desired('new');
    const entry = only(plan({ desired: [want], remote: [] }));
    expect(entry).toEqual({
      name: 'new',
      kind: 'native',
      action: 'create',
      desired: want,
      remote: null,
      settingChanges: [],
      changes: [],
      codeChanged: true,
      reason: null,
      levelKept: false,
    });
  });

  it('leaves an identical policy alone', () => {
    const have = remote('same', { 'enforcement-level': 'soft-mandatory', description: 'About it' });
    const entry = only(
      plan({ desired: [desired('same', { level: 'soft-mandatory', description: 'About it' })], remote: [have] }),
    );
    expect(entry).toMatchObject({
      action: 'unchanged',
      remote: have,
      settingChanges: [],
      changes: [],
      codeChanged: false,
      reason: null,
    });
  });

  it('updates only the enforcement level when only it differs', () => {
    const entry = only(plan({ desired: [desired('lvl', { level: 'hard-mandatory' })], remote: [remote('lvl')] }));
    expect(entry).toMatchObject({
      action: 'update-settings',
      settingChanges: [{ attribute: 'enforcement-level', from: 'advisory', to: 'hard-mandatory' }],
      changes: ['enforcement-level: advisory → hard-mandatory'],
      codeChanged: false,
    });
    expect(settingsPatch(entry)).toEqual({ 'enforcement-level': 'hard-mandatory' });
  });

  describe('descriptions: the repository decides, null and "" are the same', () => {
    it('changes one', () => {
      const entry = only(
        plan({
          desired: [desired('d', { description: 'new words' })],
          remote: [remote('d', { description: 'old words' })],
        }),
      );
      expect(entry).toMatchObject({ action: 'update-settings', changes: ['description'] });
      expect(settingsPatch(entry)).toEqual({ description: 'new words' });
    });

    it('adds one', () => {
      const entry = only(
        plan({ desired: [desired('d', { description: 'words' })], remote: [remote('d', { description: null })] }),
      );
      expect(entry).toMatchObject({ action: 'update-settings', changes: ['description: added'] });
    });

    it('removes one the config does not give', () => {
      const entry = only(
        plan({ desired: [desired('d', { description: null })], remote: [remote('d', { description: 'set by hand' })] }),
      );
      expect(entry).toMatchObject({ action: 'update-settings', changes: ['description: removed'] });
      expect(settingsPatch(entry)).toEqual({ description: null });
    });

    it('sees no difference between null and ""', () => {
      expect(
        only(plan({ desired: [desired('d', { description: null })], remote: [remote('d', { description: '' })] }))
          .action,
      ).toBe('unchanged');
    });
  });

  describe('code', () => {
    it('uploads code that differs', () => {
      const entry = only(plan({ desired: [desired('c', { code: CODE + '# more\n' })], remote: [remote('c')] }));
      expect(entry).toMatchObject({ action: 'upload-code', settingChanges: [], changes: ['code'], codeChanged: true });
      expect(settingsPatch(entry)).toEqual({});
    });

    it('compares bytes exactly: CRLF against LF is a difference', () => {
      const entry = only(
        plan({ desired: [desired('c', { code: CODE.replaceAll('\n', '\r\n') })], remote: [remote('c')] }),
      );
      expect(entry.action).toBe('upload-code');
    });

    it('uploads when the stored code is unknown (never uploaded, or not downloadable)', () => {
      const entry = only(plan({ desired: [desired('c')], remote: [remote('c')] }, () => undefined));
      expect(entry).toMatchObject({ action: 'upload-code', codeChanged: true });
    });

    it('updates settings and uploads code together', () => {
      const entry = only(
        plan({
          desired: [desired('both', { level: 'soft-mandatory', code: 'main = rule { false }\n' })],
          remote: [remote('both')],
        }),
      );
      expect(entry).toMatchObject({
        action: 'update-settings-and-upload-code',
        changes: ['enforcement-level: advisory → soft-mandatory', 'code'],
        codeChanged: true,
      });
    });
  });

  describe('opa queries', () => {
    it('updates a query that differs', () => {
      const have = remote('q', { kind: 'opa', 'enforcement-level': 'mandatory', query: 'data.old.deny' });
      const entry = only(
        plan({ desired: [desired('q', { kind: 'opa', level: 'mandatory', query: 'data.new.deny' })], remote: [have] }),
      );
      expect(entry).toMatchObject({ action: 'update-settings', changes: ['query: data.old.deny → data.new.deny'] });
      expect(settingsPatch(entry)).toEqual({ query: 'data.new.deny' });
    });

    it('never compares the query of a native policy', () => {
      const entry = only(plan({ desired: [desired('n')], remote: [remote('n', { query: 'data.leftover.deny' })] }));
      expect(entry.action).toBe('unchanged');
    });
  });

  it('replaces a policy whose kind changed: delete then create, with the reason', () => {
    const have = remote('k', { kind: 'native', 'enforcement-level': 'hard-mandatory' }, ['polset-a']);
    const want = desired('k', { kind: 'opa', level: 'mandatory' });
    expect(policiesNeedingCode([want], [have])).toEqual([]);
    const entry = only(plan({ desired: [want], remote: [have] }));
    expect(entry).toMatchObject({
      action: 'replace',
      kind: 'opa',
      desired: want,
      remote: have,
      settingChanges: [],
      changes: ['kind: native → opa'],
      codeChanged: true,
      reason: expect.stringContaining('deleted and created again'),
    });
    expect(entry.remote!.policySetIds).toEqual(['polset-a']);
  });

  describe('policies only in the service', () => {
    it('are ignored, not managed, when prune is off', () => {
      const extra = remote('hand-made', {}, ['polset-a']);
      const entry = only(plan({ desired: [], remote: [extra] }));
      expect(entry).toMatchObject({
        name: 'hand-made',
        kind: 'native',
        action: 'ignored',
        desired: null,
        remote: extra,
        reason: expect.stringContaining('prune is off'),
      });
    });

    it('are deleted with prune: organization, whatever their sets', () => {
      const entries = plan({
        desired: [],
        remote: [remote('gone'), remote('in-a-set', {}, ['polset-a'])],
        prune: 'organization',
      });
      expect(entries.map((e) => [e.name, e.action, e.reason])).toEqual([
        ['gone', 'delete', 'not defined in the repository, and prune is on'],
        ['in-a-set', 'delete', 'not defined in the repository, and prune is on'],
      ]);
    });

    it('are never deleted by a policy-sets prune without sets: an empty list is not the whole organization', () => {
      const entries = plan({
        desired: [],
        remote: [remote('gone'), remote('in-a-set', {}, ['polset-a'])],
        prune: 'policy-sets',
        pruneScope: [],
      });
      expect(entries.map((e) => e.action)).toEqual(['ignored', 'ignored']);
    });

    it('are deleted with prune when in one of the scope sets, ignored outside', () => {
      const inside = remote('inside', {}, ['polset-b', 'polset-ours']);
      const outside = remote('outside', {}, ['polset-theirs']);
      const loose = remote('in-no-set');
      const entries = plan({
        desired: [],
        remote: [outside, inside, loose],
        prune: 'policy-sets',
        pruneScope: ['polset-ours'],
      });
      expect(entries.map((e) => [e.name, e.action])).toEqual([
        ['in-no-set', 'ignored'],
        ['inside', 'delete'],
        ['outside', 'ignored'],
      ]);
      expect(entries[2]!.reason).toContain('none of the policy-sets');
    });
  });

  describe('a service policy with only the deprecated enforce form', () => {
    it('is unchanged when its level read from enforce is the desired one', () => {
      const have = remote('old', {
        'enforcement-level': undefined,
        enforce: [{ path: 'old.native', mode: 'soft-mandatory' }],
      });
      expect(have.enforcementLevelOrigin).toBe('enforce');
      expect(only(plan({ desired: [desired('old', { level: 'soft-mandatory' })], remote: [have] })).action).toBe(
        'unchanged',
      );
    });

    it('gets enforcement-level set when it differs, hard-mandatory being the default of a mismatched path', () => {
      const have = remote('old', {
        'enforcement-level': undefined,
        enforce: [{ path: 'renamed.native', mode: 'advisory' }],
      });
      const entry = only(plan({ desired: [desired('old', { level: 'advisory' })], remote: [have] }));
      expect(entry).toMatchObject({
        action: 'update-settings',
        changes: ['enforcement-level: hard-mandatory → advisory'],
      });
      expect(settingsPatch(entry)).toEqual({ 'enforcement-level': 'advisory' });
    });
  });

  it('lists every policy of both sides once, sorted by name', () => {
    const entries = plan({
      desired: [desired('c-update', { level: 'hard-mandatory' }), desired('a-create'), desired('b-same')],
      remote: [remote('d-extra'), remote('b-same'), remote('c-update')],
    });
    expect(entries.map((e) => [e.name, e.action])).toEqual([
      ['a-create', 'create'],
      ['b-same', 'unchanged'],
      ['c-update', 'update-settings'],
      ['d-extra', 'ignored'],
    ]);
  });
});

describe('policiesNeedingCode', () => {
  it('names the service policies the repository also defines with the same kind', () => {
    const same = remote('same');
    const otherKind = remote('kind', { kind: 'opa', 'enforcement-level': 'advisory' });
    const extra = remote('extra');
    expect(policiesNeedingCode([desired('same'), desired('kind'), desired('new')], [same, otherKind, extra])).toEqual([
      same,
    ]);
  });
});
