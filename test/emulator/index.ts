import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPort } from './api-server.ts';
import type { Emulator, EmulatorOptions } from './api.ts';
import { API_PREFIX, type Service } from './context.ts';
import { createControl } from './control.ts';
import { FaultQueue } from './faults.ts';
import { createPortServer } from './port-server.ts';
import { RateLimiter } from './rate-limit.ts';
import { RequestLog } from './request-log.ts';
import { applyOptions, defaultSettings } from './settings.ts';
import { Store } from './state.ts';
import { stopTerraformTests } from './test-run-lifecycle.ts';
import { Timers } from './timers.ts';
import { uploadPort } from './upload-origin.ts';

export type * from './api.ts';
export { machineReadableLog } from './default-log.ts';
export { choosePersonality, currentPersonality, personalityFromEnvironment, PERSONALITY_VARIABLE } from './settings.ts';

/** Starts the emulated service on 127.0.0.1: the API origin and the upload origin. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const settings = defaultSettings(options.personality);
  applyOptions(settings, options);
  const service: Service = {
    store: new Store(),
    settings,
    timers: new Timers(options.clock),
    apiOrigin: '',
    uploadOrigin: '',
    now: () => (options.clock ?? Date).now(),
  };
  const now = options.clock === undefined ? undefined : () => options.clock!.now();
  const log = new RequestLog(now);
  const faults = new FaultQueue();
  const deps = { log, faults, timers: service.timers };

  const api = createPortServer(apiPort(service, new RateLimiter(now)), deps);
  const upload = createPortServer(uploadPort(service), deps);
  service.apiOrigin = await listen(api, options.port ?? 0);
  service.uploadOrigin = await listen(upload, options.uploadPort ?? 0).catch(async (error: unknown) => {
    await shutDown(api);
    throw error;
  });

  const organization = settings.organization;
  service.store.addOrganization(organization);
  const token = service.store.addToken('user', organization);
  const organizationToken = service.store.addToken('organization', organization);

  let closing: Promise<void> | undefined;
  return createControl({
    service,
    log,
    faults,
    baseUrl: `${service.apiOrigin}${API_PREFIX}`,
    token,
    organizationToken,
    close() {
      closing ??= (async () => {
        service.timers.dispose();
        faults.clear();
        await Promise.all([shutDown(api), shutDown(upload), stopTerraformTests(service)]);
      })();
      return closing;
    },
  });
}

function listen(server: Server, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

/** Keep-alive sockets must not hold close() open: every connection is destroyed at once. */
function shutDown(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
