// The vocabulary of policy sync: policy names, files and the enforcement levels of each kind
// (spec 2.1, the kinds and levels as the service's types name them), the policies the repository
// asks for, and the problems found while reading it.

import { ENFORCEMENT_LEVELS } from '../../service/types.ts';
import type { EnforcementLevel, PolicyKind } from '../../service/types.ts';
import { FILE_SIZE_LIMITS } from '../../files/reader.ts';

/** Spec 2.1: letters, numbers, `-`, `_`. */
export const POLICY_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Spec 4.1 and 8: the upload endpoint refuses larger bodies with 413 and saves nothing (the reader's limit of a policy file). */
export const MAX_POLICY_CODE_BYTES = FILE_SIZE_LIMITS.policy;

/** The file extension that holds each kind of policy. */
export const POLICY_FILE_EXTENSIONS: Readonly<Record<PolicyKind, string>> = { native: '.native', opa: '.rego' };

export function enforcementLevelsOf(kind: PolicyKind): readonly EnforcementLevel[] {
  return ENFORCEMENT_LEVELS[kind];
}

export function isEnforcementLevelOf(kind: PolicyKind, level: string): level is EnforcementLevel {
  return (enforcementLevelsOf(kind) as readonly string[]).includes(level);
}

/** The kind a policy code file holds, from its extension; null for any other file. */
export function policyKindOfFile(fileName: string): PolicyKind | null {
  if (fileName.endsWith(POLICY_FILE_EXTENSIONS.native)) return 'native';
  if (fileName.endsWith(POLICY_FILE_EXTENSIONS.opa)) return 'opa';
  return null;
}

/**
 * Something wrong (or worth a warning) in the repository's policy files, placed for an
 * annotation. `file` is relative to the workspace root with `/` separators; it is `''` when the
 * problem concerns the inputs as a whole rather than one file (then annotate without a file).
 */
export interface Problem {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/** Where a policy is defined: its `policy "NAME"` block, or its own file when no block names it. */
export interface PolicyDefinitionSite {
  /** Relative to the workspace root, `/` separators. */
  file: string;
  /** The line of the `policy "NAME"` header; absent for a policy defined by its file alone. */
  line?: number;
}

/** A policy as the repository defines it, validated and ready to be compared and sent. */
export interface DesiredPolicy {
  name: string;
  kind: PolicyKind;
  /** Valid for `kind`. */
  enforcementLevel: EnforcementLevel;
  /**
   * The repository states the level (its block's `enforcement_level`, or an `enforcement-level`
   * input the workflow sets). When it does not, `enforcementLevel` is NEW_POLICY_LEVEL, for a
   * policy the sync creates; a policy the service has keeps the service's level.
   */
  enforcementLevelStated: boolean;
  /** Null when the config gives none: the repository is the source of truth, so a description
   *  set in the service is cleared. */
  description: string | null;
  /** opa: the block's `query`, or `data.<package>.deny` from the file's package line.
   *  native: always null. */
  query: string | null;
  /** The policy code exactly as stored in the file (decoded as UTF-8, byte order mark kept), so
   *  that `Buffer.from(code, 'utf8')` gives back the file's bytes. */
  code: string;
  /** Size of the code in bytes (at most MAX_POLICY_CODE_BYTES). */
  codeBytes: number;
  /** The code file, relative to the workspace root, `/` separators. */
  sourceFile: string;
  definedAt: PolicyDefinitionSite;
}

/**
 * The level of a policy the sync creates when the repository states none: the spec makes the
 * level required without a default, and `advisory` enforces nothing by surprise on a new policy.
 */
export const NEW_POLICY_LEVEL = 'advisory' satisfies EnforcementLevel;

/**
 * A level of one kind as the same strength in another (a policy whose kind changes, its level
 * kept): a mandatory native level is `mandatory` in opa, and opa's `mandatory` is
 * `hard-mandatory` in native, so that a level is never weakened by the change.
 */
export function equivalentLevel(level: string, kind: PolicyKind): EnforcementLevel {
  if (isEnforcementLevelOf(kind, level)) return level;
  if (level === 'advisory') return 'advisory';
  return kind === 'opa' ? 'mandatory' : 'hard-mandatory';
}
