// The repository's policy files as they are on disk, gathered before anything is checked: the
// files policy-files matches, the configs that apply (read and parsed), what is at each path a
// policy block names or implies, and the code of every file that may be a policy's. This is the
// only step of reading the local policies that touches the file system; local-policies.ts checks
// what it found. Every path is judged by the confinement rule before anything of it is read
// (confined-files.ts): links that lead outside the repository or into its git metadata stop the
// step, naming them, before the first request.

import { dirname, join, resolve } from 'node:path';
import { getErrorMessage } from '../../errors.ts';
import { describeFsError } from '../../fs-errors.ts';
import { FILE_SIZE_LIMITS } from '../../files/reader.ts';
import { confinedFiles } from './confined-files.ts';
import type { ConfinedFiles, Found } from './confined-files.ts';
import { readPolicyConfig } from './policy-config.ts';
import type { PolicyConfig } from './policy-config.ts';
import { matchPolicyFiles } from './policy-files.ts';
import { MAX_POLICY_CODE_BYTES, policyKindOfFile } from './policy-model.ts';
import {
  DEFAULT_CONFIG_FILE_NAME,
  blockSource,
  displayPath,
  isInside,
  isTestFile,
  pathsToLookAt,
} from './policy-sources.ts';

export type { Found } from './confined-files.ts';

/** A file's policy code, or why it cannot be used. */
export interface Code {
  text?: string;
  bytes?: number;
  error?: string;
}

export interface LocalFiles {
  /** The workspace root, absolute. */
  root: string;
  /** The files the patterns matched, absolute, sorted. */
  matched: string[];
  /** The policy-config input resolved against the root, and what is there; absent when the input is empty. */
  namedConfig?: { path: string; found: Found };
  /** The configs that apply (the named one when it is a file, else those found beside the matched files). */
  configs: Array<{ path: string; config: PolicyConfig }>;
  /** What is at each path a block's source names or implies (policy-sources.ts). */
  found: ReadonlyMap<string, Found>;
  /** The code of each block path that holds a file, and of each matched policy file that is not a test. */
  code: ReadonlyMap<string, Code>;
}

export interface GatherOptions {
  /** @actions/glob patterns, one per entry or per line; `!` excludes; relative to workspaceRoot. */
  patterns: string[];
  /** The `policy-config` input, relative to workspaceRoot; empty or absent: discover policies.hcl. */
  configPath?: string;
  workspaceRoot: string;
  /** The input allow-links-outside-repository (default false); links into .git are refused whatever it says. */
  allowLinksOutsideRepository?: boolean;
  /** Debug lines of the file search (the sink's debug). */
  debug?: (message: string) => void;
  /** The step's cancellation: a read of a file ends with it. */
  signal?: AbortSignal;
}

export async function gatherLocalFiles(options: GatherOptions): Promise<LocalFiles> {
  const root = resolve(options.workspaceRoot);
  const files = await confinedFiles(root, options.allowLinksOutsideRepository ?? false);
  const matched = await matchPolicyFiles(options.patterns, root, options.debug, async (searchPaths) => {
    // Before the glob lists a folder that a link leads to: the folders it would enter are judged first.
    await files.checkFolders(searchPaths);
    await files.refuseLinks();
  });
  await Promise.all(matched.map((file) => files.foundAt(file)));

  const gathered: { root: string; matched: string[]; namedConfig?: LocalFiles['namedConfig'] } = { root, matched };
  let configPaths: string[];
  const configPath = options.configPath?.trim() ?? '';
  if (configPath !== '') {
    const path = resolve(root, configPath);
    const found = await files.foundAt(path);
    gathered.namedConfig = { path, found };
    configPaths = found === 'file' ? [path] : [];
  } else {
    configPaths = await discoverConfigs(files, matched, root);
  }
  await files.refuseLinks();

  const configs = await Promise.all(
    configPaths.map(async (path) => ({
      path,
      config: await readPolicyConfig(displayPath(root, path), () => readConfig(files, path, options.signal)),
    })),
  );

  const blockPaths = new Set(
    configs.flatMap(({ path, config }) =>
      config.blocks.flatMap((block) => pathsToLookAt(blockSource(block, dirname(path), root))),
    ),
  );
  const found = new Map(
    await Promise.all([...blockPaths].map(async (path) => [path, await files.foundAt(path)] as const)),
  );
  await files.refuseLinks();

  const codePaths = new Set([...blockPaths].filter((path) => found.get(path) === 'file'));
  for (const file of matched) {
    if (policyKindOfFile(file) !== null && !isTestFile(displayPath(root, file))) codePaths.add(file);
  }
  const code = new Map(
    await Promise.all([...codePaths].map(async (path) => [path, await loadCode(files, path, options.signal)] as const)),
  );

  return { ...gathered, configs, found, code };
}

/** For each directory of a matched file, the nearest policies.hcl in it or above it, up to the root. */
async function discoverConfigs(files: ConfinedFiles, matched: string[], root: string): Promise<string[]> {
  const nearest = new Map<string, Promise<string | null>>();
  const find = (dir: string): Promise<string | null> => {
    let found = nearest.get(dir);
    if (!found) {
      found = (async () => {
        const candidate = join(dir, DEFAULT_CONFIG_FILE_NAME);
        if ((await files.foundAt(candidate)) === 'file') return candidate;
        const parent = dirname(dir);
        return dir !== root && parent !== dir && isInside(root, parent) ? find(parent) : null;
      })();
      nearest.set(dir, found);
    }
    return found;
  };
  const found = await Promise.all([...new Set(matched.map(dirname))].map(find));
  return [...new Set(found.filter((f): f is string => f !== null))].sort();
}

async function readConfig(files: ConfinedFiles, path: string, signal: AbortSignal | undefined): Promise<Buffer> {
  const read = await files.read(path, 'policy-config', signal);
  if ('tooLarge' in read) {
    const limit = FILE_SIZE_LIMITS['policy-config'];
    throw new Error(`it holds ${read.tooLarge} bytes, more than the ${limit} a policy config may hold`);
  }
  return read.bytes;
}

async function loadCode(files: ConfinedFiles, path: string, signal: AbortSignal | undefined): Promise<Code> {
  try {
    const read = await files.read(path, 'policy', signal);
    if ('tooLarge' in read) return { error: tooLarge(read.tooLarge) };
    const bytes = read.bytes;
    try {
      // ignoreBOM keeps a byte order mark in the text, so the upload sends the file's exact bytes.
      const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
      return { text, bytes: bytes.length };
    } catch {
      return { error: 'the file is not UTF-8 text; save it as UTF-8.' };
    }
  } catch (error) {
    return { error: `the file cannot be read (${describeFsError(error) ?? getErrorMessage(error)}).` };
  }
}

function tooLarge(bytes: number): string {
  return `${bytes} bytes of code, more than the ${MAX_POLICY_CODE_BYTES} bytes (10 MB) the service accepts; split the policy or shrink it.`;
}
