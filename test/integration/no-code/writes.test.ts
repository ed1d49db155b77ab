// How a no-code write ends, against the emulator: each outcome the modes switch on comes from
// what the service (or the step's cancellation) really did to the request.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Semaphore } from '../../../src/lifetime/limit.ts';
import { sendWrite } from '../../../src/modes/no-code/writes.ts';
import { createServiceClient } from '../../../src/service/client.ts';
import type { ServiceClient } from '../../../src/service/client.ts';
import { AmbiguousWriteError, ApiError, NetworkError, UnexpectedResponseError } from '../../../src/service/errors.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { ManualClock, tracked } from '../../support/manual-clock.ts';
import { testCancellation } from '../../support/test-cancellation.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

const CREATE = /^\/api\/v2\/organizations\/acme\/no-code-modules$/;

let emulator: Emulator;
let client: ServiceClient;
let registryModuleIds: string[];
beforeEach(async () => {
  emulator = await startEmulator();
  client = createServiceClient({ clock: systemClock, baseUrl: emulator.baseUrl, token: emulator.token });
  registryModuleIds = ['bucket', 'queue'].map((name) => emulator.seedRegistryModule({ name, provider: 'aws' }));
});
afterEach(async () => {
  await client.close();
  await emulator.close();
});

/** Allowing a registry module for no-code provisioning: a write that is not repeated. */
const allow =
  (registryModuleId: string, api: ServiceClient = client) =>
  (signal: AbortSignal) =>
    api.noCode.createModule('acme', { registryModuleId, enabled: true }, { signal });

const posts = (): number => emulator.requests.filter((r) => r.method === 'POST' && CREATE.test(r.path)).length;

