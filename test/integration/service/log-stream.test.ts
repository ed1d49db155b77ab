// The test log read as a stream from a log server on 127.0.0.1 (real HTTP): pieces handed over
// as they arrive, a log that never ends cut at the time bound, a connection lost midway reported
// with what was read, cancellation obeyed.
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/service/client.ts';
import type { ServiceClient, ServiceClientOptions } from '../../../src/service/client.ts';
import { waitFor } from '../../emulator/test-client.ts';
import { listenLocally } from '../../support/local-server.ts';
import { ManualClock, tracked } from '../../support/manual-clock.ts';
import { caught, FAST_RETRY } from '../../service/harness.ts';
import { systemClock } from '../../../src/lifetime/clock.ts';

let close: (() => Promise<void>) | undefined;
let client: ServiceClient | undefined;
afterEach(async () => {
  await client?.close({ now: true });
  await close?.();
  client = close = undefined;
});

/** A log server answering every GET with `serve`; returns the log address and a client. */
async function logServer(
  serve: (res: ServerResponse) => void,
  clientOptions: Partial<ServiceClientOptions> = {},
): Promise<{ url: string; client: ServiceClient }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    serve(res);
  });
  const local = await listenLocally(server);
  close = local.close;
  const { origin } = local;
  client = createServiceClient({
    clock: systemClock,
    baseUrl: 'http://127.0.0.1:9/api/v2',
    token: 't0k3n',
    retry: FAST_RETRY,
    rateLimitPerSecond: 10_000,
    ...clientOptions,
  });
  return { url: `${origin}/logs/s3cret-signature?X-Sig=abc`, client };
}

const LINE = `${JSON.stringify({ '@message': 'running', type: 'log' })}\n`;

describe('reading the test log as a stream', () => {
  it('hands each piece over as it arrives, before the log has ended', async () => {
    let finish: () => void = () => undefined;
    const { url, client } = await logServer((res) => {
      res.write(LINE.repeat(100));
      finish = () => res.end(LINE);
    });
    let seenBeforeEnd = 0;
    let ended = false;
    const read = await client.moduleTests.readLog(url, (chunk) => {
      if (!ended) seenBeforeEnd += chunk.byteLength;
      // The rest of the log is sent only once the first piece has been handed over.
      ended = true;
      finish();
    });
    expect(seenBeforeEnd).toBe(LINE.length * 100);
    expect(read).toEqual({ bytes: LINE.length * 101 });
  });

  it('a log that never ends is read for maxMs, then cut; what was read stands', async () => {
    // The bound on the client's clock, the stream in real time. A bound of a minute: each
    // attempt's own limit on the real clock is no shorter, so that a slow machine never cuts it.
    const clock = new ManualClock();
    const { url, client } = await logServer(
      (res) => {
        const pump = (): void => {
          while (res.write(LINE.repeat(500))) {
            /* fill the socket */
          }
          res.once('drain', pump);
        };
        pump();
      },
      { clock },
    );
    let bytes = 0;
    const reading = tracked(client.moduleTests.readLog(url, (chunk) => (bytes += chunk.byteLength), { maxMs: 60_000 }));
    // Reading, with the bound set, and more than the first write has come in.
    await clock.whenPending();
    await waitFor(() => (bytes > LINE.length * 500 ? true : undefined));
    await clock.advance(59_999);
    expect(reading.settled()).toBe(false);
    await clock.advance(1);
    const read = await reading.promise;
    expect(read.cut).toEqual({ reason: 'time', afterMs: 60_000 });
    expect(read.bytes).toBe(bytes);
  });

  it('an answer that never comes is cut at maxMs too, with nothing read: the bound holds for the whole read', async () => {
    const clock = new ManualClock();
    let requests = 0;
    const server = createServer(() => {
      // Headers never sent: the read waits for the answer until its bound.
      requests++;
    });
    const local = await listenLocally(server);
    close = local.close;
    client = createServiceClient({
      baseUrl: 'http://127.0.0.1:9/api/v2',
      token: 't0k3n',
      retry: FAST_RETRY,
      rateLimitPerSecond: 10_000,
      clock,
    });
    const reading = tracked(
      client.moduleTests.readLog(`${local.origin}/logs/s3cret`, () => undefined, { timeoutMs: 120_000, maxMs: 60_000 }),
    );
    await waitFor(() => (requests === 1 ? true : undefined));
    await clock.advance(59_999);
    expect(reading.settled()).toBe(false);
    await clock.advance(1);
    expect(await reading.promise).toEqual({ bytes: 0, cut: { reason: 'time', afterMs: 60_000 } });
    expect(requests).toBe(1);
  });

  it('a log that stalls is cut after the idle limit', async () => {
    const { url, client } = await logServer((res) => res.write(LINE));
    const read = await client.moduleTests.readLog(url, () => undefined, { timeoutMs: 200, maxMs: 5000 });
    expect(read.bytes).toBe(LINE.length);
    expect(read.cut).toEqual({ reason: 'connection', error: 'UND_ERR_BODY_TIMEOUT' });
  });

  it('a connection lost midway: the part read is kept, and the error named without the address', async () => {
    const { url, client } = await logServer((res) => {
      res.write(LINE.repeat(10), () => res.socket?.destroy());
    });
    const read = await client.moduleTests.readLog(url, () => undefined);
    expect(read.bytes).toBe(LINE.length * 10);
    expect(read.cut?.reason).toBe('connection');
    expect(JSON.stringify(read)).not.toContain('s3cret');
  });

  it('the signal stops the read at once and is raised as an abort', async () => {
    const { url, client } = await logServer((res) => res.write(LINE));
    const abort = new AbortController();
    const reading = client.moduleTests.readLog(url, () => setTimeout(() => abort.abort(), 20), {
      signal: abort.signal,
      maxMs: 10_000,
    });
    const error = await caught(reading);
    expect((error as Error).name).toBe('AbortError');
  });
});
