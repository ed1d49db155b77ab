// The one start-up of the main and post steps (src/step.ts): what it opens it closes, whatever the
// step's work does, and the post step reads the state the main step saved once.
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import { runPostStep } from '../../src/post-step.ts';
import { plainSink } from '../../src/report/plain-sink.ts';
import type { ServiceClient } from '../../src/service/client.ts';
import { runStep } from '../../src/step.ts';
import { systemClock } from '../../src/lifetime/clock.ts';

function sink(lines: string[]) {
  return plainSink({ stdout: { write: (t: string) => lines.push(t) } });
}

describe('runStep', () => {
  it("masks the secrets as given before the inputs are refused, and reports the refusal as the step's", async () => {
    const lines: string[] = [];
    const log = sink(lines);
    const code = await runStep({
      clock: systemClock,
      sink: log,
      secretsAsGiven: ['tok-as-given-1234'],
      readInputs: () => {
        throw new ConfigurationError('token: tok-as-given-1234 is not a token');
      },
      clientOptions: () => ({ baseUrl: 'http://127.0.0.1:9', token: 'unused' }),
      refused: (failure, inputs) => {
        log.fail(failure.message);
        expect(inputs).toBeUndefined();
        return 2;
      },
      work: () => Promise.reject(new Error('no work for a refused step')),
    });
    expect(code).toBe(2);
    expect(lines.join('')).toContain('token: *** is not a token');
  });

  it("closes the client and lets the runner's signals go after the work, even when it throws", async () => {
    const listening = process.listenerCount('SIGTERM');
    let client: ServiceClient | undefined;
    const work = runStep({
      clock: systemClock,
      sink: sink([]),
      secretsAsGiven: [],
      readInputs: () => ({ baseUrl: 'http://127.0.0.1:9', token: 'tok-123456' }),
      clientOptions: (inputs) => inputs,
      refused: () => 2,
      work: (step) => {
        client = step.client;
        expect(process.listenerCount('SIGTERM')).toBe(listening + 1);
        return Promise.reject(new Error('the work failed'));
      },
    });
    await expect(work).rejects.toThrow('the work failed');
    expect(process.listenerCount('SIGTERM')).toBe(listening);
    await expect(client!.http.request({ method: 'GET', path: '/ping' })).rejects.toThrow(
      'the service client is closed',
    );
  });

  it('a client that cannot be built refuses the step, with the inputs it read', async () => {
    const listening = process.listenerCount('SIGTERM');
    const code = await runStep({
      clock: systemClock,
      sink: sink([]),
      secretsAsGiven: [],
      readInputs: () => ({ mode: 'sync-policies' }),
      clientOptions: () => ({ baseUrl: 'http://127.0.0.1:9', token: 'two words' }),
      refused: (failure, inputs) => {
        expect(failure).toMatchObject({
          kind: 'user-error',
          message: expect.stringContaining('The API token contains spaces'),
        });
        expect(inputs).toEqual({ mode: 'sync-policies' });
        return 2;
      },
      work: () => Promise.reject(new Error('no work for a refused step')),
    });
    expect(code).toBe(2);
    expect(process.listenerCount('SIGTERM')).toBe(listening);
  });
});

describe('the post step', () => {
  it('reads each piece of the saved state once, and stops at once when nothing was saved', async () => {
    const read: string[] = [];
    const code = await runPostStep({
      getState: (name) => {
        read.push(name);
        return '';
      },
      read: () => {
        throw new Error('no input is read when nothing was saved');
      },
      sink: sink([]),
    });
    expect(code).toBe(0);
    expect(read.length).toBeGreaterThan(0);
    expect(new Set(read).size).toBe(read.length);
  });

  it('reads the saved state once when it goes on to stop a run, and fails (exit 1) when it cannot start', async () => {
    const state = new Map([
      ['testRunModule', JSON.stringify({ organization: 'acme', name: 'bucket', provider: 'aws' })],
      ['testRunId', 'trun-abc123'],
    ]);
    const read: string[] = [];
    const lines: string[] = [];
    const code = await runPostStep({
      getState: (name) => {
        read.push(name);
        return state.get(name) ?? '';
      },
      read: (name) => (name === 'token' ? 'tok-123456' : name === 'base-url' ? 'ftp://nowhere' : ''),
      sink: sink(lines),
    });
    expect(code).toBe(1);
    expect(lines.join('')).toMatch(
      /Test run trun-abc123 of module acme\/bucket\/aws may still be running, and it cannot be stopped: /,
    );
    expect(new Set(read).size).toBe(read.length);
  });
});
