// The one rule for every file the action reads from the repository (action-interface, "Files"):
// the module the packer walks, and the policy files, folders, configs and sources sync-policies
// reads. A path is judged by where it really leads (every link on the way followed, as the kernel
// follows them: `..` after a link taken where the link leads, `/proc/self/...` resolved to what
// it is); a path that leads outside the repository is refused unless the input
// allow-links-outside-repository says otherwise, and a path that leads into git metadata is
// refused whatever it says. What is read is the file that was checked: reader.ts opens it by its
// real path, never through a link, and the open file must be the one the check saw.

import type { BigIntStats } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { asBytePath, bytePathFromBuffer, bytePathOf, fsPath, pathInsideRoot, textOf } from './byte-path.ts';
import type { BytePath } from './byte-path.ts';
import { linkedGitDirectories, liesInGitMetadata } from './git-metadata.ts';

/** The input that lets links lead outside the repository (never into its git metadata). */
export const ALLOW_LINKS_INPUT = 'allow-links-outside-repository';

export interface ConfinementOptions {
  /** The repository (GITHUB_WORKSPACE), as given. */
  readonly directory: string;
  /** How messages name it (`the repository`). */
  readonly label: string;
  /** The input allow-links-outside-repository: paths that leave the repository may be read. */
  readonly allowOutside: boolean;
}

/**
 * Where files may be read from. A pull request that adds `x -> /proc/self/environ`, or a link to
 * a credential in the runner's home directory, must not get that content uploaded, printed in a
 * summary or posted in a comment; `x -> ../.git/config` leads to the token actions/checkout
 * persists, and stays in the repository, so git metadata is refused apart from the rest: a
 * workflow that lets links leave the repository on purpose (a shared module beside the checkout)
 * has not chosen to publish the checkout's credentials.
 */
export interface Confinement {
  /** The real path of the repository. */
  readonly root: BytePath;
  readonly label: string;
  readonly allowOutside: boolean;
  /** Real paths of the git metadata the repository's `.git` file leads to (see liesInGitMetadata). */
  readonly linkedGitDirectories: readonly BytePath[];
}

/** The confinement to `options.directory`, its own links followed. */
export async function confinementOf(options: ConfinementOptions): Promise<Confinement> {
  const root = await realBytePath(bytePathOf(path.resolve(options.directory)));
  const linked: BytePath[] = [];
  for (const dir of await linkedGitDirectories(root)) {
    // What does not exist holds nothing to leak.
    const real = await realBytePath(dir).catch(() => null);
    if (real !== null) linked.push(real);
  }
  return { root, label: options.label, allowOutside: options.allowOutside, linkedGitDirectories: linked };
}

/** Why a path is refused: it leads outside the repository, or into its git metadata. */
export type Refusal = 'outside' | 'git-metadata';

/** Why a path whose real path is `real` may not be read, or null when it may. */
export function refusalOf(confinement: Confinement, real: BytePath): Refusal | null {
  if (liesInGitMetadata(confinement.root, confinement.linkedGitDirectories, real)) return 'git-metadata';
  if (confinement.allowOutside) return null;
  return pathInsideRoot(confinement.root, real) === null ? 'outside' : null;
}

/** The real path of `target` (every link on the way followed), as bytes. */
export async function realBytePath(target: BytePath): Promise<BytePath> {
  return bytePathFromBuffer(await realpath(fsPath(target), { encoding: 'buffer' }));
}

/** The identity of a file: what the open file is compared with. */
export type { FileIdentity } from './regular-file.ts';

/** A path judged by the rule: where it really leads, what is there, and whether it may be read. */
export interface CheckedPath {
  /** The path as given. */
  readonly path: BytePath;
  /** Where it really leads. */
  readonly real: BytePath;
  /** What is at the real path (its identity, type and size). */
  readonly stats: BigIntStats;
  readonly refusal: Refusal | null;
}

/**
 * `target` judged by the rule. File-system errors (a missing file, a dangling link, a loop) are
 * thrown as they are, for the caller to say what they mean where it is.
 */
export async function checkPath(confinement: Confinement, target: BytePath): Promise<CheckedPath> {
  const real = await realBytePath(target);
  const stats = await lstat(fsPath(real), { bigint: true });
  return { path: target, real, stats, refusal: refusalOf(confinement, real) };
}

/** A path refused by the rule, as a message names it. */
export interface RefusedLink {
  /** The path as the caller names it (relative to the module or the repository), as text. */
  readonly name: string;
  /** The link on the way to it that leads away, when `name` is not itself that link. */
  readonly via?: string;
  /** The real path it leads to, as text. */
  readonly target: string;
  readonly refusal: Refusal;
}

/**
 * The first link on the way from `root` (a directory, as the caller named it) to `target` below
 * it, relative to `root`; null when there is none (or `target` is not below `root`).
 */
export async function firstLinkOnTheWay(root: BytePath, target: BytePath): Promise<string | null> {
  const inside = pathInsideRoot(root, target);
  if (inside === null || inside === '') return null;
  const parts = inside.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const rel = asBytePath(parts.slice(0, i).join('/'));
    const stats = await lstat(fsPath(asBytePath(path.join(root, rel)))).catch(() => null);
    if (stats === null) return null;
    if (stats.isSymbolicLink()) return textOf(rel);
  }
  return null;
}

const LISTED = 10;

/**
 * `"a" → "/real/a", "b/c" (through the link "b") → "/real/c" and 3 more`: the refused paths and
 * where they lead.
 */
export function listRefusedLinks(links: readonly RefusedLink[]): string {
  const listed = links
    .slice(0, LISTED)
    .map((link) => {
      const via = link.via === undefined ? '' : ` (through the link ${JSON.stringify(link.via)})`;
      return `${JSON.stringify(link.name)}${via} → ${JSON.stringify(link.target)}`;
    })
    .join(', ');
  return links.length > LISTED ? `${listed} and ${links.length - LISTED} more` : listed;
}

/** Where refused links lead: `outside the repository (/w) or into its git metadata`. */
export function whereRefusedLinksLead(confinement: Confinement, links: readonly RefusedLink[]): string {
  const outside = links.some((link) => link.refusal === 'outside');
  const git = links.some((link) => link.refusal === 'git-metadata');
  return [
    ...(outside ? [`outside ${confinement.label} (${textOf(confinement.root)})`] : []),
    ...(git ? [`into ${outside ? 'its' : `${confinement.label}'s`} git metadata`] : []),
  ].join(' or ');
}

/** What the user may do about refused links, in one or two sentences naming the input. */
export function refusedLinksAdvice(links: readonly RefusedLink[]): string {
  const outside = links.some((link) => link.refusal === 'outside');
  const git = links.some((link) => link.refusal === 'git-metadata');
  return [
    ...(git
      ? [
          `Git metadata (.git) can hold the checkout's credentials: a link into it is refused whatever the input "${ALLOW_LINKS_INPUT}" says.`,
        ]
      : []),
    ...(outside ? [`To follow links that leave the repository, set the input "${ALLOW_LINKS_INPUT}" to "true".`] : []),
  ].join(' ');
}
