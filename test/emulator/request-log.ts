import type { IncomingMessage } from 'node:http';
import type { RecordedRequest } from './api.ts';

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Every request on every port, recorded when it arrives (so the order is arrival order);
 *  its body and status are filled in as they become known. */
export class RequestLog {
  readonly entries: RecordedRequest[] = [];
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  begin(port: RecordedRequest['port'], req: IncomingMessage): RecordedRequest {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const entry: RecordedRequest = {
      port,
      method: (req.method ?? 'GET').toUpperCase(),
      path: mark === -1 ? url : url.slice(0, mark),
      rawQuery: mark === -1 ? '' : url.slice(mark + 1),
      headers: { ...req.headers },
      body: Buffer.alloc(0),
      status: 0,
      at: this.#now(),
    };
    this.entries.push(entry);
    return entry;
  }

  writes(): RecordedRequest[] {
    return this.entries.filter((entry) => entry.port !== 'log' && WRITE_METHODS.has(entry.method));
  }

  clear(): void {
    this.entries.length = 0;
  }
}
