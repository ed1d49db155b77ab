import { afterEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { matchPolicyFiles } from '../../src/modes/sync-policies/policy-files.ts';
import { quietToolkitDebug } from '../../src/report/toolkit-debug.ts';

// @actions/glob logs each step through @actions/core, whose debug() writes `::debug::` to stdout.
// Outside a runner with step debug logging on, the policy-file search keeps those lines out.

const root = join(import.meta.dirname, '..', '..');
const original = process.stdout.write;
afterEach(() => {
  process.stdout.write = original;
  delete process.env.RUNNER_DEBUG;
});

function recordStdout(): string[] {
  const written: string[] = [];
  process.stdout.write = ((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  return written;
}

it('matches the policy files without a debug line on stdout', async () => {
  const written = recordStdout();
  const files = await matchPolicyFiles(['examples/policies/*.native'], root);
  process.stdout.write = original;
  expect(files.length).toBeGreaterThan(0);
  expect(written).toEqual([]);
});

it('keeps them when the runner asks for debug lines (RUNNER_DEBUG=1)', async () => {
  process.env.RUNNER_DEBUG = '1';
  const written = recordStdout();
  await matchPolicyFiles(['examples/policies/*.native'], root);
  process.stdout.write = original;
  expect(written.some((line) => line.startsWith('::debug::Search path'))).toBe(true);
});

it('lets every other line through, and restores stdout after overlapping calls', async () => {
  const written = recordStdout();
  const recorder = process.stdout.write;
  let release!: () => void;
  const first = quietToolkitDebug(() => new Promise<void>((resolve) => (release = resolve)));
  await quietToolkitDebug(async () => {
    process.stdout.write('::debug::hidden\n');
    process.stdout.write('::warning::shown\n');
    process.stdout.write('plain line\n');
  });
  expect(process.stdout.write).not.toBe(recorder);
  release();
  await first;
  expect(process.stdout.write).toBe(recorder);
  process.stdout.write = original;
  expect(written).toEqual(['::warning::shown\n', 'plain line\n']);
});
