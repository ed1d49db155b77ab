import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';
import { bytePathFromBuffer, bytePathOf, fsPath, textOf } from './byte-path.ts';
import type { BytePath } from './byte-path.ts';

/**
 * Where the content of a followed link may come from. go-slug replaces a link that leaves the
 * module with what it points to, wherever that is: in a pull request, a link to the runner's
 * `/etc/passwd` or to a credential in its home directory would ship that file to the service,
 * where the pull request's test code can read it. With a boundary, such a link is refused instead
 * (its target is not read), judged by where it really leads: every link of a chain and every link
 * on the way to it followed, `..` after a link taken where the link leads, as the kernel does.
 */
export interface LinkBoundary {
  /** The real path of the directory every followed link must stay in. */
  readonly root: BytePath;
  /** How the caller names that directory in messages (`the repository`). */
  readonly label: string;
}

/** A link refused for leading outside the boundary. */
export interface RefusedLink {
  /** Its place in the archive, as text. */
  readonly name: string;
  /** The real path it leads to, as text. */
  readonly target: string;
}

/** Links (or the module directory itself) that lead outside the boundary: nothing was packed from them. */
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
  return `module directory ${JSON.stringify(moduleRoot)} holds ${what} outside ${boundary.label} (${textOf(boundary.root)}), whose content would be packed: ${listed}${more}. Remove ${links.length === 1 ? 'it or list it' : 'them or list them'} in .terraformignore.`;
}

/** The boundary for `directory` (as given), its own links followed. */
export async function linkBoundary(directory: string, label: string): Promise<LinkBoundary> {
  return { root: await realBytePath(bytePathOf(path.resolve(directory))), label };
}

/** The real path of `target` (every link on the way followed), as bytes. */
export async function realBytePath(target: BytePath): Promise<BytePath> {
  return bytePathFromBuffer(await realpath(fsPath(target), { encoding: 'buffer' }));
}

/** Whether the real path `real` lies in the boundary (or is its root). */
export function withinBoundary(boundary: LinkBoundary, real: BytePath): boolean {
  const rel = path.relative(boundary.root, real);
  return !(rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel));
}
