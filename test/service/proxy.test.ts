// The service client behind a proxy, for real: the emulator behind TLS fronts on 127.0.0.1 under
// names only the proxy resolves (svc.test for the API, objects.test for upload-url and
// log-read-url), certificates from a private authority made for the test, and a CONNECT proxy
// that counts its tunnels. The client cannot resolve those names itself, so a request that
// succeeds went through the proxy, and one that fails to resolve went direct.
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import { createServiceClient } from '../../src/service/client.ts';
import type { ServiceClient } from '../../src/service/client.ts';
import { NetworkError } from '../../src/service/http.ts';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/api.ts';
import { startConnectProxy } from '../support/connect-proxy.ts';
import type { ConnectProxy } from '../support/connect-proxy.ts';
import { makeCertificates, startTlsFront } from '../support/tls-front.ts';
import type { TestCertificates, TlsFront } from '../support/tls-front.ts';
import { caught, FAST_RETRY } from './harness.ts';

const MODULE = { organization: 'acme', name: 'network', provider: 'aws' };

let certificates: TestCertificates;
let emulator: Emulator;
let apiFront: TlsFront;
let objectFront: TlsFront;
let proxy: ConnectProxy;
let baseUrl: string;
const trusted = getCACertificates('default');

beforeAll(async () => {
  certificates = makeCertificates(['svc.test', 'objects.test']);
  // This process trusts the private authority as NODE_EXTRA_CA_CERTS makes a new process trust it
  // (the bundle tests check that variable itself).
  setDefaultCACertificates([...trusted, certificates.caPem]);
  emulator = await startEmulator({ testRuns: { queuedMs: 10, runningMs: 30 } });
  emulator.seedRegistryModule({ name: MODULE.name, provider: MODULE.provider });
  apiFront = await startTlsFront(certificates, Number(new URL(emulator.baseUrl).port));
  objectFront = await startTlsFront(certificates, Number(new URL(emulator.uploadOrigin).port));
  baseUrl = `https://svc.test:${apiFront.port}/api/v2`;
  emulator.configure({ advertisedOrigins: { api: `https://svc.test:${apiFront.port}`, upload: `https://objects.test:${objectFront.port}` } });
  proxy = await startConnectProxy({ 'svc.test': '127.0.0.1', 'objects.test': '127.0.0.1' });
});

afterAll(async () => {
  setDefaultCACertificates(trusted);
  await proxy?.close();
  await Promise.all([apiFront?.close(), objectFront?.close()]);
  await emulator?.close();
  certificates?.remove();
});

const clients: ServiceClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

function client(proxyEnvironment: NodeJS.ProcessEnv, retries = 6): ServiceClient {
  const made = createServiceClient({
    baseUrl,
    token: emulator.token,
    retry: { ...FAST_RETRY, retries },
    rateLimitPerSecond: 10_000,
    proxyEnvironment,
  });
  clients.push(made);
  return made;
}

/** Runs the module-test requests end to end: configuration version, upload, run, log. */
async function testRunThrough(c: ServiceClient): Promise<string> {
  const version = await c.moduleTests.createConfigurationVersion(MODULE);
  const uploadUrl = version.attributes['upload-url']!;
  expect(new URL(uploadUrl).hostname).toBe('objects.test');
  await c.moduleTests.uploadConfiguration(uploadUrl, Buffer.from('archive bytes'));
  let run = await c.moduleTests.createTestRun(MODULE, { configurationVersionId: version.id });
  while (run.attributes.status !== 'finished') {
    await new Promise((r) => setTimeout(r, 20));
    run = await c.moduleTests.getTestRun(MODULE, run.id);
  }
  const chunks: Uint8Array[] = [];
  await c.moduleTests.readLog(run.attributes['log-read-url']!, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks).toString();
}

