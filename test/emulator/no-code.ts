import { jsonAnswer, type Answer } from './answer.ts';
import { refuseOrganizationToken, requireOrganization } from './auth.ts';
import { API_PREFIX, type RequestContext } from './context.ts';
import { checkName, checkType, Fields, readDocument, relatedId } from './documents.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { newId } from './ids.ts';
import { latestVersion, resolveVersionPin } from './version-pins.ts';
import { route, type Route } from './router.ts';
import type { NoCodeModule, RegistryModule, VariableOptions } from './state.ts';
import { workspaceResource } from './workspace-document.ts';
import { readWorkspaceVariables } from './workspace-variables.ts';

export const noCodeRoutes: Route[] = [
  route('POST', '/organizations/:organization/no-code-modules', 'json', allowModule),
  route('GET', '/no-code-modules/:id', 'none', readNoCodeModule),
  route('PATCH', '/no-code-modules/:id', 'json', updateNoCodeModule),
  route('POST', '/no-code-modules/:id/workspaces', 'json', createWorkspace),
  // The path a workspace document's `links.self` names (2.7); the spec shows no read of it.
  route('GET', '/workspaces/:workspace', 'none', readWorkspace),
];

/** The workspace document of 2.7 at its `links.self`. */
function readWorkspace(ctx: RequestContext): Answer {
  const id = ctx.params['workspace']!;
  const workspace = ctx.service.store.workspaces.get(id);
  if (workspace === undefined || workspace.organization !== ctx.caller.organization)
    throw notFound(`workspace ${id} not found or not authorized`);
  return jsonAnswer(200, { data: workspaceResource(ctx.service, workspace) });
}

function allowModule(ctx: RequestContext): Answer {
  const organization = ctx.params['organization']!;
  requireOrganization(ctx, organization);
  refuseOrganizationToken(ctx);
  const { attributes, relationships } = readDocument(ctx.body, 'no-code-modules');
  // Spec 4.3: the request names the type `registry-module` (singular).
  const registryModule = organizationModule(
    ctx,
    relatedId(relationships, 'registry-module', 'registry-module', true)!,
    relationships,
  );
  if (ctx.service.store.noCodeModuleFor(registryModule.id)) {
    throw unprocessable(
      `registry module ${registryModule.name} is already allowed for no-code provisioning; update that no-code module instead`,
      relationships.at('registry-module'),
    );
  }
  const module = ctx.service.store.addNoCodeModule({
    organization,
    registryModuleId: registryModule.id,
    enabled: attributes.boolean('enabled') ?? false,
    versionPin: readVersionPin(attributes, registryModule) ?? latestVersion(registryModule),
    variableOptions: readVariableOptions(relationships, []) ?? [],
  });
  return jsonAnswer(200, { data: noCodeModuleResource(module) });
}

/** Spec 4.3: unspecified attributes and the registry module keep their values; an options
 *  entry with `id` replaces that set, one without `id` adds a set. */
function updateNoCodeModule(ctx: RequestContext): Answer {
  const module = visibleNoCodeModule(ctx);
  refuseOrganizationToken(ctx);
  const { attributes, relationships } = readDocument(ctx.body, 'no-code-modules');
  const registryModuleId = relatedId(relationships, 'registry-module', 'registry-module', false);
  let registryModule = ctx.service.store.registryModules.get(module.registryModuleId)!;
  if (registryModuleId !== undefined && registryModuleId !== module.registryModuleId) {
    registryModule = organizationModule(ctx, registryModuleId, relationships);
    if (ctx.service.store.noCodeModuleFor(registryModule.id)) {
      throw unprocessable(
        `registry module ${registryModule.name} is already allowed by another no-code module`,
        relationships.at('registry-module'),
      );
    }
  }
  const enabled = attributes.boolean('enabled');
  const versionPin = readVersionPin(attributes, registryModule);
  const variableOptions = readVariableOptions(relationships, module.variableOptions);
  const moduleChanged = registryModule.id !== module.registryModuleId;
  if (enabled !== undefined) module.enabled = enabled;
  if (versionPin !== undefined || moduleChanged) module.versionPin = versionPin ?? latestVersion(registryModule);
  if (variableOptions !== undefined) module.variableOptions = variableOptions;
  module.registryModuleId = registryModule.id;
  // A workspace provisioned from earlier settings can now upgrade (`no-code-upgrade-available`).
  if (versionPin !== undefined || moduleChanged || variableOptions !== undefined) module.versionId = newId('nocodever');
  return jsonAnswer(200, { data: noCodeModuleResource(module) });
}

function readNoCodeModule(ctx: RequestContext): Answer {
  const module = visibleNoCodeModule(ctx);
  const include = ctx.query.get('include');
  let included: unknown[] | undefined;
  if (include !== null) {
    for (const value of include.split(',')) {
      if (value !== 'variable_options')
        throw badRequest(`include value "${value}" is not supported; use variable_options`, 'include');
    }
    included = module.variableOptions.map((options) => variableOptionsResource(module, options));
  }
  return jsonAnswer(200, { data: noCodeModuleResource(module), ...(included ? { included } : {}) });
}

