import { ConfigurationError } from '../errors.ts';
import { listRefusedLinks, whereRefusedLinksLead } from '../files/confinement.ts';
import type { Confinement, RefusedLink } from '../files/confinement.ts';

/**
 * Links (or the module directory itself) that the confinement rule refuses (files/confinement.ts):
 * nothing was packed from them.
 */
export class LinksOutsideBoundaryError extends ConfigurationError {
  readonly links: readonly RefusedLink[];

  constructor(message: string, links: readonly RefusedLink[]) {
    super(message);
    this.links = links;
  }

  static of(moduleRoot: string, confinement: Confinement, links: readonly RefusedLink[]): LinksOutsideBoundaryError {
    const what = links.length === 1 ? 'a link that leads' : `${links.length} links that lead`;
    const git = links.some((link) => link.refusal === 'git-metadata');
    return new LinksOutsideBoundaryError(
      `module directory ${JSON.stringify(moduleRoot)} holds ${what} ${whereRefusedLinksLead(confinement, links)}, ` +
        `whose content would be packed: ${listRefusedLinks(links)}.` +
        (git ? " Git metadata (.git) can hold the checkout's credentials." : '') +
        ` Remove ${links.length === 1 ? 'it or list it' : 'them or list them'} in .terraformignore.`,
      links,
    );
  }
}
