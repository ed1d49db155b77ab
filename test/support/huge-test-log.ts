// A test log of any size, made as it is read (never held): the test command's `-json` lines of
// a verbose run with many run blocks over 50 files, each block's state dumped (`test_state`, the
// bulk of a verbose log), one block in ten failing with a diagnostic, plain-text lines among
// them, `\r\n` line ends, and the service's `\x02` ... `\x03` framing. `endless` never ends.

import { Readable } from 'node:stream';

const AT = '2024-09-02T10:00:00.123Z';

function line(level: string, message: string, fields: Record<string, unknown>): string {
  return `${JSON.stringify({ '@level': level, '@message': message, '@module': 'terraform.ui', '@timestamp': AT, ...fields })}\r\n`;
}

/** The lines of run block `i`: about 3 KB. */
function runBlock(i: number): string {
  const file = `tests/part_${i % 50}.tftest.hcl`;
  const run = `check_${i}`;
  const ids = { '@testfile': file, '@testrun': run };
  const fails = i % 10 === 7;
  const resources = Array.from({ length: 8 }, (_, r) => ({
    address: `aws_s3_bucket.logs_${r}`,
    mode: 'managed',
    type: 'aws_s3_bucket',
    name: `logs_${r}`,
    values: {
      bucket: `logs-${i}-${r}`,
      tags: { 'cost-center': 'platform', run },
      versioning: [{ enabled: true }],
      arn: `arn:aws:s3:::logs-${i}-${r}`,
    },
  }));
  let text = line('info', `  "${run}"... in progress`, {
    ...ids,
    test_run: { path: file, run, progress: 'starting', elapsed: 0 },
    type: 'test_run',
  });
  text += line('info', `-verbose state of ${run}`, {
    ...ids,
    test_state: { values: { root_module: { resources } } },
    type: 'test_state',
  });
  if (i % 25 === 3) text += `Warning: provider output that is not JSON (${i})\r\n`;
  text += line('info', `  "${run}"... ${fails ? 'fail' : 'pass'}`, {
    ...ids,
    test_run: { path: file, run, progress: 'complete', status: fails ? 'fail' : 'pass', elapsed: 1200 },
    type: 'test_run',
  });
  if (fails) {
    text += line('error', 'Error: Test assertion failed', {
      ...ids,
      diagnostic: {
        severity: 'error',
        summary: 'Test assertion failed',
        detail: `Retention of ${run} must not exceed 365 days.`,
        range: {
          filename: file,
          start: { line: 10 + (i % 40), column: 5, byte: 0 },
          end: { line: 10 + (i % 40), column: 40, byte: 0 },
        },
        snippet: {
          context: `run "${run}"`,
          code: '    condition = aws_s3_bucket_lifecycle_configuration.logs.rule[0].expiration[0].days <= 365',
          start_line: 10 + (i % 40),
        },
      },
      type: 'diagnostic',
    });
  }
  return text;
}

export interface HugeLog {
  stream: Readable;
  /** Run blocks written so far, and how many of them failed. */
  blocks(): { total: number; failed: number };
}

/** A log of about `bytes` bytes (or endless), produced in chunks of about 64 KiB as it is read. */
export function hugeTestLog(bytes: number, endless = false): HugeLog {
  let written = 0;
  let block = 0;
  let ended = false;
  const failed = (): number => Math.floor((block + 2) / 10);
  const head =
    '\x02' +
    line('info', 'Terraform 1.9.5', { terraform: '1.9.5', ui: '1.2', type: 'version' }) +
    line('info', 'Found 50 files', { type: 'log' });
  const stream = new Readable({
    read() {
      if (ended) return;
      let chunk = written === 0 ? head : '';
      while (chunk.length < 64 * 1024 && (endless || written + chunk.length < bytes)) chunk += runBlock(block++);
      if (!endless && written + chunk.length >= bytes) {
        const f = failed();
        chunk += line('info', `Failure! ${block - f} passed, ${f} failed.`, {
          test_summary: { status: 'fail', passed: block - f, failed: f, errored: 0, skipped: 0 },
          type: 'test_summary',
        });
        chunk += '\x03';
        ended = true;
      }
      written += chunk.length;
      this.push(chunk);
      if (ended) this.push(null);
    },
  });
  return { stream, blocks: () => ({ total: block, failed: failed() }) };
}
