import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IGNORE_RULES,
  decideIgnore,
  matchIgnore,
  matchRules,
  parseIgnoreRules,
} from '../../../src/slug/index.ts';
import type { IgnoreDecision } from '../../../src/slug/index.ts';

interface Case {
  /** The .terraformignore text; `null` for a module without one. */
  readonly file: string | null;
  readonly path: string;
  readonly isDir?: boolean;
  readonly expected: IgnoreDecision;
  readonly why: string;
}

// Each expectation follows go-slug's translation of patterns to expressions and its walk
// (internal/ignorefiles and slug.go), including the places where it differs from .gitignore.
const CASES: Case[] = [
  // default exclusions, with no .terraformignore
  { file: null, path: '.git', isDir: true, expected: 'prune', why: '.git/ is left out and never walked' },
  { file: null, path: 'modules/vpc/.git', isDir: true, expected: 'prune', why: '.git/ at any depth' },
  { file: null, path: 'modules/vpc/.git/config', expected: 'omit', why: 'anything below a .git/' },
  { file: null, path: '.git', expected: 'include', why: 'a .git file (a submodule link) is not a .git/ directory' },
  { file: null, path: '.gitignore', expected: 'include', why: 'only .git/ itself' },
  {
    file: null,
    path: '.terraform',
    isDir: true,
    expected: 'omit',
    why: '.terraform/ is walked for its modules/, without an entry of its own',
  },
  {
    file: null,
    path: '.terraform/modules',
    isDir: true,
    expected: 'omit',
    why: 'the plain path .terraform/modules matches .terraform/** but not .terraform/modules/**',
  },
  {
    file: null,
    path: '.terraform/modules/vpc',
    isDir: true,
    expected: 'include',
    why: 'below .terraform/modules/ is kept',
  },
  { file: null, path: '.terraform/modules/vpc/main.tf', expected: 'include', why: 'below .terraform/modules/ is kept' },
  {
    file: null,
    path: '.terraform/modules/modules.json',
    expected: 'include',
    why: 'below .terraform/modules/ is kept',
  },
  {
    file: null,
    path: '.terraform/providers/registry/aws',
    expected: 'omit',
    why: 'the rest of .terraform/ is left out',
  },
  { file: null, path: '.terraform/terraform.tfstate', expected: 'omit', why: 'the rest of .terraform/ is left out' },
  { file: null, path: 'sub/.terraform/plugins/x', expected: 'omit', why: '.terraform/ at any depth' },
  { file: null, path: '.terraformrc', expected: 'include', why: 'only .terraform/ itself' },
  { file: null, path: 'foo.terraform/bar.txt', expected: 'include', why: 'a directory merely ending in .terraform' },
  { file: null, path: 'main.tf', expected: 'include', why: 'nothing else is left out' },

  // the defaults stay in force when there is a file, and come before its rules
  { file: '*.log\n', path: '.git', isDir: true, expected: 'prune', why: 'defaults still apply' },
  { file: '*.log\n', path: '.terraform/modules/m/main.tf', expected: 'include', why: 'defaults still apply' },
  {
    file: '!.git/\n',
    path: '.git',
    isDir: true,
    expected: 'include',
    why: 'a later negation overrides a default (last match wins)',
  },
  { file: '!.git/\n', path: '.git/HEAD', expected: 'include', why: 'a later negation overrides a default' },
  {
    file: '.terraform/modules/\n',
    path: '.terraform/modules/m/main.tf',
    expected: 'omit',
    why: 'a user rule can take back the default negation',
  },
  { file: 'important.txt\n', path: '.git', isDir: true, expected: 'prune', why: 'no negation follows the .git/ rule' },
  {
    file: '!keep.txt\n',
    path: '.git',
    isDir: true,
    expected: 'omit',
    why: 'any later negation keeps go-slug from pruning, even an unrelated one',
  },
  { file: '!keep.txt\n', path: '.git/HEAD', expected: 'omit', why: 'the contents are still left out one by one' },

  // comments, blank lines, spaces
  { file: '# baz.txt\n', path: 'baz.txt', expected: 'include', why: 'a comment is not a pattern' },
  { file: '   baz.txt   \n', path: 'baz.txt', expected: 'omit', why: 'surrounding spaces are trimmed' },
  { file: '  # baz.txt\n', path: 'baz.txt', expected: 'include', why: 'a comment may be indented' },
  {
    file: '\n\n   \n\t\nbaz.txt\n',
    path: 'baz.txt',
    expected: 'omit',
    why: 'blank and white-space lines are passed over',
  },
  { file: 'baz.txt\r\nqux.txt\r\n', path: 'qux.txt', expected: 'omit', why: 'CRLF line ends' },
  { file: 'baz.txt #not a comment\n', path: 'baz.txt', expected: 'include', why: 'a # after a pattern is part of it' },

  // unanchored names match at any depth
  { file: 'baz.txt\n', path: 'baz.txt', expected: 'omit', why: 'at the root' },
  { file: 'baz.txt\n', path: 'a/b/baz.txt', expected: 'omit', why: 'at any depth' },
  { file: 'baz.txt\n', path: 'with-baz.txt', expected: 'include', why: 'whole names only' },
  { file: 'baz.txt\n', path: 'baz.txt.bak', expected: 'include', why: 'whole names only' },
  { file: 'baz.txt\n', path: 'bazXtxt', expected: 'include', why: '. is literal' },
  {
    file: 'baz.txt\n',
    path: 'baz.txt/inner',
    expected: 'include',
    why: 'a pattern without / does not reach inside a directory of that name',
  },
  { file: 'foo/*.md\n', path: 'foo/doc.md', expected: 'omit', why: 'a pattern with a / in the middle' },
  {
    file: 'foo/*.md\n',
    path: 'lib/foo/doc.md',
    expected: 'omit',
    why: 'unlike .gitignore, a middle / does not anchor the pattern',
  },
  { file: 'foo/*.md\n', path: 'foo/sub/doc.md', expected: 'include', why: '* does not cross /' },

  // anchoring with a leading /
  { file: '/boop.txt\n', path: 'boop.txt', expected: 'omit', why: 'anchored at the root' },
  { file: '/boop.txt\n', path: 'sub/boop.txt', expected: 'include', why: 'anchored: only at the root' },
  {
    file: 'boop.txt\n!/boop.txt\n',
    path: 'boop.txt',
    expected: 'include',
    why: 'left out everywhere except at the root',
  },
  {
    file: 'boop.txt\n!/boop.txt\n',
    path: 'baz/boop.txt',
    expected: 'omit',
    why: 'left out everywhere except at the root',
  },
  { file: '/src/*.tf\n', path: 'src/main.tf', expected: 'omit', why: 'anchored with *' },
  { file: '/src/*.tf\n', path: 'src/a/main.tf', expected: 'include', why: '* does not cross /' },
  { file: '/\n', path: 'anything/at/all', expected: 'omit', why: 'a lone / becomes ** and matches every path' },

  // * and ?
  { file: '*.tfvars\n', path: 'prod.tfvars', expected: 'omit', why: '* within a name' },
  { file: '*.tfvars\n', path: 'env/prod.tfvars', expected: 'omit', why: 'unanchored' },
  { file: '*.tfvars\n', path: '.tfvars', expected: 'omit', why: '* may match nothing' },
  { file: '/file?.txt\n', path: 'file1.txt', expected: 'omit', why: '? is one character' },
  { file: '/file?.txt\n', path: 'file10.txt', expected: 'include', why: '? is exactly one character' },
  { file: '/file?.txt\n', path: 'file.txt', expected: 'include', why: '? is exactly one character' },
  { file: '/a?b\n', path: 'a/b', expected: 'include', why: '? does not match /' },
  { file: '/file?.txt\n', path: 'file\u{1F600}.txt', expected: 'omit', why: '? is one character even outside the BMP' },
  { file: '/a*\n', path: 'a/b', expected: 'include', why: '* does not match /' },

  // **
  { file: '/a/**/b\n', path: 'a/b', expected: 'omit', why: '** matches no directory' },
  { file: '/a/**/b\n', path: 'a/x/y/b', expected: 'omit', why: '** matches several directories' },
  { file: '/a/**/b\n', path: 'a/xb', expected: 'include', why: '** stands for whole directories' },
  {
    file: '**/foo/bar.tf\n',
    path: 'x/foo/bar.tf',
    expected: 'omit',
    why: 'a leading **/ is what every unanchored pattern gets anyway',
  },
  { file: '/logs/**\n', path: 'logs/2024/x.log', expected: 'omit', why: 'a trailing ** matches everything below' },
  { file: '/logs/**\n', path: 'logs', isDir: true, expected: 'prune', why: 'logs/** matches the directory form logs/' },
  {
    file: 'src/**/*\n!src/foo/bar.txt\n',
    path: 'src/baz/ignored',
    expected: 'omit',
    why: 'src/**/* excludes below src/',
  },
  { file: 'src/**/*\n!src/foo/bar.txt\n', path: 'src/foo/bar.txt', expected: 'include', why: 'negated back' },
  {
    file: '**/**/**/**/**/**/**/**/**/**/x\n',
    path: `${'d/'.repeat(60)}y`,
    expected: 'include',
    why: 'a run of **/ stays fast',
  },
  {
    file: '**/**/**/**/**/**/**/**/**/**/x\n',
    path: `${'d/'.repeat(60)}x`,
    expected: 'omit',
    why: 'a run of **/ is any depth',
  },

  // trailing / for directories
  {
    file: 'logs/\n',
    path: 'logs',
    isDir: true,
    expected: 'prune',
    why: 'a directory pattern; no negation follows, so it is not walked',
  },
  { file: 'logs/\n', path: 'logs', expected: 'include', why: 'a file named logs is not a directory' },
  { file: 'logs/\n', path: 'logs/today.log', expected: 'omit', why: 'everything below' },
  { file: 'logs/\n', path: 'app/logs', isDir: true, expected: 'prune', why: 'unanchored' },
  {
    file: 'logs/\n!logs/keep.log\n',
    path: 'logs',
    isDir: true,
    expected: 'omit',
    why: 'a later negation may bring something back: walked, without its own entry',
  },
  { file: 'logs/\n!logs/keep.log\n', path: 'logs/keep.log', expected: 'include', why: 'brought back' },
  { file: 'logs/\n!logs/keep.log\n', path: 'logs/other.log', expected: 'omit', why: 'still left out' },
  {
    file: 'terraform.d/\n!/terraform.d/\n',
    path: 'terraform.d',
    isDir: true,
    expected: 'include',
    why: 'left out below the root, negated at the root',
  },
  {
    file: 'terraform.d/\n!/terraform.d/\n',
    path: 'mod/terraform.d/x',
    expected: 'omit',
    why: 'left out below the root',
  },
  {
    file: 'terraform.d/\n!/terraform.d/\n',
    path: 'terraform.d',
    expected: 'include',
    why: 'a file of that name is not matched',
  },

  // a name without / that is a directory: go-slug leaves the entry out but walks it
  { file: 'build\n', path: 'build', isDir: true, expected: 'omit', why: 'only the `build/` form can prune' },
  {
    file: 'build\n',
    path: 'build/out.zip',
    expected: 'include',
    why: 'go-slug keeps the contents: `build` does not match `build/out.zip`',
  },

  // last match wins
  { file: '*.log\n!keep.log\n', path: 'keep.log', expected: 'include', why: 'negation after' },
  { file: '!keep.log\n*.log\n', path: 'keep.log', expected: 'omit', why: 'negation before is overridden' },
  {
    file: '*\n!/infra/\n!/infra/tf/\n!/infra/tf/**\n',
    path: 'infra',
    isDir: true,
    expected: 'omit',
    why: '* matches infra; the negations only match below it',
  },
  {
    file: '*\n!/infra/\n!/infra/tf/\n!/infra/tf/**\n',
    path: 'infra/tf',
    isDir: true,
    expected: 'include',
    why: 'negated back',
  },
  {
    file: '*\n!/infra/\n!/infra/tf/\n!/infra/tf/**\n',
    path: 'infra/tf/main.tf',
    expected: 'include',
    why: 'negated back',
  },
  { file: '*\n!/infra/\n!/infra/tf/\n!/infra/tf/**\n', path: 'noise.txt', expected: 'omit', why: '* matches it' },

  // characters go-slug passes to the expression as they are
  { file: 'bar/something-[a-z].txt\n', path: 'bar/something-a.txt', expected: 'omit', why: 'a character class' },
  { file: 'bar/something-[a-z].txt\n', path: 'bar/something-1.txt', expected: 'include', why: 'outside the class' },
  { file: '/a\\*b\n', path: 'a*b', expected: 'omit', why: '\\ escapes the next character' },
  { file: '/a\\*b\n', path: 'axxb', expected: 'include', why: 'an escaped * is literal' },
  { file: '/price$\n', path: 'price$', expected: 'omit', why: '$ is literal' },
  { file: '/foo\\\n', path: 'foo$', expected: 'omit', why: 'a trailing \\ escapes the closing anchor, as in go-slug' },
  {
    file: '/foo\\\n',
    path: 'foo',
    expected: 'include',
    why: 'a trailing \\ escapes the closing anchor, as in go-slug',
  },
  { file: '/a(b\n', path: 'a(b', expected: 'include', why: 'a pattern that is not a valid expression never matches' },
  { file: '/a(b\nc.txt\n', path: 'c.txt', expected: 'omit', why: 'an invalid pattern does not disturb the others' },
  { file: '/{x}\n', path: '{x}', expected: 'omit', why: 'a brace that is not a repetition is literal' },

  // everything else is Go regular-expression syntax, passed through (results checked against go-slug)
  { file: '(a+)+b\n', path: `${'a'.repeat(40)}b`, expected: 'omit', why: 'a group and repetitions' },
  { file: '(a+)+b\n', path: 'a'.repeat(40), expected: 'include', why: 'no b' },
  { file: '(a+)+b\n', path: 'b', expected: 'include', why: 'at least one a' },
  { file: '/(x|y)z\n', path: 'yz', expected: 'omit', why: 'an alternation inside a group' },
  { file: '/(x|y)z\n', path: '(x|y)z', expected: 'include', why: 'the parentheses are not literal' },
  {
    file: 'only|p\n',
    path: 'x/onlyx',
    expected: 'omit',
    why: 'a bare | splits the whole expression: `^(.*/)?only` or `p$`',
  },
  { file: 'only|p\n', path: 'q/p', expected: 'omit', why: 'the second branch matches any path ending in p' },
  { file: 'only|p\n', path: 'q', expected: 'include', why: 'neither branch' },
  { file: '/q{2}\n', path: 'qq', expected: 'omit', why: 'a counted repetition' },
  { file: '/a{,2}\n', path: 'a{,2}', expected: 'omit', why: 'not a repetition in Go: literal' },
  { file: '/[[:digit:]]+\\.txt\n', path: '123.txt', expected: 'omit', why: 'a POSIX class' },
  { file: '/\\d\\d\n', path: '12', expected: 'omit', why: 'a Perl class' },
  {
    file: '/(?i)upper\n',
    path: 'UpPeR',
    expected: 'include',
    why: '? is still one character, so no flag reaches Go: ([^/]i)upper',
  },
  { file: '/(?i)upper\n', path: 'xiupper', expected: 'omit', why: '? is still one character: ([^/]i)upper' },
  { file: '/\\pL\\pN\n', path: 'é٣', expected: 'omit', why: 'Unicode classes' },
  { file: '/a++\n', path: 'a', expected: 'include', why: 'an invalid expression in Go never matches' },
  { file: '/(a)(?P<n>b\n', path: 'ab', expected: 'include', why: 'an expression that does not compile never matches' },
  {
    file: '/a{1001}\n',
    path: 'a'.repeat(1001),
    expected: 'include',
    why: 'Go refuses a count over 1000: never matches',
  },
  { file: '/d/*\n', path: 'd/a\nb', expected: 'omit', why: '* is [^/]*, which matches a newline' },
  { file: '/d/**\n', path: 'd/a\nb', expected: 'include', why: 'a trailing ** is .*, which in Go stops at a newline' },
  { file: '/d/**\n', path: 'd/a\rb', expected: 'omit', why: 'but not at a carriage return, unlike JavaScript' },
  { file: '/d/**\n', path: 'd/a\u2028b', expected: 'omit', why: 'nor at U+2028, unlike JavaScript' },
  {
    file: '/\u{FEFF}bom\n',
    path: 'bom',
    expected: 'omit',
    why: 'go-slug reads an anchored pattern with a scanner that drops a leading byte-order mark',
  },
  { file: '\u{FEFF}bom\n', path: '\u{FEFF}bom', expected: 'omit', why: 'elsewhere the mark is part of the pattern' },

  // lines that would crash go-slug's parser are passed over
  { file: '!\nbaz.txt\n', path: 'baz.txt', expected: 'omit', why: 'a lone ! is passed over' },
  { file: '!\n', path: '.git', isDir: true, expected: 'prune', why: 'a lone ! is not a negation' },
];

