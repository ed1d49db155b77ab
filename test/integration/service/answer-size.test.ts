// An answer of the service is bounded in size and in time: a JSON answer past 32 MiB fails the
// request at once with a message naming the endpoint (never asked again, never held whole: peak
// memory stays low for a 1.5 GB answer), and a body that drips is cut by the attempt's limit and
// by the deadline the caller gives.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_FAILURE } from '../../../src/errors.ts';
import { run } from '../../../src/main.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { MAX_ANSWER_BYTES } from '../../../src/service/answer-size.ts';
import { isAbortError } from '../../../src/lifetime/abort.ts';
import { startHarness } from '../../service/harness.ts';
import type { Harness } from '../../service/harness.ts';

const GB = 1.5e9;
const LIST = /\/organizations\/[^/]+\/policies$/;

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const listRequests = () => h.emulator.requests.filter((r) => r.method === 'GET' && LIST.test(r.path));

describe('an answer larger than the bound', () => {
  it.each([
    ['chunked', false],
    ['with its Content-Length', true],
  ])('%s: the request fails at once, naming the endpoint, and is not asked again', async (_how, declareLength) => {
    h.emulator.inject({ method: 'GET', path: LIST, kind: { type: 'huge-body', bytes: GB, declareLength } });
    const error = await h.client.policies.list(h.emulator.organization).catch((caught: unknown) => caught);
    expect((error as Error).name).toBe('AnswerTooLargeError');
    expect((error as Error).message).toBe(
      `The answer to GET /api/v2/organizations/${h.emulator.organization}/policies is ${declareLength ? `${GB} bytes (its Content-Length)` : 'more than 32 MiB'}, ` +
        `larger than the 32 MiB the action reads of one answer; it was not read further. Check that base-url is the service's API address.`,
    );
    expect(listRequests()).toHaveLength(1);
  });

  it('an answer just under the bound is read', async () => {
    h.emulator.inject({
      method: 'GET',
      path: LIST,
      kind: { type: 'huge-body', bytes: MAX_ANSWER_BYTES, declareLength: false },
    });
    await expect(h.client.policies.list(h.emulator.organization)).resolves.toEqual([]);
  });

  it('a 1.5 GB answer costs the client little memory: its peak stays under 300 MiB', async () => {
    h.emulator.inject({ method: 'GET', path: LIST, kind: { type: 'huge-body', bytes: GB, declareLength: false } });
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, '../../service', 'fixtures', 'large-answer-child.ts')],
      {
        env: {
          PATH: process.env.PATH ?? '',
          CHILD_BASE_URL: h.emulator.baseUrl,
          CHILD_TOKEN: h.emulator.token,
          CHILD_ORGANIZATION: h.emulator.organization,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const { message, peakBytes } = JSON.parse(stdout) as { message: string; peakBytes: number };
    expect(message).toMatch(
      /^AnswerTooLargeError: The answer to GET \/api\/v2\/organizations\/[^ ]+\/policies is more than 32 MiB/,
    );
    expect(peakBytes).toBeLessThan(300 * 1024 * 1024);
  });

  it('fails sync-policies with that message, exit 1, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'answer-size-'));
    try {
      writeFileSync(join(dir, 'summary.md'), '');
      mkdirSync(join(dir, 'policies'));
      writeFileSync(join(dir, 'policies', 'a.native'), 'main = rule { true }\n');
      h.emulator.inject({ method: 'GET', path: LIST, kind: { type: 'huge-body', bytes: GB, declareLength: false } });
      let log = '';
      const all: Record<string, string> = {
        mode: 'sync-policies',
        token: h.emulator.token,
        'base-url': h.emulator.baseUrl,
        organization: h.emulator.organization,
      };
      const code = await run({
        read: (name) => all[name] ?? '',
        sink: plainSink({ stdout: { write: (t: string) => void (log += t) }, summaryFile: join(dir, 'summary.md') }),
        checkRuns: false,
        saveState: () => undefined,
        workspaceRoot: dir,
      });
      expect(code).toBe(EXIT_FAILURE);
      expect(log).toContain(
        `The answer to GET /api/v2/organizations/${h.emulator.organization}/policies is more than 32 MiB`,
      );
      expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('32 MiB');
      expect(listRequests()).toHaveLength(1);
      expect(h.emulator.writeRequests()).toEqual([]);
    } finally {
      process.exitCode = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a body that drips', () => {
  it("is cut by the attempt's limit, however steadily it drips, and the retries are bounded", async () => {
    h.emulator.inject({ method: 'GET', path: LIST, times: 10, kind: { type: 'drip', everyMs: 20 } });
    const client = h.newClient({ timeoutMs: 400, retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 10 } });
    const started = Date.now();
    const error = await client.policies.list(h.emulator.organization).catch((caught: unknown) => caught);
    expect((error as Error).name).toBe('NetworkError');
    expect((error as Error).message).toMatch(/timed out/);
    // Two attempts of 400 ms each, whatever arrives meanwhile.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(listRequests()).toHaveLength(2);
  });

  it('is cut at the deadline its caller gives', async () => {
    h.emulator.inject({ method: 'GET', path: LIST, times: 10, kind: { type: 'drip', everyMs: 20 } });
    const started = Date.now();
    const error = await h.client.policies
      .list(h.emulator.organization, { signal: AbortSignal.timeout(300) })
      .catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(listRequests()).toHaveLength(1);
  });
});
