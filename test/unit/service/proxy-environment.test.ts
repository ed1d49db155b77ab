// Which proxy a request takes, read from the environment as the runner's own HTTP client
// (@actions/http-client) reads it, and the proxy variables refused before any request. That the
// service client and the GitHub client really take one route is proved with a live proxy in
// proxy.test.ts.
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { checkProxyEnvironment, proxyFor } from '../../../src/service/proxy.ts';

const NAMES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];

function setEnvironment(env: Record<string, string>): void {
  for (const name of NAMES) vi.stubEnv(name, env[name] ?? '');
}

beforeEach(() => setEnvironment({}));
afterEach(() => {
  vi.unstubAllEnvs();
});

const route = (env: Record<string, string>, address: string): string | undefined => {
  setEnvironment(env);
  return proxyFor(new URL(address))?.href;
};

describe('the proxy of an address (the rules docs/network-and-limits.md states)', () => {
  it('https addresses take HTTPS_PROXY, http addresses HTTP_PROXY; the lower-case form first', () => {
    const env = { HTTPS_PROXY: 'http://secure.proxy:3128', HTTP_PROXY: 'http://plain.proxy:8080' };
    expect(route(env, 'https://svc.example/api/v2')).toBe('http://secure.proxy:3128/');
    expect(route(env, 'http://objects.example/x')).toBe('http://plain.proxy:8080/');
    expect(route({ ...env, https_proxy: 'http://lower.proxy:1' }, 'https://svc.example')).toBe('http://lower.proxy:1/');
    // An empty lower-case variable does not hide the upper-case one.
    expect(route({ ...env, https_proxy: '' }, 'https://svc.example')).toBe('http://secure.proxy:3128/');
    // HTTP_PROXY alone does not carry https traffic.
    expect(route({ HTTP_PROXY: 'http://plain.proxy:8080' }, 'https://svc.example')).toBeUndefined();
    expect(route({}, 'https://svc.example')).toBeUndefined();
  });

  it('credentials in the address are kept for the proxy; a host without a scheme is a plain-HTTP proxy', () => {
    expect(route({ HTTPS_PROXY: 'http://user:p%40ss@proxy.corp:3128' }, 'https://svc.example')).toBe(
      'http://user:p%40ss@proxy.corp:3128/',
    );
    expect(route({ HTTPS_PROXY: 'proxy.corp' }, 'https://svc.example')).toBe('http://proxy.corp/');
    expect(route({ HTTPS_PROXY: '10.1.2.3:3128' }, 'https://svc.example')).toBe('http://10.1.2.3:3128/');
  });

  it('NO_PROXY: a host, a domain (with or without a leading dot), host:port, *, separated by commas', () => {
    const proxied = (noProxy: string, address: string): boolean =>
      route({ HTTPS_PROXY: 'http://p:1', NO_PROXY: noProxy }, address) !== undefined;
    expect(proxied('svc.example', 'https://svc.example')).toBe(false);
    expect(proxied('SVC.Example', 'https://svc.example')).toBe(false);
    expect(proxied('example', 'https://svc.example')).toBe(false);
    expect(proxied('.example', 'https://svc.example')).toBe(false);
    expect(proxied('ample', 'https://svc.example')).toBe(true);
    expect(proxied('svc.example:443', 'https://svc.example')).toBe(false);
    expect(proxied('svc.example:8443', 'https://svc.example')).toBe(true);
    expect(proxied('svc.example:8443', 'https://svc.example:8443')).toBe(false);
    expect(proxied('other.example, svc.example', 'https://svc.example')).toBe(false);
    expect(proxied('other.example', 'https://svc.example')).toBe(true);
    expect(proxied('*', 'https://svc.example')).toBe(false);
    // Neither `*.` nor spaces mean anything to the runner's client, so nothing here does either.
    expect(proxied('*.example', 'https://svc.example')).toBe(true);
    expect(proxied('other.example svc.example', 'https://svc.example')).toBe(true);
    expect(
      route({ HTTPS_PROXY: 'http://p:1', no_proxy: 'svc.example', NO_PROXY: '' }, 'https://svc.example'),
    ).toBeUndefined();
  });

  it('loopback addresses always go direct: the proxy cannot reach the runner itself', () => {
    for (const address of [
      'https://localhost:8443',
      'https://127.0.0.1:8443',
      'https://127.1.2.3',
      'https://[::1]:8443',
    ]) {
      expect(route({ HTTPS_PROXY: 'http://p:1' }, address), address).toBeUndefined();
    }
  });
});

describe('a proxy variable the step cannot use', () => {
  const refusal = (env: Record<string, string>): string => {
    setEnvironment(env);
    try {
      checkProxyEnvironment();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigurationError);
      return (e as Error).message;
    }
    throw new Error('expected an input error');
  };

  it("an address that does not parse is an input error naming the variable, not its value; the runner's client would go direct", () => {
    expect(refusal({ HTTPS_PROXY: 'http://user:s3cret@[proxy' })).toBe(
      'The environment variable HTTPS_PROXY is not a proxy address: give one such as http://proxy.example:3128.',
    );
    // Why the check is ours: the runner's client passes over such a value, and the step would
    // silently go around the proxy.
    setEnvironment({ HTTPS_PROXY: 'http://user:s3cret@[proxy' });
    expect(getProxyUrl(new URL('https://svc.example'))).toBeUndefined();
  });

  it('`host:port` without a scheme reads as a scheme named after the host, with no host: refused too', () => {
    expect(refusal({ https_proxy: 'proxy.corp:3128' })).toBe(
      'The environment variable https_proxy is not a proxy address: give one such as http://proxy.example:3128.',
    );
    expect(refusal({ HTTP_PROXY: 'runner:s3cret@proxy.corp:3128' })).not.toContain('s3cret');
    setEnvironment({ HTTPS_PROXY: 'proxy.corp:3128' });
    expect(getProxyUrl(new URL('https://svc.example'))?.hostname).toBe('');
  });

  it('a socks or other non-http proxy is refused by name', () => {
    expect(refusal({ http_proxy: 'socks5://user:s3cret@proxy:1080' })).toBe(
      'The environment variable http_proxy names a socks5 proxy: only http:// and https:// proxies are supported.',
    );
  });

  it("the variable checked is the one the runner's client reads: the lower-case form unless it is empty", () => {
    expect(refusal({ https_proxy: 'http://[bad', HTTPS_PROXY: 'http://good.proxy:3128' })).toContain('https_proxy');
    expect(refusal({ https_proxy: '', HTTPS_PROXY: 'http://[bad' })).toContain('HTTPS_PROXY');
    setEnvironment({
      https_proxy: 'http://good.proxy:3128',
      HTTPS_PROXY: 'http://[bad',
      http_proxy: 'https://tls.proxy:443',
      NO_PROXY: 'x,y',
    });
    expect(() => checkProxyEnvironment()).not.toThrow();
  });
});
