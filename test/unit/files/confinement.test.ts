// The one confinement rule (src/files/confinement.ts), on real files and links: where a path
// really leads, what is refused with and without allow-links-outside-repository, and that what
// is read is the file that was checked.

import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytePathOf } from '../../../src/files/byte-path.ts';
import { checkPath, confinementOf, firstLinkOnTheWay } from '../../../src/files/confinement.ts';
import type { CheckedPath, Confinement } from '../../../src/files/confinement.ts';
import { FileChangedError, FileTooLargeError, readCheckedFile } from '../../../src/files/reader.ts';
import type { FileKind } from '../../../src/files/reader.ts';

let base: string;
let repo: string;
let outside: string;
let confined: Confinement;
let allowing: Confinement;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'confinement-'));
  repo = join(base, 'repo');
  outside = join(base, 'outside');
  await mkdir(join(repo, '.git'), { recursive: true });
  await mkdir(join(repo, 'lib'), { recursive: true });
  await mkdir(join(outside, 'other', '.git'), { recursive: true });
  await writeFile(join(repo, '.git', 'config'), '[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n');
  await writeFile(join(repo, 'lib', 'a.native'), 'main = rule { true }\n');
  await writeFile(join(outside, 'secret'), 'outside\n');
  await writeFile(join(outside, 'other', '.git', 'config'), 'token\n');
  await symlink('/proc/self/environ', join(repo, 'environ'));
  await symlink('.git/config', join(repo, 'creds'));
  await symlink('../outside', join(repo, 'out'));
  await symlink('lib', join(repo, 'inside'));
  await symlink('out/other/.git/config', join(repo, 'other-creds'));
  confined = await confinementOf({ directory: repo, label: 'the repository', allowOutside: false });
  allowing = await confinementOf({ directory: repo, label: 'the repository', allowOutside: true });
});
afterAll(() => rm(base, { recursive: true, force: true }));

const at = (...parts: string[]) => bytePathOf(join(repo, ...parts));

describe('checkPath', () => {
  it('judges a path by where it really leads: every link on the way, /proc/self included', async () => {
    const environ = await checkPath(confined, at('environ'));
    expect(environ.real).toBe(`/proc/${process.pid}/environ`);
    expect(environ.refusal).toBe('outside');
    expect((await checkPath(confined, at('out', 'secret'))).refusal).toBe('outside');
    expect((await checkPath(confined, at('inside', 'a.native'))).refusal).toBeNull();
    expect((await checkPath(confined, at('inside', '..', 'lib', 'a.native'))).refusal).toBeNull();
  });

  it('refuses git metadata always; allow-links-outside-repository lets only the outside through', async () => {
    expect((await checkPath(confined, at('creds'))).refusal).toBe('git-metadata');
    expect((await checkPath(allowing, at('creds'))).refusal).toBe('git-metadata');
    expect((await checkPath(allowing, at('other-creds'))).refusal).toBe('git-metadata');
    expect((await checkPath(allowing, at('environ'))).refusal).toBeNull();
    expect((await checkPath(allowing, at('out', 'secret'))).refusal).toBeNull();
  });

  it('names the first link on the way', async () => {
    expect(await firstLinkOnTheWay(bytePathOf(repo), at('out', 'secret'))).toBe('out');
    expect(await firstLinkOnTheWay(bytePathOf(repo), at('lib', 'a.native'))).toBeNull();
  });
});

const readChecked = (checked: CheckedPath, kind: FileKind = 'policy'): Promise<Buffer> =>
  readCheckedFile(confined, checked, { kind, shown: 'the file' });

describe('readCheckedFile', () => {
  it('reads the file that was checked, bounded by the limit of its kind', async () => {
    const checked = await checkPath(confined, at('inside', 'a.native'));
    expect(await readChecked(checked)).toEqual(Buffer.from('main = rule { true }\n'));
    await writeFile(join(repo, 'lib', 'large.git'), Buffer.alloc(64 * 1024 + 1));
    await expect(readChecked(await checkPath(confined, at('lib', 'large.git')), 'git-pointer')).rejects.toThrow(
      FileTooLargeError,
    );
  });

  it('refuses a file swapped after its check: what is opened must be what was checked', async () => {
    await writeFile(join(repo, 'lib', 'swapped.native'), 'checked\n');
    const checked = await checkPath(confined, at('lib', 'swapped.native'));
    await writeFile(join(repo, 'lib', 'other.native'), 'not checked\n');
    await rename(join(repo, 'lib', 'other.native'), join(repo, 'lib', 'swapped.native'));
    await expect(readChecked(checked)).rejects.toThrow(FileChangedError);
  });

  it('refuses a file whose real path became a link after its check', async () => {
    await writeFile(join(repo, 'lib', 'relinked.native'), 'checked\n');
    const checked = await checkPath(confined, at('lib', 'relinked.native'));
    await rm(join(repo, 'lib', 'relinked.native'));
    await symlink(join(outside, 'secret'), join(repo, 'lib', 'relinked.native'));
    await expect(readChecked(checked)).rejects.toThrow(/ELOOP|symbolic link/);
  });

  it('never opens a refused path', async () => {
    await expect(readChecked(await checkPath(confined, at('environ')))).rejects.toThrow(/refused/);
  });
});
