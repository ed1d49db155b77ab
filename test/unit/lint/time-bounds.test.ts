// Every time bound of the action is a constant of src/lifetime/budgets.ts, with its reason
// (ARCHITECTURE.md, "Time budgets"): a millisecond number written anywhere else in src/ is a bound
// the table does not show, or a fallback that may contradict it.
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../lint', '..', '..');

/** A name that holds milliseconds given a number: `FOO_MS = 500`, `fooMs: 500`, `fooMs ?? 500`, `min(fooMs, 500)`. */
const MILLISECONDS_GIVEN_A_NUMBER = /\b\w*(?:_MS|Ms)\b\s*(?:=|:|\?\?|,)\s*[1-9][\d_]*(?:\s*\*\s*[\d_]+)*\b/g;

/** Numbers of milliseconds that are no bound of the step's time. */
const NOT_BOUNDS: Record<string, string> = {
  // The longest `timeout` an input may give: a rule of the input, stated in the input table's terms.
  'src/inputs/parsers.ts': 'MAX_DURATION_MS = 24 * 3_600_000',
  // A rate limit counts requests per second: the second is its unit, not a bound.
  'src/service/pacing.ts': 'windowMs ?? 1000',
};

function boundsOutsideTheTable(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    [...text.matchAll(MILLISECONDS_GIVEN_A_NUMBER)]
      .map((m) => m[0])
      .filter((found) => NOT_BOUNDS[file] !== found)
      .map((found) => `${file}: ${found}`),
  );
}

describe('time bounds', () => {
  it('are all in the budget table', () => {
    const files = Object.fromEntries(
      globSync('src/**/*.ts', { cwd: root })
        .filter((file) => !file.startsWith('src/lifetime/'))
        .map((file) => [file, readFileSync(join(root, file), 'utf8')]),
    );
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(boundsOutsideTheTable(files)).toEqual([]);
  });

  it('finds one written elsewhere, in each form', () => {
    const probe = {
      'src/modes/probe.ts': [
        'const LOOK_MS = 500;',
        'const t = { pollMs: 250 };',
        'const w = options.waitMs ?? 10 * 60_000;',
        'Math.min(this.#timeoutMs, 10_000)',
        'const ok = options.waitMs ?? LOOK_MS;',
      ].join('\n'),
    };
    expect(boundsOutsideTheTable(probe)).toEqual([
      'src/modes/probe.ts: LOOK_MS = 500',
      'src/modes/probe.ts: pollMs: 250',
      'src/modes/probe.ts: waitMs ?? 10 * 60_000',
      'src/modes/probe.ts: timeoutMs, 10_000',
    ]);
  });
});
