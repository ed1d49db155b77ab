// Which proxy a request takes, read from the environment: the variables as runners set them, and
// the same decision as the runner's own HTTP client (@actions/http-client), which the check run
// goes through.
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import { proxyFor, readProxyEnvironment } from '../../src/service/proxy.ts';

const route = (env: NodeJS.ProcessEnv, address: string): string | undefined => proxyFor(readProxyEnvironment(env), new URL(address))?.href;

describe('the proxy of an address', () => {
  it('https addresses take HTTPS_PROXY, http addresses HTTP_PROXY; the lower-case form first', () => {
    const env = { HTTPS_PROXY: 'http://secure.proxy:3128', HTTP_PROXY: 'http://plain.proxy:8080' };
    expect(route(env, 'https://svc.example/api/v2')).toBe('http://secure.proxy:3128/');
    expect(route(env, 'http://objects.example/x')).toBe('http://plain.proxy:8080/');
    expect(route({ ...env, https_proxy: 'http://lower.proxy:1' }, 'https://svc.example')).toBe('http://lower.proxy:1/');
    // An empty lower-case variable does not hide the upper-case one.
    expect(route({ ...env, https_proxy: '' }, 'https://svc.example')).toBe('http://secure.proxy:3128/');
    // HTTP_PROXY alone does not carry https traffic (curl, Go, the runner's client agree).
    expect(route({ HTTP_PROXY: 'http://plain.proxy:8080' }, 'https://svc.example')).toBeUndefined();
    expect(route({}, 'https://svc.example')).toBeUndefined();
  });

  it('a proxy given without a scheme is a plain-HTTP proxy; credentials are kept for the proxy', () => {
    expect(route({ HTTPS_PROXY: 'proxy.corp:3128' }, 'https://svc.example')).toBe('http://proxy.corp:3128/');
    expect(route({ HTTPS_PROXY: 'http://user:p%40ss@proxy.corp:3128' }, 'https://svc.example')).toBe('http://user:p%40ss@proxy.corp:3128/');
  });

  it('NO_PROXY: a host, a domain (with or without a leading dot or *.), host:port, *, separated by commas or spaces', () => {
    const proxied = (noProxy: string, address: string): boolean => route({ HTTPS_PROXY: 'http://p:1', NO_PROXY: noProxy }, address) !== undefined;
    expect(proxied('svc.example', 'https://svc.example')).toBe(false);
    expect(proxied('SVC.Example', 'https://svc.example')).toBe(false);
    expect(proxied('example', 'https://svc.example')).toBe(false);
    expect(proxied('.example', 'https://svc.example')).toBe(false);
    expect(proxied('*.example', 'https://svc.example')).toBe(false);
    expect(proxied('ample', 'https://svc.example')).toBe(true);
    expect(proxied('svc.example:443', 'https://svc.example')).toBe(false);
    expect(proxied('svc.example:8443', 'https://svc.example')).toBe(true);
    expect(proxied('svc.example:8443', 'https://svc.example:8443')).toBe(false);
    expect(proxied('other.example, svc.example', 'https://svc.example')).toBe(false);
    expect(proxied('other.example svc.example', 'https://svc.example')).toBe(false);
    expect(proxied('other.example', 'https://svc.example')).toBe(true);
    expect(proxied('*', 'https://svc.example')).toBe(false);
    expect(route({ HTTPS_PROXY: 'http://p:1', no_proxy: 'svc.example', NO_PROXY: '' }, 'https://svc.example')).toBeUndefined();
  });

  it('loopback addresses always go direct: the proxy cannot reach the runner itself', () => {
    for (const address of ['https://localhost:8443', 'https://127.0.0.1:8443', 'https://127.1.2.3', 'https://[::1]:8443']) {
      expect(route({ HTTPS_PROXY: 'http://p:1' }, address), address).toBeUndefined();
    }
  });

  it('a proxy variable that is not an address, or not an http(s) proxy, is an input error naming it and not its value', () => {
    const error = (env: NodeJS.ProcessEnv): ConfigurationError => {
      try {
        readProxyEnvironment(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigurationError);
        return e as ConfigurationError;
      }
      throw new Error('expected an input error');
    };
    const bad = error({ HTTPS_PROXY: 'http://user:s3cret@[proxy' });
    expect(bad.message).toBe('The environment variable HTTPS_PROXY is not a proxy address: give one such as http://proxy.example:3128.');
    expect(error({ http_proxy: 'socks5://user:s3cret@proxy:1080' }).message).toBe(
      'The environment variable http_proxy names a socks5 proxy: only http:// and https:// proxies are supported.',
    );
  });
});

describe("the same decision as the runner's client", () => {
  const names = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
  });

  const cases: Array<[NodeJS.ProcessEnv, string]> = [
    [{ HTTPS_PROXY: 'http://proxy.corp:3128' }, 'https://svc.example/api/v2'],
    [{ HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: 'svc.example' }, 'https://svc.example/api/v2'],
    [{ HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: 'example' }, 'https://svc.example/api/v2'],
    [{ HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: 'other.example,svc.example:443' }, 'https://svc.example/api/v2'],
    [{ HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: 'svc.example:8443' }, 'https://svc.example/api/v2'],
    [{ HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: '*' }, 'https://svc.example/api/v2'],
    [{ HTTPS_PROXY: 'http://proxy.corp:3128', no_proxy: '.example' }, 'https://www.svc.example/'],
    [{ HTTPS_PROXY: 'http://proxy.corp:3128' }, 'https://127.0.0.1:8443/api/v2'],
    [{ HTTPS_PROXY: 'http://proxy.corp:3128' }, 'https://localhost/api/v2'],
    [{ HTTP_PROXY: 'http://plain.corp:8080' }, 'http://objects.example/upload'],
    [{ HTTP_PROXY: 'http://plain.corp:8080' }, 'https://objects.example/upload'],
    [{ https_proxy: 'http://lower.corp:1', HTTPS_PROXY: 'http://upper.corp:2' }, 'https://svc.example/'],
  ];
  for (const [env, address] of cases) {
    it(`${JSON.stringify(env)} ${address}`, () => {
      for (const n of names) delete process.env[n];
      Object.assign(process.env, env);
      expect(route(env, address)).toBe(getProxyUrl(new URL(address))?.href);
    });
  }
});