function createWorkspace(ctx: RequestContext): Answer {
  const module = visibleNoCodeModule(ctx);
  refuseOrganizationToken(ctx);
  const { attributes, relationships } = readDocument(ctx.body, 'workspaces');
  const name = attributes.requiredString('name');
  checkName(name, attributes.at('name'));
  if (ctx.service.store.workspaceNamed(module.organization, name)) {
    throw unprocessable(
      `a workspace named ${name} already exists in organization ${module.organization}`,
      attributes.at('name'),
    );
  }
  // Spec 4.3: `project` (singular) is the type the request names.
  const projectId = relatedId(relationships, 'project', 'project', true)!;
  if (ctx.service.store.projects.get(projectId)?.organization !== module.organization) {
    throw unprocessable(
      `project ${projectId} not found in organization ${module.organization} or not authorized`,
      relationships.at('project'),
    );
  }
  const vars = readWorkspaceVariables(relationships);
  if (!module.enabled) throw unprocessable(`no-code provisioning is not enabled for no-code module ${module.id}`);
  const workspace = ctx.service.store.addWorkspace({
    name,
    description: attributes.nullableString('description') ?? null,
    projectId,
    noCodeModule: module,
    // Spec 4.3: this request attribute is written with an underscore.
    autoApply: attributes.boolean('auto_apply') ?? false,
    vars,
  });
  return jsonAnswer(200, { data: workspaceResource(ctx.service, workspace) });
}

export function visibleNoCodeModule(ctx: RequestContext): NoCodeModule {
  const id = ctx.params['id']!;
  const module = ctx.service.store.noCodeModules.get(id);
  if (module === undefined || module.organization !== ctx.caller.organization)
    throw notFound(`no-code module ${id} not found or not authorized`);
  return module;
}

/** Ids named in a request body that do not resolve are a malformed body (422); ids in the
 *  path that do not resolve are 404. */
function organizationModule(ctx: RequestContext, id: string, relationships: Fields): RegistryModule {
  const module = ctx.service.store.registryModules.get(id);
  if (module === undefined || module.organization !== ctx.caller.organization) {
    throw unprocessable(
      `registry module ${id} not found in the organization's private registry`,
      relationships.at('registry-module'),
    );
  }
  return module;
}

/**
 * The pin as sent, once it names a published version: `latest`, an exact version (with or
 * without `v`), or a constraint that some published version meets. Otherwise 422, as the service
 * answers a pin that "does not represent an existing version of the module".
 */
function readVersionPin(attributes: Fields, module: RegistryModule): string | undefined {
  const pin = attributes.string('version-pin');
  if (pin !== undefined && resolveVersionPin(module, pin) === undefined) {
    throw unprocessable(
      `version pin ${pin} is not latest and names no version of registry module ${module.name}; published: ${module.versions.join(', ')}`,
      attributes.at('version-pin'),
    );
  }
  return pin;
}

function readVariableOptions(relationships: Fields, current: VariableOptions[]): VariableOptions[] | undefined {
  const entries = relationships.object('variable-options')?.objects('data');
  if (entries === undefined) return undefined;
  const result = [...current];
  for (const entry of entries) {
    checkType(entry, 'variable-options');
    const attributes = entry.object('attributes') ?? new Fields({}, entry.at('attributes'));
    const values = {
      variableName: attributes.requiredString('variable-name'),
      variableType: attributes.requiredString('variable-type'),
      options: attributes.requiredArray('options'),
    };
    const id = entry.string('id');
    if (id === undefined) {
      result.push({ id: newId('ncvaropt'), ...values });
      continue;
    }
    const index = result.findIndex((options) => options.id === id);
    if (index === -1)
      throw unprocessable(`variable options ${id} do not belong to this no-code module`, entry.at('id'));
    result[index] = { id, ...values };
  }
  return result;
}

function noCodeModuleResource(module: NoCodeModule): unknown {
  return {
    id: module.id,
    type: 'no-code-modules',
    attributes: { enabled: module.enabled, 'version-pin': module.versionPin },
    relationships: {
      organization: {
        data: { id: module.organization, type: 'organizations' },
        links: { related: `${API_PREFIX}/organizations/${encodeURIComponent(module.organization)}` },
      },
      'registry-module': {
        data: { id: module.registryModuleId, type: 'registry-modules' },
        links: { related: `${API_PREFIX}/registry-modules/${module.registryModuleId}` },
      },
      'variable-options': {
        data: module.variableOptions.map((options) => ({ id: options.id, type: 'variable-options' })),
      },
    },
    links: { self: `${API_PREFIX}/no-code-modules/${module.id}` },
  };
}

function variableOptionsResource(module: NoCodeModule, options: VariableOptions): unknown {
  return {
    id: options.id,
    type: 'variable-options',
    attributes: {
      'variable-name': options.variableName,
      'variable-type': options.variableType,
      options: options.options,
    },
    relationships: { 'no-code-allowed-module': { data: { id: module.id, type: 'no-code-allowed-modules' } } },
  };
}
