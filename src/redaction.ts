// The one way a known secret is masked: every occurrence replaced by `***`, the mark the runner's
// own masking uses. The service client masks its token with it in what the service says back; the
// sinks (report/redact.ts) mask every secret of the step, in every form their output may give it.

import { escapeRegExp } from './text.ts';

export const REDACTED = '***';

/**
 * Texts shorter than this are not masked: masking a one- or two-character value (a sensitive
 * variable set to `1`) would blank out every such character of the report and hide nothing.
 */
export const MIN_SECRET_LENGTH = 3;

export interface Redactor {
  /** The text with every occurrence of every known secret replaced by `***`. */
  redact(text: string): string;
  /** Learn a secret known only later (an upload address returned mid-run). */
  add(secret: string): void;
}

/**
 * A redactor of `secrets`, each masked in every text `formsOf` gives for it (by default the
 * secret as it is).
 */
export function createRedactor(
  secrets: Iterable<string> = [],
  formsOf: (secret: string) => Iterable<string> = (secret) => [secret],
): Redactor {
  const needles = new Set<string>();
  let pattern: RegExp | undefined;

  const add = (secret: string): void => {
    let grew = false;
    for (const needle of formsOf(secret)) {
      if (needle.length >= MIN_SECRET_LENGTH && !needles.has(needle)) {
        needles.add(needle);
        grew = true;
      }
    }
    if (grew) pattern = compile(needles);
  };

  for (const secret of secrets) add(secret);

  return {
    redact(text: string): string {
      if (!pattern || text === '') return text;
      return text.replace(pattern, REDACTED);
    },
    add,
  };
}

function compile(needles: Set<string>): RegExp {
  // Longest first, so that a secret containing another secret is masked whole.
  const sorted = [...needles].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(escapeRegExp).join('|'), 'g');
}
