// What the organization holds: every policy (all pages), and the stored code of those the
// repository also defines with the same kind, so that the plan can compare code byte for byte.

import { plural } from '../../text.ts';
import { getErrorMessage } from '../../errors.ts';
import { isAbortError, throwIfAborted } from '../../lifetime/abort.ts';
import { mapLimited } from '../../lifetime/limit.ts';
import type { ServiceClient } from '../../service/client.ts';
import { isApiError, isNotFound } from '../../service/errors.ts';
import { policiesNeedingCode } from './plan.ts';
import type { DesiredPolicy } from './policy-model.ts';
import { toRemotePolicyState } from './remote-state.ts';
import type { RemotePolicy } from './remote-state.ts';

export interface RemotePolicies {
  policies: RemotePolicy[];
  /** Stored code by policy id; a policy whose code was never uploaded has no entry. */
  code: Map<string, string>;
  /** Policies whose download answered 404 (no code uploaded yet). */
  withoutCode: string[];
  /** Policies whose stored code could not be read, and why: their code is uploaded. */
  unreadable: Array<{ name: string; reason: string }>;
}

export interface ReadRemotePoliciesOptions {
  signal?: AbortSignal;
  /** Downloads started side by side (the client paces the requests). */
  workers?: number;
  log?: (message: string) => void;
}

/**
 * Lists the organization's policies (every page, 100 a page) and downloads the code of each
 * one the repository also defines with the same kind (following the download link's
 * redirects, as the HTTP layer does for every read).
 *
 * A failed list stops the reading and is thrown: a plan made from part of the organization
 * could delete what it did not see. A failed download is different: it hides only that
 * policy's stored code, and the plan already treats unknown code as different, so the
 * repository's code is uploaded (a PUT that leaves the policy as the repository defines it,
 * whatever was stored) and the policy is named in a warning. One broken download link (an
 * object store refusing an expired address, say) so costs one upload instead of stopping the
 * sync of every policy. Only a rejected token (401), which no write would get past either,
 * and the step's cancellation stop the reading.
 */
export async function readRemotePolicies(
  client: ServiceClient,
  organization: string,
  desired: readonly DesiredPolicy[],
  options: ReadRemotePoliciesOptions = {},
): Promise<RemotePolicies> {
  const documents = await client.policies.list(organization, { signal: options.signal });
  const policies = documents.map(toRemotePolicyState);
  // The service reads each policy's code where the policy says (its download link).
  const documentOf = new Map(documents.map((doc) => [doc.id, doc]));
  const needed = policiesNeedingCode(desired, policies);
  options.log?.(
    `Organization ${organization} has ${plural(policies.length, 'policy', 'policies')}; reading the code of ${needed.length} of them.`,
  );

  // The first failure stops the downloads not yet started and aborts those in flight.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  let failure: { error: unknown } | undefined;
  const code = new Map<string, string>();
  const withoutCode: string[] = [];
  const unreadable: RemotePolicies['unreadable'] = [];
  await mapLimited(
    needed,
    options.workers ?? 16,
    async (policy) => {
      try {
        // Spec 2.1 names the link, on every listed policy, and no other way to the code.
        const link = documentOf.get(policy.id)?.links?.download;
        if (!link) {
          unreadable.push({ name: policy.name, reason: 'the service listed it without a download link' });
          return;
        }
        code.set(policy.id, await client.policies.downloadCode(link, { signal }));
      } catch (error) {
        // Spec 2.1: the download exists once code was uploaded; a policy created without code
        // answers 404, and its code is simply uploaded.
        if (isNotFound(error)) {
          withoutCode.push(policy.name);
          return;
        }
        if (!isAbortError(error) && !isApiError(error, 401)) {
          unreadable.push({ name: policy.name, reason: getErrorMessage(error) });
          return;
        }
        if (failure === undefined && !(isAbortError(error) && stop.signal.aborted)) failure = { error };
        stop.abort();
      }
    },
    { signal, notStarted: () => undefined },
  );
  if (failure !== undefined) throw failure.error;
  throwIfAborted(options.signal);
  unreadable.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { policies, code, withoutCode: withoutCode.sort(), unreadable };
}
