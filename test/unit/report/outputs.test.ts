// Every output is held to the form action.yml documents for it before it is written: ids with
// their prefix, URLs http(s) on one line, statuses as status names, counts as whole numbers, JSON
// as JSON. A value out of its form is refused, named, and never written.

import { describe, expect, it } from 'vitest';
import { readActionMetadata } from '../../../src/action-metadata.ts';
import { OUTPUT_SHAPES, outputProblem, setOutputs } from '../../../src/report/outputs.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';

describe('the documented forms', () => {
  it('cover exactly the outputs action.yml declares', () => {
    expect(Object.keys(OUTPUT_SHAPES).sort()).toEqual(Object.keys(readActionMetadata().outputs).sort());
  });

  it.each([
    ['test-run-id', 'trun-4vX9'],
    ['test-run-id', ''],
    ['run-id', 'run-1\n\nrun-2'],
    ['status', 'finished'],
    ['status', 'planned\n\npolicy_checked'],
    ['test-status', 'fail'],
    ['tests-passed', '12'],
    ['tests-failed', ''],
    ['created', '0'],
    ['plan-url', 'https://app.example.com/app/acme/workspaces/w/runs/run-1\n'],
    ['workspace-url', 'http://127.0.0.1:8080/app/acme/workspaces/w'],
    ['workspace-id', 'ws-abc'],
    ['no-code-module-id', 'nocode-xyz'],
    ['applied', 'false'],
    ['junit-file', 'reports/tests.xml'],
    ['result', '[{"name":"a"}]'],
  ])('%s accepts %j', (name, text) => {
    expect(outputProblem(name, text)).toBeUndefined();
  });

  it.each([
    ['test-run-id', 'run-1', 'a `trun-` id, or empty'],
    ['test-run-id', 'trun-1\n::set-output name=x::y', 'a `trun-` id, or empty'],
    ['run-id', 'run-1\nws-2', 'lines each a `run-` id or empty'],
    ['status', 'finished\n::error::x', 'lines each a status name or empty'],
    ['test-status', 'passed', '`pending` or `skip` or `pass` or `fail` or `error` or empty'],
    ['tests-passed', '1.5', 'a whole number, or empty'],
    ['created', '-1', 'a whole number'],
    ['created', '', 'a whole number'],
    ['plan-url', 'javascript:alert(document.cookie)', 'lines each an http(s) address on one line or empty'],
    ['plan-url', 'https://a.example.com/x y', 'lines each an http(s) address on one line or empty'],
    ['workspace-url', '/app/acme/workspaces/w', 'an http(s) address on one line, or empty'],
    ['workspace-id', 'wks-1', 'a `ws-` id, or empty'],
    ['no-code-module-id', 'nocode-', 'a `nocode-` id, or empty'],
    ['applied', 'yes', '`true` or `false`'],
    ['junit-file', 'a.xml\nb', 'a path on one line, or empty'],
    ['result', '{not json', 'JSON'],
  ])('%s refuses %j, saying what it must be', (name, text, form) => {
    const problem = outputProblem(name, text);
    expect(problem).toBe(
      `Output ${JSON.stringify(name)} was not written: it must be ${form}, and the value was ${JSON.stringify(text)}.`,
    );
  });

  it('refuses an output action.yml does not declare', () => {
    expect(outputProblem('notes', 'x')).toBe('Output "notes" was not written: the action declares no such output.');
  });
});

describe('setOutputs', () => {
  it('writes the outputs in their form and never one out of it', () => {
    const lines: string[] = [];
    const sink = plainSink({ stdout: { write: (text: string) => lines.push(text) } });
    const refused = setOutputs(sink, { 'test-run-id': 'trun-1', 'plan-url': 'javascript:alert(1)', created: 2 });
    expect(lines.join('')).toBe('test-run-id=trun-1\ncreated=2\n');
    expect(refused).toEqual([
      'Output "plan-url" was not written: it must be lines each an http(s) address on one line or empty, and the value was "javascript:alert(1)".',
    ]);
  });
});
