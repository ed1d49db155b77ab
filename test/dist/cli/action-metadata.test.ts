// action.yml as the code reads it: parsed from the YAML from src/, and in the bundle from the
// JSON the build writes beside it (parsing the YAML cost about a fifth of the main step's CPU
// before its first request), to the same result.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, inject, it } from 'vitest';
import { readActionMetadata } from '../../../src/action-metadata.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'action-metadata-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

it('the bundle reads the same inputs and outputs from dist/action.json as from action.yml', () => {
  const bundled = readActionMetadata(join(inject('bundleDir'), 'action.yml'));
  expect(bundled).toEqual(readActionMetadata());
  expect(bundled.inputs['timeout']).toMatchObject({ default: '30m', required: false });
  expect(Object.keys(bundled.outputs)).toContain('result');
});

it('reads action.json beside action.yml when there is one, and the YAML otherwise', () => {
  const yaml =
    'inputs:\n  mode:\n    description: " from the YAML "\n    required: true\noutputs:\n  result:\n    description: JSON\n';
  expect(readActionMetadata(join(folder({ 'action.yml': yaml }), 'action.yml'))).toEqual({
    inputs: { mode: { description: 'from the YAML', required: true } },
    outputs: { result: { description: 'JSON' } },
  });
  const json = JSON.stringify({ inputs: { timeout: { description: 'from the JSON', default: 30 } }, outputs: {} });
  // No YAML at all: only the JSON can have answered.
  expect(readActionMetadata(join(folder({ 'action.json': json }), 'action.yml'))).toEqual({
    inputs: { timeout: { description: 'from the JSON', required: false, default: '30' } },
    outputs: {},
  });
});
