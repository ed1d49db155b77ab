// Policy endpoints (spec 4.1).

import { createOnce } from '../create-once.ts';
import { mayHaveLanded } from './errors.ts';
import type { HttpClient } from './http.ts';
import type { CallOptions } from './request.ts';
import { listAll, optionalResource, readResource } from './jsonapi.ts';
import type { Policy, PolicyKind } from './types.ts';

export interface CreatePolicyInput {
  /** Letters, numbers, `-`, `_`; cannot change after creation. */
  name: string;
  /** Default `native`. */
  kind?: PolicyKind;
  description?: string | null;
  /** The OPA query; `opa` policies only. */
  query?: string;
  enforcementLevel: string;
  /** Policy sets (`polset-...`) the new policy joins. */
  policySetIds?: string[];
}

/** Settings only; code changes go through `uploadCode`. Absent fields keep their values. */
export interface UpdatePolicyInput {
  description?: string | null;
  query?: string;
  enforcementLevel?: string;
}

export interface ListPoliciesOptions extends CallOptions {
  /** `search[name]`: the service's name search (not necessarily an exact match). */
  search?: string;
  /** `filter[kind]` */
  kind?: PolicyKind;
  /** `include=policy_sets` */
  includePolicySets?: boolean;
}

export interface PoliciesApi {
  /**
   * `POST /organizations/:organization/policies`: the policy the answer carries, or undefined
   * when a 2xx answer carried no `policies` document (spec 4.1 promises one; the caller then
   * reads the policy). Not repeated after a dropped connection: see createOnce.
   */
  create(organization: string, input: CreatePolicyInput, options?: CallOptions): Promise<Policy | undefined>;
  /** Creates the policy exactly once: on an AmbiguousWriteError, looks it up by name before trying again. */
  createOnce(organization: string, input: CreatePolicyInput, options?: CallOptions): Promise<Policy | undefined>;
  /** `GET /policies/:id` */
  show(policyId: string, options?: CallOptions & { includePolicySets?: boolean }): Promise<Policy>;
  /** `PUT /policies/:id/upload`, the code as raw bytes (at most 10 MB, spec 8). */
  uploadCode(policyId: string, code: string | Uint8Array, options?: CallOptions): Promise<void>;
  /** `PATCH /policies/:id`: the policy the answer carries, or undefined when a 2xx answer carried
   *  no `policies` document. */
  update(policyId: string, input: UpdatePolicyInput, options?: CallOptions): Promise<Policy | undefined>;
  /** `GET /organizations/:organization/policies`, every page. */
  list(organization: string, options?: ListPoliciesOptions): Promise<Policy[]>;
  /** The policy of exactly this name, if the organization has one. */
  findByName(organization: string, name: string, options?: CallOptions): Promise<Policy | undefined>;
  /** `DELETE /policies/:id`. A retried delete answered 404 counts as done. */
  delete(policyId: string, options?: CallOptions): Promise<void>;
  /** The stored code, read from a policy's `links.download` (spec 2.1 names no other way to it;
   *  a create answer carries no such link, show, update and list answers do). */
  downloadCode(downloadLink: string, options?: CallOptions): Promise<string>;
}

const enc = encodeURIComponent;

export function createPolicyBody(input: CreatePolicyInput): unknown {
  const ids = input.policySetIds ?? [];
  return {
    data: {
      type: 'policies',
      attributes: {
        name: input.name,
        description: input.description,
        kind: input.kind,
        query: input.query,
        'enforcement-level': input.enforcementLevel,
      },
      ...(ids.length > 0
        ? { relationships: { 'policy-sets': { data: ids.map((id) => ({ id, type: 'policy-sets' })) } } }
        : {}),
    },
  };
}

export function updatePolicyBody(input: UpdatePolicyInput): unknown {
  return {
    data: {
      type: 'policies',
      attributes: {
        description: input.description,
        query: input.query,
        'enforcement-level': input.enforcementLevel,
      },
    },
  };
}

export function createPoliciesApi(http: HttpClient): PoliciesApi {
  const api: PoliciesApi = {
    async create(organization, input, options = {}) {
      const response = await http.request({
        method: 'POST',
        path: `/organizations/${enc(organization)}/policies`,
        json: createPolicyBody(input),
        idempotent: false,
        signal: options.signal,
      });
      return optionalResource<Policy>(response, 'policies');
    },

    createOnce(organization, input, options = {}) {
      return createPolicyOnce(api, organization, input, options);
    },

    async show(policyId, options = {}) {
      const response = await http.request({
        method: 'GET',
        path: `/policies/${enc(policyId)}`,
        query: { include: options.includePolicySets ? 'policy_sets' : undefined },
        signal: options.signal,
      });
      return readResource<Policy>(response, 'policies');
    },

    async uploadCode(policyId, code, options = {}) {
      // Spec 4.1: this endpoint does not follow the JSON:API conventions; success status not
      // shown, so any 2xx is success. Repeating it with the same bytes is harmless.
      await http.request({
        method: 'PUT',
        path: `/policies/${enc(policyId)}/upload`,
        body: code,
        idempotent: true,
        signal: options.signal,
      });
    },

    async update(policyId, input, options = {}) {
      const response = await http.request({
        method: 'PATCH',
        path: `/policies/${enc(policyId)}`,
        json: updatePolicyBody(input),
        // Every field sets an absolute value: repeating the request changes nothing more.
        idempotent: true,
        signal: options.signal,
      });
      return optionalResource<Policy>(response, 'policies');
    },

    list(organization, options = {}) {
      return listAll<Policy>(http, `/organizations/${enc(organization)}/policies`, {
        query: {
          'search[name]': options.search,
          'filter[kind]': options.kind,
          include: options.includePolicySets ? 'policy_sets' : undefined,
        },
        signal: options.signal,
        type: 'policies',
      });
    },

    async findByName(organization, name, options = {}) {
      const found = await api.list(organization, { search: name, signal: options.signal });
      return found.find((p) => p.attributes.name === name);
    },

    async delete(policyId, options = {}) {
      await http.request({
        method: 'DELETE',
        path: `/policies/${enc(policyId)}`,
        idempotent: true,
        signal: options.signal,
      });
    },

    async downloadCode(downloadLink, options = {}) {
      const response = await http.request({
        method: 'GET',
        path: downloadLink,
        accept: 'application/octet-stream, text/plain, */*',
        signal: options.signal,
      });
      return response.text;
    },
  };
  return api;
}

/**
 * Creates a policy so that a dropped connection never leaves two of them: a policy name is unique
 * in an organization, so after an ambiguous create the policy is looked up by that name (exact
 * match) and returned if it exists; otherwise the create is sent again.
 */
export function createPolicyOnce(
  policies: Pick<PoliciesApi, 'create' | 'findByName'>,
  organization: string,
  input: CreatePolicyInput,
  options: CallOptions = {},
): Promise<Policy | undefined> {
  return createOnce<Policy | undefined>(
    () => policies.create(organization, input, options),
    () => policies.findByName(organization, input.name, options),
    mayHaveLanded,
  );
}
