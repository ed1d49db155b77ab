// The module directory is checked before any request, as the packer resolves it: the message names
// the input as the user wrote it, and keeps the packer's reason.

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { checkModuleDirectory } from '../../../src/modes/run-module-tests/configuration-archive.ts';

let repo: string;
let outside: string;
beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'module-directory-'));
  // A directory elsewhere on the runner, without Terraform files, reached through a link.
  outside = await mkdtemp(join(tmpdir(), 'module-directory-outside-'));
  await writeFile(join(outside, 'credentials.json'), '{}\n');
  await symlink(outside, join(repo, 'elsewhere'));
  await mkdir(join(repo, '.git'));
  await symlink('.git', join(repo, 'git-dir'));
  await mkdir(join(repo, 'modules', 'net'), { recursive: true });
  await writeFile(join(repo, 'modules', 'net', 'main.tf'), 'variable "cidr" {}\n');
  await writeFile(join(repo, 'README.md'), '# a repository\n');
  // A module written as JSON, one whose only configuration is a link, an empty directory, and
  // directories that hold no Terraform configuration at their root.
  await mkdir(join(repo, 'modules', 'json'));
  await writeFile(join(repo, 'modules', 'json', 'main.tf.json'), '{"variable": {"cidr": {}}}\n');
  await mkdir(join(repo, 'modules', 'linked'));
  await symlink('../net/main.tf', join(repo, 'modules', 'linked', 'main.tf'));
  await mkdir(join(repo, 'modules', 'empty'));
  await mkdir(join(repo, 'policies', 'nested', 'deeper.tf'), { recursive: true });
  for (const name of ['policies.hcl', 'restrict.sentinel', 'main.tf.bak', 'tf', 'variables.tfvars', 'notes.txt'])
    await writeFile(join(repo, 'policies', name), '');
  await mkdir(join(repo, 'wrapper', 'module'), { recursive: true });
  await writeFile(join(repo, 'wrapper', 'module', 'main.tf'), '');
  await symlink('loop-b', join(repo, 'loop-a'));
  await symlink('loop-a', join(repo, 'loop-b'));
});
afterAll(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const refusal = (moduleDirectory: string): Promise<unknown> =>
  checkModuleDirectory(repo, moduleDirectory).then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the module directory', () => {
  it('is the absolute path of a directory of the repository', async () => {
    expect(await checkModuleDirectory(repo, 'modules/net')).toBe(join(repo, 'modules', 'net'));
  });

  it.each(['modules/json', 'modules/linked'])('%s holds Terraform configuration at its root', async (dir) => {
    expect(await checkModuleDirectory(repo, dir)).toBe(join(repo, dir));
  });

  it.each([
    ['README.md', 'is not a directory'],
    ['modules/nope', 'cannot be read (it does not exist)'],
    ['README.md/net', 'cannot be read (a part of its path is not a directory)'],
    ['loop-a', 'leads through more than 40 links'],
    ['modules/empty', 'is empty, with no .tf or .tf.json file'],
    [
      'policies',
      'holds 6 files, none .tf or .tf.json: "main.tf.bak", "notes.txt", "policies.hcl", "restrict.sentinel", "tf" ' +
        'and 1 more; and 1 directory: "nested/"; ' +
        "Terraform reads a module's .tf and .tf.json files at its root",
    ],
    // Refused before it is listed: no name from outside the repository is quoted.
    ['elsewhere', 'leads outside the repository (unless allow-links-outside-repository is true)'],
    ['git-dir', "leads into the repository's git metadata, which is never packed"],
    [
      'wrapper',
      'holds no file, only 1 directory: "module/"; Terraform reads a module\'s .tf and .tf.json files at its root',
    ],
  ])('refuses %s, naming the input and saying why', async (moduleDirectory, why) => {
    const error = await refusal(moduleDirectory);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      `Input "module-directory" is "${moduleDirectory}", which ${why}; give the module's root directory relative to the repository root.`,
    );
  });

  it('outside the repository with allow-links-outside-repository: checked like any other', async () => {
    const error = await checkModuleDirectory(repo, 'elsewhere', true).catch((e: unknown) => e);
    expect((error as Error).message).toContain('holds 1 file, none .tf or .tf.json: "credentials.json"');
  });
});
