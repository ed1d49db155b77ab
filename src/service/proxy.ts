// Which proxy carries a request, read from the environment the way self-hosted runners set it
// (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, and their lower-case forms) and the way the runner's own
// HTTP client (@actions/http-client, which the check run goes through) reads it: one decision
// for every request of the step.

import { ConfigurationError } from '../errors.ts';

export interface ProxyEnvironment {
  /** Proxy of https:// addresses (`https_proxy`, else `HTTPS_PROXY`). */
  https: URL | undefined;
  /** Proxy of http:// addresses (`http_proxy`, else `HTTP_PROXY`). */
  http: URL | undefined;
  /** `no_proxy`, else `NO_PROXY`: host names, domains and `host:port` entries that go direct. */
  noProxy: NoProxyEntry[];
  /** NO_PROXY is `*`: nothing goes through a proxy. */
  noProxyAll: boolean;
}

interface NoProxyEntry {
  /** Upper-case host or domain, without a leading `.` or `*.`. */
  host: string;
  /** Only this port, when the entry named one. */
  port: number | undefined;
}

/**
 * The proxy settings of an environment; a proxy address that is not one is an input error
 * naming the variable (its value may hold the proxy's password, so it is not repeated).
 */
export function readProxyEnvironment(env: NodeJS.ProcessEnv): ProxyEnvironment {
  const noProxy = (env['no_proxy'] || env['NO_PROXY'] || '').split(/[,\s]+/).filter((entry) => entry !== '');
  return {
    https: proxyAddress(env, 'https_proxy', 'HTTPS_PROXY'),
    http: proxyAddress(env, 'http_proxy', 'HTTP_PROXY'),
    noProxyAll: noProxy.includes('*'),
    noProxy: noProxy.map(noProxyEntry),
  };
}

/** The proxy a request to `url` goes through, or undefined to connect directly. */
export function proxyFor(proxies: ProxyEnvironment, url: URL): URL | undefined {
  const proxy = url.protocol === 'https:' ? proxies.https : url.protocol === 'http:' ? proxies.http : undefined;
  if (proxy === undefined || proxies.noProxyAll || isLoopback(url.hostname)) return undefined;
  const host = url.hostname.toUpperCase();
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const bypassed = proxies.noProxy.some(
    (entry) => (entry.port === undefined || entry.port === port) && (host === entry.host || host.endsWith(`.${entry.host}`)),
  );
  return bypassed ? undefined : proxy;
}

function proxyAddress(env: NodeJS.ProcessEnv, lower: string, upper: string): URL | undefined {
  const name = env[lower] ? lower : upper;
  const value = (env[name] ?? '').trim();
  if (value === '') return undefined;
  // `proxy.example:3128` is as common as `http://proxy.example:3128`; curl and the runner read
  // both as a plain-HTTP proxy.
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigurationError(`The environment variable ${name} is not a proxy address: give one such as http://proxy.example:3128.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`The environment variable ${name} names a ${url.protocol.slice(0, -1)} proxy: only http:// and https:// proxies are supported.`);
  }
  return url;
}

function noProxyEntry(entry: string): NoProxyEntry {
  const withPort = /^(.+):(\d+)$/.exec(entry);
  const host = (withPort ? withPort[1]! : entry).replace(/^\*?\./, '').toUpperCase();
  return { host, port: withPort ? Number(withPort[2]) : undefined };
}

/** Loopback never goes through a proxy (as in the runner's client): the proxy's own loopback is
 *  not the runner's. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '[::1]' || host === '[0:0:0:0:0:0:0:1]';
}
