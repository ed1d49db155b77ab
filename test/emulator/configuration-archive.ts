// The uploaded configuration unpacked into a directory of its own, for the terraform the emulator
// runs on it: a gzip'd tar as go-slug packs it (src/slug), read by the tests' own tar reader
// (test/slug/archive-reader.ts), which neither shares code with the packer nor decodes names.
// The archive comes from a client: nothing in it may write outside the directory.
import { lstat, mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import { readArchive, type ArchivedEntry } from '../slug/archive-reader.ts';

/** An archive the emulator will not unpack: the run errors, its log saying why. */
export class RefusedArchiveError extends Error {}

const SLASH = 0x2f;
const DOT = Buffer.from('.');
const DOT_DOT = Buffer.from('..');

/**
 * Writes every entry of `archive` under `directory` (which exists and is empty): files with their
 * mode, directories, and links whose target stays inside. Refused, before or while writing: an
 * archive that is not a gzip'd tar, an absolute name or one with a `..` part, an entry of another
 * type (device, hard link), an entry under a link, a second entry of the same name, and a link
 * that leads outside the directory, by its text or once every link is in place.
 */
export async function unpackConfiguration(archive: Buffer, directory: string): Promise<void> {
  let entries: ArchivedEntry[];
  try {
    entries = await readArchive(archive);
  } catch (error) {
    throw new RefusedArchiveError(`the uploaded configuration is not a gzip'd tar archive (${messageOf(error)})`);
  }
  const root = await realpath(Buffer.from(directory), { encoding: 'buffer' });
  const links: Buffer[] = [];
  for (const entry of entries) {
    const parts = nameParts(entry);
    if (parts.length === 0) continue;
    await makeDirectories(root, parts.slice(0, -1), entry);
    const target = joined(root, parts);
    if (entry.type === 'directory') {
      await makeDirectories(root, parts, entry);
    } else if (entry.type === 'file') {
      // `wx`: never through something already there, a link above all.
      await writeFile(target, entry.content, { flag: 'wx', mode: (entry.mode & 0o777) | 0o600 }).catch(
        (error: unknown) => {
          throw refused(entry, `it cannot be written (${messageOf(error)})`);
        },
      );
    } else if (entry.type === 'symlink') {
      const linkname = entry.linknameBytes ?? Buffer.alloc(0);
      if (linkname.length === 0 || linkname[0] === SLASH || !staysInside(parts.slice(0, -1), linkname))
        throw refused(entry, `it is a link to ${JSON.stringify(entry.linkname)}, outside the configuration`);
      await symlink(linkname, target).catch((error: unknown) => {
        throw refused(entry, `the link cannot be made (${messageOf(error)})`);
      });
      links.push(target);
    } else {
      throw refused(entry, `its type is ${entry.type}; a configuration holds files, directories and links`);
    }
  }
  // A link's text can stay inside while the links it passes through lead out (`a -> ..` beside
  // `sub/b -> ../a/..`): where each link really leads is checked once all are in place.
  for (const link of links) {
    const real = await realpath(link, { encoding: 'buffer' }).catch(() => null);
    // A link that leads nowhere (yet) is kept, as the packer keeps it; its text stays inside.
    if (real !== null && !inside(root, real))
      throw new RefusedArchiveError(
        `the uploaded configuration holds ${JSON.stringify(link.subarray(root.length + 1).toString())}, a link that leads outside it`,
      );
  }
}

/** The parts of an entry's name, `.` parts left out; refused when absolute or with a `..` part. */
function nameParts(entry: ArchivedEntry): Buffer[] {
  const name = entry.nameBytes;
  if (name[0] === SLASH) throw refused(entry, 'its name is absolute');
  if (name.includes(0)) throw refused(entry, 'its name holds a NUL byte');
  const parts = split(name).filter((part) => part.length > 0 && !part.equals(DOT));
  if (parts.some((part) => part.equals(DOT_DOT))) throw refused(entry, 'its name has a ".." part');
  return parts;
}

/** Makes each directory of `parts` under `root` that is missing; refused where one is something
 *  else (a link above all: nothing is written through a link). */
async function makeDirectories(root: Buffer, parts: Buffer[], entry: ArchivedEntry): Promise<void> {
  for (let depth = 1; depth <= parts.length; depth++) {
    const path = joined(root, parts.slice(0, depth));
    const stats = await lstat(path).catch(() => null);
    if (stats === null) await mkdir(path, { mode: 0o755 });
    else if (!stats.isDirectory())
      throw refused(entry, `${JSON.stringify(parts.slice(0, depth).join('/'))} is not a directory`);
  }
}

/** Whether a link in the directory `at` (parts under the root) whose text is `linkname` leads to
 *  a path inside the root, read as text (`..` takes back one part). */
function staysInside(at: Buffer[], linkname: Buffer): boolean {
  let depth = at.length;
  for (const part of split(linkname)) {
    if (part.length === 0 || part.equals(DOT)) continue;
    depth += part.equals(DOT_DOT) ? -1 : 1;
    if (depth < 0) return false;
  }
  return true;
}

function inside(root: Buffer, path: Buffer): boolean {
  return (
    path.equals(root) ||
    (path.length > root.length && path[root.length] === SLASH && path.subarray(0, root.length).equals(root))
  );
}

function split(bytes: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(SLASH); at !== -1; at = bytes.indexOf(SLASH, start)) {
    parts.push(bytes.subarray(start, at));
    start = at + 1;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

function joined(root: Buffer, parts: Buffer[]): Buffer {
  return Buffer.concat([root, ...parts.flatMap((part) => [Buffer.from('/'), part])]);
}

function refused(entry: ArchivedEntry, why: string): RefusedArchiveError {
  return new RefusedArchiveError(`the uploaded configuration holds ${JSON.stringify(entry.name)}: ${why}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
