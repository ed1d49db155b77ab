/** One entry of a configuration archive, as it will be written. */
export type ArchiveEntry = DirectoryEntry | FileEntry | SymlinkEntry;

interface EntryBase {
  /** Relative, `/`-separated; a directory's name ends in `/`. */
  readonly name: string;
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
  /** Absolute path of the file whose content is written (the target, for a followed link). */
  readonly source: string;
}

export interface SymlinkEntry extends EntryBase {
  readonly type: 'symlink';
  /** Relative link target, `/`-separated. */
  readonly target: string;
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
