import { afterEach, expect, it } from 'vitest';
import * as core from '@actions/core';
import { join } from 'node:path';
import { matchPolicyFiles } from '../../../src/modes/sync-policies/policy-files.ts';
import { toolkitDebugTo } from '../../../src/report/toolkit-debug.ts';

// @actions/glob logs each step through @actions/core, whose debug() writes `::debug::` to stdout
// past the sink. The policy-file search hands those lines to the sink's debug instead.

const root = join(import.meta.dirname, '../../report', '..', '..');
const original = process.stdout.write;
afterEach(() => {
  process.stdout.write = original;
});

function recordStdout(): string[] {
  const written: string[] = [];
  process.stdout.write = ((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  return written;
}

it('matches the policy files without a line on stdout; debug gets what matched, not the search’s internals', async () => {
  const written = recordStdout();
  const debug: string[] = [];
  const files = await matchPolicyFiles(['examples/policies/*.native'], root, (message) => debug.push(message));
  expect(await matchPolicyFiles(['examples/policies/*.native'], root)).toEqual(files);
  process.stdout.write = original;
  expect(files.length).toBeGreaterThan(0);
  expect(written).toEqual([]);
  expect(debug).toEqual([`policy-files (examples/policies/*.native) matched ${files.length} files.`]);
});

it('lets every other line through, unescapes the messages, and restores stdout after overlapping captures', async () => {
  const written = recordStdout();
  const recorder = process.stdout.write;
  const outer: string[] = [];
  const inner: string[] = [];
  let release!: () => void;
  const first = toolkitDebugTo(
    (m) => outer.push(m),
    () => new Promise<void>((resolve) => (release = resolve)),
  );
  await toolkitDebugTo(
    (m) => inner.push(m),
    async () => {
      core.debug('two\nlines, 100%');
      process.stdout.write('::warning::shown\n');
      process.stdout.write('plain line\n');
    },
  );
  core.debug('after the inner capture');
  expect(process.stdout.write).not.toBe(recorder);
  release();
  await first;
  expect(process.stdout.write).toBe(recorder);
  process.stdout.write = original;
  expect(written).toEqual(['::warning::shown\n', 'plain line\n']);
  expect(inner).toEqual(['two\nlines, 100%']);
  expect(outer).toEqual(['after the inner capture']);
});

it("writes what the receiver writes itself (the GitHub sink's own ::debug::) once, as it is", async () => {
  const written = recordStdout();
  await toolkitDebugTo(
    (message) => core.debug(`seen: ${message}`),
    async () => core.debug('from the toolkit'),
  );
  process.stdout.write = original;
  expect(written).toEqual(['::debug::seen: from the toolkit\n']);
});
