// Redirects: which a request follows, where the token may go with a hop, and how each hop is
// named in a message.

import { RedirectError, statusText } from './errors.ts';
import type { Attempt, AttemptRequest } from './request.ts';
import { apiRequestUrl, describeTarget } from './urls.ts';

/** Redirects a read follows (action-interface "Network"): a download link answers 302 to an
 *  object store, which may redirect once more; beyond a few hops the chain is a loop. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** An attempt after any redirects; `redirectedTo` names the last hop's address as it may be shown. */
export type FollowedAttempt = Attempt & { redirectedTo?: string };

/** What following a redirect needs of the client. */
export interface RedirectingClient {
  /** Sends one attempt, to one address. */
  attempt(request: AttemptRequest): Promise<Attempt>;
  /** Whether an address is the API's (HttpClient.isApiAddress): only a hop there gets the token. */
  isApiAddress(url: URL): boolean;
  /** The API's origin, from which an address is shown by its path. */
  origin: string;
  /** The Authorization header of a request to the API. */
  authorization: string;
}

/**
 * One attempt of a request; a GET or HEAD answered with a redirect follows it, up to
 * MAX_REDIRECTS hops, to http(s) addresses only. The token goes with a hop only when the
 * request started as an API request and the hop is an API address again (the service
 * moving a link within its own API, where the token belongs); an object store or log host
 * that a download or log link redirects to never gets it, nor does the API's own host
 * outside `/api/v2` (upload and log addresses served there carry their own authorization),
 * nor any hop of a chain that started at an external address.
 */
export async function followRedirects(
  request: AttemptRequest,
  start: { toApi: boolean; target: string },
  client: RedirectingClient,
): Promise<FollowedAttempt> {
  const { method } = request;
  let url = request.url;
  let headers = request.headers;
  let redirectedTo: string | undefined;
  for (let hops = 0; ; hops++) {
    const result = await client.attempt({ ...request, url, headers });
    const followed: FollowedAttempt = redirectedTo === undefined ? result : { ...result, redirectedTo };
    if (result.kind === 'failed' || !REDIRECT_STATUSES.has(result.status) || (method !== 'GET' && method !== 'HEAD'))
      return followed;
    const at = redirectedTo === undefined ? start.target : `${start.target} (redirected to ${redirectedTo})`;
    const location = firstHeader(result.headers.location);
    if (!location)
      throw new RedirectError(method, at, `the answer ${statusText(result.status)} has no Location to follow`);
    if (hops >= MAX_REDIRECTS)
      throw new RedirectError(method, at, `more than ${MAX_REDIRECTS} redirects; the chain is not followed further`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new RedirectError(
        method,
        at,
        `the answer ${statusText(result.status)} redirects to an address that is not valid`,
      );
    }
    // Never a file:, data: or other scheme a service or object store might name.
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw new RedirectError(
        method,
        at,
        `the answer ${statusText(result.status)} redirects to a ${next.protocol} address; only http and https are followed`,
      );
    }
    const toApi = start.toApi && client.isApiAddress(next);
    url = toApi ? apiRequestUrl(next, undefined) : next.href;
    redirectedTo = toApi ? describeTarget(next, client.origin) : next.origin;
    const { authorization: _dropped, ...rest } = headers;
    headers = toApi ? { ...rest, authorization: client.authorization } : rest;
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
