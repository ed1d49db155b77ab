import { isAbsolute, relative, sep } from 'node:path';
import { decodeGoUtf8 } from './go-utf8.ts';

/**
 * A path or name as the bytes the file system holds, carried in a string of one character per
 * byte (latin1). Linux allows any bytes but `/` and NUL in a name, and go-slug packs them as they
 * are; a UTF-8 string cannot hold a name that is not valid UTF-8 (Node would turn it into U+FFFD
 * and then not find the file). In this form `path.posix` works byte by byte (`/` and `.` are
 * single bytes in both encodings) and string order is byte order, Go's sort order.
 */
export type BytePath = string & { readonly __bytes: true };

/** A path given as ordinary (UTF-8) text, such as the module directory input. */
export function bytePathOf(text: string): BytePath {
  return Buffer.from(text, 'utf8').toString('latin1') as BytePath;
}

/** Bytes read from the file system (readdir, readlink with `encoding: 'buffer'`). */
export function bytePathFromBuffer(bytes: Buffer): BytePath {
  return bytes.toString('latin1') as BytePath;
}

/** The path for Node's file-system calls, which take the bytes as they are when given a Buffer. */
export function fsPath(path: BytePath): Buffer {
  return Buffer.from(path, 'latin1');
}

/** The raw bytes, for a tar header. */
export const bytesOf = fsPath;

/**
 * The path as text, decoded as Go decodes it: what go-slug's ignore rules match against, and
 * what a message shows (a byte that is not UTF-8 appears as U+FFFD).
 */
export function textOf(path: BytePath): string {
  return decodeGoUtf8(fsPath(path));
}

/** `path.posix.join` keeps the brand: joining byte strings gives a byte string. */
export function asBytePath(path: string): BytePath {
  return path as BytePath;
}

/**
 * Where an absolute path lies below `root`: its `/`-separated path relative to `root` (`''` for
 * the root itself), or `null` when it lies outside. Lexical: links on the way are not followed
 * (go-slug's check is this one; the confinement rule applies it to real paths).
 */
export function pathInsideRoot(root: BytePath, absolute: BytePath): BytePath | null {
  const rel = relative(root, absolute);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
  return asBytePath(rel.split(sep).join('/'));
}
