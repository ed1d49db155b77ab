// The one reader of the files the action opens (action-interface, "Files"): every content read of
// a repository path comes through here, and lint holds every other module to it
// (eslint.config.js, FILE_READS). A file is read only when the open file itself is a regular file
// (checked on the descriptor, so a link swapped for a device, a FIFO or a socket is refused before
// a byte is read), no larger than the cap of its kind, and the file that was checked; the read is
// asynchronous, in chunks, and ends at the step's cancellation. Where the repository's rule
// applies, the open file is judged by where it really is (openedFileLocation), so a directory on
// its way swapped for a link after the check cannot lead the read outside.

import { createReadStream, fstatSync, openSync, closeSync, readlinkSync, readSync } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { lstat, open, readlink, realpath } from 'node:fs/promises';
import { ConfigurationError } from '../errors.ts';
import { bytePathFromBuffer, fsPath, textOf } from './byte-path.ts';
import type { BytePath } from './byte-path.ts';
import { refusalOf } from './confinement.ts';
import type { CheckedPath, Confinement } from './confinement.ts';
import {
  describeType,
  FileChangedError,
  NotARegularFileError,
  READ_FLAGS,
  readWithin,
  sameFile,
} from './regular-file.ts';
import type { FileIdentity, ReadOptions } from './regular-file.ts';

export {
  FILE_SIZE_LIMITS,
  FileChangedError,
  FileTooLargeError,
  NotARegularFileError,
  readRegularFile,
} from './regular-file.ts';
export type { FileIdentity, FileKind, ReadOptions } from './regular-file.ts';

/** The open file lies where the repository's rule refuses it: a directory on its way was swapped for a link. */
export class OpenedOutsideError extends ConfigurationError {
  constructor(file: string, real: string) {
    super(
      `${JSON.stringify(file)} led to ${JSON.stringify(real)} when it was opened, not where it was checked: a directory on its way ` +
        `changed into a link while it was read, so nothing of it was used.`,
    );
  }
}

/** Where the kernel says an open descriptor's file is (Linux's /proc/self/fd); null where it cannot say. */
function descriptorLocationSync(fd: number): BytePath | null {
  try {
    return bytePathFromBuffer(readlinkSync(`/proc/self/fd/${fd}`, { encoding: 'buffer' }));
  } catch {
    return null;
  }
}

async function descriptorLocation(fd: number): Promise<BytePath | null> {
  try {
    return bytePathFromBuffer(await readlink(`/proc/self/fd/${fd}`, { encoding: 'buffer' }));
  } catch {
    return null;
  }
}

/**
 * Judges an open file by the repository's rule, by where it really is: the kernel's own word on
 * the descriptor where it gives one (no race: a link swapped in on the way was followed by the
 * open and shows here). Elsewhere, the path's real path now, and the file there must be the open
 * one.
 */
export async function checkOpenedLocation(
  fd: number,
  identity: FileIdentity,
  path: BytePath,
  confinement: Confinement,
  shown: string,
): Promise<void> {
  let real = await descriptorLocation(fd);
  if (real === null) {
    real = bytePathFromBuffer(await realpath(fsPath(path), { encoding: 'buffer' }));
    if (!sameFile(await lstat(fsPath(real), { bigint: true }), identity)) throw new FileChangedError(shown);
  }
  if (refusalOf(confinement, real) !== null) throw new OpenedOutsideError(shown, textOf(real));
}

/**
 * Opens `file` (bytes of a path whose last part is no link) for reading: the open file must be a
 * regular file, the one `identity` names, and, with `confinement`, where the repository's rule
 * lets it be. `shown` names it in errors. The caller closes the descriptor. Synchronous, for the
 * packer's many small files (slug/pack.ts says why); the checks are the asynchronous reader's.
 */
export function openVerifiedSync(
  file: Buffer,
  identity: FileIdentity,
  shown: string,
  confinement: Confinement | null,
): number {
  const fd = openSync(file, READ_FLAGS);
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (!sameFile(stats, identity)) throw new FileChangedError(shown);
    if (!stats.isFile()) throw new NotARegularFileError(shown, describeType(stats));
    if (confinement !== null) {
      const real = descriptorLocationSync(fd);
      if (real !== null && refusalOf(confinement, real) !== null) throw new OpenedOutsideError(shown, textOf(real));
    }
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** A file the packer packs: where it is, what the walk saw there, and the rule it is held to. */
export interface PackedFile {
  /** Absolute path (its bytes); its last part is no link. */
  readonly source: Buffer;
  readonly identity: FileIdentity;
  /** The size its archive entry states: exactly this many bytes are read. */
  readonly size: number;
  /** How messages name it. */
  readonly name: string;
  readonly confinement: Confinement | null;
}

/** The message of an error for a file shorter than its entry states (it shrank while packed). */
export const SIZE_MISMATCH = 'Size mismatch';

/**
 * Exactly `file.size` bytes of a small file, from the file the walk saw (openVerifiedSync).
 * Synchronous: for a small file the open and close cost most, and a trip through libuv's thread
 * pool per call costs several times that (slug/pack.ts has the figures).
 */
export function readPackedFileSync(file: PackedFile): Buffer {
  const fd = openVerifiedSync(file.source, file.identity, file.name, file.confinement);
  try {
    const content = Buffer.allocUnsafe(file.size);
    let filled = 0;
    while (filled < file.size) {
      const read = readSync(fd, content, filled, file.size - filled, filled);
      if (read === 0) throw new Error(SIZE_MISMATCH);
      filled += read;
    }
    return content;
  } finally {
    closeSync(fd);
  }
}

/**
 * A stream of exactly `file.size` bytes of a large file, from the file the walk saw, in chunks of
 * `chunkBytes`; it starts reading at once, so that the content is ready when its turn comes.
 */
export function streamPackedFile(file: PackedFile, chunkBytes: number): ReadStream {
  const fd = openVerifiedSync(file.source, file.identity, file.name, file.confinement);
  // `end` is inclusive: reading exactly the size recorded in the header keeps the entry
  // consistent if the file grows meanwhile, and saves the read that would find the end.
  return createReadStream('', { fd, highWaterMark: chunkBytes, start: 0, end: file.size - 1 });
}

/**
 * The content of a checked path that the rule lets be read, read from the file that was checked:
 * opened by its real path, a regular file, the one the check saw, still where the rule allows;
 * a FileTooLargeError past its kind's limit (then at most one byte more than that is read).
 */
export async function readCheckedFile(
  confinement: Confinement,
  checked: CheckedPath,
  options: ReadOptions,
): Promise<Buffer> {
  if (checked.refusal !== null) throw new Error(`${textOf(checked.path)} was refused and may not be read`);
  const handle = await open(fsPath(checked.real), READ_FLAGS);
  try {
    const stats = await handle.stat({ bigint: true });
    if (!sameFile(stats, checked.stats)) throw new FileChangedError(options.shown);
    if (!stats.isFile()) throw new NotARegularFileError(options.shown, describeType(stats));
    await checkOpenedLocation(handle.fd, stats, checked.real, confinement, options.shown);
    return await readWithin(handle, Number(stats.size), options);
  } finally {
    await handle.close();
  }
}
