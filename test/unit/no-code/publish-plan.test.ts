import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/errors.ts';
import { planNoCodeModuleCreate, planNoCodeModuleUpdate } from '../../../src/modes/no-code/publish/plan.ts';
import type { NoCodeModule, VariableOptions } from '../../../src/service/types.ts';

const module: NoCodeModule = {
  id: 'nocode-1',
  type: 'no-code-modules',
  attributes: { enabled: true, 'version-pin': '1.0.0' },
  relationships: { 'registry-module': { data: { id: 'mod-1', type: 'registry-modules' } } },
};
const set = (id: string, name: string, options: unknown[], type = 'string'): VariableOptions => ({
  id,
  type: 'variable-options',
  attributes: { 'variable-name': name, 'variable-type': type, options },
});
const wanted = { registryModuleId: '', enabled: true as boolean | null, versionPin: '', variableOptions: null };

describe('planNoCodeModuleUpdate', () => {
  it('nothing differs: no update at all', () => {
    const plan = planNoCodeModuleUpdate(
      { module, variableOptions: [set('ncvaropt-a', 'region', ['eu'])] },
      {
        ...wanted,
        registryModuleId: 'mod-1',
        versionPin: '1.0.0',
        variableOptions: [{ variableName: 'region', variableType: 'string', options: ['eu'] }],
      },
    );
    expect(plan.update).toBeNull();
    expect(plan.settings).toEqual([]);
    expect(plan.variableOptions).toEqual([
      { id: 'ncvaropt-a', variableName: 'region', variableType: 'string', options: ['eu'], action: 'unchanged' },
    ]);
  });

  it('only the settings that differ are sent', () => {
    const plan = planNoCodeModuleUpdate(
      { module, variableOptions: [] },
      { ...wanted, enabled: false, versionPin: '1.0.0' },
    );
    expect(plan.update).toEqual({ enabled: false });
    expect(plan.settings).toEqual([{ setting: 'enabled', from: 'true', to: 'false' }]);
  });

  it('enabled left empty keeps a disabled module disabled, and a new module is switched on', () => {
    const disabled = { ...module, attributes: { ...module.attributes, enabled: false } };
    expect(
      planNoCodeModuleUpdate(
        { module: disabled, variableOptions: [] },
        { ...wanted, enabled: null, versionPin: '1.0.0' },
      ).update,
    ).toBeNull();
    expect(planNoCodeModuleCreate({ ...wanted, enabled: null, registryModuleId: 'mod-1' })).toEqual({
      registryModuleId: 'mod-1',
      enabled: true,
    });
  });

  it('a different registry module is sent; options given as null keep the sets and name none as untouched', () => {
    const plan = planNoCodeModuleUpdate(
      { module, variableOptions: [set('ncvaropt-a', 'region', ['eu'])] },
      { ...wanted, registryModuleId: 'mod-2' },
    );
    expect(plan.update).toEqual({ registryModuleId: 'mod-2' });
    expect(plan.untouched).toEqual([]);
  });

  it('matches by name, replaces on a different type or order of values, creates new names, reports left-out sets', () => {
    const plan = planNoCodeModuleUpdate(
      {
        module,
        variableOptions: [
          set('ncvaropt-a', 'region', ['eu', 'us']),
          set('ncvaropt-b', 'size', [1]),
          set('ncvaropt-c', 'old', []),
        ],
      },
      {
        ...wanted,
        variableOptions: [
          { variableName: 'region', variableType: 'string', options: ['us', 'eu'] },
          { variableName: 'size', variableType: 'number', options: [1] },
          { variableName: 'tier', variableType: 'string', options: ['dev'] },
        ],
      },
    );
    expect(plan.variableOptions.map((o) => [o.variableName, o.id, o.action])).toEqual([
      ['region', 'ncvaropt-a', 'replace'],
      ['size', 'ncvaropt-b', 'replace'],
      ['tier', undefined, 'create'],
    ]);
    expect(plan.update?.variableOptions?.map((o) => o.id)).toEqual(['ncvaropt-a', 'ncvaropt-b', undefined]);
    expect(plan.untouched).toEqual(['old']);
  });

  it('a set claimed by an explicit id is not matched again by name', () => {
    const plan = planNoCodeModuleUpdate(
      { module, variableOptions: [set('ncvaropt-a', 'region', ['eu'])] },
      {
        ...wanted,
        variableOptions: [
          { id: 'ncvaropt-a', variableName: 'location', variableType: 'string', options: ['eu'] },
          { variableName: 'region', variableType: 'string', options: ['eu'] },
        ],
      },
    );
    expect(plan.variableOptions.map((o) => [o.variableName, o.id, o.action])).toEqual([
      ['location', 'ncvaropt-a', 'replace'],
      ['region', undefined, 'create'],
    ]);
  });

  it('an id the module does not have is a configuration error naming the sets it has', () => {
    expect(() =>
      planNoCodeModuleUpdate(
        { module, variableOptions: [set('ncvaropt-a', 'region', ['eu'])] },
        {
          ...wanted,
          variableOptions: [{ id: 'ncvaropt-z', variableName: 'region', variableType: 'string', options: [] }],
        },
      ),
    ).toThrow(ConfigurationError);
    expect(() =>
      planNoCodeModuleUpdate(
        { module, variableOptions: [set('ncvaropt-a', 'region', ['eu'])] },
        {
          ...wanted,
          variableOptions: [{ id: 'ncvaropt-z', variableName: 'region', variableType: 'string', options: [] }],
        },
      ),
    ).toThrow(/ncvaropt-a \(region\)/);
  });
});

describe('planNoCodeModuleCreate', () => {
  it('leaves out an empty pin and absent options; refuses option ids', () => {
    expect(planNoCodeModuleCreate({ ...wanted, registryModuleId: 'mod-1' })).toEqual({
      registryModuleId: 'mod-1',
      enabled: true,
    });
    expect(
      planNoCodeModuleCreate({
        ...wanted,
        registryModuleId: 'mod-1',
        versionPin: '2.0.0',
        variableOptions: [{ variableName: 'a', variableType: 'string', options: ['x'] }],
      }),
    ).toEqual({
      registryModuleId: 'mod-1',
      enabled: true,
      versionPin: '2.0.0',
      variableOptions: [{ variableName: 'a', variableType: 'string', options: ['x'] }],
    });
    expect(() =>
      planNoCodeModuleCreate({
        ...wanted,
        registryModuleId: 'mod-1',
        variableOptions: [{ id: 'ncvaropt-a', variableName: 'a', variableType: 'string', options: [] }],
      }),
    ).toThrow(ConfigurationError);
  });
});
