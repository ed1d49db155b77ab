import { emptyAnswer, jsonAnswer, type Answer } from './answer.ts';
import { requireOrganization, requireOwnersTeam } from './auth.ts';
import { API_PREFIX, type RequestContext } from './context.ts';
import { readDocument } from './documents.ts';
import { notFound, unprocessable } from './errors.ts';
import { newId, timestamp } from './ids.ts';
import { inListOrder } from './list-order.ts';
import { paginate } from './pagination.ts';
import { route, type Route } from './router.ts';
import type { ConfigurationVersion, RegistryModule, TestRun, TestVariable } from './state.ts';
import { cancelTestRun, DEFAULT_TEST_RUN_OPTIONS, forceCancelTestRun, startTestRun } from './test-run-lifecycle.ts';

/** `{TESTROOT}` of spec 4.2. */
const TESTROOT = '/organizations/:organization/tests/registry-modules/private/:namespace/:name/:provider';

export const moduleTestRoutes: Route[] = [
  route('POST', `${TESTROOT}/test-runs/configuration-versions`, 'optional-json', createConfigurationVersion),
  route('POST', `${TESTROOT}/test-runs`, 'json', createTestRun),
  route('GET', `${TESTROOT}/test-runs`, 'none', listTestRuns),
  route('GET', `${TESTROOT}/test-runs/:id`, 'none', getTestRun),
  route('POST', `${TESTROOT}/test-runs/:id/cancel`, 'none', cancelTestRunRoute),
  route('POST', `${TESTROOT}/test-runs/:id/force-cancel`, 'none', forceCancelTestRunRoute),
  route('POST', `${TESTROOT}/vars`, 'json', createVariable),
  route('GET', `${TESTROOT}/vars`, 'none', listVariables),
  route('PATCH', `${TESTROOT}/vars/:id`, 'json', updateVariable),
  route('DELETE', `${TESTROOT}/vars/:id`, 'none', deleteVariable),
];

function testModule(ctx: RequestContext): RegistryModule {
  const { organization, namespace, name, provider } = ctx.params as Record<
    'organization' | 'namespace' | 'name' | 'provider',
    string
  >;
  requireOrganization(ctx, organization);
  requireOwnersTeam(ctx);
  const module = ctx.service.store.findRegistryModule(organization, namespace, name, provider);
  if (module === undefined)
    throw notFound(
      `registry module ${namespace}/${name}/${provider} not found in organization ${organization} or not authorized`,
    );
  return module;
}

/** Spec 4.2 does not show this request body. It takes an optional `configuration-versions`
 *  document; `auto-queue-runs` (2.3) defaults to true as on the service's other
 *  configuration versions. The status stays `pending` after the upload: the spec names no
 *  other status for it, and no endpoint shows the version again after its creation. */
function createConfigurationVersion(ctx: RequestContext): Answer {
  const module = testModule(ctx);
  const attributes = ctx.body.length > 0 ? readDocument(ctx.body, 'configuration-versions').attributes : undefined;
  const version = ctx.service.store.addConfigurationVersion({
    organization: module.organization,
    moduleId: module.id,
    autoQueueRuns: attributes?.boolean('auto-queue-runs') ?? true,
    speculative: attributes?.boolean('speculative') ?? false,
    createdBy: ctx.caller.userId,
  });
  return jsonAnswer(201, {
    data: {
      id: version.id,
      type: 'configuration-versions',
      attributes: {
        'auto-queue-runs': version.autoQueueRuns,
        error: null,
        'error-message': null,
        source: 'svc-api',
        speculative: version.speculative,
        status: 'pending',
        'status-timestamps': {},
        'changed-files': [],
        provisional: false,
        // Spec 2.3: only in this response.
        'upload-url': uploadUrl(ctx, version),
      },
      relationships: {
        'ingress-attributes': {
          data: null,
          links: { related: `${API_PREFIX}/configuration-versions/${version.id}/ingress-attributes` },
        },
      },
      links: { self: `${API_PREFIX}/configuration-versions/${version.id}` },
    },
  });
}

function uploadUrl(ctx: RequestContext, version: ConfigurationVersion): string {
  return `${ctx.service.uploadOrigin}/uploads/${version.uploadSecret}`;
}

/** A run needs configuration to test: a configuration version that does not exist in the
 *  organization, or has not been uploaded yet, is refused with 422. */
