// Where a policy's code may be, worked out from paths alone. The gathering of the files
// (local-files.ts) uses it to know what to look at, the checks (local-policies.ts) to say what
// was found: both read a block's source the same way.

import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { PolicyKind } from '../../service/types.ts';
import type { PolicyBlock } from './policy-config.ts';
import { POLICY_FILE_EXTENSIONS, policyKindOfFile } from './policy-model.ts';

export const DEFAULT_CONFIG_FILE_NAME = 'policies.hcl';

/** A path as messages show it: relative to the workspace root, with `/` separators. */
export function displayPath(root: string, path: string): string {
  return relative(root, path).split(sep).join('/') || '.';
}

export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** `x_test.rego`, `.../test/<policy>/...` (cases and mocks of the native test runner), `.../testdata/...`. */
export function isTestFile(relativePath: string): boolean {
  if (relativePath.endsWith('_test.rego')) return true;
  const dirs = relativePath.split('/').slice(0, -1);
  return dirs.includes('testdata') || dirs.slice(0, -1).includes('test');
}

/** The code of a block's policy, as far as its `source` and the config's directory tell. */
export type BlockSource =
  /** `source` is not a literal string (reported with the config). */
  | { is: 'unreadable' }
  /** No `source`: `NAME.native` or `NAME.rego` beside the config, whichever exists. */
  | { is: 'beside-config'; candidates: Array<{ kind: PolicyKind; path: string }> }
  | { is: 'address'; source: string }
  | { is: 'outside'; source: string; path: string }
  | { is: 'not-a-policy-file'; source: string; path: string }
  | { is: 'file'; source: string; path: string; kind: PolicyKind };

export function blockSource(block: PolicyBlock, configDir: string, root: string): BlockSource {
  if (block.invalidAttributes.includes('source')) return { is: 'unreadable' };
  if (block.source === undefined) {
    const kinds = ['native', 'opa'] as const;
    return {
      is: 'beside-config',
      candidates: kinds.map((kind) => ({ kind, path: join(configDir, block.name + POLICY_FILE_EXTENSIONS[kind]) })),
    };
  }
  const source = block.source;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(source)) return { is: 'address', source };
  const path = resolve(configDir, source);
  if (!isInside(root, path)) return { is: 'outside', source, path };
  const kind = policyKindOfFile(path);
  if (kind === null) return { is: 'not-a-policy-file', source, path };
  return { is: 'file', source, path, kind };
}

/** The paths whose files decide where a block's code is; a `source` outside the workspace is not one. */
export function pathsToLookAt(source: BlockSource): string[] {
  if (source.is === 'beside-config') return source.candidates.map((c) => c.path);
  if (source.is === 'file') return [source.path];
  return [];
}
