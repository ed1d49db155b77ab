// The service client's pool of connections: the one place besides http.ts that speaks to undici.

import type { LookupFunction } from 'node:net';
import { Agent, ProxyAgent } from 'undici';
import type { Dispatcher } from 'undici';
import { checkProxyEnvironment, proxyFor } from './proxy.ts';

/**
 * The connections of one client: direct, or through the proxy the environment names for an
 * address (HTTPS_PROXY / HTTP_PROXY, NO_PROXY, by the rules of the runner's own HTTP client), to
 * the service and the object store alike, through an undici ProxyAgent per proxy address. A
 * private CA in NODE_EXTRA_CA_CERTS is in Node's default trust store, which both the direct TLS
 * connections and those inside a proxy's CONNECT tunnel use.
 */
export class Connections {
  readonly #options: Agent.Options;
  readonly #connect: { timeout: number; lookup?: LookupFunction };
  readonly #direct: Agent;
  readonly #viaProxy = new Map<string, ProxyAgent>();

  constructor(options: Agent.Options, connect: { timeout: number; lookup?: LookupFunction }) {
    // A proxy variable that is not a proxy address fails the client before any request.
    checkProxyEnvironment();
    this.#options = options;
    this.#connect = connect;
    this.#direct = new Agent({ ...options, connect });
  }

  for(url: string): Dispatcher {
    const proxy = proxyFor(new URL(url));
    if (proxy === undefined) return this.#direct;
    let agent = this.#viaProxy.get(proxy.href);
    if (agent === undefined) {
      const connect = this.#connect;
      agent = new ProxyAgent({ ...this.#options, uri: proxy.href, proxyTls: connect, requestTls: connect });
      this.#viaProxy.set(proxy.href, agent);
    }
    return agent;
  }

  async close(now: boolean): Promise<void> {
    const all: Dispatcher[] = [this.#direct, ...this.#viaProxy.values()];
    await Promise.all(all.map((d) => (now ? d.destroy() : d.close())));
  }
}
