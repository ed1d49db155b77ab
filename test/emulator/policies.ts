import { emptyAnswer, jsonAnswer, redirectAnswer, textAnswer, type Answer } from './answer.ts';
import { requireOrganization } from './auth.ts';
import { API_PREFIX, type RequestContext } from './context.ts';
import { checkName, checkType, readDocument, type Fields } from './documents.ts';
import { badRequest, notFound, ServiceError, unprocessable } from './errors.ts';
import { newId, newSecret, timestamp } from './ids.ts';
import { paginate } from './pagination.ts';
import { policyObjectUrl } from './policy-objects.ts';
import { route, type Route } from './router.ts';
import type { PolicySetting } from './api.ts';
import type { Policy, PolicyKind } from './state.ts';

/** Spec 4.1 and 8: larger uploads are refused with 413 and nothing is saved. */
const POLICY_UPLOAD_LIMIT = 10 * 1024 * 1024;

const LEVELS: Record<PolicyKind, string[]> = {
  native: ['hard-mandatory', 'soft-mandatory', 'advisory'],
  opa: ['mandatory', 'advisory'],
};

export const policyRoutes: Route[] = [
  route('POST', '/organizations/:organization/policies', 'json', createPolicy),
  route('GET', '/organizations/:organization/policies', 'none', listPolicies),
  route('GET', '/policies/:id', 'none', showPolicy),
  route('PATCH', '/policies/:id', 'json', updatePolicy),
  route('DELETE', '/policies/:id', 'none', deletePolicy),
  // Keeps one byte past the limit only to know it was exceeded; the rest is counted, not held.
  route('PUT', '/policies/:id/upload', 'octet-stream', uploadPolicy, POLICY_UPLOAD_LIMIT),
  // Spec 2.1 names no download path, only the link: this one is known from `links.download` alone.
  route('GET', '/policy-downloads/:key', 'none', downloadPolicy),
];

function createPolicy(ctx: RequestContext): Answer {
  const organization = ctx.params['organization']!;
  requireOrganization(ctx, organization);
  const { attributes, relationships } = readDocument(ctx.body, 'policies');
  const name = attributes.requiredString('name');
  checkName(name, attributes.at('name'));
  if (ctx.service.store.policyNamed(organization, name)) {
    throw unprocessable(`a policy named ${name} already exists in organization ${organization}`, attributes.at('name'));
  }
  const kind = readKind(attributes) ?? 'native';
  const query = readQuery(attributes, kind);
  const enforcementLevel = readEnforcementLevel(attributes, kind, name);
  if (enforcementLevel === undefined) {
    throw unprocessable(
      'enforcement-level is required (or the deprecated enforce form)',
      attributes.at('enforcement-level'),
    );
  }
  const policySetIds = (relationships.object('policy-sets')?.objects('data') ?? []).map((entry) => {
    checkType(entry, 'policy-sets');
    const id = entry.requiredString('id');
    if (ctx.service.store.policySets.get(id)?.organization !== organization) {
      throw unprocessable(`policy set ${id} not found in organization ${organization}`, entry.at('id'));
    }
    return id;
  });
  const kept = keeps(ctx);
  const policy: Policy = {
    id: newId('pol'),
    organization,
    name,
    kind,
    enforcementLevel: kept('enforcement-level') ? enforcementLevel : kind === 'opa' ? 'advisory' : 'hard-mandatory',
    levelOnlyInEnforce: false,
    description: kept('description') ? (attributes.nullableString('description') ?? null) : null,
    query: kept('query') ? (query ?? null) : null,
    code: null,
    downloadKey: newSecret(),
    policySetIds: kept('policy-sets') ? [...new Set(policySetIds)] : [],
    createdAt: timestamp(),
    updatedAt: null,
  };
  ctx.service.store.policies.set(policy.id, policy);
  // Spec 2.1: the create response has no download link (there is no code yet).
  return writeAnswer(ctx, policy, false);
}