describe('parseIgnoreRules + decideIgnore', () => {
  it.each(CASES)('$file | $path → $expected ($why)', ({ file, path, isDir = false, expected }) => {
    const rules = file === null ? DEFAULT_IGNORE_RULES : parseIgnoreRules(file);
    expect(decideIgnore(rules, path, isDir)).toBe(expected);
    expect(matchIgnore(rules, path, isDir)).toBe(expected !== 'include');
  });
});

describe('parseIgnoreRules', () => {
  it('puts the three default rules first and the file rules after, in order', () => {
    const rules = parseIgnoreRules('# a comment\n*.log\n\n!keep.log\n/tmp/\n');
    expect(rules.map((rule) => [rule.pattern, rule.negated])).toEqual([
      ['.terraform/', false],
      ['.terraform/modules/', true],
      ['.git/', false],
      ['*.log', false],
      ['keep.log', true],
      ['/tmp/', false],
    ]);
  });

  it('marks the rules that a negation follows', () => {
    const rules = parseIgnoreRules('a\n!b\nc\n');
    expect(rules.map((rule) => rule.negationsAfter)).toEqual([true, true, true, true, false, false]);
  });

  it('an empty file is the defaults', () => {
    expect(parseIgnoreRules('').map((rule) => rule.pattern)).toEqual(DEFAULT_IGNORE_RULES.map((rule) => rule.pattern));
  });
});

