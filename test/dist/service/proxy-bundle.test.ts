// The built bundle behind a proxy, as a self-hosted runner starts it: HTTPS_PROXY for the
// service and the object store, HTTP_PROXY for the check run's GitHub address, and the service's
// private certificate authority in NODE_EXTRA_CA_CERTS, which the process reads at start. The
// names svc.test, objects.test and github.test resolve only at the proxy.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { MODULE, MODULE_DIRECTORY, REPOSITORY_ROOT } from '../../module-tests/harness.ts';
import { startConnectProxy } from '../../support/connect-proxy.ts';
import type { ConnectProxy } from '../../support/connect-proxy.ts';
import { nodeBinaries } from '../../support/node-binaries.ts';
import { runBundle } from '../../support/run-bundle.ts';
import { makeCertificates, startTlsFront } from '../../support/tls-front.ts';
import type { TestCertificates, TlsFront } from '../../support/tls-front.ts';

const dist = inject('bundleDir');
const SHA = '3333333333333333333333333333333333333333';
const GITHUB_TOKEN = 'ghs_proxyTestToken0123456789abcdefgh';

let certificates: TestCertificates;
let emulator: Emulator;
let fronts: TlsFront[] = [];
let github: GitHubFake;
let proxy: ConnectProxy;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'proxy-bundle-'));
  certificates = makeCertificates(['svc.test', 'objects.test']);
  emulator = await startEmulator({ testRuns: { queuedMs: 20, runningMs: 100 } });
  emulator.seedRegistryModule({ name: MODULE.name, provider: MODULE.provider });
  const api = await startTlsFront(certificates, Number(new URL(emulator.baseUrl).port));
  const objects = await startTlsFront(certificates, Number(new URL(emulator.uploadOrigin).port));
  fronts = [api, objects];
  emulator.configure({
    advertisedOrigins: { api: `https://svc.test:${api.port}`, upload: `https://objects.test:${objects.port}` },
  });
  github = await startGitHubFake({ basePath: '/api/v3' });
  proxy = await startConnectProxy({ 'svc.test': '127.0.0.1', 'objects.test': '127.0.0.1', 'github.test': '127.0.0.1' });
});

afterAll(async () => {
  await proxy?.close();
  await github?.close();
  await Promise.all(fronts.map((f) => f.close()));
  await emulator?.close();
  certificates?.remove();
  rmSync(work, { recursive: true, force: true });
});

function step(node: string, env: Record<string, string>): ReturnType<typeof runBundle> {
  const event = join(work, 'event.json');
  writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main', after: SHA }));
  return runBundle({
    bundleDir: dist,
    node,
    cwd: REPOSITORY_ROOT,
    inputs: {
      mode: 'run-module-tests',
      token: emulator.token,
      'base-url': `https://svc.test:${fronts[0]!.port}/api/v2`,
      organization: emulator.organization,
      'module-directory': MODULE_DIRECTORY,
      'module-name': MODULE.name,
      'module-provider': MODULE.provider,
      'check-name': 'module tests',
      'github-token': GITHUB_TOKEN,
    },
    env: {
      GITHUB_WORKSPACE: REPOSITORY_ROOT,
      RUNNER_TEMP: work,
      GITHUB_API_URL: `http://github.test:${new URL(github.url).port}/api/v3`,
      GITHUB_REPOSITORY: 'octo-org/infra-modules',
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: event,
      GITHUB_SHA: SHA,
      ...env,
    },
  });
}

describe('behind a proxy, with a private certificate authority', () => {
  for (const node of nodeBinaries()) {
    it(`run-module-tests on Node ${node.version}: service, upload, log and check run all through the proxy`, async () => {
      const before = { tunnels: proxy.tunnels.length, checkRuns: github.checkRuns.length };
      const run = await step(node.path, {
        HTTPS_PROXY: proxy.url,
        HTTP_PROXY: proxy.url,
        NODE_EXTRA_CA_CERTS: certificates.caFile,
      });

      expect(run.stderr).toBe('');
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs).toMatch(/status<<\S+\nfinished\n/);
      const targets = proxy.tunnels
        .slice(before.tunnels)
        .filter((t) => t.status === 200)
        .map((t) => t.target.split(':')[0]);
      expect(new Set(targets)).toEqual(new Set(['svc.test', 'objects.test', 'github.test']));
      // The upload and the log read reached the object store (through the proxy: nothing else
      // resolves objects.test).
      expect(emulator.requests.some((r) => r.port === 'upload' && r.method === 'PUT')).toBe(true);
      expect(emulator.requests.some((r) => r.port === 'log')).toBe(true);
      // The check run went the way it always went: @actions/github's own proxy support.
      expect(github.checkRuns.length).toBe(before.checkRuns + 1);
      expect(github.checkRuns.at(-1)).toMatchObject({ status: 'completed', conclusion: 'success', head_sha: SHA });
    });
  }

  it('without NODE_EXTRA_CA_CERTS the service certificate is not trusted: the step fails before the upload', async () => {
    const uploads = emulator.requests.filter((r) => r.port === 'upload').length;
    const run = await step(process.execPath, { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `::error::The module tests were not run: creating the configuration version failed: POST https://svc.test:${fronts[0]!.port}: ` +
        "the server's certificate is signed by a certificate authority this machine does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE); " +
        'if the service uses a private certificate authority, give its PEM file in NODE_EXTRA_CA_CERTS',
    );
    expect(emulator.requests.filter((r) => r.port === 'upload').length).toBe(uploads);
  });
});
