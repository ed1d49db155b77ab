/**
 * The pages of a GitHub listing, each held to its documented shape. Octokit's `paginate` reads an
 * empty answer, `null` and a 409 as an empty page: a listing read that way as holding nothing
 * would have a second sticky comment, or a second check run, written. Here a page out of its
 * shape fails the listing, saying what came instead.
 */

import { outOfShape, requestName } from './answers.ts';
import type { GitHubClient } from './client.ts';

/** A page as Octokit answers it. */
export interface Page {
  url: string;
  data: unknown;
  headers: { link?: string | undefined };
}

export interface Listing<T> {
  /** What a page holds, in words: `a list of comments`. */
  what: string;
  /** The page's items, or undefined when it is not in its documented shape. */
  itemsOf(data: unknown): T[] | undefined;
  /** At most this many pages are read. */
  maxPages: number;
}

/** GitHub's `Link` header names the next page so (https://docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api). */
const NEXT_PAGE = /<([^<>]+)>;\s*rel="next"/;

/** The items of each page, from `first` on as GitHub's `Link` header leads, at most `listing.maxPages` of them. */
export async function* pagesOf<T>(
  github: GitHubClient,
  first: () => Promise<Page>,
  listing: Listing<T>,
): AsyncGenerator<T[]> {
  let page = await first();
  for (let read = 1; ; read++) {
    const items = listing.itemsOf(page.data);
    if (items === undefined) throw outOfShape(requestName('GET', page.url), page.data, listing.what, github.redact);
    yield items;
    const next = NEXT_PAGE.exec(page.headers.link ?? '')?.[1];
    if (next === undefined || read >= listing.maxPages) return;
    page = await github.octokit.request({ method: 'GET', url: next });
  }
}
