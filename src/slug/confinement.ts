import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';
import { bytePathFromBuffer, bytePathOf, fsPath, textOf } from './byte-path.ts';
import type { BytePath } from './byte-path.ts';
import { linkedGitDirectories, liesInGitMetadata } from './git-metadata.ts';
import { pathInsideRoot } from './links.ts';

/**
 * Where the content of a followed link may come from. go-slug replaces a link that leaves the
 * module with what it points to, wherever that is: in a pull request, a link to the runner's
 * `/etc/passwd` or to a credential in its home directory would ship that file to the service,
 * where the pull request's test code can read it. With a boundary, such a link is refused instead
 * (its target is not read), judged by where it really leads: every link of a chain and every link
 * on the way to it followed, `..` after a link taken where the link leads, as the kernel does.
 *
 * The boundary's git metadata counts as outside it: go-slug follows `creds -> ../.git/config`
 * since it stays in the repository, and that file can hold the checkout's token. It is governed
 * by the same choice as the rest of the outside (allow-links-outside-repository), not refused
 * whatever the choice: whoever lets links reach outside the repository already lets them reach
 * the runner's temporary directory, where actions/checkout v6 keeps the same token, so refusing
 * `.git` alone would protect nothing and only break an explicit choice.
 */
export interface LinkBoundary {
  /** The real path of the directory every followed link must stay in. */
  readonly root: BytePath;
  /** How the caller names that directory in messages (`the repository`). */
  readonly label: string;
  /** Real paths of the git metadata the root's `.git` file leads to (see liesInGitMetadata). */
  readonly linkedGitDirectories: readonly BytePath[];
}

/** Why a link is refused: it leads outside the boundary, or into its git metadata. */
export type Refusal = 'outside' | 'git-metadata';

/** A link refused for leading outside the boundary or into its git metadata. */
export interface RefusedLink {
  /** Its place in the archive, as text. */
  readonly name: string;
  /** The real path it leads to, as text. */
  readonly target: string;
  readonly refusal: Refusal;
}

/**
 * Links (or the module directory itself) that lead outside the boundary or into its git metadata:
 * nothing was packed from them.
 */
export class LinksOutsideBoundaryError extends ConfigurationError {
  readonly links: readonly RefusedLink[];

  constructor(message: string, links: readonly RefusedLink[]) {
    super(message);
    this.links = links;
  }

  static of(moduleRoot: string, boundary: LinkBoundary, links: readonly RefusedLink[]): LinksOutsideBoundaryError {
    return new LinksOutsideBoundaryError(describeRefusal(moduleRoot, boundary, links), links);
  }
}

const LISTED = 10;

function describeRefusal(moduleRoot: string, boundary: LinkBoundary, links: readonly RefusedLink[]): string {
  const listed = links
    .slice(0, LISTED)
    .map((link) => `${JSON.stringify(link.name)} → ${JSON.stringify(link.target)}`)
    .join(', ');
  const more = links.length > LISTED ? ` and ${links.length - LISTED} more` : '';
  const what = links.length === 1 ? 'a link that leads' : `${links.length} links that lead`;
  const outside = links.some((link) => link.refusal === 'outside');
  const git = links.some((link) => link.refusal === 'git-metadata');
  const where = [
    ...(outside ? [`outside ${boundary.label} (${textOf(boundary.root)})`] : []),
    ...(git ? [`into ${outside ? 'its' : `${boundary.label}'s`} git metadata`] : []),
  ].join(' or ');
  const why = git ? " Git metadata (.git) can hold the checkout's credentials." : '';
  return (
    `module directory ${JSON.stringify(moduleRoot)} holds ${what} ${where}, whose content would be packed: ${listed}${more}.${why} ` +
    `Remove ${links.length === 1 ? 'it or list it' : 'them or list them'} in .terraformignore.`
  );
}

/** The boundary for `directory` (as given), its own links followed. */
export async function linkBoundary(directory: string, label: string): Promise<LinkBoundary> {
  const root = await realBytePath(bytePathOf(path.resolve(directory)));
  const linked: BytePath[] = [];
  for (const dir of await linkedGitDirectories(root)) {
    // What does not exist holds nothing to leak.
    const real = await realBytePath(dir).catch(() => null);
    if (real !== null) linked.push(real);
  }
  return { root, label, linkedGitDirectories: linked };
}

/** The real path of `target` (every link on the way followed), as bytes. */
export async function realBytePath(target: BytePath): Promise<BytePath> {
  return bytePathFromBuffer(await realpath(fsPath(target), { encoding: 'buffer' }));
}

/** Why a followed link whose real target is `real` may not be packed, or null when it may. */
export function refusalOf(boundary: LinkBoundary, real: BytePath): Refusal | null {
  if (liesInGitMetadata(boundary.root, boundary.linkedGitDirectories, real)) return 'git-metadata';
  return pathInsideRoot(boundary.root, real) === null ? 'outside' : null;
}
