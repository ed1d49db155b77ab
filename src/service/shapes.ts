// The documented shapes of what the service names: resource ids (a type prefix and an opaque
// suffix, spec "Conventions"), status names (3.1, 3.3), a test run's result and counters (2.2).
// An answer is held to them before anything in it is used or printed: an id or a status goes
// into log lines, outputs that workflows paste into scripts, the step's saved state and request
// paths, and a service (or something posing as it) must not be able to smuggle text through them.

import { isObject } from '../json-object.ts';
import { quoteClipped } from '../text.ts';
import { TEST_STATUSES } from './types.ts';

/** How much of a value out of shape a message quotes. */
const QUOTED_VALUE = 60;

/** Id prefixes by resource type (spec "Conventions"; a workspace upgrade is identified by its run). */
export const ID_PREFIXES: Readonly<Record<string, string>> = {
  policies: 'pol',
  'policy-sets': 'polset',
  'test-runs': 'trun',
  'configuration-versions': 'cv',
  'registry-modules': 'mod',
  vars: 'var',
  'no-code-modules': 'nocode',
  'no-code-allowed-modules': 'nocode',
  'variable-options': 'ncvaropt',
  'no-code-module-versions': 'nocodever',
  workspaces: 'ws',
  projects: 'prj',
  runs: 'run',
  'workspace-upgrade': 'run',
  users: 'user',
};

/** The opaque part of an id: letters and digits, as every id the service issues. */
const ID_SUFFIX = '[A-Za-z0-9]{1,64}';

/** A status name: lower-case words joined by `_` (`planned_and_saved`), named or not yet named by the spec. */
const STATUS_NAME = /^[a-z]+(?:_[a-z]+)*$/;
const MAX_STATUS_LENGTH = 64;

/** Whether `id` is an id with this prefix (`trun-...`). */
export function isIdWithPrefix(id: unknown, prefix: string): id is string {
  return typeof id === 'string' && hasIdShape(id, prefix);
}

/** The same for a text known to be a string: false leaves it a string (a type guard would not). */
export function hasIdShape(text: string, prefix: string): boolean {
  return new RegExp(`^${prefix}-${ID_SUFFIX}$`).test(text);
}

/** Whether `text` is an id of any documented type: public, never a credential. */
export function isServiceId(text: string): boolean {
  return ANY_ID.test(text);
}

const ANY_ID = new RegExp(`^(?:${[...new Set(Object.values(ID_PREFIXES))].join('|')})-${ID_SUFFIX}$`);

export function isStatusName(status: unknown): status is string {
  return typeof status === 'string' && status.length <= MAX_STATUS_LENGTH && STATUS_NAME.test(status);
}

/**
 * A status as a message shows it: its name when it is one of `named` (the statuses the spec and
 * the action's contract name for this kind of run); otherwise JSON-quoted and cut, with a word
 * saying so, so that a person knows the wait did not understand it. Every answer's status is
 * held to isStatusName first; the quoting keeps a message safe even where one was not.
 */
export function describeStatus(status: string, named: ReadonlySet<string>): string {
  if (named.has(status)) return status;
  return `${quoteClipped(status, MAX_STATUS_LENGTH + 2)} (a status the service's API documentation does not name)`;
}

/** Types whose `attributes.status` is a status name (2.2, 2.3, 2.8). */
const WITH_STATUS = new Set(['test-runs', 'configuration-versions', 'workspace-upgrade', 'runs']);

const COUNTERS = ['tests-passed', 'tests-failed', 'tests-errored', 'tests-skipped'] as const;

/**
 * What is wrong with a resource of `type` as the service sent it, in words safe to print; or
 * undefined when its id, status, result and counters have their documented shapes. Types the
 * table does not know are checked for nothing.
 */
export function shapeProblem(type: string, resource: { id?: unknown; attributes?: unknown }): string | undefined {
  const prefix = ID_PREFIXES[type];
  if (prefix !== undefined && !isIdWithPrefix(resource.id, prefix)) {
    return `an id that is not a \`${prefix}-\` id (${quoteClipped(resource.id, QUOTED_VALUE)})`;
  }
  const attributes = isObject(resource.attributes) ? resource.attributes : {};
  if (WITH_STATUS.has(type) && !isStatusName(attributes.status)) {
    return `a status that is not a status name (${quoteClipped(attributes.status, QUOTED_VALUE)})`;
  }
  if (type === 'test-runs') {
    const result = attributes['test-status'];
    if (result !== undefined && result !== null && !(TEST_STATUSES as readonly unknown[]).includes(result)) {
      return `a test-status that is none of ${TEST_STATUSES.join(', ')} or null (${quoteClipped(result, QUOTED_VALUE)})`;
    }
    for (const counter of COUNTERS) {
      const value = attributes[counter];
      if (
        value !== undefined &&
        value !== null &&
        !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
      ) {
        return `a ${counter} that is not a count (${quoteClipped(value, QUOTED_VALUE)})`;
      }
    }
  }
  return undefined;
}
