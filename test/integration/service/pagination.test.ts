// Reading lists page by page against a service whose pagination does not end as it should: a
// scripted list server on 127.0.0.1 (real HTTP) answers each page as the test says.
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../src/service/http.ts';
import { PaginationError } from '../../../src/service/errors.ts';
import { listAll, MAX_PAGES } from '../../../src/service/jsonapi.ts';
import { startHarness } from '../../service/harness.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

interface ListServer {
  origin: string;
  /** Every request: path with its decoded query. */
  requests: URL[];
  close(): Promise<void>;
}

/** A list server whose answer to each request is `page(url, n)`, n counting from 1. */
async function listServer(page: (url: URL, n: number, origin: string) => unknown): Promise<ListServer> {
  const requests: URL[] = [];
  let origin = '';
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', origin);
    requests.push(url);
    const body = JSON.stringify(page(url, requests.length, origin));
    res.writeHead(200, { 'content-type': 'application/vnd.api+json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const item = (n: number): unknown => ({ id: `pol-${n}`, type: 'policies', attributes: {} });
const LIST = '/api/v2/organizations/acme/policies';

let server: ListServer | undefined;
let client: HttpClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function start(
  page: (url: URL, n: number, origin: string) => unknown,
): Promise<{ server: ListServer; client: HttpClient }> {
  server = await listServer(page);
  client = new HttpClient({
    clock: systemClock,
    baseUrl: `${server.origin}/api/v2`,
    token: 't0k3n',
    rateLimitPerSecond: 10_000,
    concurrency: 1,
  });
  return { server, client };
}

async function failure(promise: Promise<unknown>): Promise<PaginationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaginationError);
  return error as PaginationError;
}

describe('pagination that never ends', () => {
  it('a next-page that never ends stops at the total-pages the service announced, saying so', async () => {
    const { server, client } = await start((url) => {
      const n = Number(url.searchParams.get('page[number]') ?? 1);
      return { data: [item(n)], meta: { pagination: { 'current-page': n, 'next-page': n + 1, 'total-pages': 3 } } };
    });
    const error = await failure(listAll(client, '/organizations/acme/policies'));
    expect(server.requests).toHaveLength(3);
    expect(error.message).toBe(
      `GET ${LIST}: the service announced 3 pages (total-pages), yet page 3 names a next one; stopped after 3 pages and read nothing more`,
    );
  });

  it('without total-pages, a next link that never ends stops at the bound of pages', async () => {
    const { server, client } = await start((url, n, origin) => ({
      data: [item(n)],
      links: { next: `${origin}${LIST}?page%5Bnumber%5D=${n + 1}&page%5Bsize%5D=100` },
    }));
    const error = await failure(listAll(client, '/organizations/acme/policies'));
    expect(server.requests).toHaveLength(MAX_PAGES);
    expect(MAX_PAGES).toBeLessThanOrEqual(1000);
    expect(error.message).toContain(`the list goes on past ${MAX_PAGES} pages`);
    expect(error.pages).toBe(MAX_PAGES);
  }, 60_000);

  it('a next-page that goes back, or repeats a page, is refused at once', async () => {
    const back = await start((url) => {
      const n = Number(url.searchParams.get('page[number]') ?? 1);
      return {
        data: [item(n)],
        meta: { pagination: { 'current-page': n, 'next-page': n === 2 ? 1 : n + 1, 'total-pages': 9 } },
      };
    });
    expect((await failure(listAll(back.client, '/organizations/acme/policies'))).message).toContain(
      'page 2 names 1 as the next page',
    );
    expect(back.server.requests).toHaveLength(2);
    await back.client.close();
    await back.server.close();

    // No current-page: the page asked for twice is what gives it away.
    const again = await start(() => ({ data: [item(1)], meta: { pagination: { 'next-page': 2 } } }));
    expect((await failure(listAll(again.client, '/organizations/acme/policies'))).message).toContain(
      'names a page already read',
    );
    expect(again.server.requests).toHaveLength(2);
  });

  it('a next link to another origin is not followed: the page number is asked for instead, on the API', async () => {
    const elsewhere = await listServer(() => ({ data: [item(99)] }));
    try {
      const { server, client } = await start((url) => {
        const n = Number(url.searchParams.get('page[number]') ?? 1);
        const last = n === 2;
        return {
          data: [item(n)],
          links: { next: last ? null : `${elsewhere.origin}${LIST}?page%5Bnumber%5D=${n + 1}` },
          meta: { pagination: { 'current-page': n, 'next-page': last ? null : n + 1, 'total-pages': 2 } },
        };
      });
      const items = await listAll<{ id: string }>(client, '/organizations/acme/policies');
      expect(items.map((i) => i.id)).toEqual(['pol-1', 'pol-2']);
      expect(elsewhere.requests).toHaveLength(0);
      expect(server.requests.map((u) => u.searchParams.get('page[number]'))).toEqual([null, '2']);
    } finally {
      await elsewhere.close();
    }
  });

  it('a next link outside the API with no page number ends the list with an error naming only its origin', async () => {
    const { server, client } = await start(() => ({
      data: [item(1)],
      links: { next: 'https://evil.test/steal?sig=s3cret' },
    }));
    const error = await failure(listAll(client, '/organizations/acme/policies'));
    expect(error.message).toBe(
      `GET ${LIST}: the next link points outside the API (https://evil.test) and no next-page number was given; stopped after 1 page and read nothing more`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('a next link on the API origin but outside /api/v2 is not followed either', async () => {
    const { server, client } = await start((url, n, origin) =>
      url.pathname.startsWith('/api/v2')
        ? { data: [item(n)], links: { next: `${origin}/admin/export` } }
        : { data: [item(666)] },
    );
    await failure(listAll(client, '/organizations/acme/policies'));
    expect(server.requests.map((u) => u.pathname)).toEqual([LIST]);
  });
});

describe('pagination as the emulator writes it', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('reads 250 policies in three pages, following its absolute links', async () => {
    for (let i = 0; i < 250; i++) h.emulator.seedPolicy({ name: `p${i}`, enforcementLevel: 'advisory' });
    const policies = await h.client.policies.list(h.emulator.organization);
    expect(policies).toHaveLength(250);
    expect(h.emulator.requests.filter((r) => r.method === 'GET')).toHaveLength(3);
  });
});
