import { gunzipSync } from 'node:zlib';

/** An entry read back from a packed archive, with everything the tests look at. */
export interface ArchivedEntry {
  /** The name decoded as UTF-8 (invalid bytes shown as U+FFFD); `nameBytes` holds it exactly. */
  name: string;
  nameBytes: Buffer;
  type: string;
  mode: number;
  linkname: string | null;
  linknameBytes: Buffer | null;
  size: number;
  uid: number;
  gid: number;
  uname: string;
  gname: string;
  mtime: Date;
  content: Buffer;
}

const TYPES: Readonly<Record<string, string>> = { '0': 'file', '\0': 'file', '2': 'symlink', '5': 'directory' };

/**
 * Gunzip and untar `archive` as Go's archive/tar reads it (USTAR, PAX `path`/`linkpath`/`mtime`
 * records, GNU long names), keeping names as the bytes stored: a reader of its own, so that
 * neither the packer's tar code nor a library's decoding of names stands between a test and the
 * archive.
 */
export async function readArchive(archive: Buffer): Promise<ArchivedEntry[]> {
  const tar = gunzipSync(archive);
  const entries: ArchivedEntry[] = [];
  let offset = 0;
  let pax: Map<string, Buffer> = new Map();
  let gnuName: Buffer | null = null;
  let gnuLink: Buffer | null = null;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    verifyChecksum(header);
    const typeflag = String.fromCharCode(header[156] as number);
    const size = octal(header, 124, 12);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;

    if (typeflag === 'x') {
      pax = parsePax(body);
      continue;
    }
    if (typeflag === 'L' || typeflag === 'K') {
      const value = cString(body, 0, body.length);
      if (typeflag === 'L') gnuName = value;
      else gnuLink = value;
      continue;
    }
    let nameBytes = cString(header, 0, 100);
    const magic = header.subarray(257, 263).toString('latin1');
    if (magic === 'ustar\0') {
      const prefix = cString(header, 345, 155);
      if (prefix.length > 0) nameBytes = Buffer.concat([prefix, Buffer.from('/'), nameBytes]);
    }
    nameBytes = pax.get('path') ?? gnuName ?? nameBytes;
    let linknameBytes: Buffer | null = cString(header, 157, 100);
    linknameBytes = pax.get('linkpath') ?? gnuLink ?? linknameBytes;
    if (linknameBytes.length === 0) linknameBytes = null;
    const paxTime = pax.get('mtime');
    const mtime = paxTime ? new Date(Number(paxTime.toString()) * 1000) : new Date(octal(header, 136, 12) * 1000);
    entries.push({
      name: nameBytes.toString('utf8'),
      nameBytes,
      type: TYPES[typeflag] ?? `typeflag ${typeflag}`,
      mode: octal(header, 100, 8),
      linkname: linknameBytes?.toString('utf8') ?? null,
      linknameBytes,
      size,
      uid: octal(header, 108, 8),
      gid: octal(header, 116, 8),
      uname: cString(header, 265, 32).toString('utf8'),
      gname: cString(header, 297, 32).toString('utf8'),
      mtime,
      content: Buffer.from(body),
    });
    pax = new Map();
    gnuName = null;
    gnuLink = null;
  }
  return entries;
}

function cString(block: Buffer, start: number, length: number): Buffer {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end));
}

function octal(block: Buffer, start: number, length: number): number {
  const text = cString(block, start, length).toString('latin1').trim();
  return text === '' ? 0 : parseInt(text, 8);
}

function verifyChecksum(header: Buffer): void {
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
  if (sum !== octal(header, 148, 8))
    throw new Error(`bad tar header checksum at ${JSON.stringify(cString(header, 0, 100).toString())}`);
}

/** PAX records (`<length> <key>=<value>\n`), values kept as bytes. */
function parsePax(body: Buffer): Map<string, Buffer> {
  const records = new Map<string, Buffer>();
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const length = parseInt(body.subarray(at, space).toString('latin1'), 10);
    const record = body.subarray(space + 1, at + length - 1);
    const equals = record.indexOf(0x3d);
    records.set(record.subarray(0, equals).toString('latin1'), Buffer.from(record.subarray(equals + 1)));
    at += length;
  }
  return records;
}
