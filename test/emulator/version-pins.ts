// Version pins as the service reads them: `latest`, an exact version, or a constraint in
// Terraform's syntax, standing for the newest published version that meets it.

/** A module's published versions, oldest first; the last is the latest. */
interface Published {
  versions: readonly string[];
}

/** The newest published version of a module. */
export function latestVersion(module: Published): string {
  return module.versions[module.versions.length - 1] ?? '1.0.0';
}

/** The published version a pin stands for: the newest that meets it. */
export function resolveVersionPin(module: Published, pin: string): string | undefined {
  if (pin === 'latest') return latestVersion(module);
  const parts = pin.split(',').map((part) => /^(=|!=|>=|<=|>|<|~>)?\s*v?(.+)$/.exec(part.trim()));
  if (parts.some((part) => part === null)) return undefined;
  const meets = (version: string): boolean =>
    parts.every((part) => meetsConstraint(version, part![1] ?? '=', part![2]!));
  return [...module.versions].reverse().find(meets);
}

/** Whether `version` meets `op wanted`, as Terraform reads a constraint (`~>`: only the last given part may grow). */
function meetsConstraint(version: string, op: string, wanted: string): boolean {
  const have = numbers(version);
  const want = numbers(wanted);
  const order = compare(have, want);
  switch (op) {
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    default: {
      // ~> 1.1 is >= 1.1, < 2.0; ~> 1.1.0 is >= 1.1.0, < 1.2.0.
      const fixed = want.slice(0, Math.max(1, want.length - 1));
      return order >= 0 && fixed.every((n, i) => have[i] === n);
    }
  }
}

function numbers(version: string): number[] {
  return version.replace(/^v/, '').split(/[-+]/)[0]!.split('.').map(Number);
}

/** Compares on the parts `b` gives (a constraint may give one, two or three). */
function compare(a: number[], b: number[]): number {
  for (let i = 0; i < b.length; i++) {
    const d = (a[i] ?? 0) - b[i]!;
    if (d !== 0) return d;
  }
  return 0;
}
