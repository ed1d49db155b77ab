// The log of a test run, read from its `log-read-url` (spec 2.2) as it streams in. A log that
// cannot be read is a warning, never a failure: the run's own counters are the authority for the
// totals, and they are reported whatever became of the log.

import { getErrorMessage } from '../../../../errors.ts';
import { formatBytes, formatDuration } from '../../../../report/format.ts';
import type { ReportSink } from '../../../../report/sink.ts';
import { plural } from '../../../../text.ts';
import type { ServiceClient } from '../../../../service/client.ts';
import type { TestRun } from '../../../../service/types.ts';
import { TestLogParser } from './parser.ts';
import type { EndedTest } from './parser.ts';
import type { ParsedTestLog } from './types.ts';

/**
 * The log as read: parsed (in part, when the read was cut), or why it could not be read; neither
 * when it was not read.
 */
export interface TestLogRead {
  parsed?: ParsedTestLog;
  error?: string;
}

export const LOG_NOT_READ: TestLogRead = {};

export async function readTestLog(
  run: TestRun,
  options: {
    client: ServiceClient;
    sink: Pick<ReportSink, 'warning' | 'debug' | 'addSecret' | 'redact'>;
    /** Aborts the read. */
    signal: AbortSignal;
    /** Longest read: a log that never ends is read this long at most. */
    timeoutMs: number;
    /** Told of each test file and run block that ended, in the log's order (LiveTestLog.rest). */
    onEnded?: (ended: EndedTest) => void;
  },
): Promise<TestLogRead> {
  const { sink, signal, timeoutMs } = options;
  const url = run.attributes['log-read-url'];
  if (!url) {
    const error = 'the service gave the run no log-read-url';
    sink.warning(`The log of test run ${run.id} could not be read (${error}); the run's own counters are reported.`);
    return { error };
  }
  // An address with its own authorization (spec 2.2): a secret, never printed.
  sink.addSecret(url);
  try {
    // Streamed into the parser, which keeps a bounded report of it: memory stays flat whatever
    // the log's size, and a log that never ends is read for `timeoutMs` at most.
    // Secrets masked as the log is read, before its texts are cut to what the report keeps.
    const parser = new TestLogParser({
      redact: (text) => sink.redact(text),
      ...(options.onEnded ? { onEnded: options.onEnded } : {}),
    });
    const read = await options.client.moduleTests.readLog(url, (chunk) => parser.push(chunk), {
      signal,
      timeoutMs,
      maxMs: timeoutMs,
    });
    const parsed = parser.end();
    const skipped = parsed.counts.notJson + parsed.counts.oversized;
    if (skipped > 0)
      sink.debug(
        `Passed over ${plural(skipped, 'line')} of the test log that the test command did not write as a message.`,
      );
    if (read.cut?.reason === 'time' && read.bytes === 0) {
      const error = `it did not answer within ${formatDuration(read.cut.afterMs)}`;
      sink.warning(`The log of test run ${run.id} could not be read (${error}); the run's own counters are reported.`);
      return { error };
    }
    if (read.cut) {
      const why =
        read.cut.reason === 'time'
          ? `it was still being read after ${formatDuration(read.cut.afterMs)}`
          : `the connection failed (${read.cut.error})`;
      sink.warning(
        `The log of test run ${run.id} was read only in part (${formatBytes(read.bytes)}; ${why}); what was read is reported, with the run's own counters.`,
      );
    }
    return { parsed };
  } catch (error) {
    const message = signal.aborted ? 'the step was cancelled while it was read' : getErrorMessage(error);
    sink.warning(`The log of test run ${run.id} could not be read (${message}); the run's own counters are reported.`);
    return { error: message };
  }
}
