import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import tarStream from 'tar-stream';

/** An entry read back from a packed archive, with everything the tests look at. */
export interface ArchivedEntry {
  name: string;
  type: string;
  mode: number;
  linkname: string | null;
  size: number;
  uid: number;
  gid: number;
  uname: string;
  gname: string;
  mtime: Date;
  content: Buffer;
}

/** Gunzip and untar `archive` with tar-stream, as an independent reader of what was written. */
export async function readArchive(archive: Buffer): Promise<ArchivedEntry[]> {
  const extract = tarStream.extract();
  Readable.from([archive]).pipe(zlib.createGunzip()).pipe(extract);
  const entries: ArchivedEntry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const { header } = entry;
    entries.push({
      name: header.name,
      type: header.type,
      mode: header.mode,
      linkname: header.linkname ?? null,
      size: header.size,
      uid: header.uid,
      gid: header.gid,
      uname: header.uname ?? '',
      gname: header.gname ?? '',
      mtime: header.mtime,
      content: Buffer.concat(chunks),
    });
  }
  return entries;
}
