// The HTTP layer against the emulator: retries and what is never repeated, waits the service
// asks for, pacing, timeouts, abort, and where the token goes.
import { afterEach, describe, expect, it } from 'vitest';
import { isAbortError } from '../../../src/lifetime/abort.ts';
import { AmbiguousWriteError, ApiError, NetworkError } from '../../../src/service/errors.ts';
import { createServiceClient } from '../../../src/service/client.ts';
import { ManualClock, tracked } from '../../support/manual-clock.ts';
import { caught, header, startHarness } from '../../service/harness.ts';
import type { Harness } from '../../service/harness.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

let h: Harness;
afterEach(async () => {
  await h.close();
});

const policiesPath = /\/organizations\/[^/]+\/policies$/;
const writes = (method: string): number => h.emulator.writeRequests().filter((r) => r.method === method).length;

describe('retries', () => {
  it('waits Retry-After (seconds) on a 429 and then succeeds', async () => {
    const clock = new ManualClock();
    h = await startHarness({}, { clock });
    h.emulator.inject({ method: 'GET', kind: { type: 'status', status: 429, retryAfter: '1' } });
    const listed = tracked(h.client.policies.list(h.emulator.organization));
    await clock.whenPending();
    await clock.advance(999);
    expect(h.emulator.requests).toHaveLength(1);
    await clock.advance(1);
    expect(await listed.promise).toEqual([]);
    expect(h.events.map((e) => e.status)).toEqual([429, 200]);
  });

  it('waits a Retry-After given as an HTTP date', async () => {
    // On a whole second: the date, in whole seconds, is then exactly one second away.
    const clock = new ManualClock();
    h = await startHarness({}, { clock });
    const date = new Date(clock.now() + 1500).toUTCString();
    h.emulator.inject({ method: 'GET', kind: { type: 'status', status: 429, retryAfter: date } });
    const listed = tracked(h.client.policies.list(h.emulator.organization));
    await clock.whenPending();
    await clock.advance(999);
    expect(h.emulator.requests).toHaveLength(1);
    await clock.advance(1);
    await listed.promise;
    expect(h.events.map((e) => e.status)).toEqual([429, 200]);
  });

  it('waits a fractional X-RateLimit-Reset, pausing the whole client, not only the refused request', async () => {
    const clock = new ManualClock();
    h = await startHarness({}, { clock });
    h.emulator.inject({ method: 'POST', kind: { type: 'status', status: 429, rateLimitReset: '0.3' } });
    const create = tracked(
      h.client.policies.create(h.emulator.organization, { name: 'p', enforcementLevel: 'advisory' }),
    );
    await clock.whenPending();
    await clock.advance(50);
    // A read sent while the create waits is held too.
    const listed = tracked(h.client.policies.list(h.emulator.organization));
    await clock.advance(249);
    expect(h.emulator.requests).toHaveLength(1);
    expect(create.settled() || listed.settled()).toBe(false);
    await clock.advance(1);
    await Promise.all([create.promise, listed.promise]);
    // The refused POST was repeated (429: the service did not carry it out) and made one policy.
    expect(writes('POST')).toBe(2);
    expect(h.emulator.policies()).toHaveLength(1);
  });

  it('repeats a GET answered 500, but not a POST: a 500 says nothing of whether the create was applied', async () => {
    h = await startHarness();
    h.emulator.inject({ method: 'GET', kind: { type: 'status', status: 500 } });
    expect(await h.client.policies.list(h.emulator.organization)).toEqual([]);
    expect(h.events.map((e) => e.status)).toEqual([500, 200]);

    h.emulator.inject({ method: 'POST', path: policiesPath, kind: { type: 'status', status: 500 } });
    const error = await caught(
      h.client.policies.create(h.emulator.organization, { name: 'p', enforcementLevel: 'advisory' }),
    );
    expect(error).toBeInstanceOf(AmbiguousWriteError);
    expect(writes('POST')).toBe(1);
  });

  it('repeats a POST answered 503 and creates one policy', async () => {
    h = await startHarness();
    h.emulator.inject({ method: 'POST', path: policiesPath, times: 2, kind: { type: 'status', status: 503 } });
    await h.client.policies.create(h.emulator.organization, { name: 'p', enforcementLevel: 'advisory' });
    expect(h.emulator.policies()).toHaveLength(1);
    expect(h.events.map((e) => e.status)).toEqual([503, 503, 200]);
  });

  it('repeats GETs answered 502 and 504 and after dropped connections', async () => {
    h = await startHarness();
    const { id } = h.emulator.seedPolicy({ name: 'p' });
    h.emulator.inject(
      { method: 'GET', kind: { type: 'status', status: 502 } },
      { method: 'GET', kind: { type: 'status', status: 504 } },
      { method: 'GET', kind: { type: 'drop-before' } },
      { method: 'GET', kind: { type: 'drop-after' } },
    );
    expect((await h.client.policies.show(id)).id).toBe(id);
    expect(h.events.map((e) => e.status ?? e.error)).toEqual([502, 504, 'UND_ERR_SOCKET', 'UND_ERR_SOCKET', 200]);
  });

  it('never repeats a POST answered 502 or 504, and says it may have taken effect', async () => {
    h = await startHarness();
    for (const status of [502, 504] as const) {
      h.emulator.inject({ method: 'POST', path: policiesPath, kind: { type: 'status', status } });
      const error = await caught(
        h.client.policies.create(h.emulator.organization, { name: `p${status}`, enforcementLevel: 'advisory' }),
      );
      expect(error).toBeInstanceOf(AmbiguousWriteError);
      expect((error as AmbiguousWriteError).reason).toContain(String(status));
    }
    expect(writes('POST')).toBe(2);
  });

  it('repeats a PUT and a PATCH after drop-after with the same effect as once', async () => {
    h = await startHarness();
    const { id } = h.emulator.seedPolicy({ name: 'p', enforcementLevel: 'advisory' });
    h.emulator.inject(
      { method: 'PUT', kind: { type: 'drop-after' } },
      { method: 'PATCH', kind: { type: 'drop-after' } },
    );
    await h.client.policies.uploadCode(id, 'rule = true');
    await h.client.policies.update(id, { enforcementLevel: 'soft-mandatory' });
    expect(writes('PUT')).toBe(2);
    expect(writes('PATCH')).toBe(2);
    expect(h.emulator.policies()).toMatchObject([{ id, code: 'rule = true', enforcementLevel: 'soft-mandatory' }]);
  });

  it('retries a GET that timed out, and turns a POST that timed out into an AmbiguousWriteError', async () => {
    // The held answers wait on a clock that never moves: only the attempt's own limit, on the
    // real clock, ends them. A second long enough for an answer that is not held, on any machine.
    h = await startHarness({ clock: new ManualClock() }, { timeoutMs: 1000 });
    h.emulator.inject({ method: 'GET', kind: { type: 'delay', ms: 60_000 } });
    await h.client.policies.list(h.emulator.organization);
    expect(h.events.map((e) => e.status ?? e.error)).toEqual(['timeout', 200]);

    h.emulator.inject({ method: 'POST', kind: { type: 'delay', ms: 60_000 } });
    const error = await caught(
      h.client.policies.create(h.emulator.organization, { name: 'slow', enforcementLevel: 'advisory' }),
    );
    expect(error).toBeInstanceOf(AmbiguousWriteError);
    expect((error as Error).message).toMatch(/the request timed out after the request was sent/);
  });

  it('gives up after the allowed retries with an error that says how often it tried', async () => {
    h = await startHarness({}, { retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 } });
    h.emulator.inject({ method: 'GET', times: 3, kind: { type: 'status', status: 503 } });
    const error = (await caught(h.client.policies.list(h.emulator.organization))) as ApiError;
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/the service failed \(503 Service Unavailable\) after 3 attempts/);

    h.emulator.inject({ method: 'GET', times: 3, kind: { type: 'drop-before' } });
    const network = (await caught(h.client.policies.list(h.emulator.organization))) as NetworkError;
    expect(network).toBeInstanceOf(NetworkError);
    expect(network.message).toMatch(/connection failed \(UND_ERR_SOCKET\) after 3 attempts/);
  });

  it('retries a refused connection for any method', async () => {
    h = await startHarness();
    // A port nobody listens on: the request cannot have reached anything.
    const closed = createServiceClient({
      clock: systemClock,
      baseUrl: 'http://127.0.0.1:1',
      token: 't',
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 },
      onRequest: () => undefined,
    });
    const error = (await caught(
      closed.policies.create('acme', { name: 'p', enforcementLevel: 'advisory' }),
    )) as NetworkError;
    await closed.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.message).toMatch(/after 2 attempts/);
  });
});

