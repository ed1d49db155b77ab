import type { ReportSink } from './sink.ts';

export type OutputValue = string | number | boolean | bigint | null | undefined | object;

/** An output as the step writes it: strings as they are, numbers and booleans as text, objects as JSON. */
export function outputText(value: OutputValue): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** Sets every output of the record; an undefined value is left unset. */
export function setOutputs(sink: ReportSink, outputs: Readonly<Record<string, OutputValue>>): void {
  for (const [name, value] of Object.entries(outputs)) {
    const text = outputText(value);
    if (text !== undefined) sink.setOutput(name, text);
  }
}
