// Every policy call against the emulator, including paging, errors and creating exactly once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AmbiguousWriteError, ApiError } from '../../../src/service/errors.ts';
import { createPolicyOnce } from '../../../src/service/policies.ts';
import { caught, header, startHarness } from '../../service/harness.ts';
import type { Harness } from '../../service/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const posts = (): number => h.emulator.writeRequests().filter((r) => r.method === 'POST').length;

describe('policies', () => {
  it('creates a policy with JSON:API headers and the body of spec 4.1', async () => {
    const set = h.emulator.seedPolicySet();
    const policy = await h.client.policies.create(h.emulator.organization, {
      name: 'deny-all',
      kind: 'opa',
      query: 'data.deny_all.deny',
      enforcementLevel: 'mandatory',
      description: 'No.',
      policySetIds: [set],
    });
    if (!policy) throw new Error('the create answer carried no policy');
    expect(policy.id).toMatch(/^pol-/);
    expect(policy.attributes).toMatchObject({
      name: 'deny-all',
      kind: 'opa',
      'enforcement-level': 'mandatory',
      query: 'data.deny_all.deny',
    });
    expect(policy.relationships?.['policy-sets']?.data).toEqual([{ id: set, type: 'policy-sets' }]);

    const [request] = h.emulator.writeRequests();
    expect(request?.path).toBe(`/api/v2/organizations/${h.emulator.organization}/policies`);
    expect(header(request!.headers, 'content-type')).toBe('application/vnd.api+json');
    expect(header(request!.headers, 'accept')).toBe('application/vnd.api+json');
    expect(header(request!.headers, 'authorization')).toBe(`Bearer ${h.emulator.token}`);
    expect(JSON.parse(request!.body.toString())).toEqual({
      data: {
        type: 'policies',
        attributes: {
          name: 'deny-all',
          description: 'No.',
          kind: 'opa',
          query: 'data.deny_all.deny',
          'enforcement-level': 'mandatory',
        },
        relationships: { 'policy-sets': { data: [{ id: set, type: 'policy-sets' }] } },
      },
    });
  });

  it('uploads code as octet-stream, reads it back through links.download, shows, updates and deletes', async () => {
    const org = h.emulator.organization;
    const created = await h.client.policies.create(org, { name: 'p1', enforcementLevel: 'advisory' });
    if (!created) throw new Error('the create answer carried no policy');
    const code = 'main = rule { true }\n';
    await h.client.policies.uploadCode(created.id, code);
    const upload = h.emulator.writeRequests().find((r) => r.method === 'PUT');
    expect(header(upload!.headers, 'content-type')).toBe('application/octet-stream');
    expect(upload!.body.toString()).toBe(code);
    expect(h.emulator.policies()[0]?.code).toBe(code);

    const shown = await h.client.policies.show(created.id);
    // Spec 2.1 names the link only, not a path: the code is read where it leads.
    expect(shown.links?.download).toMatch(/^\/api\/v2\/policy-downloads\/[A-Za-z0-9_-]+$/);
    expect(await h.client.policies.downloadCode(shown.links!.download!)).toBe(code);
    // A create answer has no download link, and no path is built in its place.
    expect(created.links?.download).toBeUndefined();
    expect(h.emulator.requests.filter((r) => r.path.endsWith(`/policies/${created.id}/download`))).toEqual([]);

    const updated = await h.client.policies.update(created.id, {
      enforcementLevel: 'hard-mandatory',
      description: 'now strict',
    });
    expect(updated?.attributes['enforcement-level']).toBe('hard-mandatory');
    expect(h.emulator.policies()[0]).toMatchObject({ enforcementLevel: 'hard-mandatory', description: 'now strict' });

    await h.client.policies.delete(created.id);
    expect(h.emulator.policies()).toEqual([]);
  });

  it('lists more than 100 policies in pages of 100, brackets percent-encoded in the raw query', async () => {
    for (let i = 0; i < 230; i++) h.emulator.seedPolicy({ name: `policy-${String(i).padStart(3, '0')}` });
    h.emulator.seedPolicy({ name: 'other', kind: 'opa', query: 'data.other.deny', enforcementLevel: 'advisory' });
    h.emulator.clearRequests();
    const all = await h.client.policies.list(h.emulator.organization, { kind: 'native' });
    expect(all).toHaveLength(230);
    expect(new Set(all.map((p) => p.attributes.name)).size).toBe(230);
    const gets = h.emulator.requests.filter((r) => r.method === 'GET');
    expect(gets).toHaveLength(3);
    for (const get of gets) {
      expect(get.rawQuery).toContain('page%5Bsize%5D=100');
      expect(get.rawQuery).toContain('filter%5Bkind%5D=native');
      expect(get.rawQuery).not.toMatch(/[[\]]/);
    }
    expect(gets[1]?.rawQuery).toContain('page%5Bnumber%5D=2');
    expect(gets[2]?.rawQuery).toContain('page%5Bnumber%5D=3');
  });

  it('finds a policy by its exact name only', async () => {
    h.emulator.seedPolicy({ name: 'net-rules-extra' });
    expect(await h.client.policies.findByName(h.emulator.organization, 'net-rules')).toBeUndefined();
    const { id } = h.emulator.seedPolicy({ name: 'net-rules' });
    expect((await h.client.policies.findByName(h.emulator.organization, 'net-rules'))?.id).toBe(id);
    const search = h.emulator.requests.filter((r) => r.method === 'GET').at(-1);
    expect(search?.rawQuery).toContain('search%5Bname%5D=net-rules');
  });

  it('reports 404, 422 and 413 as ApiError with the service details', async () => {
    const notFound = await caught(h.client.policies.show('pol-doesnotexist'));
    expect(notFound).toBeInstanceOf(ApiError);
    expect((notFound as ApiError).status).toBe(404);
    expect((notFound as ApiError).message).toBe(
      'GET /api/v2/policies/pol-doesnotexist: not found, or the token has no permission to see it (404); the service said: not found: policy pol-doesnotexist not found or not authorized',
    );

    const invalid = (await caught(
      h.client.policies.create(h.emulator.organization, { name: 'p', enforcementLevel: 'mandatory' }),
    )) as ApiError;
    expect(invalid.status).toBe(422);
    expect(invalid.message).toMatch(
      /^POST \/api\/v2\/organizations\/acme\/policies: the service refused the request as malformed \(422\); the service said: invalid attribute: enforcement level "mandatory" is not valid for a native policy.*\(at \/data\/attributes\/enforcement-level\)$/,
    );

    const { id } = h.emulator.seedPolicy({ name: 'big' });
    const tooLarge = (await caught(h.client.policies.uploadCode(id, new Uint8Array(10 * 1024 * 1024 + 1)))) as ApiError;
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.message).toMatch(/too large.*nothing was saved.*limit is 10 MB/);
    expect(h.emulator.policies()[0]?.code).toBeNull();
  });

  it('reports a 400 for an include the service does not know', async () => {
    const { id } = h.emulator.seedPolicy({ name: 'p' });
    const error = (await caught(
      h.client.http.request({ method: 'GET', path: `/policies/${id}`, query: { include: 'nope' } }),
    )) as ApiError;
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/bad request \(400\).*include value "nope" is not supported/);
  });

  it('does not repeat a create whose connection dropped, and says so', async () => {
    h.emulator.inject({ method: 'POST', path: /\/policies$/, kind: { type: 'drop-after' } });
    const error = await caught(
      h.client.policies.create(h.emulator.organization, { name: 'once', enforcementLevel: 'advisory' }),
    );
    expect(error).toBeInstanceOf(AmbiguousWriteError);
    expect((error as Error).message).toMatch(
      /^POST \/api\/v2\/organizations\/acme\/policies: the connection closed after the request was sent/,
    );
    expect(posts()).toBe(1);
    expect(h.emulator.policies().map((p) => p.name)).toEqual(['once']);
  });

  it('createOnce converges after drop-after through the by-name check, with no second create', async () => {
    h.emulator.inject({ method: 'POST', path: /\/policies$/, kind: { type: 'drop-after' } });
    const policy = await h.client.policies.createOnce(h.emulator.organization, {
      name: 'once',
      enforcementLevel: 'advisory',
    });
    expect(policy?.attributes.name).toBe('once');
    expect(posts()).toBe(1);
    expect(h.emulator.policies()).toHaveLength(1);
    expect(h.emulator.policies()[0]?.id).toBe(policy?.id);
  });

  it('createPolicyOnce creates again when the dropped request never took effect', async () => {
    h.emulator.inject({ method: 'POST', path: /\/policies$/, kind: { type: 'drop-before' } });
    const policy = await createPolicyOnce(h.client.policies, h.emulator.organization, {
      name: 'twice-sent',
      enforcementLevel: 'advisory',
    });
    expect(posts()).toBe(2);
    expect(h.emulator.policies().map((p) => p.id)).toEqual([policy?.id]);
  });

  it('counts a retried delete answered 404 as done', async () => {
    const { id } = h.emulator.seedPolicy({ name: 'gone' });
    h.emulator.inject({ method: 'DELETE', kind: { type: 'drop-after' } });
    await h.client.policies.delete(id);
    expect(h.emulator.writeRequests().filter((r) => r.method === 'DELETE')).toHaveLength(2);
    expect(h.emulator.policies()).toEqual([]);
    // A delete of something that never existed still fails.
    expect(((await caught(h.client.policies.delete(id))) as ApiError).status).toBe(404);
  });
});
