// The module directory is checked before any request, as the packer resolves it: the message names
// the input as the user wrote it, and keeps the packer's reason.

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import { checkModuleDirectory } from '../../src/modes/run-module-tests/configuration-archive.ts';

let repo: string;
beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'module-directory-'));
  await mkdir(join(repo, 'modules', 'net'), { recursive: true });
  await writeFile(join(repo, 'README.md'), '# a repository\n');
  await symlink('loop-b', join(repo, 'loop-a'));
  await symlink('loop-a', join(repo, 'loop-b'));
});
afterAll(() => rm(repo, { recursive: true, force: true }));

const refusal = (moduleDirectory: string): Promise<unknown> =>
  checkModuleDirectory(repo, moduleDirectory).then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the module directory', () => {
  it('is the absolute path of a directory of the repository', async () => {
    expect(await checkModuleDirectory(repo, 'modules/net')).toBe(join(repo, 'modules', 'net'));
  });

  it.each([
    ['README.md', 'is not a directory'],
    ['modules/nope', 'cannot be read (it does not exist)'],
    ['README.md/net', 'cannot be read (a part of its path is not a directory)'],
    ['loop-a', 'leads through more than 40 links'],
  ])('refuses %s, naming the input and saying why', async (moduleDirectory, why) => {
    const error = await refusal(moduleDirectory);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      `Input "module-directory" is "${moduleDirectory}", which ${why}; give the module's root directory relative to the repository root.`,
    );
  });
});
