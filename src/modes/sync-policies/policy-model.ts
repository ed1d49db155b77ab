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
