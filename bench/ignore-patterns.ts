// Ignore-pattern benchmark: the worst `.terraformignore` patterns we know of, decided against
// names that make a backtracking engine explode, with the packer's matcher (RE2JS, linear in the
// name) and, for scale, JavaScript's own RegExp on the same expression at lengths it survives.
// Usage: npm exec -- node bench/ignore-patterns.ts [--runs N]
import { decideIgnore, parseIgnoreRules } from '../src/slug/index.ts';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

// Each pattern is written as a user would put it in .terraformignore; go-slug passes the group,
// alternation and repetition syntax through to the expression (see src/slug/ignore-rules.ts).
const PATTERNS = [
  '(a+)+b',
  '(a|a)+b',
  '(a|aa)+b',
  '(a*)*b',
  '(*a){20}b',
  '(a|){30}a{30}b',
  '*a*a*a*a*a*a*a*a*a*b',
  '**/**/**/**/**/**/**/**/**/**/b',
];

/**
 * A name of `n` characters that does not match, the worst case for a backtracking engine: a run
 * of `a` (of one-letter directories for `**`) ending in `ba`, so that it holds the `b` every
 * pattern needs and no engine can rule it out by looking for that letter first.
 */
function nameOf(pattern: string, n: number): string {
  const run = pattern.startsWith('**') ? 'a/'.repeat(Math.floor((n - 2) / 2)).padEnd(n - 2, 'a') : 'a'.repeat(n - 2);
  return `${run}ba`;
}

/**
 * Milliseconds for one decision (the plain path and, for a directory, its `dir/` form): the
 * slowest of the runs, the first of which starts from freshly compiled rules.
 */
function timeDecision(pattern: string, name: string): number {
  const rules = parseIgnoreRules(`${pattern}\n`);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    decideIgnore(rules, name, true);
    times.push(performance.now() - started);
  }
  return Math.max(...times);
}

/** JavaScript's backtracking RegExp on the same expression, for one test of the plain path. */
function timeBacktracking(pattern: string, name: string): number {
  const expression = parseIgnoreRules(`${pattern}\n`).at(-1)?.expression ?? '';
  const regex = new RegExp(expression);
  const started = performance.now();
  regex.test(name);
  return performance.now() - started;
}

const fmt = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(2)} ms`);

console.log(
  `Node ${process.version}, slowest of ${runs} runs; each decision tests the path and its dir/ form against the defaults and the pattern.\n`,
);
console.log('| pattern | 32 | 40 | 255 | 4,096 | RegExp at 20 | RegExp at 24 | RegExp at 26 |');
console.log('|---|---|---|---|---|---|---|---|');
let worst = { ms: 0, pattern: '', length: 0 };
for (const pattern of PATTERNS) {
  const cells: string[] = [];
  for (const length of [32, 40, 255, 4096]) {
    const ms = timeDecision(pattern, nameOf(pattern, length));
    if (ms > worst.ms) worst = { ms, pattern, length };
    cells.push(fmt(ms));
  }
  // Past these lengths the backtracking engine takes minutes to hours on the worst patterns.
  for (const length of [20, 24, 26]) cells.push(fmt(timeBacktracking(pattern, nameOf(pattern, length))));
  console.log(`| \`${pattern}\` | ${cells.join(' | ')} |`);
}
console.log(`\nWorst decision: ${fmt(worst.ms)} (\`${worst.pattern}\`, ${worst.length} characters).`);

// A module-sized workload: 20,000 paths against 25 rules, half of them adversarial.
const rules = parseIgnoreRules(
  [
    ...PATTERNS,
    '*.log',
    '!keep.log',
    'docs/',
    '/build/**',
    '**/tmp/*',
    '*.tfvars',
    '!example.tfvars',
    'node_modules/',
    '.cache/',
    '*.zip',
    'dist/',
    'coverage/',
    '*.swp',
    '*.bak',
    '.DS_Store',
    'secret-*.json',
    '/local/**',
  ].join('\n'),
);
const paths = Array.from(
  { length: 20_000 },
  (_, i) => `modules/m${i % 50}/sub${i % 7}/${'a'.repeat(i % 200)}file${i}.tf`,
);
const started = performance.now();
for (const path of paths) decideIgnore(rules, path, false);
const total = performance.now() - started;
console.log(
  `20,000 paths against ${rules.length} rules: ${fmt(total)} (${((total * 1000) / paths.length).toFixed(1)} µs a path).`,
);
