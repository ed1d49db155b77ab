import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import {
  TestLogParser,
  mergeStatuses,
  parseTestLog,
  parseTestLogText,
} from '../../../src/modes/run-module-tests/results/test-log/parser.ts';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../test-log/fixtures/${name}`, import.meta.url), 'utf8');

describe('a passing log', () => {
  const parsed = parseTestLogText(fixture('passing.jsonl'));

  it('gives every file and run block with its status, in the order of the log', () => {
    expect(parsed.files.map((f) => [f.path, f.status, f.runs.map((r) => [r.name, r.status])])).toEqual([
      [
        'tests/defaults.tftest.hcl',
        'pass',
        [
          ['plan_defaults', 'pass'],
          ['apply_defaults', 'pass'],
        ],
      ],
      ['tests/naming.tftest.hcl', 'pass', [['valid_name', 'pass']]],
    ]);
  });

  it('keeps the elapsed time the log gives, and reckons it from the timestamps where it gives none', () => {
    const [defaults, naming] = parsed.files;
    expect(defaults?.runs.map((r) => r.elapsedMs)).toEqual([2310, 4870]);
    // `starting` at 10:00:18.123456, `complete` at 10:00:19.123456, no `elapsed`.
    expect(naming?.runs[0]?.elapsedMs).toBe(1000);
  });

  it('reads the closing summary and the version', () => {
    expect(parsed.summary).toEqual({ status: 'pass', passed: 3, failed: 0, errored: 0, skipped: 0 });
    expect(parsed.version).toBe('1.9.5');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.counts).toEqual({ lines: 18, messages: 18, notJson: 0, unknownType: 0, oversized: 0 });
  });
});

describe('a failing log with framing, CRLF, junk and unknown types', () => {
  const text = fixture('failing.jsonl');
  const parsed = parseTestLogText(text);

  it('starts with STX, ends with ETX and uses CRLF (the fixture is what it claims)', () => {
    expect(text.startsWith('\x02{')).toBe(true);
    expect(text.endsWith('}\x03')).toBe(true);
    expect(text).toContain('\r\n');
  });

  it('reads the first and last messages despite the framing', () => {
    expect(parsed.version).toBe('1.9.5');
    expect(parsed.summary).toEqual({ status: 'error', passed: 3, failed: 1, errored: 1, skipped: 1 });
  });

  it('passes over non-JSON lines, arrays, blank lines and unknown types, counting them', () => {
    expect(parsed.counts.notJson).toBe(3);
    expect(parsed.counts.unknownType).toBe(1);
    expect(parsed.counts.oversized).toBe(0);
    const lines = text.split('\r\n');
    expect(parsed.counts.lines).toBe(lines.length);
    expect(parsed.counts.messages).toBe(lines.length - 1 /* blank */ - 3 - 1);
  });

  it('gives each run block its status, a run never reached included', () => {
    const statuses = Object.fromEntries(
      parsed.files.map((f) => [f.path, [f.status, Object.fromEntries(f.runs.map((r) => [r.name, r.status]))]]),
    );
    expect(statuses).toEqual({
      'tests/defaults.tftest.hcl': ['pass', { plan_defaults: 'pass' }],
      'tests/naming.tftest.hcl': ['fail', { valid_name: 'pass', invalid_name: 'fail' }],
      'tests/validation.tftest.hcl': ['error', { bad_reference: 'error', never_reached: 'skip' }],
    });
  });

  it('keeps every diagnostic with its severity, position, test file and run block', () => {
    expect(parsed.diagnostics).toHaveLength(4);
    const [sourceless, deprecated, assertion, undeclared] = parsed.diagnostics;
    expect(sourceless).toMatchObject({ severity: 'warning', summary: 'Provider development overrides are in effect' });
    expect(sourceless?.range).toBeUndefined();
    expect(sourceless?.testFile).toBeUndefined();
    expect(deprecated).toMatchObject({
      severity: 'warning',
      address: 'aws_s3_bucket.this',
      testFile: 'tests/defaults.tftest.hcl',
      testRun: 'plan_defaults',
      range: { filename: 'main.tf', start: { line: 7, column: 3 }, end: { line: 9, column: 4 } },
    });
    expect(assertion).toMatchObject({
      severity: 'error',
      summary: 'Test assertion failed',
      detail: 'Bucket names must be lowercase, got <My-Bucket> & friends: see `lower()`.',
      testFile: 'tests/naming.tftest.hcl',
      testRun: 'invalid_name',
      range: { filename: 'tests/naming.tftest.hcl', start: { line: 18, column: 17 }, end: { line: 18, column: 58 } },
      snippet: { context: 'run "invalid_name"', startLine: 18 },
    });
    expect(assertion?.snippet?.code).toContain('lower(var.name)');
    expect(undeclared).toMatchObject({
      testRun: 'bad_reference',
      range: { filename: './tests/validation.tftest.hcl' },
    });
  });

  it('keeps the resources the tests left behind', () => {
    expect(parsed.leftovers).toEqual([
      {
        kind: 'cleanup',
        message: expect.stringContaining('cleaned up manually'),
        testFile: 'tests/validation.tftest.hcl',
        resources: ['aws_s3_bucket.this', 'aws_iam_role.ci (deposed a1b2c3d4)'],
      },
    ]);
  });

  it('gives the same result whatever the chunking', async () => {
    const bytes = Buffer.from(text, 'utf8');
    for (const size of [1, 7, 64, 1000]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await parseTestLog(chunks)).toEqual(parsed);
    }
  });
});

describe('an errored log (the command stopped part way)', () => {
  const parsed = parseTestLogText(fixture('errored.jsonl'));

  it('leaves unfinished run blocks pending and has no summary', () => {
    expect(parsed.summary).toBeUndefined();
    expect(parsed.files).toEqual([
      {
        path: 'tests/defaults.tftest.hcl',
        status: 'pending',
        runs: [
          { name: 'plan_defaults', status: 'pending', elapsedMs: 2002 },
          { name: 'apply_defaults', status: 'pending' },
        ],
      },
    ]);
  });

  it('keeps the tail as readable text, colour codes removed', () => {
    expect(parsed.tail[0]).toBe('Terraform 1.9.5');
    expect(parsed.tail).toContain('panic: runtime error: invalid memory address or nil pointer dereference');
    expect(parsed.tail.at(-1)).toBe('Error: exit status 2');
    expect(parsed.tail.join('\n')).not.toContain('\x1b');
    expect(parsed.counts.notJson).toBe(6);
  });
});

describe('the tail', () => {
  it('holds the last lines only, as many as asked', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `plain line ${i}`);
    const parsed = parseTestLogText(lines.join('\n'), { tailLines: 10 });
    expect(parsed.tail).toEqual(lines.slice(-10));
    expect(parseTestLogText(lines.join('\n')).tail).toHaveLength(50);
  });

  it('shortens a very long line', () => {
    const parsed = parseTestLogText(`x${'y'.repeat(5000)}\n`);
    expect(parsed.tail[0]!.length).toBeLessThanOrEqual(1000);
    expect(parsed.tail[0]!.endsWith('…')).toBe(true);
  });
});

describe('robustness', () => {
  it('never throws on junk', () => {
    const junk = [
      '',
      '\x02',
      '\x03',
      '{}',
      '{"type":5}',
      '{"type":"test_run"}',
      '{"type":"test_run","test_run":[1]}',
      'null',
      '{"type":"diagnostic","diagnostic":"x"}',
      '{"type":"test_summary","test_summary":{"status":"nope","passed":"3"}}',
      '\uFEFF{"type":"version","terraform":"1.8.0"}',
    ];
    const parsed = parseTestLogText(junk.join('\n'));
    expect(parsed.files).toEqual([]);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.summary).toEqual({ status: 'pending', passed: 0, failed: 0, errored: 0, skipped: 0 });
    expect(parsed.version).toBe('1.8.0');
  });

  it('reads an empty log', async () => {
    const parsed = await parseTestLog('');
    expect(parsed.counts.lines).toBe(0);
    expect(parsed.files).toEqual([]);
    expect(parsed.tail).toEqual([]);
  });

  it('passes over a line longer than the limit without holding it, and reads on', () => {
    const parser = new TestLogParser({ maxLineLength: 2048 });
    parser.push(
      '{"type":"version","terraform":"1.7.0","@message":"Terraform 1.7.0"}\n{"type":"test_plan","test_plan":"',
    );
    for (let i = 0; i < 100; i++) parser.push('z'.repeat(1000));
    parser.push(
      '"}\n{"type":"test_summary","test_summary":{"status":"pass","passed":1,"failed":0,"errored":0,"skipped":0}}\n',
    );
    const parsed = parser.end();
    expect(parsed.counts.oversized).toBe(1);
    expect(parsed.version).toBe('1.7.0');
    expect(parsed.summary?.passed).toBe(1);
    expect(parsed.tail).toContain('[a line too long to read was passed over]');
  });

  it('keeps at most maxDiagnostics diagnostics and counts the rest', () => {
    const line = (i: number): string =>
      JSON.stringify({ type: 'diagnostic', diagnostic: { severity: 'warning', summary: `w${i}`, detail: '' } });
    const parsed = parseTestLogText(Array.from({ length: 30 }, (_, i) => line(i)).join('\n'), { maxDiagnostics: 20 });
    expect(parsed.diagnostics).toHaveLength(20);
    expect(parsed.diagnosticsOmitted).toBe(10);
  });

  it('merges statuses by precedence', () => {
    expect(mergeStatuses([])).toBe('pending');
    expect(mergeStatuses(['pass', 'skip'])).toBe('pass');
    expect(mergeStatuses(['pass', 'fail', 'skip'])).toBe('fail');
    expect(mergeStatuses(['error', 'fail'])).toBe('error');
  });
});

/** A 20 000-line log: N files of run blocks, a failing one every 1000 lines, multi-byte names. */
function bigLog(): { text: string; runs: number; failing: number } {
  const lines: string[] = [
    '\x02' + JSON.stringify({ '@message': 'Terraform 1.9.5', type: 'version', terraform: '1.9.5' }),
  ];
  let runs = 0;
  let failing = 0;
  let fileIndex = 0;
  while (lines.length < 19_990) {
    const path = `tests/größe_${fileIndex++}.tftest.hcl`;
    lines.push(
      JSON.stringify({
        '@message': `${path}... in progress`,
        '@testfile': path,
        type: 'test_file',
        test_file: { path, progress: 'starting' },
      }),
    );
    for (let r = 0; r < 20; r++) {
      const run = `run_✓_${r}`;
      const fails = lines.length % 1000 < 5;
      for (let p = 0; p < 3; p++) {
        lines.push(
          JSON.stringify({
            '@testfile': path,
            '@testrun': run,
            type: 'test_run',
            test_run: { path, run, progress: 'running', elapsed: p * 1000 },
          }),
        );
      }
      lines.push(
        JSON.stringify({
          '@testfile': path,
          '@testrun': run,
          type: 'test_run',
          test_run: { path, run, progress: 'complete', status: fails ? 'fail' : 'pass', elapsed: 3500 },
        }),
      );
      if (fails) {
        failing++;
        lines.push(
          JSON.stringify({
            '@testfile': path,
            '@testrun': run,
            type: 'diagnostic',
            diagnostic: {
              severity: 'error',
              summary: 'Test assertion failed',
              detail: 'größer',
              range: { filename: path, start: { line: r + 1, column: 1 }, end: { line: r + 1, column: 5 } },
            },
          }),
        );
      }
      runs++;
    }
    lines.push(
      JSON.stringify({
        '@testfile': path,
        type: 'test_file',
        test_file: { path, progress: 'complete', status: 'pass' },
      }),
    );
  }
  lines.push(
    JSON.stringify({
      type: 'test_summary',
      test_summary: {
        status: failing ? 'fail' : 'pass',
        passed: runs - failing,
        failed: failing,
        errored: 0,
        skipped: 0,
      },
    }) + '\x03',
  );
  return { text: lines.join('\r\n'), runs, failing };
}

describe('a 20 000-line log, streamed', () => {
  const { text, runs, failing } = bigLog();

  it('is read chunk by chunk from a stream split inside multi-byte characters', async () => {
    const bytes = Buffer.from(text, 'utf8');
    expect(text.split('\r\n').length).toBeGreaterThanOrEqual(20_000);
    // Chunks of 997 bytes split some of the multi-byte characters between two chunks.
    const stream = Readable.from(
      (function* () {
        for (let i = 0; i < bytes.length; i += 997) yield bytes.subarray(i, i + 997);
      })(),
    );
    const parsed = await parseTestLog(stream, { maxRunBlocks: 10_000 });
    expect(parsed.counts.notJson).toBe(0);
    expect(parsed.files.flatMap((f) => f.runs)).toHaveLength(runs);
    expect(parsed.files.flatMap((f) => f.runs).filter((r) => r.status === 'fail')).toHaveLength(failing);
    expect(parsed.diagnostics).toHaveLength(failing);
    expect(parsed.diagnostics[0]?.detail).toBe('größer');
    expect(parsed.files[0]?.path).toBe('tests/größe_0.tftest.hcl');
    expect(parsed.files[0]?.runs[0]).toEqual({ name: 'run_✓_0', status: expect.any(String), elapsedMs: 3500 });
    expect(parsed.summary).toEqual({ status: 'fail', passed: runs - failing, failed: failing, errored: 0, skipped: 0 });
    expect(parsed.tail).toHaveLength(50);
  });

  it('is read from an HTTP response body as it arrives', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const bytes = Buffer.from(text, 'utf8');
      let offset = 0;
      const next = (): void => {
        if (offset >= bytes.length) {
          res.end();
          return;
        }
        res.write(bytes.subarray(offset, offset + 65_536), next);
        offset += 65_536;
      };
      next();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await request(`http://127.0.0.1:${port}/log`);
      const parsed = await parseTestLog(response.body, { maxRunBlocks: 10_000 });
      expect(parsed.files.flatMap((f) => f.runs)).toHaveLength(runs);
      expect(parsed.summary?.failed).toBe(failing);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('what is kept is bounded, the rest counted', () => {
  const { text, runs, failing } = bigLog();

  it('keeps 2,000 run blocks by default, counts the others, and a file still fails for a run block not kept', () => {
    const parsed = parseTestLogText(text);
    const kept = parsed.files.flatMap((f) => f.runs);
    expect(kept).toHaveLength(2000);
    expect(parsed.runBlocksOmitted).toBe(runs - 2000);
    // Files past the bound are not kept either: each came with its run blocks.
    expect(parsed.files.length).toBeLessThanOrEqual(2000);
    expect(parsed.summary).toEqual({ status: 'fail', passed: runs - failing, failed: failing, errored: 0, skipped: 0 });
  });

  it("a run block not kept still counts towards its file's status", () => {
    const lines = [
      { type: 'test_run', test_run: { path: 'tests/a.tftest.hcl', run: 'one', progress: 'complete', status: 'pass' } },
      { type: 'test_run', test_run: { path: 'tests/a.tftest.hcl', run: 'two', progress: 'complete', status: 'fail' } },
      { type: 'test_run', test_run: { path: 'tests/a.tftest.hcl', run: 'three', status: 'error' } },
    ];
    const parsed = parseTestLogText(lines.map((l) => JSON.stringify(l)).join('\n'), { maxRunBlocks: 1 });
    expect(parsed.files).toEqual([
      { path: 'tests/a.tftest.hcl', status: 'error', runs: [{ name: 'one', status: 'pass' }] },
    ]);
    expect(parsed.runBlocksOmitted).toBe(2);
  });

  it('keeps 100 leftover entries of 200 addresses each, and counts the rest', () => {
    const interrupt = (i: number, n: number): string =>
      JSON.stringify({
        type: 'test_cleanup',
        '@message': `left ${i}`,
        test_cleanup: { failed_resources: Array.from({ length: n }, (_, r) => ({ instance: `aws_s3_bucket.b${r}` })) },
      });
    const parsed = parseTestLogText(
      [interrupt(0, 250), ...Array.from({ length: 110 }, (_, i) => interrupt(i + 1, 1))].join('\n'),
    );
    expect(parsed.leftovers).toHaveLength(100);
    expect(parsed.leftovers[0]?.resources).toHaveLength(200);
    expect(parsed.leftoversOmitted).toBe(50 + 11);
  });

  it('clips every name and text it keeps, so that no single line can make it grow', () => {
    const long = 'n'.repeat(100_000);
    const parsed = parseTestLogText(
      [
        { type: 'version', terraform: long },
        { type: 'test_run', '@testfile': long, '@testrun': long, test_run: { path: long, run: long, status: 'pass' } },
        {
          type: 'diagnostic',
          '@testfile': long,
          '@testrun': long,
          diagnostic: {
            severity: 'error',
            summary: long,
            detail: long,
            address: long,
            range: { filename: long, start: { line: 1 } },
            snippet: { context: long, code: long },
          },
        },
        { type: 'test_interrupt', '@message': long, test_interrupt: { planned: [long] } },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const kept = JSON.stringify(parsed);
    // Fourteen fields of 100,000 characters: 1.4 MB were nothing clipped.
    expect(kept.length).toBeLessThan(100_000);
    expect(parsed.files[0]?.path.length).toBeLessThanOrEqual(1024);
    expect(parsed.diagnostics[0]?.range?.filename.length).toBeLessThanOrEqual(1024);
  });
});

describe('secrets in the log', () => {
  it('are masked before a text is cut, so no part of one survives the cut', () => {
    const secret = 's3cr3t-' + 'v'.repeat(40);
    // The secret straddles the 16 KiB a diagnostic's detail is cut to, and ends a tail line.
    const detail = `${'x'.repeat(16 * 1024 - 20)} ${secret}`;
    const line = JSON.stringify({
      '@level': 'error',
      '@message': 'Error: failed',
      type: 'diagnostic',
      diagnostic: { severity: 'error', summary: 'failed', detail },
    });
    const parsed = parseTestLogText(`${line}\nvalue was ${secret}\n`, {
      redact: (text) => text.replaceAll(secret, '***'),
    });
    expect(parsed.diagnostics[0]?.detail).not.toContain('s3cr3t');
    expect(parsed.diagnostics[0]?.detail).toContain('***');
    expect(parsed.tail.join('\n')).toContain('value was ***');
    expect(JSON.stringify(parsed)).not.toContain('s3cr3t');
  });
});

describe('what ended, as the log says it', () => {
  it('each run block and test file once, as it completes, in the order of the log; masked and cut like the rest', () => {
    const real = readFileSync(new URL('../../junit/fixtures/edge-module.jsonl', import.meta.url), 'utf8');
    const ended: string[] = [];
    const parser = new TestLogParser({
      onEnded: (e) => ended.push(e.run === undefined ? `${e.file} ${e.status}` : `${e.file} "${e.run}" ${e.status}`),
      redact: (text) => text.replaceAll('errors', '***'),
    });
    // A byte at a time, as a log read while it grows may arrive.
    for (const byte of Buffer.from(real)) parser.push(Uint8Array.of(byte));
    const parsed = parser.end();
    const expected = parsed.files.flatMap((f) => [
      ...f.runs.map((r) => `${f.path.replaceAll('errors', '***')} "${r.name}" ${r.status}`),
      `${f.path.replaceAll('errors', '***')} ${f.status}`,
    ]);
    expect(ended).toEqual(expected);
    expect(ended).toContain('tests/***.tftest.hcl "reads_its_own_file" pass');
  });
});
