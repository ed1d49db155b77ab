import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setOutputs } from '../../../src/report/outputs.ts';
import { githubSink } from '../../../src/report/github-sink.ts';
import { HOSTILE_STRINGS } from '../../support/hostile-strings.ts';
import { findRunnerCommands } from '../../support/runner-commands.ts';
import { emptyRunnerFiles } from '../../support/runner-files.ts';

// @actions/core remembers the summary file for the life of the process, so the process's one
// pair of files serves every test here and is emptied before each.
const { outputFile, summaryFile } = emptyRunnerFiles();
const saved = {
  output: process.env['GITHUB_OUTPUT'],
  summary: process.env['GITHUB_STEP_SUMMARY'],
  actions: process.env['GITHUB_ACTIONS'],
};

let stdout = '';
let realWrite: typeof process.stdout.write;

beforeAll(() => {
  process.env['GITHUB_OUTPUT'] = outputFile;
  process.env['GITHUB_STEP_SUMMARY'] = summaryFile;
  // A GitHub runner: secrets are registered with it.
  process.env['GITHUB_ACTIONS'] = 'true';
});
afterAll(() => {
  restoreEnv('GITHUB_OUTPUT', saved.output);
  restoreEnv('GITHUB_STEP_SUMMARY', saved.summary);
  restoreEnv('GITHUB_ACTIONS', saved.actions);
});
beforeEach(() => {
  emptyRunnerFiles();
  stdout = '';
  realWrite = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stdout.write;
});
afterEach(() => {
  process.stdout.write = realWrite;
  process.exitCode = undefined;
});

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** Outputs as the runner reads GITHUB_OUTPUT: `name<<DELIMITER` blocks. */
function readOutputs(): Record<string, string> {
  const text = readFileSync(outputFile, 'utf8');
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const header = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!header) continue;
    const end = lines.indexOf(header[2]!, i + 1);
    outputs[header[1]!] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}

const commands = (): string[] => stdout.split('\n').filter((l) => l.startsWith('::'));

