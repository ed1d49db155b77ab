// The step's outputs, each held to the form action.yml documents for it before it is written:
// workflows paste outputs into scripts, URLs and later steps' inputs, so a value out of its form
// (an id without its prefix, an address that is not http(s), a second line smuggled into a
// status) is refused, with a sentence naming the output, and never written.

import { hasIdShape, isStatusName } from '../service/shapes.ts';
import { quoteClipped } from '../text.ts';
import type { ReportSink } from './sink.ts';
import { TEST_STATUSES } from '../service/types.ts';

export type OutputValue = string | number | boolean | bigint | null | undefined | object;

/** An output as the step writes it: strings as they are, numbers and booleans as text, objects as JSON. */
export function outputText(value: OutputValue): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** A documented form: what it is, in words for a message, and whether a text has it. */
interface Shape {
  readonly is: string;
  accepts(text: string): boolean;
}

const shape = (is: string, accepts: (text: string) => boolean): Shape => ({ is, accepts });

const COUNT = /^(?:0|[1-9][0-9]{0,15})$/;
/** One line of visible text: no line break, no control character. */
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text) || !ONE_LINE.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const orEmpty = (s: Shape): Shape => shape(`${s.is}, or empty`, (text) => text === '' || s.accepts(text));
/** One value a line (one line per workspace, in input order); a line may be empty. */
const lines = (s: Shape): Shape =>
  shape(`lines each ${s.is} or empty`, (text) => text.split('\n').every((line) => line === '' || s.accepts(line)));

const count = shape('a whole number', (text) => COUNT.test(text));
const id = (prefix: string): Shape => shape(`a \`${prefix}-\` id`, (text) => hasIdShape(text, prefix));
const httpUrl = shape('an http(s) address on one line', isHttpUrl);
const status = shape('a status name', isStatusName);
const oneOf = (...words: string[]): Shape =>
  shape(words.map((w) => (w === '' ? 'empty' : `\`${w}\``)).join(' or '), (text) => words.includes(text));

/** The form of each output action.yml declares (a test holds the two to each other). */
export const OUTPUT_SHAPES: Readonly<Record<string, Shape>> = {
  result: shape('JSON', isJson),
  created: count,
  updated: count,
  deleted: count,
  unchanged: count,
  'test-run-id': orEmpty(id('trun')),
  status: lines(status),
  'test-status': oneOf(...TEST_STATUSES, ''),
  'tests-passed': orEmpty(count),
  'tests-failed': orEmpty(count),
  'tests-errored': orEmpty(count),
  'tests-skipped': orEmpty(count),
  'junit-file': shape('a path on one line, or empty', (text) => ONE_LINE.test(text)),
  'run-id': lines(id('run')),
  'plan-url': lines(httpUrl),
  applied: oneOf('true', 'false'),
  'resume-workspace-ids': lines(id('ws')),
  'no-code-module-id': orEmpty(id('nocode')),
  'workspace-id': orEmpty(id('ws')),
  'workspace-url': orEmpty(httpUrl),
};

/** Why `text` may not be written as output `name`, in a sentence naming it; undefined when it may. */
export function outputProblem(name: string, text: string): string | undefined {
  const form = OUTPUT_SHAPES[name];
  if (form === undefined) return `Output ${JSON.stringify(name)} was not written: the action declares no such output.`;
  if (form.accepts(text)) return undefined;
  return `Output ${JSON.stringify(name)} was not written: it must be ${form.is}, and the value was ${quoteClipped(text, 80)}.`;
}

/**
 * Sets every output of the record that has its documented form; an undefined value is left unset.
 * Returns why each of the others was refused (none of them is written).
 */
export function setOutputs(sink: ReportSink, outputs: Readonly<Record<string, OutputValue>>): string[] {
  const refused: string[] = [];
  for (const [name, value] of Object.entries(outputs)) {
    const text = outputText(value);
    if (text === undefined) continue;
    const problem = outputProblem(name, text);
    if (problem === undefined) sink.setOutput(name, text);
    else refused.push(problem);
  }
  return refused;
}
