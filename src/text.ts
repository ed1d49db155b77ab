// Words, cut text and text as a pattern, the same in every layer: a message of the service client, a line of a
// report and a cell of the summary count, cut and quote alike.

import { distance } from 'fastest-levenshtein';

/** The mark of a cut: one character, so that a cut text is exactly as long as its limit. */
const ELLIPSIS = '…';

/** A sentence or label with its first letter upper case. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `path` or `paths`: the noun for a count, plural unless the count is 1. */
export function nounFor(count: number, noun: string, nouns = `${noun}s`): string {
  return count === 1 ? noun : nouns;
}

/** `1 path`, `3 paths`: the count and its noun, plural unless the count is 1. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${nounFor(count, noun, nouns)}`;
}

/**
 * The first `end` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair
 * (an emoji, say): half a character is not text, and the reader would show a replacement mark.
 */
export function sliceWhole(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  return text.slice(0, end > 0 && code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}

/** `text` in at most `max` characters: a longer one is cut and ends in `…`. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${sliceWhole(text, Math.max(0, max - 1))}${ELLIPSIS}`;
}

/**
 * A value from outside (the service, a file) as a message shows it: as JSON, so that control
 * characters and line breaks are escaped and where it starts and ends is plain, in at most `max`
 * characters. A string is cut inside its quotes, which stay closed (`"abc…"`), between whole
 * characters and escapes. Undefined shows as `none`.
 */
export function quoteClipped(value: unknown, max: number): string {
  if (value === undefined) return 'none';
  const json = JSON.stringify(value) ?? typeof value;
  if (json.length <= max || typeof value !== 'string') return clip(json, max);
  // Room for the characters between the quotes and the mark, each as wide as its escape.
  let room = max - 3;
  let end = 0;
  for (const char of value) {
    const width = JSON.stringify(char).length - 2;
    if (width > room) break;
    room -= width;
    end += char.length;
  }
  return `${JSON.stringify(value.slice(0, end)).slice(0, -1)}${ELLIPSIS}"`;
}

/**
 * Text as a RegExp that matches exactly it: RegExp.escape arrives only with Node.js 24, and the
 * bundle runs on 20 as well.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The candidate a mistyped word most likely meant (`sync-policy` → `sync-policies`,
 * `enforcment_level` → `enforcement_level`), by edit distance, letter case aside; undefined when
 * none is near enough to be worth saying: at most a third of the candidate's letters differ, or 2.
 */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d > Math.max(2, Math.floor(candidate.length / 3))) continue;
    if (best === undefined || d < best.distance) best = { candidate, distance: d };
  }
  return best?.candidate;
}

/** ` Did you mean "sync-policies"?` after a message about a mistyped word, or '' when nothing is near. */
export function didYouMean(
  word: string,
  candidates: Iterable<string>,
  show: (candidate: string) => string = (c) => `"${c}"`,
): string {
  const meant = nearest(word, candidates);
  return meant === undefined ? '' : ` Did you mean ${show(meant)}?`;
}
