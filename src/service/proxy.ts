// Which proxy carries a request. The runner's own HTTP client (@actions/http-client, which every
// request to GitHub goes through) decides, from HTTPS_PROXY, HTTP_PROXY and NO_PROXY (the
// lower-case forms first) as self-hosted runners set them: the service, the object store and
// GitHub take one route for one environment. What is ours is refusing, before any request, a
// proxy variable that client would pass over in silence (and so send the step around the proxy)
// or that names a kind of proxy undici cannot speak to.

import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { ConfigurationError } from '../errors.ts';

/**
 * Fails with an input error naming the variable when HTTPS_PROXY or HTTP_PROXY (whichever form
 * the runner's client reads) is not an http:// or https:// proxy address. Its value may hold the
 * proxy's password, so it is never repeated.
 */
export function checkProxyEnvironment(): void {
  for (const [lower, upper] of [
    ['https_proxy', 'HTTPS_PROXY'],
    ['http_proxy', 'HTTP_PROXY'],
  ] as const) {
    // The client's precedence: the lower-case form unless it is unset or empty.
    const name = process.env[lower] ? lower : upper;
    const value = process.env[name];
    if (!value) continue;
    const proxy = readAsTheRunnerDoes(value);
    if (proxy === undefined || proxy.hostname === '') {
      throw new ConfigurationError(
        `The environment variable ${name} is not a proxy address: give one such as http://proxy.example:3128.`,
      );
    }
    if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:') {
      throw new ConfigurationError(
        `The environment variable ${name} names a ${proxy.protocol.slice(0, -1)} proxy: only http:// and https:// proxies are supported.`,
      );
    }
  }
}

/** The proxy a request to `url` goes through, or undefined to connect directly (NO_PROXY, loopback). */
export function proxyFor(url: URL): URL | undefined {
  return getProxyUrl(url);
}

/**
 * The address @actions/http-client makes of a proxy variable: the value as a URL, else with
 * `http://` in front when it names no http(s) scheme. Undefined where that client would use no
 * proxy (a value starting `http://` that does not parse); a value such as `proxy:3128` parses as
 * the scheme `proxy:` without a host, which that client also passes over.
 */
function readAsTheRunnerDoes(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    if (value.startsWith('http://') || value.startsWith('https://')) return undefined;
    try {
      return new URL(`http://${value}`);
    } catch {
      return undefined;
    }
  }
}
