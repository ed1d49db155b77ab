import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';
import type { WalkReport } from './archive-entry.ts';
import { describeFsError } from '../fs-errors.ts';
import {
  DEFAULT_IGNORE_RULES,
  ignoreFileHasOverlongLine,
  MAX_IGNORE_LINE_BYTES,
  parseIgnoreRules,
} from './ignore-rules.ts';
import type { IgnoreRule } from './ignore-rules.ts';
import { asBytePath, bytePathOf, fsPath, textOf } from '../files/byte-path.ts';
import type { BytePath } from '../files/byte-path.ts';
import { checkPath, realBytePath } from '../files/confinement.ts';
import type { Confinement, RefusedLink } from '../files/confinement.ts';
import { NotARegularFileError, readCheckedFile, readRegularFile } from '../files/reader.ts';
import { absoluteLinkTarget, readLinkBytes } from './links.ts';

const IGNORE_FILE = '.terraformignore';
const MAX_ROOT_LINK_HOPS = 40;

/**
 * The module directory cannot be packed. `reason` says why in words that follow its path ("is not
 * a directory", "cannot be read (permission denied)"): whoever chose the directory names it.
 */
export class ModuleRootError extends ConfigurationError {
  readonly root: string;
  readonly reason: string;

  constructor(root: string, reason: string) {
    super(`module directory ${JSON.stringify(root)} ${reason}.`);
    this.root = root;
    this.reason = reason;
  }
}

/** The module directory as an absolute path (its bytes), links on the way to it followed. */
export async function resolveModuleRoot(root: string): Promise<BytePath> {
  let dir = bytePathOf(path.resolve(root));
  for (let hop = 0; hop <= MAX_ROOT_LINK_HOPS; hop++) {
    const current = dir;
    const stats = await guardRoot(root, () => lstat(fsPath(current)));
    if (stats.isSymbolicLink()) {
      dir = absoluteLinkTarget(current, await guardRoot(root, () => readLinkBytes(current)));
      continue;
    }
    if (!stats.isDirectory()) throw new ModuleRootError(root, 'is not a directory');
    return dir;
  }
  throw new ModuleRootError(root, `leads through more than ${MAX_ROOT_LINK_HOPS} links`);
}

/**
 * The rules of the root `.terraformignore` (go-slug reads no other), or the defaults when there
 * is none. A file go-slug cannot read (unreadable, or a line too long for its scanner) falls back
 * to the defaults with a warning, as go-slug does. Read through the one reader (files/reader.ts):
 * with `confinement`, a `.terraformignore` that is a link leading where the rule refuses is added
 * to `refused` and not read (the walk fails naming it); in any case one that is no regular file
 * (a link to /dev/zero, a FIFO) or is larger than its limit fails the step, naming it, before a
 * byte of it is read.
 */
export async function loadIgnoreRules(
  root: BytePath,
  report: WalkReport,
  guard: { displayRoot: string; confinement: Confinement | null; refused: RefusedLink[]; signal?: AbortSignal },
): Promise<readonly IgnoreRule[]> {
  const defaultsOnly = (reason: string): readonly IgnoreRule[] => {
    report.warnings.push(
      `${IGNORE_FILE} could not be read (${reason}); only the default exclusions (.git/, .terraform/ but its modules/) apply.`,
    );
    return DEFAULT_IGNORE_RULES;
  };
  const file = asBytePath(path.join(root, IGNORE_FILE));
  const shown = path.join(guard.displayRoot, IGNORE_FILE);
  const options = { kind: 'terraformignore' as const, shown, ...(guard.signal ? { signal: guard.signal } : {}) };
  let content: Buffer;
  try {
    if (guard.confinement === null) {
      content = await readRegularFile(await realBytePath(file), options);
    } else {
      const checked = await checkPath(guard.confinement, file);
      if (checked.refusal !== null) {
        guard.refused.push({ name: IGNORE_FILE, target: textOf(checked.real), refusal: checked.refusal });
        return DEFAULT_IGNORE_RULES;
      }
      content = await readCheckedFile(guard.confinement, checked, options);
    }
  } catch (error) {
    // A directory is a file go-slug cannot read; a device, a FIFO or a socket it would read
    // without end. Those, one too large, or one that changed while read stop the step.
    if (error instanceof NotARegularFileError && error.what === 'a directory') return defaultsOnly('it is a directory');
    if (error instanceof ConfigurationError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return DEFAULT_IGNORE_RULES;
    return defaultsOnly(describeFsError(error) ?? (error as Error).message);
  }
  if (ignoreFileHasOverlongLine(content)) return defaultsOnly(`a line of ${MAX_IGNORE_LINE_BYTES} bytes or more`);
  return parseIgnoreRules(content);
}

async function guardRoot<T>(root: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    const reason = describeFsError(error);
    if (reason === undefined) throw error;
    throw new ModuleRootError(root, `cannot be read (${reason})`);
  }
}