async function arrival(count: number): Promise<void> {
  const until = Date.now() + 5000;
  while (posts() < count) {
    if (Date.now() > until) throw new Error(`${count} creates did not arrive`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('sendWrite', () => {
  it('done: the answer, and onSend called once, as the write goes out', async () => {
    const sent: number[] = [];
    const outcome = await sendWrite(allow(registryModuleIds[0]!), {
      clock: systemClock,
      cancellation: testCancellation(),
      graceMs: 1000,
      onSend: () => sent.push(posts()),
    });
    expect(outcome.kind).toBe('done');
    expect(outcome.kind === 'done' && outcome.answer.id).toBe(emulator.noCodeModules()[0]!.id);
    expect(sent).toEqual([0]);
  });

  it('not sent: the step was cancelled before; nothing reaches the service and onSend is not called', async () => {
    const cancellation = testCancellation();
    cancellation.send('SIGINT');
    let announced = false;
    const outcome = await sendWrite(allow(registryModuleIds[0]!), {
      clock: systemClock,
      cancellation,
      graceMs: 1000,
      onSend: () => (announced = true),
    });
    expect(outcome).toEqual({ kind: 'not-sent' });
    expect(announced).toBe(false);
    expect(emulator.requests).toEqual([]);
  });

  it('not sent: a write waiting for a place when the step is cancelled; the one under way is answered, and its place given back', async () => {
    emulator.inject({ method: 'POST', path: CREATE, kind: { type: 'delay', ms: 300 } });
    const places = new Semaphore(1);
    const cancellation = testCancellation();
    const options = { cancellation, graceMs: 2000, places, clock: systemClock };
    const first = sendWrite(allow(registryModuleIds[0]!), options);
    const second = sendWrite(allow(registryModuleIds[1]!), options);
    await arrival(1);
    cancellation.send('SIGINT');
    expect(await second).toEqual({ kind: 'not-sent' });
    expect((await first).kind).toBe('done');
    expect(posts()).toBe(1);
    expect(places.active).toBe(0);
  });

  it('done: a write under way when the step is cancelled is answered within the grace', async () => {
    emulator.inject({ method: 'POST', path: CREATE, kind: { type: 'delay', ms: 300 } });
    const cancellation = testCancellation();
    const outcome = sendWrite(allow(registryModuleIds[0]!), { clock: systemClock, cancellation, graceMs: 2000 });
    await arrival(1);
    cancellation.send('SIGINT');
    expect((await outcome).kind).toBe('done');
  });

  it('maybe applied, cancelled: no answer within the grace; the wait ends at the grace, not at the answer', async () => {
    // The grace and the service's delay on one clock of the test's own: the grace ends on its
    // millisecond, the answer still 1.8 s away.
    const clock = new ManualClock();
    const held = await startEmulator({ clock });
    const heldClient = createServiceClient({ clock: systemClock, baseUrl: held.baseUrl, token: held.token });
    try {
      const registryModuleId = held.seedRegistryModule({ name: 'bucket', provider: 'aws' });
      held.inject({ method: 'POST', path: CREATE, kind: { type: 'delay', ms: 2000 } });
      const cancellation = testCancellation(clock);
      const outcome = tracked(sendWrite(allow(registryModuleId, heldClient), { cancellation, graceMs: 200, clock }));
      await clock.whenPending();
      cancellation.send('SIGINT');
      await clock.advance(199);
      expect(outcome.settled()).toBe(false);
      await clock.advance(1);
      expect(await outcome.promise).toEqual({ kind: 'maybe-applied', cause: 'cancelled' });
    } finally {
      await heldClient.close();
      await held.close();
    }
  });

  it('maybe applied, no answer: the connection closed after the write was applied; it is not sent again', async () => {
    emulator.inject({ method: 'POST', path: CREATE, kind: { type: 'drop-after' } });
    const outcome = await sendWrite(allow(registryModuleIds[0]!), {
      clock: systemClock,
      cancellation: testCancellation(),
      graceMs: 1000,
    });
    expect(outcome).toMatchObject({
      kind: 'maybe-applied',
      cause: 'no-answer',
      error: expect.any(AmbiguousWriteError),
    });
    expect(posts()).toBe(1);
    expect(emulator.noCodeModules()).toHaveLength(1);
  });

  it('maybe applied, unreadable answer: a 2xx without the document the spec names', async () => {
    emulator.inject({ method: 'POST', path: CREATE, kind: { type: 'no-body', status: 200 } });
    const outcome = await sendWrite(allow(registryModuleIds[0]!), {
      clock: systemClock,
      cancellation: testCancellation(),
      graceMs: 1000,
    });
    expect(outcome).toMatchObject({
      kind: 'maybe-applied',
      cause: 'unreadable-answer',
      error: expect.any(UnexpectedResponseError),
    });
  });

  it('refused: the service said no, with its status', async () => {
    const organizationClient = createServiceClient({
      clock: systemClock,
      baseUrl: emulator.baseUrl,
      token: emulator.organizationToken,
    });
    try {
      const outcome = await sendWrite(allow(registryModuleIds[0]!, organizationClient), {
        clock: systemClock,
        cancellation: testCancellation(),
        graceMs: 1000,
      });
      expect(outcome).toMatchObject({ kind: 'refused', error: expect.any(ApiError) });
      expect(outcome.kind === 'refused' && outcome.error.status).toBe(404);
      expect(emulator.noCodeModules()).toEqual([]);
    } finally {
      await organizationClient.close();
    }
  });

  it('failed: the service could not be reached', async () => {
    // A port that was free a moment ago: nothing listens there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const unreachable = createServiceClient({
      clock: systemClock,
      baseUrl: `http://127.0.0.1:${port}`,
      token: emulator.token,
      retry: { retries: 0 },
    });
    try {
      const outcome = await sendWrite(allow(registryModuleIds[0]!, unreachable), {
        clock: systemClock,
        cancellation: testCancellation(),
        graceMs: 1000,
      });
      expect(outcome).toMatchObject({ kind: 'failed', error: expect.any(NetworkError) });
    } finally {
      await unreachable.close();
    }
  });
});
