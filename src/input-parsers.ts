import { ConfigurationError } from './errors.ts';

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

/** `90s`, `15m`, `1h`, `1h30m`, or plain seconds. */
export function parseDuration(input: string, value: string): number {
  const v = value.trim();
  if (/^\d+$/.test(v)) {
    const ms = Number(v) * 1000;
    if (ms > 0) return ms;
  } else if (/^(?:\d+h)?(?:\d+m)?(?:\d+s)?$/.test(v) && v !== '') {
    let ms = 0;
    for (const [, n, unit] of v.matchAll(/(\d+)([hms])/g)) ms += Number(n) * UNIT_MS[unit!]!;
    if (ms > 0) return ms;
  }
  throw new ConfigurationError(`Input "${input}" must be a duration such as 90s, 15m, 1h or a number of seconds (got "${value}").`);
}

/** The YAML 1.2 core schema booleans, as @actions/core accepts them. */
export function parseBoolean(input: string, value: string): boolean {
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new ConfigurationError(`Input "${input}" must be true or false (got "${value}").`);
}

/** Comma or newline separated. */
export function parseList(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
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
      throw new ConfigurationError(`Input "${input}" line ${number} must look like key = "value" (an HCL literal after the =).`);
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
      throw new ConfigurationError(`Input "${input}" line ${number} must look like NAME=value with NAME made of letters, digits and _.`);
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
  const vars = trimmed.startsWith('[') ? parseWorkspaceVariablesJson(input, trimmed) : parseWorkspaceVariableLines(input, trimmed);
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
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new ConfigurationError(`${where} must be an object.`);
    const o = item as Record<string, unknown>;
    const allowed = ['key', 'value', 'category', 'hcl', 'sensitive', 'description'];
    const unknown = Object.keys(o).filter((k) => !allowed.includes(k));
    if (unknown.length) throw new ConfigurationError(`${where} has unknown field(s) ${unknown.join(', ')}; allowed: ${allowed.join(', ')}.`);
    if (typeof o.key !== 'string' || o.key === '') throw new ConfigurationError(`${where} needs a string "key".`);
    const category = o.category ?? 'svc';
    if (category !== 'svc' && category !== 'env') throw new ConfigurationError(`${where} ("${o.key}"): category must be "svc" or "env".`);
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
