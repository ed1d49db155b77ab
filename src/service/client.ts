// The typed client of the service: one HTTP layer, one group of calls per area of the API.

import { HttpClient } from './http.ts';
import type { HttpClientOptions, RequestEvent } from './request.ts';
import { createModuleTestsApi } from './module-tests.ts';
import type { ModuleTestsApi } from './module-tests.ts';
import { createNoCodeApi } from './no-code.ts';
import type { NoCodeApi } from './no-code.ts';
import { createPoliciesApi } from './policies.ts';
import type { PoliciesApi } from './policies.ts';

/**
 * The address the client speaks to, as it reads a base URL; and the one rule of a base URL and a
 * token, which the inputs apply, naming the input.
 */
export { baseUrlProblem, normaliseBaseUrl } from './urls.ts';
export { tokenProblem } from './token.ts';

/** How long a request waits for its answer unless the client is told otherwise. */

/** The client's options are the HTTP layer's: one address, one token, one set of limits. */
export type ServiceClientOptions = HttpClientOptions;

export interface ServiceClient {
  readonly http: HttpClient;
  readonly policies: PoliciesApi;
  readonly moduleTests: ModuleTestsApi;
  readonly noCode: NoCodeApi;
  /** Closes the connections; call it once the run is done so no socket holds the process. */
  close(options?: { now?: boolean }): Promise<void>;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const http = new HttpClient(options);
  return {
    http,
    policies: createPoliciesApi(http),
    moduleTests: createModuleTestsApi(http),
    noCode: createNoCodeApi(http),
    close: (options) => http.close(options),
  };
}

/** A request as the debug log shows it: `GET /organizations/acme/policies → 200 in 41 ms`. */
export function describeRequest(e: RequestEvent): string {
  const answer = e.status === undefined ? (e.error ?? 'no answer') : String(e.status);
  return (
    `${e.method} ${e.target} → ${answer} in ${Math.round(e.ms)} ms` +
    (e.attempt > 0 ? ` (attempt ${e.attempt + 1})` : '') +
    (e.outcome === 'retry' ? ', retrying' : '')
  );
}
