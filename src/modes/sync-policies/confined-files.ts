// The repository's files as sync-policies reads them: every path (a matched policy file, a
// folder the patterns search, a policies.hcl, the policy-config input, a block's `source`) is
// judged by the confinement rule (files/confinement.ts) before anything of it is read, and a
// file is read only as the file that was checked. The paths refused are collected and refused
// together, before any request, as one error naming each link and the input that governs them.

import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigurationError } from '../../errors.ts';
import { bytePathOf, pathInsideRoot, textOf } from '../../files/byte-path.ts';
import {
  checkPath,
  confinementOf,
  firstLinkOnTheWay,
  listRefusedLinks,
  refusedLinksAdvice,
  whereRefusedLinksLead,
} from '../../files/confinement.ts';
import type { CheckedPath, Confinement, RefusedLink } from '../../files/confinement.ts';
import { FileTooLargeError, readCheckedFile } from '../../files/reader.ts';
import type { FileKind } from '../../files/reader.ts';
import { GIT_METADATA_NAME } from '../../files/git-metadata.ts';
import { displayPath } from './policy-sources.ts';

/** What is at a path. */
export type Found = 'file' | 'not-a-file' | 'missing';

export interface ConfinedFiles {
  /** What is at `path` (absolute), judged by the rule; a refused path is remembered for `refuseLinks`. */
  foundAt(path: string): Promise<Found>;
  /**
   * Checks the folders the glob will search (`searchPaths`, absolute) and every folder below them
   * that a link inside the repository leads to: a link to a folder that the rule refuses is
   * remembered, and not entered.
   */
  checkFolders(searchPaths: readonly string[]): Promise<void>;
  /** Throws the one error naming every path refused so far, if there is one. */
  refuseLinks(): Promise<void>;
  /**
   * The content of a file `foundAt` found, read from the file checked (files/reader.ts); `tooLarge`
   * past the limit of its kind.
   */
  read(path: string, kind: FileKind, signal?: AbortSignal): Promise<{ bytes: Buffer } | { tooLarge: number }>;
}

export async function confinedFiles(root: string, allowOutside: boolean): Promise<ConfinedFiles> {
  const confinement = await confinementOf({ directory: root, label: 'the repository', allowOutside });
  const checked = new Map<string, Promise<CheckedPath | { error: unknown }>>();
  const refused = new Map<string, Promise<RefusedLink>>();

  /** What is at `path`; null when nothing can be (missing, a dangling link, a loop, no permission). */
  const check = async (path: string): Promise<CheckedPath | null> => {
    const result = await checkedOrError(path);
    return 'error' in result ? null : result;
  };
  const checkedOrError = (path: string): Promise<CheckedPath | { error: unknown }> => {
    let found = checked.get(path);
    if (!found) {
      found = checkPath(confinement, bytePathOf(path)).catch((error: unknown) => ({ error }));
      checked.set(path, found);
    }
    return found;
  };
  /** `path` as it is about to be read or searched: remembered when the rule refuses it. */
  const judge = (path: string, result: CheckedPath | null): result is CheckedPath => {
    if (result === null) return false;
    if (result.refusal === null) return true;
    if (!refused.has(path)) refused.set(path, refusal(root, path, result));
    return false;
  };

  return {
    async foundAt(path) {
      const result = await check(path);
      if (result === null) return 'missing';
      judge(path, result);
      return result.stats.isFile() ? 'file' : 'not-a-file';
    },
    async checkFolders(searchPaths) {
      await walkFolders(confinement, searchPaths, async (path) => {
        const result = await check(path);
        // A link to a file is judged if a pattern matches it (foundAt); a folder is searched.
        if (!result?.stats.isDirectory()) return null;
        return judge(path, result) ? result : null;
      });
    },
    async refuseLinks() {
      if (refused.size === 0) return;
      const byName = (a: RefusedLink, b: RefusedLink): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
      const links = (await Promise.all(refused.values())).sort(byName);
      const what = links.length === 1 ? 'a link that leads' : `${links.length} links that lead`;
      throw new ConfigurationError(
        `The policy files hold ${what} ${whereRefusedLinksLead(confinement, links)}: ${listRefusedLinks(links)}. ` +
          `Nothing was read from ${links.length === 1 ? 'it' : 'them'} and nothing was sent. ${refusedLinksAdvice(links)}`,
      );
    },
    async read(path, kind, signal) {
      const result = await checkedOrError(path);
      // Why it cannot be read (no permission on the way, say), for the caller to say in words.
      if ('error' in result) throw result.error;
      // A bug, not the user's: only what refuseLinks let through is read.
      if (result.refusal !== null) throw new Error(`${path} was refused and may not be read`);
      try {
        const shown = displayPath(root, path);
        return { bytes: await readCheckedFile(confinement, result, { kind, shown, ...(signal ? { signal } : {}) }) };
      } catch (error) {
        if (error instanceof FileTooLargeError) return { tooLarge: error.bytes };
        throw error;
      }
    },
  };
}

/** How a message names a refused path: as the repository holds it, with the first link on its way. */
async function refusal(root: string, path: string, result: CheckedPath): Promise<RefusedLink> {
  const shown = displayPath(root, path);
  const link = await firstLinkOnTheWay(bytePathOf(root), bytePathOf(path));
  return {
    name: shown,
    ...(link === null || link === shown ? {} : { via: link }),
    target: textOf(result.real),
    refusal: result.refusal!,
  };
}

/**
 * The folders below `searchPaths`, as the glob library walks them (it follows links to folders):
 * each is checked (`folder`: the checked folder, or null when it is none or refused), and entered
 * only when it lies in the repository (a folder outside, which the rule lets links reach, holds no
 * link that the matched files' own checks would miss). `.git` folders are passed over: nothing in
 * them is read.
 */
async function walkFolders(
  confinement: Confinement,
  searchPaths: readonly string[],
  folder: (path: string) => Promise<CheckedPath | null>,
): Promise<void> {
  const seen = new Set<string>();
  const pending: string[] = [];
  const enter = async (path: string): Promise<void> => {
    const result = await folder(path);
    if (result === null) return;
    const real = textOf(result.real);
    if (seen.has(real) || pathInsideRoot(confinement.root, result.real) === null) return;
    seen.add(real);
    pending.push(path);
  };
  for (const path of searchPaths) await enter(resolve(path));
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries
        .filter(
          (entry) => entry.name.toLowerCase() !== GIT_METADATA_NAME && (entry.isDirectory() || entry.isSymbolicLink()),
        )
        .map((entry) => enter(join(dir, entry.name))),
    );
  }
}
