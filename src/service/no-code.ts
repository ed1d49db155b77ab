// No-code provisioning endpoints (spec 4.3).

import { isObject } from '../json-object.ts';
import type { HttpClient } from './http.ts';
import type { CallOptions, HttpResponse } from './request.ts';
import { readDocument, readResource } from './jsonapi.ts';
import type { NoCodeModule, VariableOptions, Workspace, WorkspaceUpgrade } from './types.ts';
import { clip, quoteClipped } from '../text.ts';
import { isModuleVersion } from '../version-pin.ts';
import { UnexpectedResponseError } from './errors.ts';

export interface VariableOptionsInput {
  /** On update: the options set this entry replaces. Without it a new set is created. */
  id?: string;
  variableName: string;
  variableType: string;
  options: unknown[];
}

export interface CreateNoCodeModuleInput {
  /** `mod-` id of a module in the organization's private registry. */
  registryModuleId: string;
  /** Default: the latest module version. */
  versionPin?: string;
  /** Default false. */
  enabled?: boolean;
  variableOptions?: Array<Omit<VariableOptionsInput, 'id'>>;
}

/** Absent fields and the registry module keep their values. */
export interface UpdateNoCodeModuleInput {
  registryModuleId?: string;
  versionPin?: string;
  enabled?: boolean;
  variableOptions?: VariableOptionsInput[];
}

export interface WorkspaceVariableInput {
  key: string;
  value?: string;
  description?: string;
  category: 'svc' | 'env';
  /** Evaluate the value as HCL; no effect for `env`. */
  hcl?: boolean;
  sensitive?: boolean;
}

export interface CreateWorkspaceInput {
  /** Letters, numbers, `-`, `_`; unique in the organization. */
  name: string;
  description?: string;
  autoApply?: boolean;
  /** `prj-` id of the project to create the workspace in. */
  projectId: string;
  vars?: WorkspaceVariableInput[];
}

export interface NoCodeModuleWithOptions {
  noCodeModule: NoCodeModule;
  /** The `variable-options` records of `included` (empty unless asked for). */
  variableOptions: VariableOptions[];
}

/** An answer of the upgrade endpoints: the upgrade's run, and what the answer says of its
 *  workspace beyond the id of 2.8. */
export interface UpgradeAnswer {
  upgrade: WorkspaceUpgrade;
  /** The workspace's name, when the answer includes the workspace (`included`); the spec shows
   *  only its id, so usually null. */
  workspaceName: string | null;
}

export interface NoCodeApi {
  /** `POST /organizations/:organization/no-code-modules` */
  createModule(organization: string, input: CreateNoCodeModuleInput, options?: CallOptions): Promise<NoCodeModule>;
  /** `PATCH /no-code-modules/:id` */
  updateModule(noCodeModuleId: string, input: UpdateNoCodeModuleInput, options?: CallOptions): Promise<NoCodeModule>;
  /** `GET /no-code-modules/:id`, with `include=variable_options` when asked. */
  readModule(
    noCodeModuleId: string,
    options?: CallOptions & { includeVariableOptions?: boolean },
  ): Promise<NoCodeModuleWithOptions>;
  /**
   * `GET /workspaces/:id`: the path a workspace document's `links.self` names (2.7). Spec 4.3
   * shows no read of a workspace, so a caller treats a failure as "not known", never as an error
   * of its own.
   */
  readWorkspace(workspaceId: string, options?: CallOptions): Promise<Workspace>;
  /** `POST /no-code-modules/:id/workspaces` */
  createWorkspace(noCodeModuleId: string, input: CreateWorkspaceInput, options?: CallOptions): Promise<Workspace>;
  /**
   * `POST /no-code-modules/:id/workspaces/:workspace/upgrade`. Spec 4.3 names the answer, a
   * `workspace-upgrade` document of the workspace: a 2xx without it (or about another workspace)
   * is an UnexpectedResponseError saying what came back (no run is known, so nothing can be
   * followed or confirmed). The real service's word that no upgrade is available is
   * NoUpgradeAvailable.
   */
  initiateUpgrade(
    noCodeModuleId: string,
    workspaceId: string,
    vars?: WorkspaceVariableInput[],
    options?: CallOptions,
  ): Promise<UpgradeAnswer | NoUpgradeAvailable>;
  /** `GET /no-code-modules/:id/workspaces/:workspace/upgrade/:run`: the document of that run, of that workspace. */
  readUpgrade(
    noCodeModuleId: string,
    workspaceId: string,
    upgradeId: string,
    options?: CallOptions,
  ): Promise<UpgradeAnswer>;
  /** `POST /no-code-modules/:id/workspaces/:workspace/upgrade/:run`; the service's message, if any. */
  confirmUpgrade(
    noCodeModuleId: string,
    workspaceId: string,
    upgradeId: string,
    options?: CallOptions,
  ): Promise<{ message: string | null }>;
}

function variableOptionsData(entries: VariableOptionsInput[]): unknown[] {
  return entries.map((e) => ({
    ...(e.id !== undefined ? { id: e.id } : {}),
    type: 'variable-options',
    attributes: { 'variable-name': e.variableName, 'variable-type': e.variableType, options: e.options },
  }));
}

