import type { ArchiveEntry } from './archive-entry.ts';

/**
 * Tar headers as Go's archive/tar writes go-slug's entries (format left to the writer): a USTAR
 * header when the entry fits one, otherwise a PAX extended header before it, whose records hold
 * the name and link target as their bytes. A name that is not ASCII (let alone not UTF-8) never
 * fits USTAR in Go's writer, so it always travels in a PAX `path` record, byte for byte.
 */

const BLOCK = 512;
const NAME_SIZE = 100;
const PREFIX_SIZE = 155;
const TYPEFLAG = { file: 0x30, symlink: 0x32, directory: 0x35 } as const;
const PAX_TYPEFLAG = 0x78; // 'x'
// Largest value of an 11-digit octal field (size, mtime).
const MAX_OCTAL_11 = 8 ** 11 - 1;

/** The header block(s) of `entry`: 512 bytes, or more with a PAX extended header first. */
export function encodeTarHeader(entry: ArchiveEntry): Buffer {
  const name = entry.nameBytes;
  const linkname = entry.type === 'symlink' ? entry.targetBytes : Buffer.alloc(0);
  const size = entry.type === 'file' ? entry.size : 0;
  const seconds = Math.round(entry.mtime.getTime() / 1000);

  const records: [string, Buffer][] = [];
  const split = ustarName(name);
  if (split === null) records.push(['path', name]);
  if (linkname.length > NAME_SIZE || !isAscii(linkname)) records.push(['linkpath', linkname]);
  if (seconds < 0 || seconds > MAX_OCTAL_11) records.push(['mtime', Buffer.from(String(seconds))]);
  if (size > MAX_OCTAL_11) records.push(['size', Buffer.from(String(size))]);

  const header = Buffer.alloc(BLOCK);
  if (split) {
    split.name.copy(header, 0);
    split.prefix.copy(header, 345);
  } else {
    // As Go: the name without its non-ASCII bytes, cut to the field; readers take the PAX record.
    asciiOnly(name).subarray(0, NAME_SIZE).copy(header, 0);
  }
  writeOctal(header, 100, 8, entry.mode & 0o7777);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, size > MAX_OCTAL_11 ? 0 : size);
  writeOctal(header, 136, 12, seconds < 0 || seconds > MAX_OCTAL_11 ? 0 : seconds);
  header[156] = TYPEFLAG[entry.type];
  if (linkname.length <= NAME_SIZE && isAscii(linkname)) linkname.copy(header, 157);
  else asciiOnly(linkname).subarray(0, NAME_SIZE).copy(header, 157);
  finishUstar(header);
  if (records.length === 0) return header;

  // Go sorts the records by key and names the extended header after the entry.
  records.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = Buffer.concat(records.map(([key, value]) => paxRecord(key, value)));
  const pax = Buffer.alloc(BLOCK);
  paxHeaderName(name).copy(pax, 0);
  writeOctal(pax, 100, 8, 0);
  writeOctal(pax, 108, 8, 0);
  writeOctal(pax, 116, 8, 0);
  writeOctal(pax, 124, 12, data.length);
  writeOctal(pax, 136, 12, 0);
  pax[156] = PAX_TYPEFLAG;
  finishUstar(pax);
  return Buffer.concat([pax, data, Buffer.alloc(padding(data.length)), header]);
}

/** Zero bytes that complete content of `size` bytes to a whole block. */
export function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

/** Two zero blocks end the archive. */
export const END_OF_ARCHIVE = Buffer.alloc(2 * BLOCK);

/**
 * The name in USTAR's fields, or null when it does not fit: ASCII only, and either at most 100
 * bytes or split at a `/` into a prefix of at most 155 and a rest of at most 100 (Go splits at
 * the last `/` that keeps the prefix short enough).
 */
function ustarName(name: Buffer): { name: Buffer; prefix: Buffer } | null {
  if (!isAscii(name)) return null;
  if (name.length <= NAME_SIZE) return { name, prefix: Buffer.alloc(0) };
  // A directory's own trailing `/` is not a place to split.
  let searched = Math.min(name.length, PREFIX_SIZE + 1);
  if (searched === name.length && name[name.length - 1] === 0x2f) searched--;
  const slash = name.subarray(0, searched).lastIndexOf(0x2f);
  const rest = name.length - slash - 1;
  if (slash <= 0 || rest > NAME_SIZE || rest === 0) return null;
  return { name: name.subarray(slash + 1), prefix: name.subarray(0, slash) };
}

function paxHeaderName(name: Buffer): Buffer {
  const text = asciiOnly(name).toString('latin1');
  const slash = text.lastIndexOf('/', text.endsWith('/') ? text.length - 2 : text.length - 1);
  const dir = slash === -1 ? '' : text.slice(0, slash + 1);
  const file = text.slice(slash + 1).replace(/\/+$/, '');
  return Buffer.from(`${dir}PaxHeaders.0/${file}`.slice(0, NAME_SIZE).replace(/\/+$/, ''), 'latin1');
}

/** `<length> <key>=<value>\n`, the length counting itself. */
function paxRecord(key: string, value: Buffer): Buffer {
  const rest = key.length + value.length + 3;
  let length = rest + String(rest).length;
  if (String(length).length + rest !== length) length = rest + String(length).length;
  return Buffer.concat([Buffer.from(`${length} ${key}=`, 'latin1'), value, Buffer.from('\n')]);
}

function writeOctal(block: Buffer, offset: number, width: number, value: number): void {
  block.write(value.toString(8).padStart(width - 1, '0'), offset, width - 1, 'latin1');
}

/** USTAR magic and version, then the checksum (computed with its own field as spaces). */
function finishUstar(block: Buffer): void {
  block.write('ustar\u000000', 257, 8, 'latin1');
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\u0000`, 148, 7, 'latin1');
}

function isAscii(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte >= 0x80) return false;
  return true;
}

function asciiOnly(bytes: Buffer): Buffer {
  return isAscii(bytes) ? bytes : Buffer.from(bytes.filter((byte) => byte < 0x80));
}
