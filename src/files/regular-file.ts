// Reading one regular file, the core of the reader (reader.ts): the open file must be a regular
// file (checked on the descriptor, so a device, a FIFO or a socket is refused before a byte is
// read), no larger than the limit of its kind, read a chunk at a time with the step's
// cancellation looked at between chunks.

import { constants } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { ConfigurationError } from '../errors.ts';
import { fsPath } from './byte-path.ts';
import type { BytePath } from './byte-path.ts';

/** The identity of a file: what the open file is compared with. */
export interface FileIdentity {
  readonly dev: bigint;
  readonly ino: bigint;
}

/** What the action reads, each kind with the most it reads of one file. */
export type FileKind = 'policy' | 'policy-config' | 'terraformignore' | 'variable-options' | 'git-pointer';

/** The largest file of each kind, in bytes: past it, nothing of the file is used. */
export const FILE_SIZE_LIMITS: Readonly<Record<FileKind, number>> = {
  // The service refuses a policy's code over 10 MB (spec 4.1, 413); reading more is pointless.
  policy: 10 * 1024 * 1024,
  // Blocks of a few settings each: thousands of policies fit in far less.
  'policy-config': 10 * 1024 * 1024,
  // Patterns, one a line; go-slug's scanner already gives up on a line of 64 KiB.
  terraformignore: 1024 * 1024,
  // Allowed values of a module's variables, sent in one request document.
  'variable-options': 1024 * 1024,
  // One line naming a directory (git's `gitdir:` and `commondir` files).
  'git-pointer': 64 * 1024,
};

/** How the files of a kind are named in a message. */
const KIND_NAMES: Readonly<Record<FileKind, string>> = {
  policy: 'a policy file',
  'policy-config': 'a policy config',
  terraformignore: 'a .terraformignore',
  'variable-options': 'a variable options file',
  'git-pointer': 'a git pointer file',
};

/** Bytes read at a time: between two reads the step's cancellation is looked at. */
const READ_CHUNK = 1024 * 1024;

/**
 * Read only; never through a link at the end (a checked path has none, so one there now is a
 * change); never waiting on a FIFO the file was swapped for. Windows lacks the last two, and the
 * checks on the open file still hold there.
 */
export const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The file changed between its check and its read: what was opened is not what was checked. */
export class FileChangedError extends ConfigurationError {
  constructor(file: string) {
    super(
      `${JSON.stringify(file)} changed while it was being read (the file opened is not the one checked), so nothing of it was used; ` +
        `run the step again once nothing is writing to the repository.`,
    );
  }
}

/** What was opened is no regular file: a directory, a device, a FIFO or a socket holds no content to read. */
export class NotARegularFileError extends ConfigurationError {
  /** What it is instead: `a directory`, `a device`, `a FIFO`, `a socket`. */
  readonly what: string;
  constructor(file: string, what: string) {
    super(`${JSON.stringify(file)} is ${what}, not a regular file, so nothing of it was read.`);
    this.what = what;
  }
}

/** The file is larger than its kind allows. */
export class FileTooLargeError extends ConfigurationError {
  readonly bytes: number;
  constructor(file: string, kind: FileKind, bytes: number) {
    super(
      `${JSON.stringify(file)} holds ${bytes} bytes, more than the ${FILE_SIZE_LIMITS[kind]} ${KIND_NAMES[kind]} may hold, ` +
        `so nothing of it was read.`,
    );
    this.bytes = bytes;
  }
}

export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** What a file that is not regular is, in words. */
export function describeType(stats: BigIntStats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a file';
}

export interface ReadOptions {
  readonly kind: FileKind;
  /** How messages name the file (relative to the repository, as the user knows it). */
  readonly shown: string;
  /** The step's cancellation: the read ends with it. */
  readonly signal?: AbortSignal;
}

/**
 * The content of a regular file that is no repository path of the rule's (the pointer files of
 * git metadata, which the rule refuses as such): not through a link at the end, a regular file,
 * within its kind's limit.
 */
export async function readRegularFile(file: BytePath, options: ReadOptions): Promise<Buffer> {
  const handle = await open(fsPath(file), READ_FLAGS);
  try {
    const stats = await handle.stat({ bigint: true });
    if (!stats.isFile()) throw new NotARegularFileError(options.shown, describeType(stats));
    return await readWithin(handle, Number(stats.size), options);
  } finally {
    await handle.close();
  }
}

/** At most the kind's limit of an open regular file of `size` bytes, a chunk at a time. */
export async function readWithin(handle: FileHandle, size: number, options: ReadOptions): Promise<Buffer> {
  const maxBytes = FILE_SIZE_LIMITS[options.kind];
  if (size > maxBytes) throw new FileTooLargeError(options.shown, options.kind, size);
  // One byte more than the size, to see a file that grew since its size was read.
  const buffer = Buffer.alloc(size + 1);
  let filled = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const { bytesRead } = await handle.read(buffer, filled, Math.min(READ_CHUNK, buffer.length - filled), filled);
    if (bytesRead === 0) return buffer.subarray(0, filled);
    filled += bytesRead;
    // It grew since its size was read: it is being written.
    if (filled === buffer.length) throw new FileChangedError(options.shown);
  }
}