export function noCodeModuleBody(input: CreateNoCodeModuleInput | UpdateNoCodeModuleInput): unknown {
  const relationships: Record<string, unknown> = {};
  if (input.registryModuleId !== undefined) {
    // Spec 4.3: the relationship type is the singular `registry-module` in this request.
    relationships['registry-module'] = { data: { id: input.registryModuleId, type: 'registry-module' } };
  }
  if (input.variableOptions !== undefined) {
    relationships['variable-options'] = { data: variableOptionsData(input.variableOptions) };
  }
  return {
    data: {
      type: 'no-code-modules',
      attributes: { 'version-pin': input.versionPin, enabled: input.enabled },
      ...(Object.keys(relationships).length > 0 ? { relationships } : {}),
    },
  };
}

function varsData(vars: WorkspaceVariableInput[]): unknown[] {
  return vars.map((v) => ({
    type: 'vars',
    attributes: {
      key: v.key,
      value: v.value,
      description: v.description,
      category: v.category,
      hcl: v.hcl,
      sensitive: v.sensitive,
    },
  }));
}

export function createWorkspaceBody(input: CreateWorkspaceInput): unknown {
  return {
    data: {
      type: 'workspaces',
      // Spec 4.3: `auto_apply` with an underscore, unlike every other attribute.
      attributes: { name: input.name, description: input.description, auto_apply: input.autoApply },
      relationships: {
        // Spec 4.3: the singular `project` type in this request.
        project: { data: { id: input.projectId, type: 'project' } },
        vars: { data: varsData(input.vars ?? []) },
      },
    },
  };
}

export function upgradeBody(vars: WorkspaceVariableInput[]): unknown {
  return { data: { type: 'workspaces', relationships: { vars: { data: varsData(vars) } } } };
}

/** How much of a plain-text confirm answer is kept as its message. */
const MAX_MESSAGE = 500;

/** The plain message of the confirm answer (spec 4.3): `{"message": ...}` or a text body. */
function answerMessage(response: HttpResponse): string | null {
  const json = response.json;
  if (isObject(json)) {
    if (typeof json.message === 'string') return json.message;
    if (isObject(json.meta) && typeof json.meta.message === 'string') return json.meta.message;
    return null;
  }
  const text = response.text.trim();
  if (text === '') return null;
  return clip(text, MAX_MESSAGE);
}

/** A workspace name as spec 4.3 allows it: letters, numbers, `-`, `_`. */
const WORKSPACE_NAME = /^[A-Za-z0-9_-]{1,90}$/;

/** A workspace's name as the service sent it, when it has the documented shape; otherwise null,
 *  so that nothing else reaches a report. */
export function workspaceNameOf(name: unknown): string | null {
  return typeof name === 'string' && WORKSPACE_NAME.test(name) ? name : null;
}

/**
 * The version in a workspace's `source-module-id` (2.7: "string naming the module and version",
 * its last `/`-separated part), or in a no-code module's `version-pin`; null when it holds none
 * of the usual shape.
 */
export function moduleVersionIn(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const last = text.slice(text.lastIndexOf('/') + 1);
  return isModuleVersion(last) ? last : null;
}

/** Which run and workspace an upgrade answer must be about: those the step asked about. */
interface UpgradeAsked {
  workspaceId: string;
  /** The run the initiate started; none yet for the initiate itself. */
  runId?: string;
}

/**
 * The upgrade document of an answer, with the workspace's name if `included` carries it. A
 * name not of the documented shape is left out, so that nothing else reaches a report. The
 * document must be about what was asked: the run the step started (`data.id`), in the workspace
 * asked for (`relationships.workspace`, when the answer names one); an answer about another run
 * or workspace is an UnexpectedResponseError, never that run's status taken for this one's.
 */
function upgradeAnswer(response: HttpResponse, asked: UpgradeAsked): UpgradeAnswer {
  const doc = readDocument<WorkspaceUpgrade>(response, 'workspace-upgrade');
  const workspaceId = doc.data.relationships?.workspace?.data?.id;
  const other = (what: string): UnexpectedResponseError =>
    new UnexpectedResponseError(
      response.method,
      response.target,
      response.status,
      asked.runId === undefined
        ? `the \`workspace-upgrade\` document of workspace ${asked.workspaceId}`
        : `the \`workspace-upgrade\` document of run ${asked.runId} of workspace ${asked.workspaceId}`,
      `${what}, not the one asked about`,
    );
  if (asked.runId !== undefined && doc.data.id !== asked.runId) throw other(`run ${quoteClipped(doc.data.id, 40)}`);
  if (workspaceId !== undefined && workspaceId !== asked.workspaceId) {
    throw other(`workspace ${quoteClipped(workspaceId, 40)}`);
  }
  const workspace = (doc.included ?? []).find((r) => r.type === 'workspaces' && r.id === workspaceId);
  const name = (workspace?.attributes as { name?: unknown } | undefined)?.name;
  return { upgrade: doc.data, workspaceName: workspaceNameOf(name) };
}

