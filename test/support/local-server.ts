// A test server on 127.0.0.1 that closes at once: it listens on a free port, keeps every socket it
// accepts (and any the caller hands it, such as the upstream side of a tunnel), and destroys them
// all on close, so that a keep-alive connection never holds a test open.

import type { AddressInfo, Server, Socket } from 'node:net';

export interface LocalServer {
  readonly port: number;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** Destroys this socket too on close. */
  track(socket: Socket): void;
  /** Destroys every socket, then closes the server. */
  close(): Promise<void>;
}

/** Starts `server` (HTTP, TLS or plain TCP) on a free port of 127.0.0.1. */
export async function listenLocally(server: Server): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  server.on('connection', track);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    track,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
