// Test-run logs of examples/module in the test command's machine-readable (`-json`) format, as
// the service would serve them at `log-read-url`: the run blocks of the example's test files,
// and failing assertions at the real lines of their `condition`s, found by reading the files,
// so the annotations land where a reader of the example expects them.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestRunOutcome } from '../emulator/api.ts';
import { mergedTestStatus, testSummaryMessage } from '../emulator/default-log.ts';
import type { RunBlockStatus } from '../emulator/default-log.ts';

export const EXAMPLE_MODULE_DIR = join(import.meta.dirname, '..', '..', 'examples', 'module');

/** Run blocks of tests/failing.tftest.hcl whose assertion fails against the example module. */
export const FAILING_RUNS = ['retention_is_capped_at_a_year', 'cost_center_tag_is_required'] as const;
/** The run block that errors in the `error` outcome. */
export const ERRORED_RUN = 'cost_center_tag_is_required';

export interface RunBlock {
  /** Path relative to the module root, as the log names it: `tests/failing.tftest.hcl`. */
  file: string;
  name: string;
  /** The first `condition = ...` of its assert blocks, if any. */
  condition?: { line: number; column: number; endColumn: number; code: string; errorMessage: string };
}

/** The run blocks of the example's test files, in file order. */
export function exampleRunBlocks(moduleDir = EXAMPLE_MODULE_DIR): RunBlock[] {
  const files = readdirSync(join(moduleDir, 'tests'))
    .filter((f) => f.endsWith('.tftest.hcl'))
    // The test command runs the files in name order.
    .sort();
  const blocks: RunBlock[] = [];
  for (const name of files) {
    const file = `tests/${name}`;
    const lines = readFileSync(join(moduleDir, file), 'utf8').split('\n');
    let current: RunBlock | undefined;
    lines.forEach((text, index) => {
      const run = /^\s*run\s+"([^"]+)"/.exec(text);
      if (run) {
        current = { file, name: run[1]! };
        blocks.push(current);
        return;
      }
      const condition = /^(\s*condition\s*=\s*)(.+?)\s*$/.exec(text);
      if (condition && current && !current.condition) {
        const message = lines
          .slice(index + 1, index + 3)
          .map((l) => /error_message\s*=\s*"(.*)"/.exec(l)?.[1])
          .find((m) => m);
        current.condition = {
          line: index + 1,
          column: condition[1]!.length + 1,
          endColumn: condition[1]!.length + condition[2]!.length + 1,
          code: text,
          errorMessage: message ?? 'assertion failed',
        };
      }
    });
  }
  return blocks;
}

export type ExampleOutcome = 'pass' | 'fail' | 'error';

export interface ExampleLogOptions {
  /** Lines a real log may hold besides the messages: framing bytes, plain text, broken JSON,
   *  a message type the parser does not know, CRLF line ends. */
  junk?: boolean;
}

/**
 * The emulator outcome of a run of the example module, its log agreeing with its counters.
 * `pass`: tests/passing.tftest.hcl only (as with `test-filters: tests/passing.tftest.hcl`), all
 * pass. `fail`: both files, the FAILING_RUNS fail on their assertions. `error`: the run errors at
 * ERRORED_RUN; the blocks after it are skipped.
 */
export function exampleModuleOutcome(kind: ExampleOutcome, options: ExampleLogOptions = {}): TestRunOutcome {
  const planned = plan(kind);
  const count = (status: Status): number => planned.filter((p) => p.status === status).length;
  const counters = { passed: count('pass'), failed: count('fail'), errored: count('error'), skipped: count('skip') };
  return {
    status: kind === 'error' ? 'errored' : 'finished',
    testStatus: kind === 'error' ? null : kind === 'fail' ? 'fail' : 'pass',
    ...counters,
    log: exampleModuleLog(kind, options),
  };
}

type Status = RunBlockStatus;

function plan(kind: ExampleOutcome): Array<{ block: RunBlock; status: Status }> {
  const blocks = exampleRunBlocks();
  for (const name of FAILING_RUNS) {
    if (!blocks.some((b) => b.name === name && b.condition))
      throw new Error(`examples/module has no run "${name}" with an assert`);
  }
  const chosen = kind === 'pass' ? blocks.filter((b) => b.file === 'tests/passing.tftest.hcl') : blocks;
  let errored = false;
  return chosen.map((block) => {
    if (errored) return { block, status: 'skip' };
    if (kind === 'error' && block.name === ERRORED_RUN) {
      errored = true;
      return { block, status: 'error' };
    }
    if (kind === 'fail' && (FAILING_RUNS as readonly string[]).includes(block.name)) return { block, status: 'fail' };
    return { block, status: 'pass' };
  });
}

