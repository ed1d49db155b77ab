// A service client wired to a fresh emulator, with every attempt recorded and short backoffs so
// that retries cost milliseconds.
import { systemClock } from '../../src/lifetime/clock.ts';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator, EmulatorOptions } from '../emulator/api.ts';
import { createServiceClient } from '../../src/service/client.ts';
import type { ServiceClient, ServiceClientOptions } from '../../src/service/client.ts';
import type { RequestEvent } from '../../src/service/request.ts';

export interface Harness {
  emulator: Emulator;
  client: ServiceClient;
  events: RequestEvent[];
  /** Another client on the same emulator. */
  newClient(options?: Partial<ServiceClientOptions>): ServiceClient;
  close(): Promise<void>;
}

export const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 40 };

export async function startHarness(
  options: EmulatorOptions = {},
  clientOptions: Partial<ServiceClientOptions> = {},
): Promise<Harness> {
  const emulator = await startEmulator(options);
  const events: RequestEvent[] = [];
  const clients: ServiceClient[] = [];
  const newClient = (more: Partial<ServiceClientOptions> = {}): ServiceClient => {
    const client = createServiceClient({
      clock: systemClock,
      baseUrl: emulator.baseUrl,
      token: emulator.token,
      retry: FAST_RETRY,
      onRequest: (event) => events.push(event),
      ...clientOptions,
      ...more,
    });
    clients.push(client);
    return client;
  };
  const client = newClient();
  return {
    emulator,
    client,
    events,
    newClient,
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await emulator.close();
    },
  };
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, it succeeded');
}
