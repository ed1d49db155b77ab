import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator/index.ts';
import { client } from '../emulator/test-client.ts';

let emulator: Emulator;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  emulator = await startEmulator();
  api = client(emulator);
});
afterEach(() => emulator.close());

function policyBody(attributes: Record<string, unknown>, relationships?: unknown): unknown {
  return { data: { type: 'policies', attributes, ...(relationships ? { relationships } : {}) } };
}

const create = (attributes: Record<string, unknown>, relationships?: unknown) =>
  api.post('/organizations/acme/policies', policyBody(attributes, relationships));

describe('policy documents', () => {
  it('create answers 200 with a kebab-case document, updated-at null and no download link', async () => {
    const reply = await create({ name: 'require-tags', 'enforcement-level': 'soft-mandatory', description: 'Tags.' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/vnd.api+json');
    const { data } = reply.body;
    expect(data.id).toMatch(/^pol-/);
    expect(data.type).toBe('policies');
    expect(data.attributes).toEqual({
      name: 'require-tags',
      description: 'Tags.',
      kind: 'native',
      'enforcement-level': 'soft-mandatory',
      enforce: [{ path: 'require-tags.native', mode: 'soft-mandatory' }],
      'policy-set-count': 0,
      'updated-at': null,
    });
    expect(data.relationships.organization.data).toEqual({ id: 'acme', type: 'organizations' });
    expect(data.links).toEqual({ self: `/api/v2/policies/${data.id}`, upload: `/api/v2/policies/${data.id}/upload` });

    const shown = await api.get(`/policies/${data.id}`);
    // Spec 2.1 names the link, not a path: the emulator's leads where no client could guess.
    expect(shown.body.data.links.download).toMatch(/^\/api\/v2\/policy-downloads\/[A-Za-z0-9_-]{16,}$/);
    expect(shown.body.data.links.download).not.toContain(data.id);
    expect((await api.get(`/policies/${data.id}/download`)).status).toBe(404);
  });

  it('opa policies carry their query and a .rego enforce path; query on a native policy is 422', async () => {
    const opa = await create({
      name: 'deny-public',
      kind: 'opa',
      query: 'data.terraform.deny',
      'enforcement-level': 'mandatory',
    });
    expect(opa.status).toBe(200);
    expect(opa.body.data.attributes.query).toBe('data.terraform.deny');
    expect(opa.body.data.attributes.enforce).toEqual([{ path: 'deny-public.rego', mode: 'mandatory' }]);
    const native = await create({ name: 'n1', query: 'data.x', 'enforcement-level': 'advisory' });
    expect(native.status).toBe(422);
    expect(native.body.errors[0]).toMatchObject({
      status: '422',
      title: expect.any(String),
      detail: expect.stringContaining('query'),
    });
  });

  it('validates the enforcement level per kind and requires one', async () => {
    expect((await create({ name: 'a', kind: 'opa', query: 'q', 'enforcement-level': 'hard-mandatory' })).status).toBe(
      422,
    );
    expect((await create({ name: 'b', 'enforcement-level': 'mandatory' })).status).toBe(422);
    expect((await create({ name: 'c' })).status).toBe(422);
    expect(emulator.policies()).toEqual([]);
  });

  it('accepts the deprecated enforce form with the defaults of 2.1', async () => {
    const matching = await create({ name: 'm', enforce: [{ path: 'm.native', mode: 'soft-mandatory' }] });
    expect(matching.body.data.attributes['enforcement-level']).toBe('soft-mandatory');
    const otherPath = await create({ name: 'o', enforce: [{ path: 'elsewhere.native', mode: 'advisory' }] });
    expect(otherPath.body.data.attributes['enforcement-level']).toBe('hard-mandatory');
    const opa = await create({
      name: 'r',
      kind: 'opa',
      query: 'q',
      enforce: [{ path: 'other.rego', mode: 'mandatory' }],
    });
    expect(opa.body.data.attributes['enforcement-level']).toBe('advisory');
  });

  it('a policy stored before enforcement-level existed has only the enforce form', async () => {
    const { id } = emulator.seedPolicy({
      name: 'legacy',
      enforcementLevel: 'hard-mandatory',
      deprecatedEnforceOnly: true,
    });
    const { attributes } = (await api.get(`/policies/${id}`)).body.data;
    expect(attributes).not.toHaveProperty('enforcement-level');
    expect(attributes.enforce).toEqual([{ path: 'legacy.native', mode: 'hard-mandatory' }]);
  });

  it('names: letters, digits, - and _ only, unique in the organization', async () => {
    expect((await create({ name: 'bad name!', 'enforcement-level': 'advisory' })).status).toBe(422);
    expect((await create({ name: 'dup_1', 'enforcement-level': 'advisory' })).status).toBe(200);
    const duplicate = await create({ name: 'dup_1', 'enforcement-level': 'advisory' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors[0].detail).toContain('dup_1');
  });

  it('refuses malformed bodies: wrong data.type, wrong attribute types, wrong media type', async () => {
    const wrongType = await api.post('/organizations/acme/policies', {
      data: { type: 'policy', attributes: { name: 'x', 'enforcement-level': 'advisory' } },
    });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body).toEqual({
      errors: [expect.objectContaining({ status: '422', detail: expect.stringContaining('/data/type') })],
    });
    expect((await create({ name: 'x', 'enforcement-level': 'advisory', description: 5 })).status).toBe(422);
    expect((await create({ name: 7, 'enforcement-level': 'advisory' })).status).toBe(422);
    expect((await api.post('/organizations/acme/policies', '{not json')).status).toBe(422);
    const plainJson = await api.post(
      '/organizations/acme/policies',
      policyBody({ name: 'x', 'enforcement-level': 'advisory' }),
      { 'content-type': 'application/json' },
    );
    expect(plainJson.status).toBe(415);
    expect(emulator.policies()).toEqual([]);
  });

  it('joins the policy sets named in relationships; an unknown set is 422', async () => {
    const setId = emulator.seedPolicySet();
    const joined = await create(
      { name: 'in-set', 'enforcement-level': 'advisory' },
      { 'policy-sets': { data: [{ id: setId, type: 'policy-sets' }] } },
    );
    expect(joined.body.data.attributes['policy-set-count']).toBe(1);
    expect(joined.body.data.relationships['policy-sets'].data).toEqual([{ id: setId, type: 'policy-sets' }]);
    const unknown = await create(
      { name: 'x', 'enforcement-level': 'advisory' },
      { 'policy-sets': { data: [{ id: 'polset-nope', type: 'policy-sets' }] } },
    );
    expect(unknown.status).toBe(422);
    const included = await api.get(`/policies/${joined.body.data.id}?include=policy_sets`);
    expect(included.body.included).toEqual([expect.objectContaining({ id: setId, type: 'policy-sets' })]);
  });
});

describe('policy code', () => {
  it('upload stores the code; download redirects (302) to the second origin, which serves it without the token', async () => {
    const { id } = (await create({ name: 'p', 'enforcement-level': 'advisory' })).body.data;
    const upload = await api.put(`/policies/${id}/upload`, 'main = rule { true }\n');
    expect(upload.status).toBeGreaterThanOrEqual(200);
    expect(upload.status).toBeLessThan(300);
    expect(emulator.policies()[0]!.code).toBe('main = rule { true }\n');
    const link = (await api.get(`/policies/${id}`)).body.data.links.download as string;
    const download = await fetch(`${emulator.baseUrl}${link.replace(/^\/api\/v2/, '')}`, {
      headers: { authorization: `Bearer ${emulator.token}` },
      redirect: 'manual',
    });
    expect(download.status).toBe(302);
    const location = download.headers.get('location')!;
    expect(location.startsWith(`${emulator.uploadOrigin}/objects/`)).toBe(true);
    // The object is the code as it was when the redirect was answered, like an object version.
    await api.put(`/policies/${id}/upload`, 'main = rule { false }\n');
    const object = await fetch(location);
    expect(object.status).toBe(200);
    expect(await object.text()).toBe('main = rule { true }\n');
    expect(emulator.requests.at(-1)).toMatchObject({ port: 'object', method: 'GET' });
    expect((await fetch(`${emulator.uploadOrigin}/objects/not-handed-out`)).status).toBe(404);
    expect((await api.get(`/policies/${id}`)).body.data.attributes['updated-at']).not.toBeNull();
  });

  it('with policies.download "direct", the download answers the code itself; before any upload it is 404', async () => {
    emulator.configure({ policies: { download: 'direct' } });
    const { id } = emulator.seedPolicy({ name: 'p', code: 'main = rule { true }\n' });
    const pathOf = (policyId: string) =>
      emulator
        .policies()
        .find((p) => p.id === policyId)!
        .downloadPath.replace(/^\/api\/v2/, '');
    const download = await api.get(pathOf(id));
    expect(download.status).toBe(200);
    expect(download.text).toBe('main = rule { true }\n');
    expect(emulator.requests.map((r) => r.port)).toEqual(['api']);
    const empty = emulator.seedPolicy({ name: 'empty' });
    expect((await api.get(pathOf(empty.id))).status).toBe(404);
  });

  it('up to 10 MB is accepted; one byte more is 413 and nothing is saved', async () => {
    const limit = 10 * 1024 * 1024;
    const { id } = emulator.seedPolicy({ name: 'big', code: 'original' });
    expect((await api.put(`/policies/${id}/upload`, Buffer.alloc(limit, 97))).status).toBe(200);
    expect(emulator.policies()[0]!.code!.length).toBe(limit);
    await api.put(`/policies/${id}/upload`, 'small');
    const tooLarge = await api.put(`/policies/${id}/upload`, Buffer.alloc(limit + 1, 98));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errors[0].status).toBe('413');
    expect(emulator.policies()[0]!.code).toBe('small');
  });

  it('upload takes application/octet-stream only', async () => {
    const { id } = emulator.seedPolicy({ name: 'p' });
    expect((await api.put(`/policies/${id}/upload`, 'x', 'text/plain')).status).toBe(415);
    expect(emulator.policies()[0]!.code).toBeNull();
  });
});

describe('policy update, list and delete', () => {
  it('update changes settings; name and kind cannot change', async () => {
    const { id } = (await create({ name: 'p', 'enforcement-level': 'advisory' })).body.data;
    const updated = await api.patch(
      `/policies/${id}`,
      policyBody({ description: 'now', 'enforcement-level': 'hard-mandatory' }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toMatchObject({ description: 'now', 'enforcement-level': 'hard-mandatory' });
    expect(updated.body.data.attributes['updated-at']).toEqual(expect.any(String));
    expect(updated.body.data.links.download).toBeDefined();
    expect((await api.patch(`/policies/${id}`, policyBody({ name: 'other' }))).status).toBe(422);
    expect((await api.patch(`/policies/${id}`, policyBody({ kind: 'opa' }))).status).toBe(422);
    expect((await api.patch(`/policies/${id}`, policyBody({ 'enforcement-level': 'mandatory' }))).status).toBe(422);
    expect((await api.patch('/policies/pol-unknown', policyBody({ description: 'x' }))).status).toBe(404);
  });

  it('list filters by kind and searches by name; include=policy_sets adds the sets', async () => {
    const setId = emulator.seedPolicySet();
    emulator.seedPolicy({ name: 'alpha-tags', policySetIds: [setId] });
    emulator.seedPolicy({ name: 'beta-tags', kind: 'opa', enforcementLevel: 'mandatory', query: 'q' });
    emulator.seedPolicy({ name: 'gamma' });
    const names = (reply: { body: { data: Array<{ attributes: { name: string } }> } }) =>
      reply.body.data.map((p) => p.attributes.name);
    expect(names(await api.get('/organizations/acme/policies?filter%5Bkind%5D=opa'))).toEqual(['beta-tags']);
    expect(names(await api.get('/organizations/acme/policies?search%5Bname%5D=tags')).sort()).toEqual([
      'alpha-tags',
      'beta-tags',
    ]);
    const withSets = await api.get('/organizations/acme/policies?include=policy_sets');
    expect(withSets.body.included.map((set: { id: string }) => set.id)).toEqual([setId]);
    const bad = await api.get('/organizations/acme/policies?include=workspaces');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].status).toBe('400');
  });

  it('lists by id by default: not the order of creation, the same from page to page; policies.listOrder "creation" keeps creation order', async () => {
    const created = Array.from(
      { length: 30 },
      (_, i) => emulator.seedPolicy({ name: `p${String(i).padStart(2, '0')}` }).id,
    );
    const listed = async (): Promise<string[]> => {
      const pages = await Promise.all(
        [1, 2, 3].map((n) => api.get(`/organizations/acme/policies?page%5Bsize%5D=10&page%5Bnumber%5D=${n}`)),
      );
      return pages.flatMap((page) => page.body.data.map((p: { id: string }) => p.id));
    };
    const byId = await listed();
    expect(byId).toEqual([...created].sort());
    expect(byId).not.toEqual(created);
    emulator.configure({ policies: { listOrder: 'creation' } });
    expect(await listed()).toEqual(created);
  });

  it('delete answers 204; the policy is gone', async () => {
    const { id } = emulator.seedPolicy({ name: 'gone' });
    const reply = await api.delete(`/policies/${id}`);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect((await api.get(`/policies/${id}`)).status).toBe(404);
    expect((await api.delete(`/policies/${id}`)).status).toBe(404);
  });
});