function updatePolicy(ctx: RequestContext): Answer {
  const policy = visiblePolicy(ctx);
  const { attributes } = readDocument(ctx.body, 'policies');
  const name = attributes.string('name');
  if (name !== undefined && name !== policy.name) {
    throw unprocessable(`the name of policy ${policy.name} cannot be changed`, attributes.at('name'));
  }
  const kind = readKind(attributes);
  if (kind !== undefined && kind !== policy.kind) {
    throw unprocessable(`the kind of policy ${policy.name} cannot be changed`, attributes.at('kind'));
  }
  const query = readQuery(attributes, policy.kind);
  const description = attributes.nullableString('description');
  const enforcementLevel = readEnforcementLevel(attributes, policy.kind, policy.name);
  const kept = keeps(ctx);
  if (query !== undefined && kept('query')) policy.query = query;
  if (description !== undefined && kept('description')) policy.description = description;
  if (enforcementLevel !== undefined && kept('enforcement-level')) {
    policy.enforcementLevel = enforcementLevel;
    policy.levelOnlyInEnforce = false;
  }
  policy.updatedAt = timestamp();
  return writeAnswer(ctx, policy, true);
}

/** Whether create and update keep a setting (PolicyBehaviour.ignoredSettings). */
function keeps(ctx: RequestContext): (setting: PolicySetting) => boolean {
  const ignored = ctx.service.settings.policies.ignoredSettings;
  return (setting) => !ignored.includes(setting);
}

/** The answer of create and update, as PolicyBehaviour.writeAnswer says. */
function writeAnswer(ctx: RequestContext, policy: Policy, withDownload: boolean): Answer {
  switch (ctx.service.settings.policies.writeAnswer) {
    case 'no-body':
      return emptyAnswer(200);
    case 'another-policy':
      return jsonAnswer(200, {
        data: policyResource({ ...policy, id: newId('pol'), name: `${policy.name}-other` }, withDownload),
      });
    default:
      return jsonAnswer(200, { data: policyResource(policy, withDownload) });
  }
}

function showPolicy(ctx: RequestContext): Answer {
  const policy = visiblePolicy(ctx);
  const include = includesPolicySets(ctx);
  return jsonAnswer(200, {
    data: policyResource(policy, true),
    ...(include ? { included: policySetResources(ctx, [policy]) } : {}),
  });
}

function listPolicies(ctx: RequestContext): Answer {
  const organization = ctx.params['organization']!;
  requireOrganization(ctx, organization);
  const include = includesPolicySets(ctx);
  const kind = ctx.query.get('filter[kind]');
  const search = ctx.query.get('search[name]')?.toLowerCase();
  const matching = ctx.service.store
    .policiesOf(organization)
    .filter((policy) => (kind ? policy.kind === kind : true))
    .filter((policy) => (search ? policy.name.toLowerCase().includes(search) : true));
  // The spec gives no order. By id: the same from page to page, but not the order of creation.
  if (ctx.service.settings.policies.listOrder === 'by-id')
    matching.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const page = paginate(ctx, matching);
  return jsonAnswer(200, {
    data: page.items.map((policy) => policyResource(policy, true)),
    ...(include ? { included: policySetResources(ctx, page.items) } : {}),
    links: page.links,
    meta: page.meta,
  });
}

function deletePolicy(ctx: RequestContext): Answer {
  const policy = visiblePolicy(ctx);
  ctx.service.store.policies.delete(policy.id);
  return emptyAnswer(204);
}

function uploadPolicy(ctx: RequestContext): Answer {
  const policy = visiblePolicy(ctx);
  if (ctx.bodyTotal > POLICY_UPLOAD_LIMIT) {
    throw new ServiceError(
      413,
      'payload too large',
      `policy code of ${policy.name} is ${ctx.bodyTotal} bytes; the limit is 10 MB (${POLICY_UPLOAD_LIMIT} bytes); nothing was saved`,
    );
  }
  policy.code = ctx.body.toString('utf8');
  policy.updatedAt = timestamp();
  // Spec 4.1: the success status is not shown; the service answers 200 without a body.
  return emptyAnswer(200);
}

/** Where a policy's `links.download` leads: a path known from the link alone. */
export function policyDownloadPath(policy: Policy): string {
  return `${API_PREFIX}/policy-downloads/${policy.downloadKey}`;
}

function downloadPolicy(ctx: RequestContext): Answer {
  const key = ctx.params['key']!;
  const policy = [...ctx.service.store.policies.values()].find((p) => p.downloadKey === key);
  if (policy === undefined || policy.organization !== ctx.caller.organization)
    throw notFound('no policy download at this address, or not authorized');
  if (policy.code === null) throw notFound(`policy ${policy.name} has no uploaded code`);
  // Spec 2.1 says only "Path of the download": where it leads is the service's choice.
  if (ctx.service.settings.policies.download === 'redirect')
    return redirectAnswer(policyObjectUrl(ctx.service, policy.code));
  return textAnswer(200, policy.code);
}

