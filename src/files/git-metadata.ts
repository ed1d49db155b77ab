import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { asBytePath, bytePathFromBuffer, fsPath, pathInsideRoot, textOf } from './byte-path.ts';
import type { BytePath } from './byte-path.ts';
import { readRegularFile } from './regular-file.ts';

/**
 * A repository's git metadata is never read: on a GitHub runner, actions/checkout (before its
 * v6) persists the job's token in `.git/config` as an `http.<url>.extraheader`, and a submodule's
 * or a second checkout's metadata holds the same. Git metadata is any directory named `.git`,
 * and, when the repository's `.git` is a file (a worktree, a submodule, `--separate-git-dir`),
 * the directory it names and that directory's common directory, wherever they are.
 */
export const GIT_METADATA_NAME = '.git';

/**
 * The git metadata directories that the `.git` file at the top of `repository` leads to, as
 * absolute paths: its `gitdir:` and that directory's `commondir` (where a worktree's config, the
 * one with the token, lives). None when `.git` is a directory (its name already marks it) or
 * absent.
 */
export async function linkedGitDirectories(repository: BytePath): Promise<BytePath[]> {
  const gitdir = await readPointer(
    asBytePath(path.join(repository, GIT_METADATA_NAME)),
    /^gitdir: (.+?)\r*$/,
    repository,
  );
  if (gitdir === null) return [];
  const common = await readPointer(asBytePath(path.join(gitdir, 'commondir')), /^(.+?)\r*$/, gitdir);
  return common === null ? [gitdir] : [gitdir, common];
}

/**
 * Whether the real path `real` lies in git metadata: in one of `linked` (real paths, from
 * linkedGitDirectories), or below a directory named `.git` (compared without regard to case, as
 * git does on the case-insensitive file systems of macOS and Windows runners): within
 * `repository`, below it; outside it (a link followed out of the repository), anywhere on the
 * way, since another checkout's metadata holds the same token.
 */
export function liesInGitMetadata(repository: BytePath, linked: readonly BytePath[], real: BytePath): boolean {
  if (linked.some((dir) => pathInsideRoot(dir, real) !== null)) return true;
  const inside = pathInsideRoot(repository, real);
  const parts = inside === null ? real.split(path.sep) : inside.split('/');
  return parts.some((part) => part.toLowerCase() === GIT_METADATA_NAME);
}

/**
 * The path named by the first line of `file`, absolute against `base`; null when there is no such
 * file or line. Git trims only the line's end (`\r`, `\n`) off a pointer, and so does this.
 */
async function readPointer(file: BytePath, line: RegExp, base: BytePath): Promise<BytePath | null> {
  let content: Buffer;
  try {
    // A pointer is one short line; anything else (a directory, a FIFO, a large file) is no
    // pointer to follow. Git follows a link to it, so the read does too.
    const real = bytePathFromBuffer(await realpath(fsPath(file), { encoding: 'buffer' }));
    content = await readRegularFile(real, { kind: 'git-pointer', shown: textOf(file) });
  } catch {
    return null;
  }
  const named = line.exec(bytePathFromBuffer(content).split('\n', 1)[0] ?? '')?.[1];
  return named === undefined ? null : asBytePath(path.resolve(base, named));
}