export function exampleModuleLog(kind: ExampleOutcome, options: ExampleLogOptions = {}): string {
  const planned = plan(kind);
  let second = 0;
  const message = (level: string, text: string, fields: Record<string, unknown>): string => {
    const at = new Date(Date.UTC(2024, 8, 2, 10, 0, second++)).toISOString().replace('Z', '123Z');
    return JSON.stringify({
      '@level': level,
      '@message': text,
      '@module': 'terraform.ui',
      '@timestamp': at,
      ...fields,
    });
  };
  const files = [...new Set(planned.map((p) => p.block.file))];
  const abstract: Record<string, string[]> = {};
  for (const p of planned) (abstract[p.block.file] ??= []).push(p.block.name);

  const lines: string[] = [
    message('info', 'Terraform 1.9.5', { terraform: '1.9.5', ui: '1.2', type: 'version' }),
    message('info', `Found ${files.length} file${files.length === 1 ? '' : 's'} and ${planned.length} run blocks`, {
      test_abstract: abstract,
      type: 'test_abstract',
    }),
  ];
  if (options.junk) lines.push('Waiting for the tests to start... (0s elapsed)', '{"truncated": ');

  for (const file of files) {
    lines.push(
      message('info', `${file}... in progress`, {
        '@testfile': file,
        test_file: { path: file, progress: 'starting' },
        type: 'test_file',
      }),
    );
    const inFile = planned.filter((p) => p.block.file === file);
    for (const { block, status } of inFile) {
      const ids = { '@testfile': file, '@testrun': block.name };
      if (status !== 'skip') {
        lines.push(
          message('info', `  "${block.name}"... in progress`, {
            ...ids,
            test_run: { path: file, run: block.name, progress: 'starting', elapsed: 0 },
            type: 'test_run',
          }),
        );
      }
      lines.push(
        message('info', `  "${block.name}"... ${status}`, {
          ...ids,
          test_run: {
            path: file,
            run: block.name,
            progress: 'complete',
            status,
            ...(status === 'skip' ? {} : { elapsed: 850 }),
          },
          type: 'test_run',
        }),
      );
      if ((status === 'fail' || status === 'error') && block.condition)
        lines.push(diagnostic(message, ids, block, status));
      if (options.junk && status === 'fail') {
        lines.push(message('info', 'a message of a newer version', { test_new_kind: { x: 1 }, type: 'test_new_kind' }));
      }
    }
    const fileStatus = mergedTestStatus(inFile.map((p) => p.status));
    lines.push(
      message('info', `${file}... ${fileStatus}`, {
        '@testfile': file,
        test_file: { path: file, progress: 'complete', status: fileStatus },
        type: 'test_file',
      }),
    );
  }
  if (kind === 'error') {
    // The test command died: no summary, a few lines of its output.
    lines.push('panic: runtime error: invalid memory address or nil pointer dereference', 'Error: exit status 2');
  } else {
    const count = (s: Status): number => planned.filter((p) => p.status === s).length;
    const overall = mergedTestStatus(planned.map((p) => p.status));
    const counts = { passed: count('pass'), failed: count('fail'), errored: count('error'), skipped: count('skip') };
    lines.push(
      message('info', testSummaryMessage(overall, counts), {
        test_summary: { status: overall, ...counts },
        type: 'test_summary',
      }),
    );
  }
  const body = `${lines.join(options.junk ? '\r\n' : '\n')}\n`;
  return options.junk ? `\x02${body}\x03` : body;
}

function diagnostic(
  message: (level: string, text: string, fields: Record<string, unknown>) => string,
  ids: Record<string, string>,
  block: RunBlock,
  status: 'fail' | 'error',
): string {
  const c = block.condition!;
  const summary = status === 'fail' ? 'Test assertion failed' : 'Invalid function argument';
  const detail = status === 'fail' ? c.errorMessage : 'Invalid value for "list" parameter: list of string required.';
  return message('error', `Error: ${summary}`, {
    ...ids,
    diagnostic: {
      severity: 'error',
      summary,
      detail,
      range: {
        filename: block.file,
        start: { line: c.line, column: c.column, byte: 0 },
        end: { line: c.line, column: c.endColumn, byte: 0 },
      },
      snippet: {
        context: `run "${block.name}"`,
        code: c.code,
        start_line: c.line,
        highlight_start_offset: c.column - 1,
        highlight_end_offset: c.endColumn - 1,
        values: [],
      },
    },
    type: 'diagnostic',
  });
}
