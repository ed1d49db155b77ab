// The HTTP under Octokit: the fetch it is given. Requests to GitHub go through the bundle's one
// undici (the service client's), on connections of their own: direct, or through the proxy the
// environment names for GitHub's address, read by the runner's own HTTP client's rules
// (HTTPS_PROXY / HTTP_PROXY, NO_PROXY), as @actions/github reads them. A private authority in
// NODE_EXTRA_CA_CERTS is in Node's default trust store, which direct connections and those inside
// a proxy's tunnel both use. @actions/github's own fetch is bound, once per process, to the
// proxy of the address GITHUB_API_URL named when it was loaded; this one follows the address
// the client is given.

import type { LookupFunction } from 'node:net';
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { Agent, ProxyAgent, fetch as undiciFetch } from 'undici';
import type { Dispatcher } from 'undici';

/** A request to GitHub whose connection stays silent this long is given up (the step must not hang on it). */
const GITHUB_REQUEST_TIMEOUT_MS = 30_000;

export interface GitHubTransport {
  /** A fetch as Octokit calls it (`request.fetch`). */
  readonly fetch: typeof globalThis.fetch;
  /** Ends the connections, so that a finished step holds no socket open. */
  close(): Promise<void>;
}

export interface TransportOptions {
  /** Resolves host names instead of the system's resolver (tests resolve names their own way). */
  lookup?: LookupFunction;
}

export function gitHubTransport(options: TransportOptions = {}): GitHubTransport {
  const connect = {
    timeout: GITHUB_REQUEST_TIMEOUT_MS,
    ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
  };
  const timeouts = { headersTimeout: GITHUB_REQUEST_TIMEOUT_MS, bodyTimeout: GITHUB_REQUEST_TIMEOUT_MS };
  let direct: Agent | undefined;
  const viaProxy = new Map<string, ProxyAgent>();

  const dispatcherFor = (url: URL): Dispatcher => {
    const proxy = getProxyUrl(url);
    if (proxy === undefined || proxy.hostname === '') return (direct ??= new Agent({ ...timeouts, connect }));
    let agent = viaProxy.get(proxy.href);
    if (agent === undefined) {
      // The proxy's user and password, when its address carries them, go as Proxy-Authorization.
      agent = new ProxyAgent({ ...timeouts, uri: proxy.href, proxyTls: connect, requestTls: connect });
      viaProxy.set(proxy.href, agent);
    }
    return agent;
  };

  const fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    // undici's fetch and Response are the standard's; only their TypeScript declarations differ.
    return undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: dispatcherFor(url),
    }) as unknown as Promise<Response>;
  };

  return {
    fetch,
    async close() {
      const all: Dispatcher[] = [...(direct ? [direct] : []), ...viaProxy.values()];
      await Promise.all(all.map((d) => d.close()));
    },
  };
}
