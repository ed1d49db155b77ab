// The one lister of the module's directories (src/files/directory.ts): a directory is listed only
// as the directory that was checked, and only where the repository's rule lets it be.
import { lstat, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytePathOf } from '../../../src/files/byte-path.ts';
import { confinementOf } from '../../../src/files/confinement.ts';
import { listVerifiedDirectory } from '../../../src/files/directory.ts';
import { FileChangedError, OpenedOutsideError } from '../../../src/files/reader.ts';

let base: string;
let repo: string;
let outside: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'directory-'));
  repo = join(base, 'repo');
  outside = join(base, 'outside');
  await mkdir(join(repo, 'sub'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(join(repo, 'sub', 'a.tf'), 'a\n');
  await symlink('a.tf', join(repo, 'sub', 'b.tf'));
  await writeFile(join(outside, 'a.tf'), 'outside\n');
});
afterAll(() => rm(base, { recursive: true, force: true }));

const direct = <T>(operation: () => Promise<T>): Promise<T> => operation();

async function list(dir: string, identityOf = dir, confined = true) {
  const confinement = confined
    ? await confinementOf({ directory: repo, label: 'the repository', allowOutside: false })
    : null;
  return listVerifiedDirectory(bytePathOf(dir), {
    identity: await lstat(identityOf, { bigint: true }),
    confinement,
    shown: 'sub',
    limit: direct,
  });
}

describe('listVerifiedDirectory', () => {
  it('lists the names, their stats and what each link says', async () => {
    const entries = await list(join(repo, 'sub'));
    const byName = Object.fromEntries(entries.map((e) => [e.name, e]));
    expect(Object.keys(byName).sort()).toEqual(['a.tf', 'b.tf']);
    expect(byName['a.tf']!.stats.isFile()).toBe(true);
    expect(byName['b.tf']!.linkTarget).toBe('a.tf');
  });

  it('refuses a directory that is not the one expected (swapped for another)', async () => {
    await expect(list(join(repo, 'sub'), outside, false)).rejects.toThrow(FileChangedError);
  });

  it('refuses a link where the directory was, even one to the very directory expected', async () => {
    const identity = join(outside);
    await rename(join(repo, 'sub'), join(repo, 'sub.away'));
    await symlink(outside, join(repo, 'sub'));
    try {
      await expect(list(join(repo, 'sub'), identity, false)).rejects.toThrow(FileChangedError);
    } finally {
      await rm(join(repo, 'sub'));
      await rename(join(repo, 'sub.away'), join(repo, 'sub'));
    }
  });

  it('refuses a directory that lies outside the repository, judged on the open directory', async () => {
    await expect(list(outside)).rejects.toThrow(OpenedOutsideError);
  });
});
