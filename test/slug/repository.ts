// Packing a module of a repository, as run-module-tests does: directly, and through run().

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { run } from '../../src/main.ts';
import { plainSink } from '../../src/report/plain-sink.ts';
import { packModule } from '../../src/slug/index.ts';
import type { PackResult } from '../../src/slug/index.ts';
import type { Emulator } from '../emulator/api.ts';

/**
 * Pack `root` into memory; with `repository`, links are confined to it as run-module-tests
 * confines them (allow-links-outside-repository: `allowOutside`); without, they lead anywhere,
 * as in go-slug.
 */
export async function packInMemory(
  root: string,
  repository?: string,
  allowOutside = false,
): Promise<{ archive: Buffer; result: PackResult }> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const result = await packModule(
    root,
    out,
    repository ? { confinement: { directory: repository, label: 'the repository', allowOutside } } : {},
  );
  return { archive: Buffer.concat(chunks), result };
}

/**
 * run-module-tests through run(), against the emulator, with `repository` as the workspace: the
 * exit code, what the step printed and its job summary.
 */
export async function runModuleTests(
  emulator: Emulator,
  repository: string,
  inputs: Record<string, string>,
): Promise<{ code: number; stdout: string; summary: string }> {
  const summaryFile = path.join(path.dirname(repository), `summary-${Math.random().toString(36).slice(2)}.md`);
  await writeFile(summaryFile, '');
  const lines: string[] = [];
  const all: Record<string, string> = {
    mode: 'run-module-tests',
    token: emulator.token,
    'base-url': emulator.baseUrl,
    organization: emulator.organization,
    'module-directory': 'mod',
    'module-name': 'links',
    'module-provider': 'aws',
    ...inputs,
  };
  const code = await run({
    read: (name) => all[name] ?? '',
    sink: plainSink({ stdout: { write: (text: string) => lines.push(text) }, summaryFile }),
    checkRuns: false,
    saveState: () => undefined,
    workspaceRoot: repository,
  });
  return { code, stdout: lines.join(''), summary: await readFile(summaryFile, 'utf8') };
}
