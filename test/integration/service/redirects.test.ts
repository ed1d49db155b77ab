// Redirects in the HTTP layer: a read answered 3xx is followed (a few hops, http and https
// only), and the token travels only to API addresses. Two real servers on 127.0.0.1 play the
// service and an object store; every request they get is recorded with its headers.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, RedirectError } from '../../../src/service/errors.ts';
import { HttpClient } from '../../../src/service/http.ts';
import { MAX_REDIRECTS } from '../../../src/service/redirects.ts';
import { caught } from '../../service/harness.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

const TOKEN = 'redirect-test.atlasv1.token-value';

interface Seen {
  path: string;
  authorization: string | undefined;
}

interface Origin {
  url: string;
  seen: Seen[];
  server: Server;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const origins: Origin[] = [];
const clients: HttpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(
    origins.splice(0).map(
      (o) =>
        new Promise<void>((resolve) => {
          o.server.close(() => resolve());
          o.server.closeAllConnections();
        }),
    ),
  );
});

async function origin(handle: Handler): Promise<Origin> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const o = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
  origins.push(o);
  return o;
}

function redirect(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location, 'content-length': '0' });
  res.end();
}

function text(res: ServerResponse, body: string, status = 200): void {
  res.writeHead(status, { 'content-type': 'text/plain', 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

function client(baseUrl: string): HttpClient {
  const c = new HttpClient({ clock: systemClock, baseUrl, token: TOKEN, retry: { baseDelayMs: 5, maxDelayMs: 20 } });
  clients.push(c);
  return c;
}

describe('redirects of reads', () => {
  it('a download link answering 302 to another host is followed there without the token', async () => {
    const store = await origin((req, res) => text(res, `code of ${req.url}`));
    const api = await origin((_req, res) => redirect(res, `${store.url}/objects/abc?X-Signature=s3cr3t`));
    const response = await client(`${api.url}/api/v2`).request({
      method: 'GET',
      path: '/api/v2/policies/pol-1/download',
      accept: '*/*',
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe('code of /objects/abc?X-Signature=s3cr3t');
    expect(api.seen).toEqual([{ path: '/api/v2/policies/pol-1/download', authorization: `Bearer ${TOKEN}` }]);
    expect(store.seen).toEqual([{ path: '/objects/abc?X-Signature=s3cr3t', authorization: undefined }]);
  });

  it('a log address (external) that redirects: no hop gets the token, not even one on the API origin', async () => {
    // The first origin's answer names the second, made next: its address is read only when asked.
    const logs = await origin((req, res) =>
      req.url === '/logs/1' ? redirect(res, `${api.url}/api/v2/logs/1`, 307) : text(res, 'log'),
    );
    const api = await origin((req, res) =>
      req.url === '/api/v2/logs/1' ? redirect(res, `${logs.url}/logs/final`, 301) : text(res, 'no', 404),
    );
    const response = await client(`${api.url}/api/v2`).request({
      method: 'GET',
      path: `${logs.url}/logs/1`,
      external: true,
    });
    expect(response.text).toBe('log');
    expect([...logs.seen, ...api.seen].map((s) => s.authorization)).toEqual([undefined, undefined, undefined]);
  });

  it('from the API, a hop back to an API address gets the token; the API host outside /api/v2 does not', async () => {
    const store = await origin((_req, res) => redirect(res, `${api.url}/api/v2/policies/pol-1/code?page[size]=1`, 303));
    const api = await origin((req, res) => {
      if (req.url === '/api/v2/policies/pol-1/download') return redirect(res, `${store.url}/o/1`);
      if (req.url?.startsWith('/api/v2/policies/pol-1/code')) return redirect(res, '/files/pol-1', 308);
      return text(res, 'the code');
    });
    const response = await client(`${api.url}/api/v2`).request({ method: 'GET', path: '/policies/pol-1/download' });
    expect(response.text).toBe('the code');
    expect(api.seen).toEqual([
      { path: '/api/v2/policies/pol-1/download', authorization: `Bearer ${TOKEN}` },
      // An API address again, its query keys sent as the API's are.
      { path: '/api/v2/policies/pol-1/code?page%5Bsize%5D=1', authorization: `Bearer ${TOKEN}` },
      { path: '/files/pol-1', authorization: undefined },
    ]);
    expect(store.seen).toEqual([{ path: '/o/1', authorization: undefined }]);
  });

  it(`stops after ${MAX_REDIRECTS} hops with a RedirectError`, async () => {
    let n = 0;
    const loop = await origin((_req, res) => redirect(res, `/hop/${++n}`));
    const error = await caught(client(`${loop.url}/api/v2`).request({ method: 'GET', path: '/start' }));
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toContain(`more than ${MAX_REDIRECTS} redirects`);
    expect(loop.seen).toHaveLength(MAX_REDIRECTS + 1);
  });

  it.each([
    ['a file: address', 'file:///etc/passwd', /redirects to a file: address; only http and https are followed/],
    ['a javascript: address', 'javascript:alert(1)', /redirects to a javascript: address/],
    ['no Location', '', /has no Location to follow/],
  ])('a redirect to %s is not followed', async (_what, location, message) => {
    const api = await origin((_req, res) => {
      res.writeHead(302, location ? { location, 'content-length': '0' } : { 'content-length': '0' });
      res.end();
    });
    const error = await caught(
      client(`${api.url}/api/v2`).request({ method: 'GET', path: '/policies/pol-1/download' }),
    );
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(message);
    expect(api.seen).toHaveLength(1);
  });

  it('a write answered 302 is not followed: it is an error answer', async () => {
    const other = await origin((_req, res) => text(res, 'should not be reached'));
    const api = await origin((_req, res) => redirect(res, `${other.url}/x`));
    const error = await caught(
      client(`${api.url}/api/v2`).request({ method: 'PUT', path: '/policies/pol-1/upload', body: 'code' }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(302);
    expect(other.seen).toEqual([]);
  });

  it('an error at the end of the chain names the hop by its origin only, never its path or query', async () => {
    const store = await origin((_req, res) => text(res, 'gone', 404));
    const api = await origin((_req, res) => redirect(res, `${store.url}/objects/secret-part?sig=also-secret`));
    const error = await caught(
      client(`${api.url}/api/v2`).request({ method: 'GET', path: '/policies/pol-1/download' }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as Error).message).toContain(`GET /api/v2/policies/pol-1/download (redirected to ${store.url})`);
    expect((error as Error).message).not.toMatch(/secret/);
  });
});
