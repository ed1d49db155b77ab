// Request bodies exactly as spec 4.x shows them, quirks included.
import { describe, expect, it } from 'vitest';
import {
  createConfigurationVersionBody,
  createTestRunBody,
  testRoot,
  testVariableBody,
} from '../../../src/service/module-tests.ts';
import { createWorkspaceBody, noCodeModuleBody, upgradeBody } from '../../../src/service/no-code.ts';
import { createPolicyBody, updatePolicyBody } from '../../../src/service/policies.ts';

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('policy bodies (4.1)', () => {
  it('create: kebab-case attributes and policy-sets relationships', () => {
    expect(
      json(
        createPolicyBody({
          name: 'p1',
          kind: 'opa',
          query: 'data.p.deny',
          enforcementLevel: 'mandatory',
          description: null,
          policySetIds: ['polset-1'],
        }),
      ),
    ).toEqual({
      data: {
        type: 'policies',
        attributes: {
          name: 'p1',
          description: null,
          kind: 'opa',
          query: 'data.p.deny',
          'enforcement-level': 'mandatory',
        },
        relationships: { 'policy-sets': { data: [{ id: 'polset-1', type: 'policy-sets' }] } },
      },
    });
  });

  it('create without sets sends no relationships; update sends only given settings', () => {
    expect(json(createPolicyBody({ name: 'p', enforcementLevel: 'advisory' }))).toEqual({
      data: { type: 'policies', attributes: { name: 'p', 'enforcement-level': 'advisory' } },
    });
    expect(json(updatePolicyBody({ enforcementLevel: 'hard-mandatory' }))).toEqual({
      data: { type: 'policies', attributes: { 'enforcement-level': 'hard-mandatory' } },
    });
  });
});

describe('module test bodies and paths (4.2)', () => {
  it('percent-encodes each segment of {TESTROOT}; the namespace defaults to the organization', () => {
    expect(testRoot({ organization: 'acme', name: 'vpc', provider: 'aws' })).toBe(
      '/organizations/acme/tests/registry-modules/private/acme/vpc/aws',
    );
    expect(testRoot({ organization: 'a b', namespace: 'n/s', name: 'm?', provider: 'p#' })).toBe(
      '/organizations/a%20b/tests/registry-modules/private/n%2Fs/m%3F/p%23',
    );
  });

  it('test run create', () => {
    expect(
      json(
        createTestRunBody({
          configurationVersionId: 'cv-1',
          verbose: true,
          testDirectory: 't',
          filters: ['a.tftest.hcl'],
          variables: [{ key: 'k', value: '"v"' }],
        }),
      ),
    ).toEqual({
      data: {
        type: 'test-runs',
        attributes: {
          verbose: true,
          'test-directory': 't',
          filters: ['a.tftest.hcl'],
          variables: [{ key: 'k', value: '"v"' }],
        },
        relationships: { 'configuration-version': { data: { type: 'configuration-versions', id: 'cv-1' } } },
      },
    });
  });

  it('configuration version create carries auto-queue-runs', () => {
    expect(createConfigurationVersionBody(false)).toEqual({
      data: { type: 'configuration-versions', attributes: { 'auto-queue-runs': false } },
    });
  });

  it('test variables are always category env', () => {
    expect(json(testVariableBody({ key: 'K', value: 'v', sensitive: true }))).toEqual({
      data: { type: 'vars', attributes: { key: 'K', value: 'v', category: 'env', sensitive: true } },
    });
  });
});

describe('no-code bodies (4.3)', () => {
  it('module create: singular registry-module type, variable-options entries with attributes', () => {
    expect(
      json(
        noCodeModuleBody({
          registryModuleId: 'mod-1',
          versionPin: '1.0.0',
          enabled: true,
          variableOptions: [{ variableName: 'region', variableType: 'string', options: ['a', 'b'] }],
        }),
      ),
    ).toEqual({
      data: {
        type: 'no-code-modules',
        attributes: { 'version-pin': '1.0.0', enabled: true },
        relationships: {
          'registry-module': { data: { id: 'mod-1', type: 'registry-module' } },
          'variable-options': {
            data: [
              {
                type: 'variable-options',
                attributes: { 'variable-name': 'region', 'variable-type': 'string', options: ['a', 'b'] },
              },
            ],
          },
        },
      },
    });
  });

  it('module update: entries may carry id, the module is kept when not given', () => {
    expect(
      json(
        noCodeModuleBody({
          enabled: false,
          variableOptions: [{ id: 'ncvaropt-1', variableName: 'r', variableType: 'string', options: [] }],
        }),
      ),
    ).toEqual({
      data: {
        type: 'no-code-modules',
        attributes: { enabled: false },
        relationships: {
          'variable-options': {
            data: [
              {
                id: 'ncvaropt-1',
                type: 'variable-options',
                attributes: { 'variable-name': 'r', 'variable-type': 'string', options: [] },
              },
            ],
          },
        },
      },
    });
  });

  it('workspace create: auto_apply with an underscore and the singular project type', () => {
    expect(
      json(
        createWorkspaceBody({
          name: 'ws',
          autoApply: true,
          projectId: 'prj-1',
          vars: [{ key: 'a', value: '1', category: 'svc', hcl: true }],
        }),
      ),
    ).toEqual({
      data: {
        type: 'workspaces',
        attributes: { name: 'ws', auto_apply: true },
        relationships: {
          project: { data: { id: 'prj-1', type: 'project' } },
          vars: { data: [{ type: 'vars', attributes: { key: 'a', value: '1', category: 'svc', hcl: true } }] },
        },
      },
    });
  });

  it('upgrade: type workspaces with vars relationships', () => {
    expect(json(upgradeBody([{ key: 'E', value: 'x', category: 'env', sensitive: true }]))).toEqual({
      data: {
        type: 'workspaces',
        relationships: {
          vars: { data: [{ type: 'vars', attributes: { key: 'E', value: 'x', category: 'env', sensitive: true } }] },
        },
      },
    });
  });
});
