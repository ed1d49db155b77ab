// Each input's text to its typed value: one function per kind of value, given the input's name
// for its messages. An empty text means "not given" (the input's default is applied before):
// a parser of one value returns it as it is, and schema.ts makes sure that an input a mode
// requires is never given empty.

import { posix, win32 } from 'node:path';
import { ConfigurationError } from '../errors.ts';
import { isObject } from '../json-object.ts';
import { baseUrlProblem, normaliseBaseUrl, tokenProblem } from '../service/client.ts';
import { hasIdShape } from '../service/shapes.ts';
import { ENFORCEMENT_LEVELS } from '../service/types.ts';
import type { EnforcementLevel } from '../service/types.ts';
import { versionPinProblem } from '../version-pin.ts';

/** A run variable of a test run (2.2): the value is an HCL literal, passed through as written. */
export interface TestVariable {
  key: string;
  value: string;
}

export interface EnvVariable {
  key: string;
  value: string;
}

/** A variable of no-code workspace creation and upgrade (4.3). */
export interface WorkspaceVariable {
  key: string;
  value: string;
  category: 'svc' | 'env';
  hcl: boolean;
  sensitive: boolean;
  description?: string;
}

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000 };

/**
 * The longest duration accepted: a day. A wait longer than any job can last is a typo, and
 * Node's timers cannot hold more than 24.8 days (a longer one fires at once).
 */
export const MAX_DURATION_MS = 24 * 3_600_000;

/** `90s`, `15m`, `1h`, `1h30m`, or plain seconds; at most MAX_DURATION_MS. */
export function parseDuration(input: string, value: string): number {
  const v = value.trim();
  let ms = 0;
  if (/^\d+$/.test(v)) {
    ms = Number(v) * 1000;
  } else if (/^(?:\d+h)?(?:\d+m)?(?:\d+s)?$/.test(v) && v !== '') {
    for (const [, n, unit] of v.matchAll(/(\d+)([hms])/g)) ms += Number(n) * UNIT_MS[unit!]!;
  }
  if (ms > MAX_DURATION_MS) {
    throw new ConfigurationError(`Input "${input}" is longer than the longest wait allowed, 24h (got "${value}").`);
  }
  if (ms > 0) return ms;
  throw new ConfigurationError(
    `Input "${input}" must be a duration such as 90s, 15m, 1h or a number of seconds (got "${value}").`,
  );
}

/** The YAML 1.2 core schema booleans, as @actions/core accepts them. */
export function parseBoolean(input: string, value: string): boolean {
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new ConfigurationError(`Input "${input}" must be true or false (got "${value}").`);
}

/**
 * Comma or newline separated. A value that holds no item once split (`",,,"`) is refused: it is
 * a mistake, not an empty list (an empty list is written by leaving the input empty).
 */