function visiblePolicy(ctx: RequestContext): Policy {
  const id = ctx.params['id']!;
  const policy = ctx.service.store.policies.get(id);
  if (policy === undefined || policy.organization !== ctx.caller.organization) {
    throw notFound(`policy ${id} not found or not authorized`);
  }
  return policy;
}

function readKind(attributes: Fields): PolicyKind | undefined {
  const kind = attributes.string('kind');
  if (kind === undefined || kind === 'native' || kind === 'opa') return kind;
  throw unprocessable(`kind must be "native" or "opa", got "${kind}"`, attributes.at('kind'));
}

function readQuery(attributes: Fields, kind: PolicyKind): string | undefined {
  const query = attributes.string('query');
  if (query !== undefined && kind !== 'opa')
    throw unprocessable('query is only for opa policies', attributes.at('query'));
  return query;
}

/** The level from `enforcement-level`, else from the deprecated `enforce` form with the
 *  defaults of spec 2.1: a native policy whose path is not `<NAME>.native` is hard-mandatory,
 *  an opa policy whose path is not `<NAME>.rego` is advisory. */
function readEnforcementLevel(attributes: Fields, kind: PolicyKind, name: string): string | undefined {
  const level = attributes.string('enforcement-level');
  if (level !== undefined) return checkLevel(level, kind, attributes.at('enforcement-level'));
  const first = attributes.objects('enforce')?.[0];
  if (first === undefined) return undefined;
  const path = first.string('path');
  const mode = first.string('mode');
  if (path !== `${name}.${kind === 'opa' ? 'rego' : 'native'}` || mode === undefined) {
    return kind === 'opa' ? 'advisory' : 'hard-mandatory';
  }
  return checkLevel(mode, kind, first.at('mode'));
}

function checkLevel(level: string, kind: PolicyKind, pointer: string): string {
  if (!LEVELS[kind].includes(level)) {
    throw unprocessable(
      `enforcement level "${level}" is not valid for a ${kind} policy; use one of ${LEVELS[kind].join(', ')}`,
      pointer,
    );
  }
  return level;
}

function includesPolicySets(ctx: RequestContext): boolean {
  const include = ctx.query.get('include');
  if (include === null) return false;
  for (const value of include.split(',')) {
    if (value !== 'policy_sets')
      throw badRequest(`include value "${value}" is not supported; use policy_sets`, 'include');
  }
  return true;
}

function policyResource(policy: Policy, withDownload: boolean): unknown {
  const self = `${API_PREFIX}/policies/${policy.id}`;
  return {
    id: policy.id,
    type: 'policies',
    attributes: {
      name: policy.name,
      description: policy.description,
      kind: policy.kind,
      ...(policy.kind === 'opa' ? { query: policy.query } : {}),
      ...(policy.levelOnlyInEnforce ? {} : { 'enforcement-level': policy.enforcementLevel }),
      enforce: [{ path: `${policy.name}.${policy.kind === 'opa' ? 'rego' : 'native'}`, mode: policy.enforcementLevel }],
      'policy-set-count': policy.policySetIds.length,
      'updated-at': policy.updatedAt,
    },
    relationships: {
      organization: { data: { id: policy.organization, type: 'organizations' } },
      'policy-sets': { data: policy.policySetIds.map((id) => ({ id, type: 'policy-sets' })) },
    },
    links: {
      self,
      upload: `${self}/upload`,
      ...(withDownload ? { download: policyDownloadPath(policy) } : {}),
    },
  };
}

function policySetResources(ctx: RequestContext, policies: Policy[]): unknown[] {
  const ids = [...new Set(policies.flatMap((policy) => policy.policySetIds))];
  return ids.flatMap((id) => {
    const set = ctx.service.store.policySets.get(id);
    if (set === undefined) return [];
    const members = ctx.service.store.policiesOf(set.organization).filter((policy) => policy.policySetIds.includes(id));
    return [
      {
        id: set.id,
        type: 'policy-sets',
        attributes: { name: set.name, 'policy-count': members.length },
        relationships: { policies: { data: members.map((policy) => ({ id: policy.id, type: 'policies' })) } },
        links: { self: `${API_PREFIX}/policy-sets/${set.id}` },
      },
    ];
  });
}
