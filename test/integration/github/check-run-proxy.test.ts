import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { startCheckRun } from '../../../src/github/check-run.ts';
import type { CheckRunContext } from '../../../src/github/check-run.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { startConnectProxy } from '../../support/connect-proxy.ts';
import type { ConnectProxy } from '../../support/connect-proxy.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';
import { Deadline } from '../../../src/lifetime/deadline.ts';

// Self-hosted runners that reach GitHub only through a proxy: requests to GitHub honour
// HTTPS_PROXY / HTTP_PROXY and NO_PROXY. GitHub is addressed as `github.test`, a name only the
// proxy can resolve, so a request that arrives went through it.

const TOKEN = 'ghs_proxyTestToken0123456789abcdefghij';
const FAST = { retryUnitMs: 1, pacedWrites: false };
const context: CheckRunContext = {
  eventName: 'push',
  sha: '0123456789abcdef0123456789abcdef01234567',
  repo: { owner: 'octo-org', repo: 'infra-modules' },
  payload: {},
};

let fake: GitHubFake;
let proxy: ConnectProxy;
let apiUrl: string;
beforeEach(async () => {
  fake = await startGitHubFake();
  proxy = await startConnectProxy({ 'github.test': '127.0.0.1' });
  apiUrl = `http://github.test:${new URL(fake.url).port}`;
  for (const name of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'])
    vi.stubEnv(name, '');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await proxy.close();
  await fake.close();
});

function recordingLog() {
  const warnings: string[] = [];
  return { warnings, warning: (m: string) => void warnings.push(m), debug: () => {}, info: () => {} };
}

it('sends every request to GitHub through the proxy named by HTTP_PROXY', async () => {
  vi.stubEnv('HTTP_PROXY', proxy.url);
  const log = recordingLog();
  const handle = await startCheckRun({
    deadline: Deadline.after(300_000, systemClock),
    token: TOKEN,
    name: 'module tests',
    context,
    apiUrl,
    log,
    tuning: FAST,
  });
  await handle?.complete({ conclusion: 'success', title: 'ok', summary: 'all passed', annotations: [] });

  expect(log.warnings).toEqual([]);
  expect(fake.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 201', 'PATCH 200', 'PATCH 200']);
  expect(proxy.tunnels.length).toBeGreaterThan(0);
  expect(new Set(proxy.tunnels.map((t) => `${t.target} ${t.status}`))).toEqual(
    new Set([`github.test:${new URL(fake.url).port} 200`]),
  );
});

it('goes straight to a host listed in NO_PROXY', async () => {
  vi.stubEnv('HTTP_PROXY', proxy.url);
  vi.stubEnv('NO_PROXY', 'example.org,github.test');
  const log = recordingLog();
  const handle = await startCheckRun({
    deadline: Deadline.after(300_000, systemClock),
    token: TOKEN,
    name: 'module tests',
    context,
    apiUrl,
    log,
    tuning: FAST,
  });

  // Only the proxy knows github.test: going straight there fails to resolve it.
  expect(handle).toBeNull();
  expect(proxy.tunnels).toEqual([]);
  expect(log.warnings[0]).toMatch(
    /the host name github\.test of .* does not resolve \(ENOTFOUND\)|could not reach http:\/\/github\.test/,
  );
});
