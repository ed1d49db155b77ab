import { describe, expect, it } from 'vitest';
import type { SyncResultEntry } from '../../../src/modes/sync-policies/summary.ts';
import { requestLines, startSync, storedByName, writes } from '../../sync-policies/run-harness.ts';
import type { SyncHarness, Write } from '../../sync-policies/run-harness.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const code = (name: string): string => `# ${name}\nmain = rule { true }\n`;
  const OPA_CODE = 'package terraform.old_kind\n\nimport rego.v1\n\ndeny contains "no" if { false }\n';

  const CONFIG = `
policy "other-level" {
  enforcement_level = "hard-mandatory"
}

policy "other-description" {
  description = "New words."
}

policy "deprecated-same" {
  enforcement_level = "soft-mandatory"
}

policy "deprecated-other" {
  enforcement_level = "hard-mandatory"
}
`;

  const LOCAL_NAMES = [
    'deprecated-other',
    'deprecated-same',
    'identical',
    'missing',
    'other-code',
    'other-description',
    'other-kind',
    'other-level',
  ];

  function repository(): Record<string, string> {
    const files: Record<string, string> = { 'policies/policies.hcl': CONFIG };
    for (const name of LOCAL_NAMES) files[`policies/${name}.native`] = code(name);
    return files;
  }

  interface Seeded {
    harness: SyncHarness;
    ids: Record<string, string>;
    sets: { old: string; scope: string; other: string };
  }

  /** Every remote state of the matrix, one policy each, plus three policies the repository lacks. */
  async function seeded(): Promise<Seeded> {
    const harness = await startSync(repository());
    const { emulator } = harness;
    const sets = { old: emulator.seedPolicySet(), scope: emulator.seedPolicySet(), other: emulator.seedPolicySet() };
    const seed = (name: string, more: Parameters<typeof emulator.seedPolicy>[0]): [string, string] => [
      name,
      emulator.seedPolicy(more).id,
    ];
    const ids = Object.fromEntries([
      seed('identical', { name: 'identical', code: code('identical') }),
      seed('other-level', { name: 'other-level', enforcementLevel: 'advisory', code: code('other-level') }),
      seed('other-description', {
        name: 'other-description',
        description: 'Old words.',
        code: code('other-description'),
      }),
      seed('other-code', { name: 'other-code', code: '# an older version\n' }),
      seed('other-kind', {
        name: 'other-kind',
        kind: 'opa',
        query: 'data.terraform.old_kind.deny',
        code: OPA_CODE,
        policySetIds: [sets.old],
      }),
      seed('deprecated-same', {
        name: 'deprecated-same',
        enforcementLevel: 'soft-mandatory',
        deprecatedEnforceOnly: true,
        code: code('deprecated-same'),
      }),
      seed('deprecated-other', {
        name: 'deprecated-other',
        enforcementLevel: 'advisory',
        deprecatedEnforceOnly: true,
        code: code('deprecated-other'),
      }),
      seed('extra-in-scope', { name: 'extra-in-scope', code: 'x', policySetIds: [sets.scope] }),
      seed('extra-other-set', { name: 'extra-other-set', code: 'x', policySetIds: [sets.other] }),
      seed('extra-no-set', { name: 'extra-no-set', code: 'x' }),
    ]) as Record<string, string>;
    return { harness, ids, sets };
  }

  function createBody(name: string, attributes: Record<string, unknown>, setIds: string[] = []): unknown {
    return {
      data: {
        type: 'policies',
        attributes: { name, kind: 'native', 'enforcement-level': 'advisory', ...attributes },
        ...(setIds.length > 0
          ? { relationships: { 'policy-sets': { data: setIds.map((id) => ({ id, type: 'policy-sets' })) } } }
          : {}),
      },
    };
  }

  const patchBody = (attributes: Record<string, unknown>): unknown => ({ data: { type: 'policies', attributes } });

  function sorted(list: Write[]): Write[] {
    const key = (w: Write): string => `${w.method} ${w.path} ${JSON.stringify(w.body)}`;
    return [...list].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  }

  function indexOf(list: Write[], method: string, path: string): number {
    const index = list.findIndex((w) => w.method === method && w.path === path);
    expect(index, `${method} ${path}`).toBeGreaterThanOrEqual(0);
    return index;
  }

  function resultOf(outputs: Record<string, unknown>): SyncResultEntry[] {
    return outputs.result as SyncResultEntry[];
  }

  describe('runSyncPolicies against the emulator: the matrix of remote states', () => {
    it('sends exactly the writes each state needs, then a second run sends none', async () => {
      const { harness, ids } = await seeded();
      const { emulator } = harness;

      const { result, log } = await harness.sync();

      expect(result.failure).toBeNull();
      expect(result.conclusion).toBe('success');
      const stored = storedByName(emulator);
      const newId = (name: string): string => stored.get(name)!.id;
      expect(newId('other-kind')).not.toBe(ids['other-kind']);

      const sent = writes(emulator);
      expect(sorted(sent)).toEqual(
        sorted([
          { method: 'POST', path: '/organizations/acme/policies', body: createBody('missing', {}) },
          { method: 'PUT', path: `/policies/${newId('missing')}/upload`, body: code('missing') },
          {
            method: 'PATCH',
            path: `/policies/${ids['other-level']}`,
            body: patchBody({ 'enforcement-level': 'hard-mandatory' }),
          },
          {
            method: 'PATCH',
            path: `/policies/${ids['other-description']}`,
            body: patchBody({ description: 'New words.' }),
          },
          { method: 'PUT', path: `/policies/${ids['other-code']}/upload`, body: code('other-code') },
          { method: 'DELETE', path: `/policies/${ids['other-kind']}`, body: null },
          // The new policy does not join the old one's set: it held opa policies, and this one is native.
          { method: 'POST', path: '/organizations/acme/policies', body: createBody('other-kind', {}, []) },
          { method: 'PUT', path: `/policies/${newId('other-kind')}/upload`, body: code('other-kind') },
          {
            method: 'PATCH',
            path: `/policies/${ids['deprecated-other']}`,
            body: patchBody({ 'enforcement-level': 'hard-mandatory' }),
          },
        ]),
      );
      // Delete, then create, then upload: the name is free only once the old policy is gone.
      const deleted = indexOf(sent, 'DELETE', `/policies/${ids['other-kind']}`);
      const created = sent.findIndex((w) => w.method === 'POST' && JSON.stringify(w.body).includes('"other-kind"'));
      expect(deleted).toBeLessThan(created);
      expect(created).toBeLessThan(indexOf(sent, 'PUT', `/policies/${newId('other-kind')}/upload`));

      // Reads: the list in pages of 100 and the code of same-kind policies only; the settings
      // written are checked from the write answers, without reading the policies back.
      const lines = requestLines(emulator);
      const gets = lines.filter((l) => l.startsWith('GET '));
      expect(gets.filter((l) => l.includes('/organizations/acme/policies'))).toEqual([
        'GET /organizations/acme/policies?page%5Bsize%5D=100',
      ]);
      // The code is read where each policy's download link leads: spec 2.1 names no path.
      const downloadOf = new Map(emulator.policies().map((p) => [p.id, p.downloadPath.replace(/^\/api\/v2/, '')]));
      expect(gets.filter((l) => l.includes('/policy-downloads/')).sort()).toEqual(
        ['deprecated-other', 'deprecated-same', 'identical', 'other-code', 'other-description', 'other-level']
          .map((n) => `GET ${downloadOf.get(ids[n]!)}`)
          .sort(),
      );
      expect(gets.filter((l) => l.endsWith('/download'))).toEqual([]);
      expect(gets.filter((l) => /^GET \/policies\/[^/]+$/.test(l))).toEqual([]);

      // The stored state is the repository's.
      for (const name of LOCAL_NAMES) {
        const policy = stored.get(name)!;
        expect(policy.kind, name).toBe('native');
        expect(policy.code, name).toBe(code(name));
      }
      expect(stored.get('other-level')!.enforcementLevel).toBe('hard-mandatory');
      expect(stored.get('deprecated-other')!.enforcementLevel).toBe('hard-mandatory');
      expect(stored.get('deprecated-same')!.enforcementLevel).toBe('soft-mandatory');
      expect(stored.get('other-description')!.description).toBe('New words.');
      expect(stored.get('other-kind')!.policySetIds).toEqual([]);
      expect(stored.get('missing')!.policySetIds).toEqual([]);
      expect([...stored.keys()].filter((n) => n.startsWith('extra-')).sort()).toEqual([
        'extra-in-scope',
        'extra-no-set',
        'extra-other-set',
      ]);

      // Report: counts (a replace is one created and one deleted), one result entry per policy.
      expect(result.outputs).toMatchObject({ created: 2, updated: 4, deleted: 1, unchanged: 2 });
      const entries = resultOf(result.outputs);
      expect(entries.map((e) => [e.name, e.action, e.outcome])).toEqual([
        ['deprecated-other', 'update-settings', 'done'],
        ['deprecated-same', 'unchanged', 'unchanged'],
        ['extra-in-scope', 'ignored', 'not-managed'],
        ['extra-no-set', 'ignored', 'not-managed'],
        ['extra-other-set', 'ignored', 'not-managed'],
        ['identical', 'unchanged', 'unchanged'],
        ['missing', 'create', 'done'],
        ['other-code', 'upload-code', 'done'],
        ['other-description', 'update-settings', 'done'],
        ['other-kind', 'replace', 'done'],
        ['other-level', 'update-settings', 'done'],
      ]);
      expect(entries.find((e) => e.name === 'other-kind')).toMatchObject({
        kind: 'native',
        id: newId('other-kind'),
        previousId: ids['other-kind'],
        enforcementLevel: 'advisory',
        changes: ['kind: opa → native'],
      });
      expect(entries.find((e) => e.name === 'other-level')).toMatchObject({
        id: ids['other-level'],
        changes: ['enforcement-level: advisory → hard-mandatory'],
      });
      expect(entries.every((e) => e.error === undefined)).toBe(true);
      expect(result.summary).toContain('<strong>other-kind</strong>');
      expect(result.summary).toContain('counts as one created and one deleted');
      expect(result.summary).not.toContain('Everything is in sync');
      expect(result.title).toBe('Policies synced in acme: 2 created, 4 updated, 1 deleted, 2 unchanged');
      expect(log).toContain('Plan: 1 to create, 4 to update, 1 to replace, 0 to delete, 2 unchanged, 3 not managed.');

      // Idempotent: a second run reads and writes nothing.
      emulator.clearRequests();
      const again = await harness.sync();
      expect(writes(emulator)).toEqual([]);
      expect(again.result.failure).toBeNull();
      expect(again.result.outputs).toMatchObject({ created: 0, updated: 0, deleted: 0, unchanged: 8 });
      expect(again.result.summary).toContain('Everything is in sync: no write request was sent.');
      expect(again.result.title).toBe('The policies of acme are in sync; nothing was changed');
    });

    it('prune: organization deletes every policy the repository lacks', async () => {
      const { harness, ids } = await seeded();
      const { result } = await harness.sync({ prune: 'organization' });
      expect(result.failure).toBeNull();
      const deletes = writes(harness.emulator)
        .filter((w) => w.method === 'DELETE')
        .map((w) => w.path)
        .sort();
      expect(deletes).toEqual(
        ['other-kind', 'extra-in-scope', 'extra-other-set', 'extra-no-set'].map((n) => `/policies/${ids[n]}`).sort(),
      );
      expect([...storedByName(harness.emulator).keys()].sort()).toEqual(LOCAL_NAMES);
      // Three pruned, plus the replaced policy.
      expect(result.outputs).toMatchObject({ created: 2, deleted: 4 });
    });

    it('with policy-sets, prune deletes only policies of those sets, and new policies join them', async () => {
      const { harness, ids, sets } = await seeded();
      const { result } = await harness.sync({ prune: 'policy-sets', policySets: [{ id: sets.scope, kind: null }] });
      expect(result.failure).toBeNull();
      const sent = writes(harness.emulator);
      expect(
        sent
          .filter((w) => w.method === 'DELETE')
          .map((w) => w.path)
          .sort(),
      ).toEqual([`/policies/${ids['extra-in-scope']}`, `/policies/${ids['other-kind']}`].sort());
      const stored = storedByName(harness.emulator);
      expect(stored.has('extra-other-set')).toBe(true);
      expect(stored.has('extra-no-set')).toBe(true);
      expect(stored.get('missing')!.policySetIds).toEqual([sets.scope]);
      // The replaced policy joins the set of its new kind, not its old set (of the old kind).
      expect(stored.get('other-kind')!.policySetIds).toEqual([sets.scope]);
      expect(sent).toContainEqual({
        method: 'POST',
        path: '/organizations/acme/policies',
        body: createBody('missing', {}, [sets.scope]),
      });
      const entries = resultOf(result.outputs);
      expect(entries.find((e) => e.name === 'extra-other-set')).toMatchObject({
        action: 'ignored',
        reason: expect.stringContaining('belongs to none of the policy-sets') as unknown,
      });
    });

    it('dry run: reads everything, sends no write, and says what would change', async () => {
      const { harness, ids } = await seeded();
      const before = harness.emulator.policies();
      const { result, log } = await harness.sync({ dryRun: true, prune: 'organization' });

      expect(writes(harness.emulator)).toEqual([]);
      expect(harness.emulator.policies()).toEqual(before);
      expect(requestLines(harness.emulator).every((l) => l.startsWith('GET '))).toBe(true);
      expect(result.failure).toBeNull();
      expect(result.title).toBe('Dry run: would create 2, update 4 and delete 4 policies in acme (2 unchanged)');
      expect(result.summary).toContain('**Dry run.**');
      expect(result.summary).toContain(
        '**2** would be created · **4** would be updated · **4** would be deleted · **1** would be replaced',
      );
      expect(result.summary).toContain('<td>would replace</td>');
      expect(result.summary).toContain('would delete');
      expect(result.summary).toContain('### Would change');
      // The log and the summary say the same of what was sent.
      expect(log).toContain('Dry run, nothing was changed, only read requests were sent: ');
      expect(result.summary).toContain(
        'This is what would be done: nothing was changed, only read requests were sent.',
      );
      expect(log).not.toContain('nothing is sent');
      const entries = resultOf(result.outputs);
      expect(entries.find((e) => e.name === 'missing')).toMatchObject({
        action: 'create',
        outcome: 'planned',
        id: null,
      });
      expect(entries.find((e) => e.name === 'other-kind')).toMatchObject({
        action: 'replace',
        outcome: 'planned',
        id: null,
        previousId: ids['other-kind'],
      });
      expect(entries.find((e) => e.name === 'extra-no-set')).toMatchObject({
        action: 'delete',
        outcome: 'planned',
        id: ids['extra-no-set'],
      });
    });

    it('dry run with nothing to change says so', async () => {
      const harness = await startSync({ 'policies/a.native': code('a') });
      harness.emulator.seedPolicy({ name: 'a', code: code('a') });
      const { result, log } = await harness.sync({ dryRun: true });
      expect(writes(harness.emulator)).toEqual([]);
      expect(log).toContain('The repository defines 1 policy.');
      expect(log).toContain('Organization acme has 1 policy;');
      expect(result.summary).toContain('Everything is in sync: nothing would change.');
      expect(result.title).toBe('Dry run: the policies of acme are in sync');
    });
  });

  describe('runSyncPolicies: opa policies and descriptions', () => {
    it('creates an opa policy with its derived query, and removes a description the config no longer sets', async () => {
      const rego = 'package terraform.policies.tags\n\nimport rego.v1\n\ndeny contains "x" if { false }\n';
      const harness = await startSync({
        'policies/policies.hcl':
          'policy "tags" {\n  enforcement_level = "mandatory"\n  description = "Tags <b>must</b> be set."\n}\n',
        'policies/tags.rego': rego,
        'policies/plain.native': code('plain'),
      });
      const plain = harness.emulator.seedPolicy({ name: 'plain', description: 'Set by hand.', code: code('plain') }).id;
      const { result } = await harness.sync();
      expect(result.failure).toBeNull();
      const tags = storedByName(harness.emulator).get('tags')!;
      expect(writes(harness.emulator)).toEqual(
        expect.arrayContaining([
          {
            method: 'POST',
            path: '/organizations/acme/policies',
            body: createBody('tags', {
              kind: 'opa',
              'enforcement-level': 'mandatory',
              description: 'Tags <b>must</b> be set.',
              query: 'data.terraform.policies.tags.deny',
            }),
          },
          { method: 'PUT', path: `/policies/${tags.id}/upload`, body: rego },
          { method: 'PATCH', path: `/policies/${plain}`, body: patchBody({ description: null }) },
        ]),
      );
      expect(writes(harness.emulator)).toHaveLength(3);
      expect(tags).toMatchObject({
        kind: 'opa',
        enforcementLevel: 'mandatory',
        query: 'data.terraform.policies.tags.deny',
        code: rego,
      });
      expect(storedByName(harness.emulator).get('plain')!.description).toBeNull();
      // Text from the repository is escaped in the summary.
      expect(result.summary).not.toContain('<b>must</b>');
    });
  });
});
