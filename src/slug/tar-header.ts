import type { Header } from 'tar-stream';
import type { ArchiveEntry } from './archive-entry.ts';

// File-type bits added to the permission bits only so that a mode of 0 is not replaced by
// tar-stream's default (it tests `!mode`); its encoder keeps the low 12 bits, so the archive
// holds the permission bits alone, as go-slug writes them.
const TYPE_BITS = { directory: 0o040000, file: 0o100000, symlink: 0o120000 } as const;

// A USTAR header holds the time in 11 octal digits, but tar-stream encodes it through a 32-bit
// integer: clamp to what it can write rather than write garbage.
const LATEST_ENCODABLE = new Date(0x7fffffff * 1000);
const EARLIEST_ENCODABLE = new Date(0);

/**
 * The tar header go-slug writes for an entry: its name (a directory's ending in `/`), permission
 * bits, modification time to the second, uid and gid 0, no user or group names.
 */
export function tarHeader(entry: ArchiveEntry): Partial<Header> & Pick<Header, 'name'> {
  const mtime =
    entry.mtime > LATEST_ENCODABLE ? LATEST_ENCODABLE : entry.mtime < EARLIEST_ENCODABLE ? EARLIEST_ENCODABLE : entry.mtime;
  const common = { name: entry.name, mode: TYPE_BITS[entry.type] | entry.mode, mtime, uid: 0, gid: 0 };
  switch (entry.type) {
    case 'directory':
      return { ...common, type: 'directory' };
    case 'file':
      return { ...common, type: 'file', size: entry.size };
    case 'symlink':
      return { ...common, type: 'symlink', linkname: entry.target };
  }
}
