import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setOutputs } from '../../../src/report/outputs.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { HOSTILE_STRINGS } from '../../support/hostile-strings.ts';
import { findRunnerCommands } from '../../support/runner-commands.ts';

function capture(): { out: { write(t: string): void }; text(): string } {
  let text = '';
  return { out: { write: (t: string) => void (text += t) }, text: () => text };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plain-sink-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  process.exitCode = undefined;
});

describe('plainSink', () => {
  it('writes log lines, warnings, errors, and debug lines only when asked', () => {
    const c = capture();
    const sink = plainSink({ stdout: c.out });
    sink.info('packing modules/vpc');
    sink.warning('policies.hcl not found');
    sink.error('upload failed');
    sink.debug('hidden');
    sink.startGroup('Upload');
    sink.endGroup();
    expect(c.text()).toBe('packing modules/vpc\nwarning: policies.hcl not found\nerror: upload failed\n── Upload\n');

    const d = capture();
    plainSink({ stdout: d.out, debug: true }).debug('shown');
    expect(d.text()).toBe('debug: shown\n');
  });

  it('writes annotations as file:line:column: level: message lines', () => {
    const c = capture();
    const sink = plainSink({ stdout: c.out });
    sink.annotate({
      level: 'error',
      file: 'modules/vpc/tests/a.tftest.hcl',
      startLine: 18,
      startColumn: 17,
      title: 'tests/a.tftest.hcl › run "x"',
      message: 'Test assertion failed\n\nBucket names must be lowercase.\nSee docs.',
    });
    sink.annotate({ level: 'warning', file: 'main.tf', startLine: 7, message: 'Argument is deprecated' });
    sink.annotate({ level: 'notice', file: 'README.md', message: 'no line' });
    sink.annotate({ level: 'error', message: 'no file' });
    expect(c.text()).toBe(
      [
        'modules/vpc/tests/a.tftest.hcl:18:17: error: tests/a.tftest.hcl › run "x": Test assertion failed',
        '',
        '    Bucket names must be lowercase.',
        '    See docs.',
        'main.tf:7: warning: Argument is deprecated',
        'README.md: notice: no line',
        'error: no file',
        '',
      ].join('\n'),
    );
  });

  it('writes outputs as name=value lines, a multi-line value with a delimiter it does not contain', () => {
    const c = capture();
    const sink = plainSink({ stdout: c.out });
    setOutputs(sink, {
      created: 2,
      applied: false,
      status: 'finished',
      result: [{ name: 'a', action: 'create' }],
      'junit-file': undefined,
      'test-status': null,
    });
    sink.setOutput('notes', 'line one\nEOF\nline three');
    const lines = c.text().split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'created=2',
      'applied=false',
      'status=finished',
      'result=[{"name":"a","action":"create"}]',
      'test-status=',
    ]);
    const header = lines[5]!;
    const delimiter = header.replace(/^notes<</, '');
    expect(header.startsWith('notes<<')).toBe(true);
    expect(delimiter).not.toBe('EOF');
    expect(lines.slice(6, 10)).toEqual(['line one', 'EOF', 'line three', delimiter]);
  });

  it('appends outputs to a file when given one', () => {
    const c = capture();
    const outputFile = join(dir, 'outputs.env');
    const sink = plainSink({ stdout: c.out, outputFile });
    sink.setOutput('a', '1');
    sink.setOutput('b', 'x\ny');
    expect(readFileSync(outputFile, 'utf8')).toBe('a=1\nb<<EOF\nx\ny\nEOF\n');
    expect(c.text()).toBe('');
  });

  it('prints the summary as Markdown, or appends it to a file', async () => {
    const c = capture();
    await plainSink({ stdout: c.out }).writeSummary('## Result\n\nall good');
    expect(c.text()).toBe('\n## Result\n\nall good\n');

    const summaryFile = join(dir, 'summary.md');
    const d = capture();
    const sink = plainSink({ stdout: d.out, summaryFile });
    await sink.writeSummary('## One\n');
    await sink.writeSummary('## Two\n');
    expect(readFileSync(summaryFile, 'utf8')).toBe('## One\n## Two\n');
    expect(d.text()).toBe('');
  });

  it('downgrades a summary it cannot write to a warning and prints the summary instead', async () => {
    const c = capture();
    const sink = plainSink({ stdout: c.out, summaryFile: join(dir, 'no', 'such', 'dir', 'summary.md') });
    await expect(sink.writeSummary('## Result\n')).resolves.toBeUndefined();
    expect(c.text()).toMatch(/^warning: the summary could not be written to .*summary\.md: .*\n\n## Result\n$/);
  });

  it('caps the summary when given a limit', async () => {
    const c = capture();
    const sink = plainSink({ stdout: c.out, summaryLimitBytes: 4096 });
    await sink.writeSummary('row\n'.repeat(2000));
    await sink.writeSummary('later\n');
    expect(Buffer.byteLength(c.text(), 'utf8')).toBeLessThanOrEqual(4096 + 1);
    expect(c.text()).toContain('The summary was cut');
    expect(c.text()).not.toContain('later');
  });

  it('masks secrets in every line it writes, those learned later too', async () => {
    const c = capture();
    const summaryFile = join(dir, 'summary.md');
    const outputFile = join(dir, 'out.env');
    const sink = plainSink({ stdout: c.out, summaryFile, outputFile, secrets: ['tok-abcdef'] });
    sink.addSecret('https://upload.example/v1/object/c2lnbmVkLWFkZHJlc3M?sig=0123456789abcdef');
    sink.info('token tok-abcdef');
    sink.warning('upload to https://upload.example/v1/object/c2lnbmVkLWFkZHJlc3M?sig=0123456789abcdef failed');
    sink.annotate({
      level: 'error',
      file: 'main.tf',
      startLine: 1,
      title: 'tok-abcdef',
      message: 'sig=0123456789abcdef',
    });
    sink.setOutput('result', JSON.stringify({ token: 'tok-abcdef' }));
    await sink.writeSummary('| tok-abcdef |');
    sink.fail('failed with tok-abcdef');
    const everything = c.text() + readFileSync(summaryFile, 'utf8') + readFileSync(outputFile, 'utf8');
    expect(everything).not.toContain('tok-abcdef');
    expect(everything).not.toContain('0123456789abcdef');
    expect(everything).not.toContain('c2lnbmVkLWFkZHJlc3M');
    expect(c.text()).toBe(
      'token ***\nwarning: upload to *** failed\nmain.tf:1: error: ***: ***\nerror: failed with ***\n',
    );
    expect(readFileSync(outputFile, 'utf8')).toBe('result={"token":"***"}\n');
    expect(sink.redact('x tok-abcdef')).toBe('x ***');
    // The exit code is the entry point's to set, not the sink's.
    expect(process.exitCode).toBeUndefined();
  });

  it('lets no foreign text through as a runner command (the command line may run inside a workflow step)', async () => {
    const c = capture();
    const sink = plainSink({ stdout: c.out, debug: true });
    for (const text of HOSTILE_STRINGS) {
      sink.info(text);
      sink.warning(text);
      sink.error(text);
      sink.debug(text);
      sink.startGroup(text);
      sink.annotate({ level: 'error', title: text, file: text, startLine: 3, message: text });
      sink.setOutput('status', text);
      await sink.writeSummary(`| ${text} |`);
    }
    sink.fail(HOSTILE_STRINGS.join('\n'));
    expect(findRunnerCommands(c.text())).toEqual([]);
    expect(c.text()).toContain('status=old ##\\[set-output name=deleted;]x\n');
  });
});