describe('matchRules', () => {
  it('reports whether an exclusion dominates (no negation can follow it)', () => {
    const rules = parseIgnoreRules('src/**/*\n!src/foo/bar.txt\nlogs/\ntmp/\n');
    expect(matchRules(rules, 'logs/')).toEqual({ excluded: true, dominating: true });
    expect(matchRules(rules, 'tmp/')).toEqual({ excluded: true, dominating: true });
    expect(matchRules(rules, 'src/baz/')).toEqual({ excluded: true, dominating: false });
    expect(matchRules(rules, 'src/foo/bar.txt')).toEqual({ excluded: false, dominating: false });
  });
});

describe('matching time', () => {
  // Names of 255 bytes (the longest a file system allows) against patterns that take a
  // backtracking engine exponential or polynomial time; RE2 takes time linear in the name.
  const NAME = 'a'.repeat(255);
  const ADVERSARIAL: [pattern: string, nonMatching: string, matching: string][] = [
    ['(a+)+b', NAME, `${'a'.repeat(254)}b`],
    ['(a|a)+b', NAME, `${'a'.repeat(254)}b`],
    ['(a*)*b', NAME, `${'a'.repeat(254)}b`],
    ['(a|aa)+b', NAME, `${'a'.repeat(254)}b`],
    ['(a|){30}a{30}b', NAME, `${'a'.repeat(45)}b`],
    // `.` is escaped by go-slug and `*` made [^/]*: this is ([^/]*a){20}b.
    ['(*a){20}b', NAME, `${'a'.repeat(254)}b`],
    ['*a*a*a*a*a*a*a*a*a*b', NAME, `${'a'.repeat(254)}b`],
    ['**/**/**/**/**/**/**/**/**/**/b', `${'a/'.repeat(127)}a`, `${'a/'.repeat(127)}b`],
  ];

  it.each(ADVERSARIAL)('%s decides a 255-byte name in milliseconds', (pattern, nonMatching, matching) => {
    const rules = parseIgnoreRules(`${pattern}\n`);
    const started = performance.now();
    for (let i = 0; i < 10; i++) expect(decideIgnore(rules, nonMatching, false)).toBe('include');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(decideIgnore(rules, matching, false)).toBe('omit');
  });

  it('a long run of spaces in a line is trimmed in linear time', () => {
    const spaces = ' '.repeat(60_000);
    expect(parseIgnoreRules(`${spaces}x${spaces}y\n`).at(-1)?.pattern).toBe(`x${spaces}y`);
    // Timed against a line as long without a run of spaces, both comment lines (dropped once
    // trimmed, so no pattern is compiled), each at its fastest of five so that a busy machine
    // slows both alike: a linear trim costs a few times the bare line, a quadratic one (`\s+$`)
    // tens of thousands of times.
    const fastest = (text: string): number =>
      Math.min(
        ...Array.from({ length: 5 }, () => {
          const started = performance.now();
          parseIgnoreRules(text);
          return performance.now() - started;
        }),
      );
    const bare = fastest(`#${'y'.repeat(120_001)}\n`);
    expect(fastest(`${spaces}#${spaces}y\n`)).toBeLessThan(100 * bare);
  });
});

describe('parseIgnoreRules from bytes', () => {
  it('decodes the file as Go does: each invalid byte one U+FFFD', () => {
    // e2 82 is a truncated three-byte sequence: two characters for Go, one for TextDecoder.
    const rules = parseIgnoreRules(Buffer.from([0x2f, 0x78, 0xe2, 0x82, 0x3f, 0x0a]));
    expect(rules.at(-1)?.expression).toBe('^x\u{FFFD}\u{FFFD}[^/]$');
  });
});
