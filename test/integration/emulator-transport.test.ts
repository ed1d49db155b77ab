import { request } from 'undici';
import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator/index.ts';
import { client } from '../emulator/test-client.ts';
import { ManualClock, tracked } from '../support/manual-clock.ts';

let emulator: Emulator;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  emulator = await startEmulator();
  api = client(emulator);
});
afterEach(() => emulator.close());

/** An emulator of its own on a manual clock: its delays, latency and rate limit move only with the test's time. */
async function onClock(test: (clock: ManualClock, own: Emulator) => Promise<void>): Promise<void> {
  const clock = new ManualClock();
  const own = await startEmulator({ clock });
  try {
    await test(clock, own);
  } finally {
    await own.close();
  }
}

const createPolicy = (name: string, viaApi = api) =>
  viaApi.post('/organizations/acme/policies', {
    data: { type: 'policies', attributes: { name, 'enforcement-level': 'advisory' } },
  });

describe('authentication', () => {
  it('an unknown or missing token is 401 with a JSON:API error', async () => {
    const unknown = await client(emulator, 'nope').get('/organizations/acme/policies');
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors[0]).toMatchObject({
      status: '401',
      title: expect.any(String),
      detail: expect.any(String),
    });
    expect((await fetch(`${emulator.baseUrl}/organizations/acme/policies`)).status).toBe(401);
  });

  it("a token of another organization sees this organization's resources as not found", async () => {
    const { id } = emulator.seedPolicy({ name: 'mine' });
    const other = client(emulator, emulator.addToken('user', 'other-org'));
    expect((await other.get(`/policies/${id}`)).status).toBe(404);
    expect((await other.get('/organizations/acme/policies')).status).toBe(404);
    expect((await other.delete(`/policies/${id}`)).status).toBe(404);
    expect((await other.get('/organizations/other-org/policies')).status).toBe(200);
    expect(emulator.policies()).toHaveLength(1);
  });

  it('unknown paths are 404 and a wrong method on a known path 405', async () => {
    expect((await api.get('/nothing-here')).status).toBe(404);
    expect((await api.put('/organizations/acme/policies', 'x')).status).toBe(405);
  });
});

describe('pagination', () => {
  it('pages past 100 items with meta.pagination and absolute, percent-encoded links', async () => {
    for (let i = 0; i < 130; i++) emulator.seedPolicy({ name: `p${String(i).padStart(3, '0')}` });
    const first = await api.get('/organizations/acme/policies?page%5Bnumber%5D=1&page%5Bsize%5D=100');
    expect(first.body.data).toHaveLength(100);
    expect(first.body.meta.pagination).toEqual({
      'current-page': 1,
      'next-page': 2,
      'prev-page': null,
      'total-pages': 2,
      'total-count': 130,
      'page-size': 100,
    });
    const { links } = first.body;
    expect(links.next).toBe(`${emulator.baseUrl}/organizations/acme/policies?page%5Bnumber%5D=2&page%5Bsize%5D=100`);
    expect(links.prev).toBeNull();
    expect(links.first).toContain('page%5Bnumber%5D=1');
    expect(links.last).toContain('page%5Bnumber%5D=2');
    const second = await api.get(links.next);
    expect(second.body.data).toHaveLength(30);
    // Every policy once over the two pages (the list order is not creation order).
    const names = [...first.body.data, ...second.body.data].map(
      (p: { attributes: { name: string } }) => p.attributes.name,
    );
    expect(names.sort()).toEqual(Array.from({ length: 130 }, (_, i) => `p${String(i).padStart(3, '0')}`));
    expect(second.body.meta.pagination).toMatchObject({ 'current-page': 2, 'next-page': null, 'prev-page': 1 });
    expect(second.body.links.next).toBeNull();
  });

  it('defaults to 20 a page, caps the size at 100, keeps filters in links, records the raw query', async () => {
    for (let i = 0; i < 25; i++) emulator.seedPolicy({ name: `p${i}` });
    const defaults = await api.get('/organizations/acme/policies');
    expect(defaults.body.data).toHaveLength(20);
    expect(defaults.body.meta.pagination['page-size']).toBe(20);
    const capped = await api.get('/organizations/acme/policies?page[size]=500&search[name]=p');
    expect(capped.body.meta.pagination['page-size']).toBe(100);
    expect(capped.body.links.self).toContain('search%5Bname%5D=p');
    const raw = emulator.requests.map((request) => request.rawQuery);
    expect(raw).toContain('page[size]=500&search[name]=p');
  });
});