function createTestRun(ctx: RequestContext): Answer {
  const module = testModule(ctx);
  const { attributes, relationships } = readDocument(ctx.body, 'test-runs');
  const versionData = relationships.object('configuration-version')?.object('data');
  if (versionData === undefined) {
    throw unprocessable('a configuration version is required', '/data/relationships/configuration-version/data');
  }
  if (versionData.has('type') && versionData.string('type') !== 'configuration-versions') {
    throw unprocessable(
      '/data/relationships/configuration-version/data/type must be "configuration-versions"',
      versionData.at('type'),
    );
  }
  const versionId = versionData.requiredString('id');
  const version = ctx.service.store.configurationVersions.get(versionId);
  if (version === undefined || version.organization !== module.organization) {
    throw unprocessable(`configuration version ${versionId} not found`, versionData.at('id'));
  }
  if (version.archive === null) {
    throw unprocessable(
      `configuration version ${versionId} has no uploaded configuration yet; upload it first`,
      versionData.at('id'),
    );
  }
  const variables = (attributes.objects('variables') ?? []).map((entry) => ({
    key: entry.requiredString('key'),
    value: entry.requiredString('value'),
  }));
  const run = startTestRun(ctx.service, version, module.id, 'svc-api', ctx.caller.userId, {
    testDirectory: attributes.string('test-directory') ?? DEFAULT_TEST_RUN_OPTIONS.testDirectory,
    filters: attributes.stringArray('filters') ?? [],
    variables,
    verbose: attributes.boolean('verbose') ?? false,
  });
  return jsonAnswer(201, { data: testRunResource(ctx, run, module) });
}

/** In the personality's order (`listOrder`): spec 4.2 promises none. */
function listTestRuns(ctx: RequestContext): Answer {
  const module = testModule(ctx);
  const sources = ctx.query
    .get('filter[source]')
    ?.split(',')
    .map((source) => source.trim());
  const runs = [...ctx.service.store.testRuns.values()].filter(
    (run) => run.moduleId === module.id && (sources === undefined || sources.includes(run.source)),
  );
  const page = paginate(ctx, inListOrder(runs, ctx.service.settings.testRuns.listOrder));
  return jsonAnswer(200, {
    data: page.items.map((run) => testRunResource(ctx, run, module)),
    links: page.links,
    meta: page.meta,
  });
}

function getTestRun(ctx: RequestContext): Answer {
  const module = testModule(ctx);
  return jsonAnswer(200, { data: testRunResource(ctx, moduleTestRun(ctx, module), module) });
}

function cancelTestRunRoute(ctx: RequestContext): Answer {
  cancelTestRun(ctx.service, moduleTestRun(ctx, testModule(ctx)));
  return emptyAnswer(202);
}

function forceCancelTestRunRoute(ctx: RequestContext): Answer {
  forceCancelTestRun(ctx.service, moduleTestRun(ctx, testModule(ctx)));
  return emptyAnswer(202);
}

function moduleTestRun(ctx: RequestContext, module: RegistryModule): TestRun {
  const id = ctx.params['id']!;
  const run = ctx.service.store.testRuns.get(id);
  if (run === undefined || run.moduleId !== module.id) throw notFound(`test run ${id} not found or not authorized`);
  return run;
}

/** Whether a run without a result says `pending` (pendingResult): only until it has ended. */
function pendingResult(ctx: RequestContext, run: TestRun): boolean {
  return ctx.service.settings.testRuns.pendingResult && run.statusTimestamps['finished-at'] === undefined;
}

function testRunResource(ctx: RequestContext, run: TestRun, module: RegistryModule): unknown {
  // Once final, or from the start of the run with `logWhileRunning`.
  const final = run.logSecret !== null;
  return {
    id: run.id,
    type: 'test-runs',
    attributes: {
      status: run.status,
      'status-timestamps': { ...run.statusTimestamps },
      ...(final ? { 'log-read-url': `${ctx.service.uploadOrigin}/logs/${run.id}/${run.logSecret}` } : {}),
      'created-at': run.createdAt,
      'updated-at': run.updatedAt,
      'test-configurable-type': 'RegistryModule',
      'test-configurable-id': module.id,
      variables: run.variables,
      filters: run.filters,
      'test-directory': run.testDirectory,
      verbose: run.verbose,
      'test-status': run.result?.testStatus ?? (pendingResult(ctx, run) ? 'pending' : null),
      'tests-passed': run.result?.passed ?? null,
      'tests-failed': run.result?.failed ?? null,
      'tests-errored': run.result?.errored ?? null,
      'tests-skipped': run.result?.skipped ?? null,
      source: run.source,
      message: run.message,
    },
    relationships: {
      'configuration-version': {
        data: { id: run.configurationVersionId, type: 'configuration-versions' },
        links: { related: `${API_PREFIX}/configuration-versions/${run.configurationVersionId}` },
      },
      'created-by': {
        data: { id: run.createdBy, type: 'users' },
        links: { related: `${API_PREFIX}/users/${run.createdBy}` },
      },
    },
  };
}

