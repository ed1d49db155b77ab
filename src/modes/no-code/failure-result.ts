import { heading, joinBlocks, paragraph } from '../../report/markdown.ts';
import type { OutputValue } from '../../report/outputs.ts';
import type { ModeResult } from '../mode.ts';

/** The result of a mode that stopped at one error: the summary says what and why. */
export function failureResult(options: {
  title: string;
  heading: string;
  message: string;
  outputs?: Record<string, OutputValue>;
  /** More Markdown after the message (what was planned, what is known). */
  more?: string;
}): ModeResult {
  return {
    title: options.title,
    summary: joinBlocks(heading(options.heading), paragraph(`❌ ${options.message}`), options.more),
    annotations: [],
    outputs: options.outputs ?? {},
    failure: options.message,
    conclusion: 'failure',
  };
}