describe('HTTPS_PROXY', () => {
  it('carries every request: the API, the policy code download, upload-url and log-read-url', async () => {
    const before = proxy.tunnels.length;
    const c = client({ HTTPS_PROXY: proxy.url });

    const created = await c.policies.create('acme', { name: 'via-proxy', enforcementLevel: 'advisory' });
    await c.policies.uploadCode(created!.id, 'main = rule { true }\n');
    const shown = await c.policies.show(created!.id);
    expect(await c.policies.downloadCode(shown)).toBe('main = rule { true }\n');
    expect(await testRunThrough(c)).toContain('"type":"test_summary"');

    const tunnels = proxy.tunnels.slice(before);
    expect(tunnels.filter((t) => t.target === `svc.test:${apiFront.port}` && t.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(tunnels.filter((t) => t.target === `objects.test:${objectFront.port}` && t.status === 200).length).toBeGreaterThanOrEqual(1);
    // The proxy sees where, never what: no token in what it can read.
    expect(tunnels.every((t) => !JSON.stringify(t.headers).includes(emulator.token))).toBe(true);
    expect(tunnels.every((t) => t.headers['authorization'] === undefined)).toBe(true);
    // Every request arrived, upload and log included.
    expect(emulator.requests.filter((r) => r.port === 'upload' && r.method === 'PUT')).not.toHaveLength(0);
    expect(emulator.requests.filter((r) => r.port === 'log')).not.toHaveLength(0);
  });

  it('without the proxy the names do not resolve: the requests above could only have gone through it', async () => {
    const error = await caught(client({}, 0).policies.list('acme'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain((error as NetworkError).code);
  });

  it('sends the proxy its credentials from the address, and only to the proxy', async () => {
    const before = proxy.tunnels.length;
    const withCredentials = proxy.url.replace('http://', 'http://runner:p%40ss@');
    await client({ https_proxy: withCredentials }).policies.list('acme');
    const tunnel = proxy.tunnels[before]!;
    expect(tunnel.headers['proxy-authorization']).toBe(`Basic ${Buffer.from('runner:p@ss').toString('base64')}`);
    const api = emulator.requests.at(-1)!;
    expect(api.headers['proxy-authorization']).toBeUndefined();
  });

  it('a proxy that refuses the tunnel is a network failure saying so, retried like one', async () => {
    proxy.refuseNext(502, 2);
    const c = client({ HTTPS_PROXY: proxy.url }, 3);
    expect((await c.policies.list('acme')).length).toBeGreaterThan(0);

    proxy.refuseNext(403, 2);
    const error = await caught(client({ HTTPS_PROXY: proxy.url }, 1).policies.list('acme'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('the connection failed (the proxy answered 403) after 2 attempts');
  });

  it('a proxy address that is not one fails the client before any request, naming the variable', () => {
    const sent = emulator.requests.length;
    expect(() => client({ HTTPS_PROXY: 'http://runner:s3cret@[proxy' })).toThrow(ConfigurationError);
    expect(() => client({ HTTPS_PROXY: 'http://runner:s3cret@[proxy' })).toThrow(/^The environment variable HTTPS_PROXY is not a proxy address/);
    expect(emulator.requests.length).toBe(sent);
  });
});

describe('NO_PROXY', () => {
  for (const entry of ['svc.test', '.test', 'other.example, SVC.TEST', 'svc.test:<the port>', '*']) {
    it(`"${entry}" sends the API request direct`, async () => {
      const before = proxy.tunnels.length;
      const noProxy = entry.replace('<the port>', String(apiFront.port));
      const error = await caught(client({ HTTPS_PROXY: proxy.url, NO_PROXY: noProxy }, 0).policies.list('acme'));
      expect(['ENOTFOUND', 'EAI_AGAIN']).toContain((error as NetworkError).code);
      expect(proxy.tunnels.length).toBe(before);
    });
  }

  it('an entry for another host or another port leaves the request to the proxy', async () => {
    const before = proxy.tunnels.length;
    for (const noProxy of ['other.test', 'svc.test:443', 'vc.test']) {
      await client({ HTTPS_PROXY: proxy.url, no_proxy: noProxy }).policies.list('acme');
    }
    expect(proxy.tunnels.length - before).toBe(3);
  });

  it('is decided per address: the object store direct, the API through the proxy', async () => {
    const c = client({ HTTPS_PROXY: proxy.url, NO_PROXY: 'objects.test' }, 0);
    const before = proxy.tunnels.length;
    const version = await c.moduleTests.createConfigurationVersion(MODULE);
    const error = await caught(c.moduleTests.uploadConfiguration(version.attributes['upload-url']!, Buffer.from('x')));
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain((error as NetworkError).code);
    expect(proxy.tunnels.slice(before).map((t) => t.target)).toEqual([`svc.test:${apiFront.port}`]);
  });
});
