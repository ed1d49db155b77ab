import { isUtf8 } from 'node:buffer';

const REPLACEMENT = 0xfffd;

/**
 * Bytes as Go reads them rune by rune (utf8.DecodeRune, text/scanner, regexp): every byte that
 * does not begin a valid sequence becomes one U+FFFD. TextDecoder differs: it replaces a whole
 * truncated sequence with a single U+FFFD, so `e2 82` would be one character there and two in
 * Go, and a pattern such as `?` would match differently.
 */
export function decodeGoUtf8(bytes: Uint8Array): string {
  if (isUtf8(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const codePoints: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    const width = sequenceWidth(bytes, i);
    if (width === 0) {
      codePoints.push(REPLACEMENT);
      i++;
      continue;
    }
    const b0 = bytes[i] as number;
    let codePoint = width === 1 ? b0 : b0 & (0xff >> (width + 1));
    for (let k = 1; k < width; k++) codePoint = (codePoint << 6) | ((bytes[i + k] as number) & 0x3f);
    codePoints.push(codePoint);
    i += width;
  }
  let text = '';
  // In slices: String.fromCodePoint takes its arguments on the stack.
  for (let start = 0; start < codePoints.length; start += 4096) {
    text += String.fromCodePoint(...codePoints.slice(start, start + 4096));
  }
  return text;
}

/** The length of the valid UTF-8 sequence at `i`, or 0 when there is none (Go's accept ranges). */
function sequenceWidth(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i] as number;
  if (b0 < 0x80) return 1;
  let width: number;
  let low = 0x80;
  let high = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) width = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    width = 3;
    if (b0 === 0xe0) low = 0xa0;
    // Surrogates (U+D800-U+DFFF) are not valid UTF-8.
    if (b0 === 0xed) high = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    width = 4;
    if (b0 === 0xf0) low = 0x90;
    if (b0 === 0xf4) high = 0x8f;
  } else return 0;
  if (i + width > bytes.length) return 0;
  const b1 = bytes[i + 1] as number;
  if (b1 < low || b1 > high) return 0;
  for (let k = 2; k < width; k++) {
    const b = bytes[i + k] as number;
    if (b < 0x80 || b > 0xbf) return 0;
  }
  return width;
}
