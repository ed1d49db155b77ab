import { lstat, readlink } from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';
import { asBytePath, bytePathFromBuffer, fsPath, textOf } from '../files/byte-path.ts';
import type { BytePath } from '../files/byte-path.ts';
import { describeFsError } from '../fs-errors.ts';

// The kernel gives up after 40 links in a chain (ELOOP); so do we.
const MAX_LINK_HOPS = 40;

/** The target written in the link at `linkPath`, made absolute against the link's directory. */
export function absoluteLinkTarget(linkPath: BytePath, target: BytePath): BytePath {
  return asBytePath(path.isAbsolute(target) ? path.normalize(target) : path.join(path.dirname(linkPath), target));
}

/** What a link says, as bytes. */
export async function readLinkBytes(linkPath: BytePath): Promise<BytePath> {
  return bytePathFromBuffer(await readlink(fsPath(linkPath), { encoding: 'buffer' }));
}

/**
 * The relative target to store for a link named `entryName` in the archive that points to
 * `insideRel` (relative to the module root).
 */
export function relativeLinkTarget(entryName: BytePath, insideRel: BytePath): BytePath {
  const from = path.posix.dirname(entryName);
  return asBytePath(path.posix.relative(from === '.' ? '' : from, insideRel) || '.');
}

export interface ResolvedLink {
  /** Absolute path of the first thing in the chain that is not a link. */
  readonly path: BytePath;
  readonly stats: BigIntStats;
}

/**
 * Follow a link that leaves the module, through any chain of links, to what it finally points
 * to, each hop joined lexically as go-slug joins it. A target that does not exist is the user's
 * to fix, so it is a ConfigurationError naming the link by its place in the module.
 */
export async function resolveExternalLink(
  linkPath: BytePath,
  entryName: string,
  moduleRoot: string,
): Promise<ResolvedLink> {
  let current = linkPath;
  for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
    let written: BytePath;
    try {
      written = await readLinkBytes(current);
    } catch (error) {
      const reason = describeFsError(error);
      if (reason === undefined) throw error;
      const which = current === linkPath ? '' : `, through ${JSON.stringify(textOf(current))},`;
      throw new ConfigurationError(
        `module directory ${JSON.stringify(moduleRoot)}: the link ${JSON.stringify(entryName)}${which} cannot be followed (${reason}). ` +
          `Remove the link or list it in .terraformignore.`,
      );
    }
    const next = absoluteLinkTarget(current, written);
    let stats: BigIntStats;
    try {
      stats = await lstat(fsPath(next), { bigint: true });
    } catch (error) {
      const reason = describeFsError(error);
      if (reason === undefined) throw error;
      throw new ConfigurationError(
        `module directory ${JSON.stringify(moduleRoot)}: the link ${JSON.stringify(entryName)} points outside the module to ` +
          `${JSON.stringify(textOf(next))}, which cannot be read (${reason}). ` +
          `Remove the link, list it in .terraformignore, or make its target exist.`,
      );
    }
    if (!stats.isSymbolicLink()) return { path: next, stats };
    current = next;
  }
  throw new ConfigurationError(
    `module directory ${JSON.stringify(moduleRoot)}: the link ${JSON.stringify(entryName)} leads through more than ${MAX_LINK_HOPS} links (a loop?). ` +
      `Remove the link or list it in .terraformignore.`,
  );
}
