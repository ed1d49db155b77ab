/**
 * `.terraformignore` rules, read and matched the way the service's own packer (go-slug, in its
 * `internal/ignorefiles` package) reads and matches them. The semantics differ from `.gitignore`
 * in ways users rely on without knowing, so they are reproduced as they are, not as they should be:
 *
 * - every pattern not starting with `/` matches at any depth, even one with a `/` in the middle
 *   (`foo/*.md` matches `a/b/foo/x.md`);
 * - a trailing `/` means "everything below", so `logs/` matches `logs/` and `logs/x` but not a
 *   plain file named `logs`;
 * - a pattern is translated to a Go regular expression with only `*`, `**`, `?`, `.`, `$` and `\`
 *   treated specially: every other character reaches the expression as it is, so `[a-z]` is a
 *   class, but so is `(a|b)` a group and `a+` a repetition; a pattern that does not compile
 *   never matches;
 * - the default exclusions come first and stay in force when a `.terraformignore` exists, so a
 *   user rule can only add to them or negate them (last match wins).
 *
 * The expressions are matched with RE2JS, a port of the RE2 engine Go's `regexp` package
 * implements, with Go's syntax: time linear in the path, whatever the pattern (JavaScript's own
 * engine backtracks, and a pattern such as `(a+)+b` stalls it for minutes on a 40-letter name).
 *
 * Paths are always relative and `/`-separated, on every platform, and decoded from their bytes
 * as Go decodes them (decodeGoUtf8).
 */

import { RE2JS } from 're2js';
import { decodeGoUtf8 } from '../files/go-utf8.ts';

export interface IgnoreRule {
  /** The pattern as written (without its `!`), for messages. */
  readonly pattern: string;
  readonly negated: boolean;
  /**
   * A negated rule comes later in the file. A directory excluded by this rule must still be
   * walked, since the negation may bring back something below it.
   */
  readonly negationsAfter: boolean;
  /** The Go regular expression go-slug makes of the pattern. */
  readonly expression: string;
  /** `null` when the expression does not compile. */
  readonly matcher: RE2JS | null;
}

export interface IgnoreMatch {
  readonly excluded: boolean;
  /** Excluded by a rule that no later negation can override: nothing below can come back. */
  readonly dominating: boolean;
}

/**
 * What the packer does with one walked path:
 * - `include`: written to the archive (and, for a directory, walked);
 * - `omit`: not written; a directory is still walked and its contents decided one by one;
 * - `prune`: a directory neither written nor walked.
 */
export type IgnoreDecision = 'include' | 'omit' | 'prune';

// The go-slug in the service's command-line tool keeps these three in force with or without a
// .terraformignore, in this order, the `.terraform/` rule marked as followed by a negation so
// that `.terraform/modules/` is reachable (so `.terraform/modules/x/.git/` is left out too).
const DEFAULT_PATTERNS: readonly { pattern: string; negated: boolean; expanded: string }[] = [
  { pattern: '.terraform/', negated: false, expanded: '**/.terraform/**' },
  { pattern: '.terraform/modules/', negated: true, expanded: '**/.terraform/modules/**' },
  { pattern: '.git/', negated: false, expanded: '**/.git/**' },
];

// go-slug reads the file with a bufio.Scanner, which fails on a line this long or longer; it then
// warns and applies only the defaults.
export const MAX_IGNORE_LINE_BYTES = 64 * 1024;

/** Whether go-slug's line scanner gives up on `bytes` (a line of MAX_IGNORE_LINE_BYTES or more). */
export function ignoreFileHasOverlongLine(bytes: Uint8Array): boolean {
  let start = 0;
  while (start <= bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    const lineEnd = end === -1 ? bytes.length : end;
    if (lineEnd - start >= MAX_IGNORE_LINE_BYTES) return true;
    if (end === -1) return false;
    start = end + 1;
  }
  return false;
}

/**
 * Parse a `.terraformignore` (its bytes, or text) into the complete rule list go-slug applies:
 * the defaults first, then the file's rules in order.
 */
export function parseIgnoreRules(content: string | Uint8Array): IgnoreRule[] {
  const text = typeof content === 'string' ? content : decodeGoUtf8(content);
  const parsed: { pattern: string; negated: boolean; expanded: string }[] = [...DEFAULT_PATTERNS];

  for (const rawLine of text.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    const trimmed = trimGoSpace(line);
    // A line of only spaces, or a lone `!`, crashes go-slug's parser; skipping it is the only
    // outcome that leaves a usable archive.
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const negated = trimmed.startsWith('!');
    const pattern = negated ? trimmed.slice(1) : trimmed;
    if (pattern === '') continue;
    parsed.push({ pattern, negated, expanded: expandPattern(pattern) });
  }

  let lastNegation = -1;
  parsed.forEach((rule, index) => {
    if (rule.negated) lastNegation = index;
  });

  return parsed.map((rule, index) => {
    const expression = translatePattern(rule.expanded);
    return {
      pattern: rule.pattern,
      negated: rule.negated,
      negationsAfter: index < lastNegation,
      expression,
      matcher: compileExpression(expression),
    };
  });
}

