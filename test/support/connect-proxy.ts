// A small forward proxy for tests: real sockets on 127.0.0.1, HTTP CONNECT tunnels only (what
// undici and @actions/http-client send for https and http targets alike), with its own name
// table: a proxy does the DNS for CONNECT, so `svc.test` can reach a server on 127.0.0.1 while
// the client, which never resolves it, cannot reach it without the proxy.

import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { connect, isIP } from 'node:net';
import type { Socket } from 'node:net';
import { listenLocally } from './local-server.ts';

export interface Tunnel {
  /** `host:port` as the client asked for it. */
  target: string;
  /** The CONNECT request's headers (a proxy sees these in clear, never what goes inside). */
  headers: IncomingHttpHeaders;
  /** Status the proxy answered the CONNECT with. */
  status: number;
}

export interface ConnectProxy {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** Every CONNECT received, in order. */
  readonly tunnels: Tunnel[];
  /** Tunnels opened to a host (any port). */
  tunnelsTo(host: string): number;
  /** Answer the next `count` CONNECTs with `status` instead of opening them. */
  refuseNext(status: number, count?: number): void;
  close(): Promise<void>;
}

/** Starts a proxy that resolves the names in `hosts` (and IP literals) and answers 502 for any other. */
export async function startConnectProxy(hosts: Record<string, string>): Promise<ConnectProxy> {
  const tunnels: Tunnel[] = [];
  let refusals: number[] = [];
  const server = createServer((_req, res) => {
    // Plain forwarding (absolute-URI requests) is not offered: every client here tunnels.
    res.writeHead(405, { connection: 'close' }).end();
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(target);
    const host = match?.[1]?.toLowerCase() ?? '';
    const address = hosts[host] ?? (isIP(host.replace(/^\[|\]$/g, '')) ? host.replace(/^\[|\]$/g, '') : undefined);
    const refused = refusals.shift();
    const answer = (status: number): void => {
      tunnels.push({ target, headers: req.headers, status });
      client.end(`HTTP/1.1 ${status} ${status === 502 ? 'Bad Gateway' : 'Refused'}\r\nconnection: close\r\n\r\n`);
    };
    if (refused !== undefined) return answer(refused);
    if (!match || address === undefined) return answer(502);
    const upstream = connect(Number(match[2]), address);
    local.track(upstream);
    let established = false;
    upstream.once('connect', () => {
      established = true;
      tunnels.push({ target, headers: req.headers, status: 200 });
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (established) client.destroy();
      else answer(502);
    });
    client.on('error', () => upstream.destroy());
  });
  const local = await listenLocally(server);
  return {
    url: local.origin,
    tunnels,
    tunnelsTo: (host) =>
      tunnels.filter((t) => t.status === 200 && t.target.toLowerCase().startsWith(`${host.toLowerCase()}:`)).length,
    refuseNext(status, count = 1) {
      refusals = [...refusals, ...Array<number>(count).fill(status)];
    },
    close: local.close,
  };
}
