import type { Confinement } from '../files/confinement.ts';

/** One entry of a configuration archive, as it will be written. */
export type ArchiveEntry = DirectoryEntry | FileEntry | SymlinkEntry;

interface EntryBase {
  /**
   * Relative, `/`-separated; a directory's name ends in `/`. As text, for a person: a byte of
   * the name that is not UTF-8 shows as U+FFFD (the archive holds `nameBytes`).
   */
  readonly name: string;
  /** The name as the file system's bytes, as go-slug stores it. */
  readonly nameBytes: Buffer;
  /** Permission bits only (`0o644`). */
  readonly mode: number;
  /** Modification time rounded to the nearest second, as go-slug writes it. */
  readonly mtime: Date;
}

export interface DirectoryEntry extends EntryBase {
  readonly type: 'directory';
}

export interface FileEntry extends EntryBase {
  readonly type: 'file';
  readonly size: number;
  /**
   * Absolute path (its bytes) of the file whose content is written (the target, for a followed
   * link); its last part is no link.
   */
  readonly source: Buffer;
  /** The file the walk saw there: the file opened to be packed must be this one. */
  readonly identity: { readonly dev: bigint; readonly ino: bigint };
  /** The repository's rule the walk was confined to: the file opened must lie where it allows. */
  readonly confinement: Confinement | null;
}

export interface SymlinkEntry extends EntryBase {
  readonly type: 'symlink';
  /** Relative link target, `/`-separated, as text (see `name`). */
  readonly target: string;
  /** The target's bytes, as stored. */
  readonly targetBytes: Buffer;
}

/** What a walk of the module left out, and what it could not honour. */
export interface WalkReport {
  /**
   * Paths that `.terraformignore` or the default exclusions left out: files and links, and
   * directories (ending in `/`) that were not walked at all. A directory whose own entry was
   * left out but whose contents were still considered one by one is not listed.
   */
  readonly ignored: string[];
  /** Problems that did not stop the walk (an unreadable `.terraformignore`). */
  readonly warnings: string[];
}