/** Whether `path` (relative, `/`-separated; a directory form ends in `/`) is excluded. */
export function matchRules(rules: readonly IgnoreRule[], path: string): IgnoreMatch {
  let excluded = false;
  let dominating = false;
  for (const rule of rules) {
    // A search, as Go's MatchString: a `|` in a pattern splits the anchored expression.
    if (rule.matcher?.test(path)) {
      excluded = !rule.negated;
      dominating = excluded && !rule.negationsAfter;
    }
  }
  return { excluded, dominating };
}

/**
 * What the packer does with `relPath`. As in go-slug, the plain path is tested first and an
 * exclusion there only leaves the entry out (a directory is still walked); a directory is then
 * tested in its `dir/` form, and only that form can prune it.
 */
export function decideIgnore(rules: readonly IgnoreRule[], relPath: string, isDir: boolean): IgnoreDecision {
  if (matchRules(rules, relPath).excluded) return 'omit';
  if (isDir) {
    const asDirectory = matchRules(rules, `${relPath}/`);
    if (asDirectory.excluded) return asDirectory.dominating ? 'prune' : 'omit';
  }
  return 'include';
}

/**
 * The negation that keeps `relPath` in the archive though an earlier rule excludes it (the
 * `!.git/` that brings back what a default leaves out), or null when no rule excludes it at all
 * or it is not kept. Reported by name where the packer overrides it.
 */
export function keepingRule(rules: readonly IgnoreRule[], relPath: string, isDir: boolean): IgnoreRule | null {
  if (decideIgnore(rules, relPath, isDir) !== 'include') return null;
  const forms = isDir ? [`${relPath}/`, relPath] : [relPath];
  for (const form of forms) {
    const last = rules.findLast((rule) => rule.matcher?.test(form) === true);
    if (last?.negated) return last;
  }
  return null;
}

/** Whether the packer leaves the entry `relPath` out of the archive. */
export function matchIgnore(rules: readonly IgnoreRule[], relPath: string, isDir: boolean): boolean {
  return decideIgnore(rules, relPath, isDir) !== 'include';
}

function expandPattern(pattern: string): string {
  let expanded = pattern.endsWith('/') ? `${pattern}**` : pattern;
  expanded = expanded.startsWith('/') ? expanded.slice(1) : `**/${expanded}`;
  return expanded;
}

const BYTE_ORDER_MARK = '\u{FEFF}';

/**
 * go-slug's translation of an expanded pattern to a Go regular expression, character by
 * character (code point by code point, as its text/scanner reads them; the scanner also drops a
 * byte-order mark at the very start).
 */
export function translatePattern(expanded: string): string {
  const chars = Array.from(expanded);
  let i = chars[0] === BYTE_ORDER_MARK ? 1 : 0;
  let source = '^';
  while (i < chars.length) {
    const ch = chars[i++];
    if (ch === '*') {
      if (chars[i] === '*') {
        i++;
        if (chars[i] === '/') i++;
        source += i >= chars.length ? '.*' : '(.*/)?';
      } else {
        source += '[^/]*';
      }
    } else if (ch === '?') {
      source += '[^/]';
    } else if (ch === '.' || ch === '$') {
      source += `\\${ch}`;
    } else if (ch === '\\') {
      // A trailing `\` is kept alone: with the closing `$` it becomes a literal `$`, as in go-slug.
      source += i < chars.length ? `\\${chars[i++]}` : '\\';
    } else {
      source += ch;
    }
  }
  return `${source}$`;
}

function compileExpression(expression: string): RE2JS | null {
  try {
    // Flags 0 is Go's regexp.Compile syntax (Perl classes, Unicode groups, `.` without `\n`).
    return RE2JS.compile(expression);
  } catch {
    return null;
  }
}

// Go's strings.TrimSpace trims Unicode white space (all of it in the BMP) but, unlike
// String.prototype.trim, not U+FEFF. A loop, not an expression: `\s+$` is quadratic on a long
// run of spaces that does not end the line.
const GO_SPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

function trimGoSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && GO_SPACE.has(text.charCodeAt(start))) start++;
  while (end > start && GO_SPACE.has(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** The rules in force when the module has no `.terraformignore` (declared last: it runs the parser). */
export const DEFAULT_IGNORE_RULES: readonly IgnoreRule[] = parseIgnoreRules('');
