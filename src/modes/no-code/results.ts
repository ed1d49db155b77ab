import { stepFailure } from '../../errors.ts';
import { heading, joinBlocks, paragraph } from '../../report/markdown.ts';
import type { OutputValue } from '../../report/outputs.ts';
import type { ModeResult } from '../mode.ts';

interface StoppedResultOptions {
  title: string;
  heading: string;
  message: string;
  outputs?: Record<string, OutputValue>;
}

/** The result of a mode that stopped at one error: the summary says what and why. */
export function failureResult(
  options: StoppedResultOptions & {
    /** More Markdown after the message (what was planned, what is known). */
    more?: string;
    /** The step was cancelled meanwhile: it ends cancelled, with this failure. */
    cancelled?: boolean;
  },
): ModeResult {
  return {
    title: options.title,
    summary: joinBlocks(heading(options.heading), paragraph(`❌ ${options.message}`), options.more),
    annotations: [],
    outputs: options.outputs ?? {},
    failure: stepFailure(options.message),
    conclusion: options.cancelled ? 'cancelled' : 'failure',
  };
}

/**
 * The result of a mode that the step's cancellation ended before it had anything else to
 * report: the summary and the failure say what is known (nothing sent, or a write that may
 * have taken effect).
 */
export function cancelledResult(options: StoppedResultOptions): ModeResult {
  return {
    title: options.title,
    summary: joinBlocks(heading(options.heading), paragraph(`⛔ ${options.message}`)),
    annotations: [],
    outputs: options.outputs ?? {},
    failure: stepFailure(options.message),
    conclusion: 'cancelled',
  };
}

/**
 * A result that was reached although the step was cancelled meanwhile (a write already sent
 * was answered): everything it reports stays, and the step ends cancelled with `message`.
 */
export function reachedAfterCancellation(result: ModeResult, message: string): ModeResult {
  return {
    ...result,
    title: `${result.title} (the step was cancelled)`,
    summary: joinBlocks(result.summary, paragraph(`⛔ ${message}`)),
    failure: stepFailure(result.failure === null ? message : `${message} ${result.failure.message}`),
    conclusion: 'cancelled',
  };
}
