// The typed client of the service: one HTTP layer, one group of calls per area of the API.

import { HttpClient } from './http.ts';
import type { RequestEvent, RetryOptions } from './http.ts';
import { createModuleTestsApi } from './module-tests.ts';
import type { ModuleTestsApi } from './module-tests.ts';
import { createNoCodeApi } from './no-code.ts';
import type { NoCodeApi } from './no-code.ts';
import { createPoliciesApi } from './policies.ts';
import type { PoliciesApi } from './policies.ts';

export interface ServiceClientOptions {
  /** The service address; `/api/v2` is appended when its path lacks it. */
  baseUrl: string;
  /** API token; masked in the log at once. */
  token: string;
  /** The run's signal: aborts every request and wait. */
  signal?: AbortSignal;
  /** Default 30, the service's documented limit per token. */
  rateLimitPerSecond?: number;
  /** Requests in flight at once, default 8. */
  concurrency?: number;
  /** Limit of one attempt, answer included, default 30 s. */
  timeoutMs?: number;
  userAgent?: string;
  retry?: Partial<RetryOptions>;
  /** Called after each attempt (default: a debug line). */
  onRequest?: (event: RequestEvent) => void;
}

export interface ServiceClient {
  readonly http: HttpClient;
  readonly policies: PoliciesApi;
  readonly moduleTests: ModuleTestsApi;
  readonly noCode: NoCodeApi;
  /** Closes the connections; call it once the run is done so no socket holds the process. */
  close(): Promise<void>;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const http = new HttpClient(options);
  return {
    http,
    policies: createPoliciesApi(http),
    moduleTests: createModuleTestsApi(http),
    noCode: createNoCodeApi(http),
    close: () => http.close(),
  };
}
