// The one lister of the repository's directories for the module's walk: a directory is listed only
// as the directory that was checked. A pull request cannot make the walk list, or pack from, a
// directory outside the repository by swapping one of the module's directories for a link while
// the walk goes on: the directory is opened without following a link at its end, the open
// directory must be the one its parent's listing showed, it is judged by where it really is, and
// its entries are read through the open directory itself.

import { constants } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { lstat, open, readdir, readlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { asBytePath, bytePathFromBuffer, fsPath } from './byte-path.ts';
import type { BytePath } from './byte-path.ts';
import type { Confinement, FileIdentity } from './confinement.ts';
import { checkOpenedLocation, FileChangedError } from './reader.ts';

/** A directory only, never through a link at its end. */
const DIRECTORY_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** One entry of a listed directory. */
export interface ListedEntry {
  readonly name: BytePath;
  /** What it is (lstat: a link is a link). */
  readonly stats: BigIntStats;
  /** What a link says, read from the listed directory; undefined for anything else. */
  readonly linkTarget?: BytePath;
}

export interface ListOptions {
  /** The directory the walk expects at `dir`: the one its parent's listing (or the root's check) showed. */
  readonly identity: FileIdentity;
  /** The repository's rule, when the walk is confined to it. */
  readonly confinement: Confinement | null;
  /** How messages name the directory. */
  readonly shown: string;
  /** Bounds the file-system calls in flight (the walk's limit). */
  readonly limit: <T>(operation: () => Promise<T>) => Promise<T>;
}

/**
 * The entries of the directory at `dir`, in no particular order, each with its stats and, for a
 * link, its target. Throws FileChangedError when what is at `dir` is no longer the directory
 * expected, and OpenedOutsideError when it lies where the rule refuses it; file-system errors as
 * they are, for the caller to say in words.
 */
export async function listVerifiedDirectory(dir: BytePath, options: ListOptions): Promise<ListedEntry[]> {
  const handle = await options.limit(() => openDirectory(dir, options.shown));
  try {
    const stats = await handle.stat({ bigint: true });
    if (!stats.isDirectory() || stats.dev !== options.identity.dev || stats.ino !== options.identity.ino) {
      throw new FileChangedError(options.shown);
    }
    if (options.confinement !== null) {
      await checkOpenedLocation(handle.fd, stats, dir, options.confinement, options.shown);
    }
    // Linux names the open directory itself: every name below is looked up in it, whatever
    // happens to `dir` meanwhile. Elsewhere, `dir` is looked at again once it has been read.
    const through = (await throughDescriptor(handle.fd)) ?? dir;
    const names = await options.limit(() => readdir(fsPath(through), { encoding: 'buffer' }));
    const entries = await Promise.all(
      names.map(async (bytes): Promise<ListedEntry> => {
        const name = bytePathFromBuffer(bytes);
        const at = fsPath(asBytePath(path.join(through, name)));
        const entryStats = await options.limit(() => lstat(at, { bigint: true }));
        if (!entryStats.isSymbolicLink()) return { name, stats: entryStats };
        const target = bytePathFromBuffer(await options.limit(() => readlink(at, { encoding: 'buffer' })));
        return { name, stats: entryStats, linkTarget: target };
      }),
    );
    if (through === dir) {
      const again = await lstat(fsPath(dir), { bigint: true });
      if (!again.isDirectory() || again.dev !== stats.dev || again.ino !== stats.ino) {
        throw new FileChangedError(options.shown);
      }
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** Opens a directory; a link (or anything else) found where a directory was is a change. */
async function openDirectory(dir: BytePath, shown: string): Promise<FileHandle> {
  try {
    return await open(fsPath(dir), DIRECTORY_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'ENOTDIR') throw new FileChangedError(shown);
    throw error;
  }
}

/** `/proc/self/fd/N` where the kernel resolves names through the open directory; null elsewhere. */
async function throughDescriptor(fd: number): Promise<BytePath | null> {
  const link = `/proc/self/fd/${fd}`;
  try {
    await readlink(link);
    return asBytePath(link);
  } catch {
    return null;
  }
}
