// The service client behind a proxy, for real: the emulator behind TLS fronts on 127.0.0.1 under
// names only the proxy resolves (svc.test for the API, objects.test for upload-url and
// log-read-url, github.test for GitHub), certificates from a private authority made for the
// test, and a CONNECT proxy that counts its tunnels. The client cannot resolve those names
// itself, so a request that succeeds went through the proxy, and one that fails to resolve went
// direct. The proxy variables are the process's own, as on a runner.
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { openGitHub } from '../../../src/github/open-github.ts';
import { errorCode } from '../../../src/github/failure.ts';
import { createServiceClient } from '../../../src/service/client.ts';
import type { ServiceClient } from '../../../src/service/client.ts';
import { NetworkError } from '../../../src/service/errors.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { startConnectProxy } from '../../support/connect-proxy.ts';
import type { ConnectProxy } from '../../support/connect-proxy.ts';
import { makeCertificates, startTlsFront } from '../../support/tls-front.ts';
import type { TestCertificates, TlsFront } from '../../support/tls-front.ts';
import { caught, FAST_RETRY } from '../../service/harness.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';

const MODULE = { organization: 'acme', name: 'network', provider: 'aws' };

let certificates: TestCertificates;
let emulator: Emulator;
let apiFront: TlsFront;
let objectFront: TlsFront;
let github: GitHubFake;
let githubFront: TlsFront;
let proxy: ConnectProxy;
let baseUrl: string;
const trusted = getCACertificates('default');

beforeAll(async () => {
  certificates = makeCertificates(['svc.test', 'objects.test', 'github.test']);
  // This process trusts the private authority as NODE_EXTRA_CA_CERTS makes a new process trust it
  // (the bundle tests check that variable itself).
  setDefaultCACertificates([...trusted, certificates.caPem]);
  emulator = await startEmulator({ testRuns: { queuedMs: 10, runningMs: 30 } });
  emulator.seedRegistryModule({ name: MODULE.name, provider: MODULE.provider });
  apiFront = await startTlsFront(certificates, Number(new URL(emulator.baseUrl).port));
  objectFront = await startTlsFront(certificates, Number(new URL(emulator.uploadOrigin).port));
  baseUrl = `https://svc.test:${apiFront.port}/api/v2`;
  emulator.configure({
    advertisedOrigins: { api: `https://svc.test:${apiFront.port}`, upload: `https://objects.test:${objectFront.port}` },
  });
  github = await startGitHubFake();
  githubFront = await startTlsFront(certificates, Number(new URL(github.url).port));
  proxy = await startConnectProxy({ 'svc.test': '127.0.0.1', 'objects.test': '127.0.0.1', 'github.test': '127.0.0.1' });
});

afterAll(async () => {
  setDefaultCACertificates(trusted);
  await proxy?.close();
  await Promise.all([apiFront?.close(), objectFront?.close(), githubFront?.close()]);
  await github?.close();
  await emulator?.close();
  certificates?.remove();
});

const clients: ServiceClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];

/** Sets the six proxy variables of this process: those in `env`, the others empty. */
function setProxyEnvironment(env: Record<string, string>): void {
  for (const name of PROXY_VARIABLES) vi.stubEnv(name, env[name] ?? '');
}
afterEach(() => {
  vi.unstubAllEnvs();
});

