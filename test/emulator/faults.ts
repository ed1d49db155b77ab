import type { Fault, RecordedRequest } from './api.ts';

interface QueuedFault {
  fault: Fault;
  remaining: number;
}

/** Faults queued by tests, each taken by the next `times` requests it matches. */
export class FaultQueue {
  #queued: QueuedFault[] = [];

  add(faults: Fault[]): void {
    for (const fault of faults) this.#queued.push({ fault, remaining: fault.times ?? 1 });
  }

  take(port: RecordedRequest['port'], method: string, path: string): Fault['kind'] | undefined {
    const index = this.#queued.findIndex(({ fault }) => matches(fault, port, method, path));
    const queued = this.#queued[index];
    if (queued === undefined) return undefined;
    queued.remaining -= 1;
    if (queued.remaining <= 0) this.#queued.splice(index, 1);
    return queued.fault.kind;
  }

  clear(): void {
    this.#queued = [];
  }
}

function matches(fault: Fault, port: RecordedRequest['port'], method: string, path: string): boolean {
  if (fault.port !== undefined && fault.port !== port) return false;
  if (fault.method !== undefined && fault.method.toUpperCase() !== method) return false;
  if (fault.path === undefined) return true;
  return typeof fault.path === 'string' ? path.includes(fault.path) : fault.path.test(path);
}