export function parseList(input: string, value: string): string[] {
  const items = value
    .split(/[,\r\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0 && value.trim() !== '') {
    throw new ConfigurationError(
      `Input "${input}" holds no item once split at commas and line breaks (got "${value}").`,
    );
  }
  return items;
}

/**
 * A path relative to the repository root that stays inside it: not absolute (POSIX or Windows),
 * no `~` (which @actions/glob expands to the home directory), and no `..` that climbs out.
 */
export function parseRepositoryPath(input: string, value: string): string {
  const problem = pathProblem(value);
  if (problem)
    throw new ConfigurationError(
      `Input "${input}" must be a path inside the repository, relative to its root: ${problem} (got "${value}").`,
    );
  return value;
}

/**
 * A file the step writes (`reports/junit.xml`), held to the rule of every path input: inside the
 * repository, which is the workspace, so that an input can never make the step write over a
 * file of the runner. Empty stays empty (nothing is written).
 */
export function parseWorkspaceFilePath(input: string, value: string): string {
  if (value === '') return '';
  const refuse = (why: string): never => {
    throw new ConfigurationError(
      `Input "${input}" must be a path inside the repository, relative to its root: ${why} (got ${JSON.stringify(value)}).`,
    );
  };
  // eslint-disable-next-line no-control-regex -- looking for them is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) refuse('it holds control characters');
  const problem = pathProblem(value);
  if (problem) refuse(problem);
  const slashed = value.replace(/\\/g, '/');
  const normal = posix.normalize(slashed);
  if (normal === '.' || slashed.endsWith('/')) refuse('it names a directory, not a file');
  return normal;
}

/**
 * Glob patterns (one a line, `!` excludes) held to the same rule, with no `..` at all: a pattern
 * is matched from the repository root, so it never needs to climb.
 */
export function parseRepositoryGlobs(input: string, value: string): string[] {
  const patterns = parseLines(input, value);
  for (const pattern of patterns) {
    const path = pattern.replace(/^!+/, '');
    const problem = pathProblem(path) ?? (path.split(/[\\/]/).includes('..') ? 'it has a ".." segment' : undefined);
    if (problem) {
      throw new ConfigurationError(
        `Input "${input}" must hold patterns inside the repository, relative to its root: ${problem} (got "${pattern}").`,
      );
    }
  }
  return [...patterns];
}

function pathProblem(path: string): string | undefined {
  if (posix.isAbsolute(path) || win32.isAbsolute(path)) return 'it is absolute';
  if (path.startsWith('~')) return 'it starts from a home directory';
  const normalised = posix.normalize(path.replace(/\\/g, '/'));
  if (normalised === '..' || normalised.startsWith('../')) return 'it leaves the repository';
  return undefined;
}

/** The service address, held to the client's rule (baseUrlProblem), as the client reads it. */
export function parseBaseUrl(input: string, value: string): string {
  const problem = baseUrlProblem(value);
  if (problem !== undefined) throw new ConfigurationError(`Input "${input}" ${problem}.`);
  return normaliseBaseUrl(value).href;
}

/** An API token, held to the client's rule (tokenProblem). The value is never echoed: it is the secret. */
export function parseToken(input: string, value: string): string {
  const problem = tokenProblem(value);
  if (problem !== undefined) throw new ConfigurationError(`Input "${input}" ${problem}.`);
  return value;
}

/** The text as given. */
export function parseText(_input: string, value: string): string {
  return value;
}

/** One item a line, each trimmed; blank lines are passed over. */
export function parseLines(_input: string, value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A name that becomes a segment of a request path: an organization, a module, a workspace. */
export function parseName(input: string, value: string): string {
  if (value !== '' && !NAME_PATTERN.test(value)) {
    throw new ConfigurationError(`Input "${input}" may contain only letters, digits, "-" and "_" (got "${value}").`);
  }
  return value;
}

/** The parser of an id of one type of resource (`nocode-...`). */
export function idWithPrefix(prefix: string): (input: string, value: string) => string {
  return (input, value) => {
    if (value !== '' && !hasIdShape(value, prefix)) {
      throw new ConfigurationError(`Input "${input}" must be an id starting with "${prefix}-" (got "${value}").`);
    }
    return value;
  };
}

/** The parser of a list of such ids, comma or newline separated, each once. */
export function idsWithPrefix(prefix: string): (input: string, value: string) => string[] {
  const id = idWithPrefix(prefix);
  return (input, value) => {
    const ids = parseList(input, value);
    for (const item of ids) id(input, item);
    return [...new Set(ids)];
  };
}

/**
 * A policy set of the `policy-sets` input: its id, and the kind of policies it holds when the
 * input says (`native:polset-…`, `opa:polset-…`). A policy set holds policies of one kind, and
 * the service's API (spec 1) shows no read of a set, so only the input can say which.
 */
export interface PolicySetRef {
  readonly id: string;
  readonly kind: 'native' | 'opa' | null;
}

/** `policy-sets`: ids, each with an optional `native:` or `opa:` before it; the same id once. */
export function parsePolicySets(input: string, value: string): PolicySetRef[] {
  const id = idWithPrefix('polset');
  const refs = new Map<string, PolicySetRef>();
  for (const item of parseList(input, value)) {
    const match = /^(native|opa):(.*)$/.exec(item);
    const kind = match ? (match[1] as 'native' | 'opa') : null;
    const setId = match ? match[2]!.trim() : item;
    if (!match && /^[a-z]+:/.test(item)) {
      throw new ConfigurationError(
        `Input "${input}": ${JSON.stringify(item)} names a kind of policies that does not exist; write native:polset-... or opa:polset-..., or the id alone.`,
      );
    }
    id(input, setId);
    const known = refs.get(setId);
    if (known !== undefined && known.kind !== kind) {
      throw new ConfigurationError(
        `Input "${input}" gives policy set ${setId} twice with different kinds; a policy set holds policies of one kind.`,
      );
    }
    refs.set(setId, { id: setId, kind });
  }
  return [...refs.values()];
}

/** One wave of a rollout, as the `waves` input gives it: a count, a share of the workspaces, or the rest. */
export type WaveSize = { readonly count: number } | { readonly percent: number } | { readonly all: true };

/**
 * `waves`: comma-separated sizes, each a whole count (`5`) or a percentage of the workspaces
 * (`10%`, at most 100); `all`, the rest, only last. Anything else is refused before any request.
 */
export function parseWaves(input: string, value: string): WaveSize[] {
  const items = value.split(',').map((item) => item.trim());
  return items.map((item, index): WaveSize => {
    const refuse = (why: string): never => {
      throw new ConfigurationError(
        `Input "${input}" must be comma-separated wave sizes, each a count (5) or a percentage (10%), the last may be all ` +
          `(such as 1,10%,all): ${why} (got "${value}").`,
      );
    };
    if (item === 'all') {
      if (index !== items.length - 1) refuse('all takes the rest, so it can only be last');
      return { all: true };
    }
    const percent = /^(\d{1,3})%$/.exec(item);
    if (percent) {
      const p = Number(percent[1]);
      if (p < 1 || p > 100) refuse(`${item} is not a share from 1% to 100%`);
      return { percent: p };
    }
    if (!/^\d{1,6}$/.test(item) || Number(item) < 1) refuse(`"${item}" is no wave size`);
    return { count: Number(item) };
  });
}

/** true or false, or null when not given: the mode decides what no value means. */
export function parseOptionalBoolean(input: string, value: string): boolean | null {
  return value === '' ? null : parseBoolean(input, value);
}

/**
 * The `enforcement-level` input: null when the workflow sets none (then a new policy gets
 * NEW_POLICY_LEVEL and an existing one keeps the service's level: a level is never lowered
 * unless the repository states it).
 */
export function parseEnforcementLevel(input: string, value: string): EnforcementLevel | null {
  if (value === '') return null;
  const all: readonly string[] = [...ENFORCEMENT_LEVELS.native, ...ENFORCEMENT_LEVELS.opa];
  if (!all.includes(value)) {
    throw new ConfigurationError(
      `Input "${input}" must be one of ${ENFORCEMENT_LEVELS.native.join(', ')} (native) or ${ENFORCEMENT_LEVELS.opa.join(', ')} (opa) (got "${value}").`,
    );
  }
  return value as EnforcementLevel;
}

/**
 * What `prune` may delete: nothing; the policies of the `policy-sets` (`prune: true`, which
 * needs at least one set, so that an unset repository variable never widens it); or every
 * policy of the organization (`prune: organization`, said in so many words).
 */
export type PruneScope = 'off' | 'policy-sets' | 'organization';

/** true, false or organization. That true needs policy sets is checked with them (read.ts). */
export function parsePrune(input: string, value: string): PruneScope {
  if (value === 'organization') return 'organization';
  if (!['true', 'True', 'TRUE', 'false', 'False', 'FALSE'].includes(value)) {
    throw new ConfigurationError(`Input "${input}" must be true, false or organization (got "${value}").`);
  }
  return parseBoolean(input, value) ? 'policy-sets' : 'off';
}

/** A no-code module's version pin, as the service takes one (version-pin.ts); empty: not given. */
export function parseVersionPin(input: string, value: string): string {
  const problem = value === '' ? undefined : versionPinProblem(value);
  if (problem !== undefined) throw new ConfigurationError(`Input "${input}" must be ${problem} (got "${value}").`);
  return value;
}

function nonEmptyLines(value: string): Array<{ text: string; number: number }> {
  return value
    .split(/\r?\n/)
    .map((text, i) => ({ text: text.trim(), number: i + 1 }))
    .filter((l) => l.text !== '' && !l.text.startsWith('#'));
}

const HCL_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Lines `key = <HCL literal>`; the literal is passed on as written (2.2: values are HCL literals). */
export function parseHclVariableLines(input: string, value: string): TestVariable[] {
  const seen = new Set<string>();
  return nonEmptyLines(value).map(({ text, number }) => {
    const eq = text.indexOf('=');
    const key = eq < 0 ? '' : text.slice(0, eq).trim();
    const literal = eq < 0 ? '' : text.slice(eq + 1).trim();
    if (!HCL_IDENTIFIER.test(key) || literal === '') {
      throw new ConfigurationError(
        `Input "${input}" line ${number} must look like key = "value" (an HCL literal after the =).`,
      );
    }
    if (seen.has(key)) throw new ConfigurationError(`Input "${input}" sets "${key}" twice (line ${number}).`);
    seen.add(key);
    return { key, value: literal };
  });
}

/** Lines `KEY=VALUE`; the value is everything after the first `=` (it may hold `=`). */
export function parseEnvLines(input: string, value: string): EnvVariable[] {
  const seen = new Set<string>();
  return nonEmptyLines(value).map(({ text, number }) => {
    const eq = text.indexOf('=');
    const key = eq < 0 ? '' : text.slice(0, eq).trim();
    if (!ENV_NAME.test(key)) {
      // The value is never echoed: these are secrets.
      throw new ConfigurationError(
        `Input "${input}" line ${number} must look like NAME=value with NAME made of letters, digits and _.`,
      );
    }
    if (seen.has(key)) throw new ConfigurationError(`Input "${input}" sets "${key}" twice (line ${number}).`);
    seen.add(key);
    return { key, value: text.slice(eq + 1).trim() };
  });
}

/**
 * Three forms: a JSON array of `{key, value, category, hcl, sensitive, description}`; or lines
 * `key=value` (category svc) and `env:KEY=VALUE` (category env).
 */
export function parseWorkspaceVariables(input: string, value: string): WorkspaceVariable[] {
  const trimmed = value.trim();
  if (trimmed === '') return [];
  const vars = trimmed.startsWith('[')
    ? parseWorkspaceVariablesJson(input, trimmed)
    : parseWorkspaceVariableLines(input, trimmed);
  const seen = new Set<string>();
  for (const v of vars) {
    const id = `${v.category}:${v.key}`;
    if (seen.has(id)) throw new ConfigurationError(`Input "${input}" sets ${v.category} variable "${v.key}" twice.`);
    seen.add(id);
  }
  return vars;
}

function parseWorkspaceVariableLines(input: string, value: string): WorkspaceVariable[] {
  return nonEmptyLines(value).map(({ text, number }) => {
    const env = text.startsWith('env:');
    const body = env ? text.slice(4) : text;
    const eq = body.indexOf('=');
    const key = eq < 0 ? '' : body.slice(0, eq).trim();
    if (!(env ? ENV_NAME : HCL_IDENTIFIER).test(key)) {
      throw new ConfigurationError(
        `Input "${input}" line ${number} must look like name=value, env:NAME=value, or the input must be a JSON array.`,
      );
    }
    return { key, value: body.slice(eq + 1).trim(), category: env ? 'env' : 'svc', hcl: false, sensitive: false };
  });
}

function parseWorkspaceVariablesJson(input: string, value: string): WorkspaceVariable[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    // The parser's message quotes the text, which may hold sensitive values.
    throw new ConfigurationError(`Input "${input}" starts with "[" but is not valid JSON.`);
  }
  if (!Array.isArray(parsed)) throw new ConfigurationError(`Input "${input}" must be a JSON array of variables.`);
  return parsed.map((item: unknown, i) => {
    const where = `Input "${input}" item ${i + 1}`;
    if (!isObject(item)) throw new ConfigurationError(`${where} must be an object.`);
    const o = item;
    const allowed = ['key', 'value', 'category', 'hcl', 'sensitive', 'description'];
    const unknown = Object.keys(o).filter((k) => !allowed.includes(k));
    if (unknown.length)
      throw new ConfigurationError(
        `${where} has unknown field(s) ${unknown.join(', ')}; allowed: ${allowed.join(', ')}.`,
      );
    if (typeof o.key !== 'string' || o.key === '') throw new ConfigurationError(`${where} needs a string "key".`);
    const category = o.category ?? 'svc';
    if (category !== 'svc' && category !== 'env')
      throw new ConfigurationError(`${where} ("${o.key}"): category must be "svc" or "env".`);
    // The same names as the line form: an HCL identifier, or for env an environment variable name.
    if (!(category === 'env' ? ENV_NAME : HCL_IDENTIFIER).test(o.key)) {
      throw new ConfigurationError(
        `${where}: key ${JSON.stringify(o.key)} is not ` +
          (category === 'env'
            ? 'an environment variable name (letters, digits and _).'
            : 'a variable name (letters, digits, _ and -, not starting with a digit).'),
      );
    }
    const v: WorkspaceVariable = {
      key: o.key,
      value: stringValue(o.value, `${where} ("${o.key}"): value`),
      category,
      hcl: booleanField(o.hcl, `${where} ("${o.key}"): hcl`),
      sensitive: booleanField(o.sensitive, `${where} ("${o.key}"): sensitive`),
    };
    if (o.description !== undefined) v.description = stringValue(o.description, `${where} ("${o.key}"): description`);
    return v;
  });
}

function stringValue(v: unknown, what: string): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new ConfigurationError(`${what} must be a string (write HCL values as strings with "hcl": true).`);
}

function booleanField(v: unknown, what: string): boolean {
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw new ConfigurationError(`${what} must be true or false.`);
  return v;
}