function createVariable(ctx: RequestContext): Answer {
  const module = testModule(ctx);
  const { attributes } = readDocument(ctx.body, 'vars');
  const key = attributes.requiredString('key');
  checkCategory(attributes.requiredString('category'), attributes.at('category'));
  if (ctx.service.store.testVariablesOf(module.id).some((variable) => variable.key === key)) {
    throw unprocessable(`a test variable with key ${key} already exists`, attributes.at('key'));
  }
  const variable: TestVariable = {
    id: newId('var'),
    moduleId: module.id,
    key,
    value: attributes.string('value') ?? '',
    description: attributes.nullableString('description') ?? null,
    category: 'env',
    sensitive: attributes.boolean('sensitive') ?? false,
    createdAt: timestamp(),
    versionId: newVersionId(),
  };
  ctx.service.store.testVariables.set(variable.id, variable);
  return jsonAnswer(201, { data: variableResource(ctx, variable, true) });
}

function listVariables(ctx: RequestContext): Answer {
  const module = testModule(ctx);
  const page = paginate(ctx, ctx.service.store.testVariablesOf(module.id));
  return jsonAnswer(200, {
    data: page.items.map((variable) => variableResource(ctx, variable, true)),
    links: page.links,
    meta: page.meta,
  });
}

function updateVariable(ctx: RequestContext): Answer {
  const variable = moduleVariable(ctx, testModule(ctx));
  const { attributes } = readDocument(ctx.body, 'vars');
  const key = attributes.string('key');
  const value = attributes.string('value');
  const description = attributes.nullableString('description');
  const category = attributes.string('category');
  const sensitive = attributes.boolean('sensitive');
  if (category !== undefined) checkCategory(category, attributes.at('category'));
  if (
    key !== undefined &&
    key !== variable.key &&
    ctx.service.store.testVariablesOf(variable.moduleId).some((other) => other.key === key)
  ) {
    throw unprocessable(`a test variable with key ${key} already exists`, attributes.at('key'));
  }
  if (variable.sensitive && sensitive === false) {
    throw unprocessable(
      `test variable ${variable.key} is sensitive and cannot be made non-sensitive; delete and create it again`,
      attributes.at('sensitive'),
    );
  }
  if (key !== undefined) variable.key = key;
  if (value !== undefined) variable.value = value;
  if (description !== undefined) variable.description = description;
  if (sensitive !== undefined) variable.sensitive = sensitive;
  variable.versionId = newVersionId();
  // Spec 2.4: created-at and version-id are returned on create and list only.
  return jsonAnswer(200, { data: variableResource(ctx, variable, false) });
}

function deleteVariable(ctx: RequestContext): Answer {
  const variable = moduleVariable(ctx, testModule(ctx));
  ctx.service.store.testVariables.delete(variable.id);
  return emptyAnswer(204);
}

function moduleVariable(ctx: RequestContext, module: RegistryModule): TestVariable {
  const id = ctx.params['id']!;
  const variable = ctx.service.store.testVariables.get(id);
  if (variable === undefined || variable.moduleId !== module.id)
    throw notFound(`test variable ${id} not found or not authorized`);
  return variable;
}

function checkCategory(category: string, pointer: string): void {
  if (category !== 'env') throw unprocessable(`category must be "env" for test variables, got "${category}"`, pointer);
}

function newVersionId(): string {
  return newId('ver').slice(4);
}

/** Spec 2.4: a sensitive value is written once and not visible afterwards (null). */
function variableResource(ctx: RequestContext, variable: TestVariable, withVersion: boolean): unknown {
  return {
    id: variable.id,
    type: 'vars',
    attributes: {
      key: variable.key,
      value: variable.sensitive ? null : variable.value,
      description: variable.description,
      category: variable.category,
      sensitive: variable.sensitive,
      hcl: false,
      ...(withVersion ? { 'created-at': variable.createdAt, 'version-id': variable.versionId } : {}),
    },
    links: { self: `${API_PREFIX}${testRoot(ctx)}/vars/${variable.id}` },
  };
}

function testRoot(ctx: RequestContext): string {
  const { organization, namespace, name, provider } = ctx.params as Record<string, string>;
  const part = (value: string | undefined): string => encodeURIComponent(value ?? '');
  return `/organizations/${part(organization)}/tests/registry-modules/private/${part(namespace)}/${part(name)}/${part(provider)}`;
}