describe('githubSink', () => {
  it('writes annotations as workflow commands with their position and title, escaped', () => {
    const sink = githubSink();
    sink.annotate({
      level: 'error',
      file: 'modules/vpc/tests/naming.tftest.hcl',
      startLine: 18,
      endLine: 18,
      startColumn: 17,
      endColumn: 58,
      title: 'tests/naming.tftest.hcl › run "x": a, b',
      message: 'Test assertion failed\n\n100% wrong',
    });
    sink.annotate({ level: 'warning', file: 'main.tf', startLine: 7, message: 'Argument is deprecated' });
    sink.annotate({ level: 'notice', message: 'just so you know' });
    expect(commands()).toEqual([
      '::error title=tests/naming.tftest.hcl › run "x"%3A a%2C b,file=modules/vpc/tests/naming.tftest.hcl,line=18,endLine=18,col=17,endColumn=58::Test assertion failed%0A%0A100%25 wrong',
      '::warning file=main.tf,line=7::Argument is deprecated',
      '::notice::just so you know',
    ]);
  });

  it('writes outputs to the GITHUB_OUTPUT file, multi-line values and JSON included', () => {
    const sink = githubSink();
    setOutputs(sink, {
      'test-run-id': 'trun-1',
      'tests-passed': 3,
      applied: true,
      result: { runs: [1, 2] },
      status: 'planned\napplied',
    });
    expect(readOutputs()).toEqual({
      'test-run-id': 'trun-1',
      'tests-passed': '3',
      applied: 'true',
      result: '{"runs":[1,2]}',
      status: 'planned\napplied',
    });
  });

  it('appends the summary to the GITHUB_STEP_SUMMARY file', async () => {
    const sink = githubSink();
    await sink.writeSummary('## First\n');
    await sink.writeSummary('## Second');
    expect(readFileSync(summaryFile, 'utf8')).toBe('## First\n\n## Second\n');
  });

  it('caps the summary under 1 MiB with a note', async () => {
    const sink = githubSink();
    const row = `<tr><td>${'x'.repeat(90)}</td></tr>\n`;
    await sink.writeSummary(`<table>\n${row.repeat(25_000)}</table>\n`);
    await sink.writeSummary('## After the cap\n');
    const written = readFileSync(summaryFile, 'utf8');
    expect(Buffer.byteLength(written, 'utf8')).toBeLessThan(1024 * 1024);
    expect(Buffer.byteLength(written, 'utf8')).toBeGreaterThan(1000 * 1024);
    expect(written).toContain('The summary was cut at the');
    expect(written.indexOf('</table>')).toBeLessThan(written.indexOf('The summary was cut'));
    expect(written).not.toContain('After the cap');
  });

  it('downgrades a summary it cannot write to a warning', async () => {
    rmSync(summaryFile);
    mkdirSync(summaryFile);
    try {
      const sink = githubSink();
      await expect(sink.writeSummary('## Result\n')).resolves.toBeUndefined();
      expect(commands()).toEqual([expect.stringMatching(/^::warning::The job summary could not be written: .*EISDIR/)]);
      expect(process.exitCode).toBeUndefined();
      // The warning is one of the 10 GitHub keeps: the annotations after it have one fewer.
      expect(sink.annotationRoom('warning')).toBe(9);
    } finally {
      rmSync(summaryFile, { recursive: true });
      writeFileSync(summaryFile, '');
    }
  });

  it('downgrades an output it cannot write to a warning', () => {
    rmSync(outputFile);
    try {
      const sink = githubSink();
      sink.setOutput('status', 'finished');
      expect(commands()).toEqual([
        expect.stringMatching(/^::warning::Output status could not be written: Missing file/),
      ]);
      expect(sink.annotationRoom('warning')).toBe(9);
    } finally {
      writeFileSync(outputFile, '');
    }
  });

  it('masks secrets everywhere, registers them with the runner, and learns new ones', async () => {
    const sink = githubSink({ secrets: ['tok-abcdef123'] });
    sink.addSecret('https://logs.example/v1/object/bG9nLXJlYWQtYWRkcmVzcw?sig=feedface0123');
    sink.info('using tok-abcdef123');
    sink.debug('GET https://logs.example/v1/object/bG9nLXJlYWQtYWRkcmVzcw?sig=feedface0123');
    sink.warning('tok-abcdef123');
    sink.annotate({
      level: 'error',
      title: 'tok-abcdef123',
      file: 'main.tf',
      startLine: 1,
      message: 'sig=feedface0123',
    });
    sink.setOutput('result', '{"log":"https://logs.example/v1/object/bG9nLXJlYWQtYWRkcmVzcw?sig=feedface0123"}');
    await sink.writeSummary('token tok-abcdef123');
    sink.startGroup('tok-abcdef123');
    sink.endGroup();
    sink.fail('failed: tok-abcdef123');

    const masks = commands().filter((c) => c.startsWith('::add-mask::'));
    expect(masks).toEqual([
      '::add-mask::tok-abcdef123',
      '::add-mask::https://logs.example/v1/object/bG9nLXJlYWQtYWRkcmVzcw?sig=feedface0123',
    ]);
    const rest = stdout
      .split('\n')
      .filter((l) => !l.startsWith('::add-mask::'))
      .join('\n');
    const files = readFileSync(outputFile, 'utf8') + readFileSync(summaryFile, 'utf8');
    for (const text of [rest, files]) {
      expect(text).not.toContain('tok-abcdef123');
      expect(text).not.toContain('feedface0123');
      expect(text).not.toContain('bG9nLXJlYWQtYWRkcmVzcw');
    }
    expect(readOutputs()).toEqual({ result: '{"log":"***"}' });
    expect(readFileSync(summaryFile, 'utf8')).toBe('token ***\n');
    expect(commands()).toContain('::error title=***,file=main.tf,line=1::***');
    expect(commands()).toContain('::error::failed: ***');
    // The exit code is the entry point's to set, not the sink's.
    expect(process.exitCode).toBeUndefined();
  });

  it('lets no foreign text through as a runner command, whichever way it is written', () => {
    const sink = githubSink();
    sink.info('plain line');
    for (const text of HOSTILE_STRINGS) {
      sink.info(text);
      sink.info(`from the log: ${text}`);
      sink.warning(text);
      sink.error(text);
      sink.debug(text);
      sink.startGroup(text);
      sink.endGroup();
      sink.annotate({ level: 'error', title: text, file: text, startLine: 3, message: text });
      sink.annotate({ level: 'notice', message: `assertion: ${text}` });
    }
    // A secret learned from the service is registered with the runner without carrying a command.
    sink.addSecret('https://upload.example/objects/abc\u2028::set-output name=status::hacked');
    // Past ten error annotations the failure goes to the log as a plain line.
    sink.fail(`policy "${HOSTILE_STRINGS[0]}" failed\n${HOSTILE_STRINGS[1]}`);

    const found = findRunnerCommands(stdout);
    expect(new Set(found.map((c) => c.command))).toEqual(
      new Set(['warning', 'error', 'debug', 'group', 'endgroup', 'notice', 'add-mask']),
    );
    // Each command is one the sink wrote: one per call, in order, never one from the text.
    const perText = ['warning', 'error', 'debug', 'group', 'endgroup', 'error', 'notice'];
    expect(found.map((c) => c.command)).toEqual([...HOSTILE_STRINGS.flatMap(() => perText), 'add-mask', 'add-mask']);
    expect(stdout).toContain('plain line\n');
    expect(stdout).toContain(
      'Error: policy "old ##\\[set-output name=deleted;]x" failed\n\\::set-output name=status::hacked\n',
    );
    // The text is still there to read, one backslash per escape.
    const [, , , , , annotation] = found;
    expect(annotation).toMatchObject({
      properties: { title: 'old ##\\[set-output name=deleted;]x', line: '3' },
      data: 'old ##\\[set-output name=deleted;]x',
    });
    // The exit code is the entry point's to set, not the sink's.
    expect(process.exitCode).toBeUndefined();
  });

  it('sets outputs through stdout without letting their values add commands, where GITHUB_OUTPUT is missing', () => {
    delete process.env['GITHUB_OUTPUT'];
    try {
      const sink = githubSink();
      for (const text of HOSTILE_STRINGS) sink.setOutput('status', text);
    } finally {
      process.env['GITHUB_OUTPUT'] = outputFile;
    }
    const found = findRunnerCommands(stdout);
    expect(found.map((c) => [c.command, c.properties])).toEqual(
      HOSTILE_STRINGS.map(() => ['set-output', { name: 'status' }]),
    );
    expect(found[0]!.data).toBe('old ##\\[set-output name=deleted;]x');
  });
});