/**
 * The service's word that a workspace has no upgrade to make: a `workspace-upgrade` document
 * with a `message` and no run (no id, no status), as the real service answers an initiate for a
 * workspace already on its module's settings (its official Go client reads the `message` of
 * that document "when an upgrade is not available"). Spec 4.3 shows no such answer.
 */
export interface NoUpgradeAvailable {
  readonly noUpgrade: true;
  /** The service's message, cut to one short line; foreign text. */
  readonly message: string;
}

/** The longest message of a NoUpgradeAvailable kept: one short line of a summary. */
const MAX_NO_UPGRADE_MESSAGE = 200;

function noUpgradeAvailable(response: HttpResponse): NoUpgradeAvailable | undefined {
  const json = response.json;
  if (!isObject(json) || !isObject(json.data) || json.data.type !== 'workspace-upgrade') return undefined;
  const { id } = json.data;
  const attributes = isObject(json.data.attributes) ? json.data.attributes : {};
  if ((id !== undefined && id !== null && id !== '') || (attributes.status !== undefined && attributes.status !== null))
    return undefined;
  if (typeof attributes.message !== 'string') return undefined;
  return { noUpgrade: true, message: clip(attributes.message.replace(/\s+/g, ' ').trim(), MAX_NO_UPGRADE_MESSAGE) };
}

export function createNoCodeApi(http: HttpClient): NoCodeApi {
  const enc = encodeURIComponent;
  const upgradePath = (moduleId: string, workspaceId: string): string =>
    `/no-code-modules/${enc(moduleId)}/workspaces/${enc(workspaceId)}/upgrade`;

  return {
    async createModule(organization, input, options = {}) {
      const response = await http.request({
        method: 'POST',
        path: `/organizations/${enc(organization)}/no-code-modules`,
        json: noCodeModuleBody(input),
        idempotent: false,
        signal: options.signal,
      });
      return readResource<NoCodeModule>(response, 'no-code-modules');
    },

    async updateModule(noCodeModuleId, input, options = {}) {
      const response = await http.request({
        method: 'PATCH',
        path: `/no-code-modules/${enc(noCodeModuleId)}`,
        json: noCodeModuleBody(input),
        // Spec 4.3: an options entry without `id` creates a new set, so only an update whose
        // entries all name their set can be repeated without adding sets.
        idempotent: (input.variableOptions ?? []).every((e) => e.id !== undefined),
        signal: options.signal,
      });
      return readResource<NoCodeModule>(response, 'no-code-modules');
    },

    async readModule(noCodeModuleId, options = {}) {
      const response = await http.request({
        method: 'GET',
        path: `/no-code-modules/${enc(noCodeModuleId)}`,
        query: { include: options.includeVariableOptions ? 'variable_options' : undefined },
        signal: options.signal,
      });
      const doc = readDocument<NoCodeModule>(response, 'no-code-modules');
      const variableOptions = (doc.included ?? []).filter((r): r is VariableOptions => r.type === 'variable-options');
      return { noCodeModule: doc.data, variableOptions };
    },

    async readWorkspace(workspaceId, options = {}) {
      const response = await http.request({
        method: 'GET',
        path: `/workspaces/${enc(workspaceId)}`,
        signal: options.signal,
      });
      return readResource<Workspace>(response, 'workspaces');
    },

    async createWorkspace(noCodeModuleId, input, options = {}) {
      const response = await http.request({
        method: 'POST',
        path: `/no-code-modules/${enc(noCodeModuleId)}/workspaces`,
        json: createWorkspaceBody(input),
        idempotent: false,
        signal: options.signal,
      });
      return readResource<Workspace>(response, 'workspaces');
    },

    async initiateUpgrade(noCodeModuleId, workspaceId, vars = [], options = {}) {
      const response = await http.request({
        method: 'POST',
        path: upgradePath(noCodeModuleId, workspaceId),
        json: upgradeBody(vars),
        idempotent: false,
        signal: options.signal,
      });
      // The status is not shown (spec 4.3), so any 2xx; the document is named, so it must be
      // there, unless the service says there is no upgrade to make.
      return noUpgradeAvailable(response) ?? upgradeAnswer(response, { workspaceId });
    },

    async readUpgrade(noCodeModuleId, workspaceId, upgradeId, options = {}) {
      const response = await http.request({
        method: 'GET',
        path: `${upgradePath(noCodeModuleId, workspaceId)}/${enc(upgradeId)}`,
        signal: options.signal,
      });
      return upgradeAnswer(response, { workspaceId, runId: upgradeId });
    },

    async confirmUpgrade(noCodeModuleId, workspaceId, upgradeId, options = {}) {
      const response = await http.request({
        method: 'POST',
        path: `${upgradePath(noCodeModuleId, workspaceId)}/${enc(upgradeId)}`,
        idempotent: false,
        signal: options.signal,
      });
      // Spec 4.3: "not shown beyond a plain message": any 2xx, with or without a body.
      return { message: answerMessage(response) };
    },
  };
}