describe('pacing', () => {
  it('keeps a burst of 100 GETs under 30 per second: no 429, and no faster than the limit allows', async () => {
    // The service and the client on one clock of the test's own: the emulator counts its window
    // in the time the client paces itself by.
    const clock = new ManualClock();
    h = await startHarness({ rateLimitPerSecond: 30, clock }, { clock });
    const { id } = h.emulator.seedPolicy({ name: 'p' });
    h.emulator.clearRequests();
    const started = clock.now();
    await clock.runUntilSettled(Promise.all(Array.from({ length: 100 }, () => h.client.policies.show(id))));
    const elapsed = clock.now() - started;
    expect(h.emulator.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(h.events.filter((e) => e.status !== 200)).toEqual([]);
    expect(h.emulator.requests).toHaveLength(100);
    // 30 at once, then 30 per second: the 100th request cannot start before 3 s.
    expect(elapsed).toBeGreaterThanOrEqual(3000);
  });

  it('recovers from the rate limit of the service by waiting as X-RateLimit-Reset and Retry-After say', async () => {
    const clock = new ManualClock();
    h = await startHarness(
      // A service that does not say its limit: the client meets it only by its 429s.
      { rateLimitPerSecond: 10, rateLimitRetryAfter: true, rateLimitHeader: false, clock },
      { rateLimitPerSecond: 1000, clock },
    );
    const { id } = h.emulator.seedPolicy({ name: 'p' });
    h.emulator.clearRequests();
    const started = clock.now();
    await clock.runUntilSettled(Promise.all(Array.from({ length: 15 }, () => h.client.policies.show(id))));
    expect(h.emulator.requests.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(h.emulator.requests.filter((r) => r.status === 200)).toHaveLength(15);
    // Retry-After is whole seconds (at least 1) and wins over the shorter X-RateLimit-Reset.
    expect(clock.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const clock = new ManualClock();
    h = await startHarness({ latencyMs: 40, clock }, { concurrency: 3, clock });
    const { id } = h.emulator.seedPolicy({ name: 'p' });
    await clock.runUntilSettled(Promise.all(Array.from({ length: 9 }, () => h.client.policies.show(id))));
    // Every call was started at once, yet the 4th request can only leave once one of the
    // first three was answered (40 ms after it arrived), and the 7th once one of the next three was.
    const times = h.emulator.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(9);
    expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(40);
    expect(times[6]! - times[3]!).toBeGreaterThanOrEqual(40);
  });
});

describe('abort', () => {
  // Both on a clock that never moves here: whatever ends the wait, it is not time passing.
  it('ends a request in flight promptly with an AbortError', async () => {
    const clock = new ManualClock();
    h = await startHarness({ clock }, { clock });
    h.emulator.inject({ method: 'GET', kind: { type: 'delay', ms: 5000 } });
    const controller = new AbortController();
    const listing = caught(h.client.policies.list(h.emulator.organization, { signal: controller.signal }));
    // The request has arrived and is held.
    await clock.whenPending();
    controller.abort();
    expect(isAbortError(await listing)).toBe(true);
  });

  it('ends a wait for Retry-After at once when the client-wide signal fires', async () => {
    const clock = new ManualClock();
    h = await startHarness({ clock }, { clock });
    const controller = new AbortController();
    const client = h.newClient({ signal: controller.signal });
    h.emulator.inject({ method: 'GET', kind: { type: 'status', status: 429, retryAfter: '30' } });
    const listing = caught(client.policies.list(h.emulator.organization));
    // The 429 has come back and the client waits.
    await clock.whenPending();
    controller.abort();
    expect(isAbortError(await listing)).toBe(true);
    // Later calls of the aborted client fail at once, without a request.
    const count = h.emulator.requests.length;
    expect(isAbortError(await caught(client.policies.list(h.emulator.organization)))).toBe(true);
    expect(h.emulator.requests).toHaveLength(count);
  });
});

describe('addresses and secrets', () => {
  it('appends /api/v2 to a base URL without it', async () => {
    h = await startHarness();
    const origin = new URL(h.emulator.baseUrl).origin;
    const client = h.newClient({ baseUrl: `${origin}/` });
    expect(await client.policies.list(h.emulator.organization)).toEqual([]);
    expect(h.emulator.requests.at(-1)?.path).toBe(`/api/v2/organizations/${h.emulator.organization}/policies`);
  });

  it('sends the token to the API only, and never puts it in an error message or an event', async () => {
    h = await startHarness();
    const version = await (async () => {
      h.emulator.seedRegistryModule({ name: 'm', provider: 'p' });
      return h.client.moduleTests.createConfigurationVersion({
        organization: h.emulator.organization,
        name: 'm',
        provider: 'p',
      });
    })();
    await h.client.moduleTests.uploadConfiguration(version.attributes['upload-url']!, Buffer.from('x'));
    for (const request of h.emulator.requests) {
      const auth = header(request.headers, 'authorization');
      if (request.port === 'api') expect(auth).toBe(`Bearer ${h.emulator.token}`);
      else expect(auth).toBeUndefined();
    }

    const errors: unknown[] = [];
    errors.push(await caught(h.client.policies.show('pol-missing')));
    errors.push(
      await caught(
        h.client.policies.create(h.emulator.organization, { name: 'bad name!', enforcementLevel: 'advisory' }),
      ),
    );
    errors.push(
      await caught(h.client.moduleTests.uploadConfiguration(version.attributes['upload-url']!, Buffer.from('again'))),
    );
    const badToken = `bad-${h.emulator.token}-token`;
    const stranger = h.newClient({ token: badToken });
    const unauthorized = (await caught(stranger.policies.list(h.emulator.organization))) as ApiError;
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.message).toMatch(/refused the token \(401 Unauthorized\)/);
    errors.push(unauthorized);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError);
      const text = `${(error as Error).message} ${JSON.stringify(error)}`;
      expect(text).not.toContain(h.emulator.token);
      expect(text).not.toContain(badToken);
      expect(text).not.toContain(new URL(version.attributes['upload-url']!).pathname);
    }
    const eventText = JSON.stringify(h.events);
    expect(eventText).not.toContain(h.emulator.token);
    expect(eventText).not.toContain(new URL(version.attributes['upload-url']!).pathname);
  });

  it('refuses to work after close()', async () => {
    h = await startHarness();
    const client = h.newClient();
    await client.policies.list(h.emulator.organization);
    await client.close();
    await expect(client.policies.list(h.emulator.organization)).rejects.toThrow(/closed/);
  });
});