describe('faults', () => {
  it('a status fault answers instead of the service, once, with rate-limit headers', async () => {
    emulator.inject({
      method: 'GET',
      path: /\/policies$/,
      kind: { type: 'status', status: 429, retryAfter: '2', rateLimitReset: '0.25' },
    });
    const limited = await api.get('/organizations/acme/policies');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('x-ratelimit-reset')).toBe('0.25');
    expect(limited.body.errors[0].status).toBe('429');
    expect((await api.get('/organizations/acme/policies')).status).toBe(200);
  });

  it('a 5xx fault applies to the next `times` matching requests and does not apply the write', async () => {
    emulator.inject({ method: 'POST', path: '/policies', times: 2, kind: { type: 'status', status: 503 } });
    expect((await createPolicy('a')).status).toBe(503);
    expect((await createPolicy('a')).status).toBe(503);
    expect(emulator.policies()).toEqual([]);
    expect((await createPolicy('a')).status).toBe(200);
  });

  it('drop-before closes the connection and changes nothing', async () => {
    emulator.inject({ method: 'POST', kind: { type: 'drop-before' } });
    await expect(createPolicy('dropped')).rejects.toThrow();
    expect(emulator.policies()).toEqual([]);
    const recorded = emulator.writeRequests();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.status).toBe(0);
  });

  it('drop-after applies the write, then closes the connection without answering', async () => {
    emulator.inject({ method: 'POST', kind: { type: 'drop-after' } });
    await expect(createPolicy('applied')).rejects.toThrow();
    expect(emulator.policies().map((policy) => policy.name)).toEqual(['applied']);
    expect((await createPolicy('applied')).status).toBe(422);
  });

  it('a delay holds the answer; faults can target the upload origin', async () => {
    await onClock(async (clock, own) => {
      own.inject({ path: '/policies', kind: { type: 'delay', ms: 150 } });
      const reply = tracked(client(own).get('/organizations/acme/policies'));
      await clock.whenPending();
      await clock.advance(149);
      expect(reply.settled()).toBe(false);
      await clock.advance(1);
      expect((await reply.promise).status).toBe(200);
      own.inject({ port: 'upload', kind: { type: 'status', status: 500 } });
      const upload = await fetch(`${own.uploadOrigin}/uploads/unknown`, {
        method: 'PUT',
        body: 'x',
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(upload.status).toBe(500);
    });
  });
});

describe('rate limit and latency', () => {
  it('beyond the per-token limit: 429 with fractional X-RateLimit-Reset and Retry-After', async () => {
    await onClock(async (clock, own) => {
      own.configure({ rateLimitPerSecond: 3, rateLimitRetryAfter: true });
      const on = client(own);
      const statuses: number[] = [(await on.get('/organizations/acme/policies')).status];
      await clock.advance(400);
      for (let i = 0; i < 2; i++) statuses.push((await on.get('/organizations/acme/policies')).status);
      const limited = await on.get('/organizations/acme/policies');
      expect([...statuses, limited.status]).toEqual([200, 200, 200, 429]);
      // The first request leaves the window of one second 600 ms from now.
      expect(limited.headers.get('x-ratelimit-reset')).toBe('0.600');
      expect(limited.headers.get('retry-after')).toBe('1');
      // Another token has its own window.
      expect((await client(own, own.addToken('user')).get('/organizations/acme/policies')).status).toBe(200);
      await clock.advance(599);
      expect((await on.get('/organizations/acme/policies')).status).toBe(429);
      await clock.advance(1);
      expect((await on.get('/organizations/acme/policies')).status).toBe(200);
    });
  });

  it('latency is added before every answer on the API port', async () => {
    await onClock(async (clock, own) => {
      own.configure({ latencyMs: 80 });
      const reply = tracked(client(own).get('/organizations/acme/policies'));
      await clock.whenPending();
      await clock.advance(79);
      expect(reply.settled()).toBe(false);
      await clock.advance(1);
      expect((await reply.promise).status).toBe(200);
    });
  });
});

describe('request log and lifetime', () => {
  it('records every request in order; writeRequests keeps the writes; clearRequests empties it', async () => {
    await api.get('/organizations/acme/policies?page%5Bsize%5D=5');
    await createPolicy('logged');
    const [read, write] = emulator.requests;
    expect(read).toMatchObject({
      port: 'api',
      method: 'GET',
      path: '/api/v2/organizations/acme/policies',
      rawQuery: 'page%5Bsize%5D=5',
      status: 200,
    });
    expect(write).toMatchObject({ port: 'api', method: 'POST', status: 200 });
    expect(JSON.parse(write!.body.toString()).data.attributes.name).toBe('logged');
    expect(emulator.writeRequests()).toEqual([write]);
    emulator.clearRequests();
    expect(emulator.requests).toEqual([]);
  });

  it('close() does not wait for keep-alive connections', async () => {
    const agent = new Agent({ keepAliveTimeout: 60_000 });
    const reply = await request(`${emulator.baseUrl}/organizations/acme/policies`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${emulator.token}` },
    });
    await reply.body.text();
    const started = performance.now();
    await emulator.close();
    // An idle keep-alive connection would hold a plain server.close() for the server's 5 s.
    expect(performance.now() - started).toBeLessThan(2500);
    await agent.close();
  });
});
