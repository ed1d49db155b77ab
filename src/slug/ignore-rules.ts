/**
 * `.terraformignore` rules, read and matched the way the service's own packer (go-slug, in its
 * `internal/ignorefiles` package) reads and matches them. The semantics differ from `.gitignore`
 * in ways users rely on without knowing, so they are reproduced as they are, not as they should be:
 *
 * - every pattern not starting with `/` matches at any depth, even one with a `/` in the middle
 *   (`foo/*.md` matches `a/b/foo/x.md`);
 * - a trailing `/` means "everything below", so `logs/` matches `logs/` and `logs/x` but not a
 *   plain file named `logs`;
 * - a pattern is translated to a regular expression with only `*`, `**`, `?`, `.`, `$` and `\`
 *   treated specially: other characters reach the expression as they are, which is why
 *   `[a-z]` classes work; a pattern that does not compile never matches;
 * - the default exclusions come first and stay in force when a `.terraformignore` exists, so a
 *   user rule can only add to them or negate them (last match wins).
 *
 * Paths are always relative and `/`-separated, on every platform.
 */

export interface IgnoreRule {
  /** The pattern as written (without its `!`), for messages. */
  readonly pattern: string;
  readonly negated: boolean;
  /**
   * A negated rule comes later in the file. A directory excluded by this rule must still be
   * walked, since the negation may bring back something below it.
   */
  readonly negationsAfter: boolean;
  /** `null` when the pattern is not a valid expression. */
  readonly regex: RegExp | null;
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

// go-slug keeps these three in force with or without a .terraformignore, in this order, the
// `.terraform/` rule marked as followed by a negation so that `.terraform/modules/` is reachable.
const DEFAULT_PATTERNS: readonly { pattern: string; negated: boolean; expanded: string }[] = [
  { pattern: '.terraform/', negated: false, expanded: '**/.terraform/**' },
  { pattern: '.terraform/modules/', negated: true, expanded: '**/.terraform/modules/**' },
  { pattern: '.git/', negated: false, expanded: '**/.git/**' },
];

/**
 * Parse the text of a `.terraformignore` into the complete rule list go-slug applies: the
 * defaults first, then the file's rules in order.
 */
export function parseIgnoreRules(text: string): IgnoreRule[] {
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

  return parsed.map((rule, index) => ({
    pattern: rule.pattern,
    negated: rule.negated,
    negationsAfter: index < lastNegation,
    regex: compilePattern(rule.expanded),
  }));
}

/** Whether `path` (relative, `/`-separated; a directory form ends in `/`) is excluded. */
export function matchRules(rules: readonly IgnoreRule[], path: string): IgnoreMatch {
  let excluded = false;
  let dominating = false;
  for (const rule of rules) {
    if (rule.regex?.test(path)) {
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
export function decideIgnore(
  rules: readonly IgnoreRule[],
  relPath: string,
  isDir: boolean,
): IgnoreDecision {
  if (matchRules(rules, relPath).excluded) return 'omit';
  if (isDir) {
    const asDirectory = matchRules(rules, `${relPath}/`);
    if (asDirectory.excluded) return asDirectory.dominating ? 'prune' : 'omit';
  }
  return 'include';
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

// `?` is one character, never `/`; written to take a surrogate pair as one character, since
// the expression is compiled without the `u` flag (see compilePattern).
const ONE_CHARACTER = '(?:[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|[^/])';
const ANY_DIRECTORIES = '(.*/)?';

/**
 * go-slug's translation of a pattern to an expression, for Go's RE2 syntax. The expression is
 * compiled without the `u` flag because that mode of JavaScript accepts the same loose syntax
 * as RE2 for the characters passed through (a lone `{` or `]`, `\` before any punctuation).
 */
function compilePattern(expanded: string): RegExp | null {
  const chars = Array.from(expanded);
  let source = '^';
  let i = 0;
  while (i < chars.length) {
    const ch = chars[i++];
    if (ch === '*') {
      if (chars[i] === '*') {
        i++;
        if (chars[i] === '/') i++;
        if (i >= chars.length) {
          source += '.*';
        } else if (!source.endsWith(ANY_DIRECTORIES)) {
          // `(.*/)?(.*/)?` matches what `(.*/)?` matches; collapsing it keeps a run of `**/`
          // from making the backtracking matcher slow (RE2 never backtracks).
          source += ANY_DIRECTORIES;
        }
      } else {
        source += '[^/]*';
      }
    } else if (ch === '?') {
      source += ONE_CHARACTER;
    } else if (ch === '.' || ch === '$') {
      source += `\\${ch}`;
    } else if (ch === '\\') {
      // A trailing `\` is kept alone: with the closing `$` it becomes a literal `$`, as in go-slug.
      source += i < chars.length ? `\\${chars[i++]}` : '\\';
    } else {
      source += ch;
    }
  }
  source += '$';
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

// Go's strings.TrimSpace trims Unicode white space but, unlike String.prototype.trim, not U+FEFF.
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]';
const GO_SPACE_EDGES = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'g');

function trimGoSpace(text: string): string {
  return text.replace(GO_SPACE_EDGES, '');
}

/** The rules in force when the module has no `.terraformignore` (declared last: it runs the parser). */
export const DEFAULT_IGNORE_RULES: readonly IgnoreRule[] = parseIgnoreRules('');
