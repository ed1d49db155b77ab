// The emulator's upload origin with other test logs: configuration uploads are passed on to the
// emulator, and every `log-read-url` is answered by `serveLog`, so that a test or a benchmark can
// serve a log of any size or behaviour (endless, cut midway) without holding it.

import { createServer, request } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { Emulator } from '../emulator/api.ts';
import { listenLocally } from './local-server.ts';

export interface LogFront {
  readonly origin: string;
  /** Log reads received. */
  readonly reads: number;
  close(): Promise<void>;
}

/** Starts the front and points the emulator's upload-url and log-read-url at it. */
export async function startLogFront(emulator: Emulator, serveLog: (res: ServerResponse) => void): Promise<LogFront> {
  const upstream = new URL(emulator.uploadOrigin);
  let reads = 0;
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/logs/')) {
      reads++;
      serveLog(res);
      return;
    }
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  const { origin, close } = await listenLocally(server);
  emulator.configure({ advertisedOrigins: { upload: origin } });
  return {
    origin,
    get reads() {
      return reads;
    },
    close,
  };
}
