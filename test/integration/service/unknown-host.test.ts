// A host name that does not exist (ENOTFOUND) ends the request at its first attempt, naming the
// host and where the name came from; a resolver that did not answer (EAI_AGAIN) is retried like
// any connection that never left. Names are answered by a test resolver given to the client's
// connections, never by a DNS server.
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { createServiceClient } from '../../../src/service/client.ts';
import type { ServiceClient, ServiceClientOptions } from '../../../src/service/client.ts';
import { HostNotFoundError, NetworkError } from '../../../src/service/errors.ts';
import type { RequestEvent } from '../../../src/service/request.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';
import { ManualClock, tracked } from '../../support/manual-clock.ts';
import { testResolver } from '../../support/test-resolver.ts';
import { caught, FAST_RETRY } from '../../service/harness.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

const TOKEN = 'unknown-host-test.atlasv1.0123456789abcdef';
const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

function client(options: Partial<ServiceClientOptions> & { baseUrl: string }): ServiceClient {
  const c = createServiceClient({ clock: systemClock, token: TOKEN, ...options });
  open.push(() => c.close());
  return c;
}

async function emulator(): Promise<Emulator> {
  const e = await startEmulator();
  open.push(() => e.close());
  return e;
}

describe('a base-url whose host does not exist', () => {
  it('fails at the first attempt, with the default retries, naming the host and the input: the user is to fix it', async () => {
    const resolver = testResolver(() => 'ENOTFOUND');
    // A retry would wait on this clock, which never moves: the call settles only without one.
    const clock = new ManualClock();
    const events: RequestEvent[] = [];
    const c = client({
      baseUrl: 'https://app.example.invalid',
      lookup: resolver.lookup,
      clock,
      onRequest: (e) => events.push(e),
    });
    const call = tracked(c.policies.list('acme'));
    await expect.poll(call.settled, { timeout: 5000 }).toBe(true);
    const error = await caught(call.promise);
    expect(error).toBeInstanceOf(HostNotFoundError);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as HostNotFoundError).host).toBe('app.example.invalid');
    expect((error as Error).message).toBe(
      'GET /api/v2/organizations/acme/policies: the host "app.example.invalid" of the input "base-url" does not exist ' +
        '(ENOTFOUND: DNS knows no such name); correct the service address in "base-url".',
    );
    expect(resolver.asked).toEqual(['app.example.invalid']);
    expect(events.map((e) => [e.outcome, e.error])).toEqual([['failure', 'ENOTFOUND']]);
    expect(clock.pending).toBe(0);
  });

  it('once the service has answered, a name that stops resolving is a failure, not a bad input', async () => {
    const e = await emulator();
    const resolver = testResolver((_name, nth) => (nth === 0 ? 'this machine' : 'ENOTFOUND'));
    const c = client({ baseUrl: e.baseUrl.replace('127.0.0.1', 'localhost'), token: e.token, lookup: resolver.lookup });
    await c.policies.list(e.organization);
    // The connection drops: the retry needs a new one, whose name no longer resolves.
    e.inject({ kind: { type: 'drop-before' } });
    const error = await caught(c.policies.list(e.organization));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(ConfigurationError);
    expect((error as NetworkError).code).toBe('ENOTFOUND');
    expect((error as Error).message).toContain('the host "localhost" of the input "base-url" does not exist');
    expect(resolver.asked).toEqual(['localhost', 'localhost']);
  });
});

describe('a resolver that did not answer (EAI_AGAIN)', () => {
  it('is retried: the request goes through once it answers', async () => {
    const e = await emulator();
    const resolver = testResolver((_name, nth) => (nth < 2 ? 'EAI_AGAIN' : 'this machine'));
    const events: RequestEvent[] = [];
    const c = client({
      baseUrl: e.baseUrl.replace('127.0.0.1', 'localhost'),
      token: e.token,
      lookup: resolver.lookup,
      retry: FAST_RETRY,
      onRequest: (event) => events.push(event),
    });
    expect(await c.policies.list(e.organization)).toEqual([]);
    expect(resolver.asked).toEqual(['localhost', 'localhost', 'localhost']);
    expect(events.map((event) => event.error ?? event.status)).toEqual(['EAI_AGAIN', 'EAI_AGAIN', 200]);
    expect(e.requests).toHaveLength(1);
  });

  it('that never answers fails after every retry, as a network failure that keeps its code', async () => {
    const resolver = testResolver(() => 'EAI_AGAIN');
    const c = client({
      baseUrl: 'https://app.example.invalid',
      lookup: resolver.lookup,
      retry: { ...FAST_RETRY, retries: 3 },
    });
    const error = await caught(c.policies.list('acme'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(ConfigurationError);
    expect((error as NetworkError).code).toBe('EAI_AGAIN');
    expect((error as Error).message).toContain('the connection failed (EAI_AGAIN) after 4 attempts');
    expect(resolver.asked).toHaveLength(4);
  });
});
