// Temporary repositories for the sync-policies tests: a directory filled from a map of
// relative paths to contents, removed after the test file.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

const created: string[] = [];
afterAll(async () => {
  await Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true })));
});

export async function makeWorkspace(
  files: Record<string, string | Uint8Array>,
  prefix = 'sync-policies-',
): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  created.push(root);
  await writeFiles(root, files);
  return root;
}

export async function writeFiles(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

/** The 1-based line of the first occurrence of `needle` in `text` (the `nth` one when given). */
export function lineOf(text: string, needle: string, nth = 1): number {
  let index = -1;
  for (let i = 0; i < nth; i++) {
    index = text.indexOf(needle, index + 1);
    if (index === -1) throw new Error(`"${needle}" not found ${nth} time(s)`);
  }
  return text.slice(0, index).split('\n').length;
}