/** A service client made under the proxy variables in `env`, which stay set for the test. */
function client(env: Record<string, string>, retries = 6): ServiceClient {
  setProxyEnvironment(env);
  const made = createServiceClient({
    clock: systemClock,
    baseUrl,
    token: emulator.token,
    retry: { ...FAST_RETRY, retries },
    rateLimitPerSecond: 10_000,
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
    expect(await c.policies.downloadCode(shown.links!.download!)).toBe('main = rule { true }\n');
    expect(await testRunThrough(c)).toContain('"type":"test_summary"');

    const tunnels = proxy.tunnels.slice(before);
    expect(
      tunnels.filter((t) => t.target === `svc.test:${apiFront.port}` && t.status === 200).length,
    ).toBeGreaterThanOrEqual(1);
    expect(
      tunnels.filter((t) => t.target === `objects.test:${objectFront.port}` && t.status === 200).length,
    ).toBeGreaterThanOrEqual(1);
    // The proxy sees where, never what: no token in what it can read.
    expect(tunnels.every((t) => !JSON.stringify(t.headers).includes(emulator.token))).toBe(true);
    expect(tunnels.every((t) => t.headers['authorization'] === undefined)).toBe(true);
    // Every request arrived, upload and log included.
    expect(emulator.requests.filter((r) => r.port === 'upload' && r.method === 'PUT')).not.toHaveLength(0);
    expect(emulator.requests.filter((r) => r.port === 'log')).not.toHaveLength(0);
  });

  it('without the proxy the names do not resolve: the requests above could only have gone through it', async () => {
    const error = await caught(client({}, 0).policies.list('acme'));
    // A name that does not exist is named at once (a bad base-url); a resolver that does not
    // answer is a network failure.
    expect(error).toBeInstanceOf((error as { code?: string }).code === 'ENOTFOUND' ? ConfigurationError : NetworkError);
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
    expect(() => client({ HTTPS_PROXY: 'http://runner:s3cret@[proxy' })).toThrow(
      /^The environment variable HTTPS_PROXY is not a proxy address/,
    );
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

describe('the service and GitHub take one route for one environment', () => {
  // Every request to GitHub (check run, pull request comment) goes through the runner's own HTTP
  // client; the service's requests must be routed by the same rules, or a runner whose proxy
  // settings work for one would fail the other half way through a step.
  type Route = 'proxy' | 'direct';
  const names = (): { svc: string; github: string } => ({
    svc: `svc.test:${apiFront.port}`,
    github: `github.test:${githubFront.port}`,
  });
  const cases: Array<[string, () => Record<string, string>, Route]> = [
    ['HTTPS_PROXY', () => ({ HTTPS_PROXY: proxy.url }), 'proxy'],
    ['https_proxy before HTTPS_PROXY', () => ({ https_proxy: proxy.url, HTTPS_PROXY: 'http://127.0.0.1:9' }), 'proxy'],
    ['an empty https_proxy', () => ({ https_proxy: '', HTTPS_PROXY: proxy.url }), 'proxy'],
    ['HTTP_PROXY only, for https addresses', () => ({ HTTP_PROXY: proxy.url }), 'direct'],
    ['NO_PROXY naming both hosts', () => ({ HTTPS_PROXY: proxy.url, NO_PROXY: 'svc.test,github.test' }), 'direct'],
    [
      'NO_PROXY naming both hosts with their ports',
      () => ({ HTTPS_PROXY: proxy.url, NO_PROXY: `${names().svc}, ${names().github}` }),
      'direct',
    ],
    [
      'NO_PROXY naming both hosts with other ports',
      () => ({ HTTPS_PROXY: proxy.url, NO_PROXY: 'svc.test:443,github.test:443' }),
      'proxy',
    ],
    ['no_proxy naming the domain with a dot', () => ({ HTTPS_PROXY: proxy.url, no_proxy: '.test' }), 'direct'],
    ['NO_PROXY naming the domain in capitals', () => ({ HTTPS_PROXY: proxy.url, NO_PROXY: 'TEST' }), 'direct'],
    ['NO_PROXY *', () => ({ HTTPS_PROXY: proxy.url, NO_PROXY: '*' }), 'direct'],
    ['no_proxy before NO_PROXY', () => ({ HTTPS_PROXY: proxy.url, no_proxy: 'other.example', NO_PROXY: '*' }), 'proxy'],
    ['NO_PROXY with *. (not a wildcard there)', () => ({ HTTPS_PROXY: proxy.url, NO_PROXY: '*.test' }), 'proxy'],
    [
      'NO_PROXY separated by spaces (not a separator there)',
      () => ({ HTTPS_PROXY: proxy.url, NO_PROXY: 'svc.test github.test' }),
      'proxy',
    ],
  ];

  /** One request to GitHub through the action's GitHub client, under the proxy variables as they are now. */
  async function listGitHubComments(): Promise<unknown> {
    const quiet = () => {};
    const gitHub = await openGitHub({
      deadline: Deadline.after(300_000, systemClock),
      token: 'ghs_routeTestToken0123456789abcdefghij',
      apiUrl: `https://${names().github}`,
      log: { info: quiet, warning: quiet, debug: quiet },
      tuning: { retryUnitMs: 1 },
    });
    try {
      return (await gitHub.octokit.rest.issues.listComments({ owner: 'octo-org', repo: 'infra', issue_number: 1 }))
        .data;
    } finally {
      await gitHub.close();
    }
  }

  /** Whether one request to `target` (host:port) opened a tunnel at the proxy. */
  async function routeOf(target: string, send: () => Promise<unknown>): Promise<Route> {
    const before = proxy.tunnels.filter((t) => t.target === target).length;
    await send().catch(() => undefined);
    return proxy.tunnels.filter((t) => t.target === target).length > before ? 'proxy' : 'direct';
  }

  for (const [name, env, expected] of cases) {
    it(`${name}: ${expected}`, async () => {
      const service = client(env(), 0);
      const serviceRoute = await routeOf(names().svc, () => service.policies.list('acme'));
      const gitHubRoute = await routeOf(names().github, listGitHubComments);
      expect({ service: serviceRoute, gitHub: gitHubRoute }).toEqual({ service: expected, gitHub: expected });
    });
  }

  it('both arrive when they take the proxy, and neither resolves its name when it goes direct', async () => {
    setProxyEnvironment({ HTTPS_PROXY: proxy.url });
    expect(await client({ HTTPS_PROXY: proxy.url }, 0).policies.list('acme')).not.toHaveLength(0);
    expect(await listGitHubComments()).toEqual([]);

    setProxyEnvironment({ HTTPS_PROXY: proxy.url, NO_PROXY: '*' });
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(
      ((await caught(client({ HTTPS_PROXY: proxy.url, NO_PROXY: '*' }, 0).policies.list('acme'))) as NetworkError).code,
    );
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(errorCode(await caught(listGitHubComments())));
  });
});
