// A report file the step writes into the workspace (a JUnit file for the next step to publish).
// The path comes from an input and the directories on the way from the repository, which a pull
// request controls: a link on the way, or in the file's own place, that points out of the
// workspace must not let the step write over a file of the runner.

import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, realpathSync, writeSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Writes `content` to `path` (relative to `workspaceRoot`), creating the directories it needs.
 * Throws an Error saying why when the file would land outside the workspace or cannot be written.
 */
export function writeWorkspaceFile(workspaceRoot: string, path: string, content: string): void {
  const root = realpathSync(workspaceRoot);
  const target = resolve(root, path);
  if (!inside(root, target)) throw new Error(`${path} lies outside the workspace`);

  // The deepest directory on the way that exists must really be inside the workspace (a link on
  // the way would lead elsewhere); the ones created after it are new, so they are plain ones.
  let existing = dirname(target);
  while (!exists(existing)) existing = dirname(existing);
  if (!inside(root, realpathSync(existing)))
    throw new Error(`${path} leads out of the workspace through a symbolic link`);
  mkdirSync(dirname(target), { recursive: true });
  if (!inside(root, realpathSync(dirname(target))))
    throw new Error(`${path} leads out of the workspace through a symbolic link`);

  // O_NOFOLLOW: a link in the file's own place is refused rather than written through; O_NONBLOCK:
  // a FIFO there is refused at once rather than waited on for a reader.
  const flags =
    constants.O_WRONLY |
    constants.O_CREAT |
    constants.O_TRUNC |
    (constants.O_NOFOLLOW ?? 0) |
    (constants.O_NONBLOCK ?? 0);
  let fd: number;
  try {
    fd = openSync(target, flags, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new Error(`${path} is a symbolic link; it is not written through`, { cause: error });
    }
    throw error;
  }
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`${path} is not a regular file; it is not written`);
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