describe('githubSink in a process of its own', () => {
  it('writes the annotations capped, the outputs and the summary, and masks the secret', () => {
    const child = join(fileURLToPath(new URL('../../report/', import.meta.url)), 'fixtures', 'github-sink-child.ts');
    const childDir = mkdtempSync(join(tmpdir(), 'github-sink-child-'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env['PATH'],
      GITHUB_OUTPUT: join(childDir, 'output'),
      GITHUB_STEP_SUMMARY: join(childDir, 'summary.md'),
      GITHUB_ACTIONS: 'true',
      CHILD_SECRET: 'child-secret-value',
    };
    writeFileSync(env['GITHUB_OUTPUT']!, '');
    writeFileSync(env['GITHUB_STEP_SUMMARY']!, '');
    try {
      const result = spawnSync(process.execPath, [child], { env, encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe('::add-mask::child-secret-value');
      expect(lines[1]).toBe('starting with ***');
      const errors = lines.filter((l) => l.startsWith('::error'));
      expect(errors).toHaveLength(10);
      expect(errors[0]).toBe('::error file=main.tf,line=1::problem 0');
      expect(errors[9]).toBe('::error::+3 more errors; see the job summary');
      expect(lines.at(-1)).toBe('finished');
      expect(readFileSync(env['GITHUB_OUTPUT']!, 'utf8')).toMatch(/^status<<(ghadelimiter_[\w-]+)\nfinished\n\1\n$/);
      expect(readFileSync(env['GITHUB_STEP_SUMMARY']!, 'utf8')).toBe('## Done\n\n');
    } finally {
      rmSync(childDir, { recursive: true, force: true });
    }
  });
});

describe('GitHub keeps 10 annotations per level per step', () => {
  it('counts the warnings the step already wrote, and never writes an eleventh error for the failure', async () => {
    const { capForSink, emitAnnotations } = await import('../../../src/report/annotations.ts');
    const sink = githubSink();
    sink.warning('the service started the run by itself');
    sink.warning('the log could not be read');
    const warnings = Array.from({ length: 12 }, (_, i) => ({
      level: 'warning' as const,
      message: `w${i}`,
      file: 'a.tf',
      startLine: i + 1,
    }));
    const errors = Array.from({ length: 15 }, (_, i) => ({
      level: 'error' as const,
      message: `e${i}`,
      file: 'a.tf',
      startLine: i + 1,
    }));
    // Said before they are written (a summary lists those held back), and then done.
    const foreseen = capForSink(sink, [...warnings, ...errors]);
    const { emit, heldBack } = emitAnnotations(sink, [...warnings, ...errors]);
    expect(emit).toEqual(foreseen.emit);
    expect(heldBack).toEqual(foreseen.heldBack);
    sink.fail('2 tests failed');

    const count = (re: RegExp): number => stdout.split('\n').filter((l) => re.test(l)).length;
    expect(count(/^::warning/)).toBe(10);
    expect(stdout).toContain('::warning::+5 more warnings; see the job summary');
    expect(count(/^::error/)).toBe(10);
    expect(count(/^::error file=a\.tf/)).toBe(9);
    expect(stdout).toContain('::error::+6 more errors; see the job summary');
    expect(stdout).toContain('Error: 2 tests failed');
    // The exit code is the entry point's to set, not the sink's.
    expect(process.exitCode).toBeUndefined();
    expect(heldBack).toHaveLength(5 + 6);
    expect(sink.annotationRoom('notice')).toBe(10);
  });
});
