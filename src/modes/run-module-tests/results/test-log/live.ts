// The test log while the run runs: where the service already gives the run a `log-read-url`, the
// log is read again now and then for what was added, and each test file and run block that ended
// is printed in the job log, as the test command prints it in a terminal. Only a view: the report
// is built from the whole log, read once the run has ended (read.ts).

import { getErrorMessage } from '../../../../errors.ts';
import type { Clock } from '../../../../lifetime/clock.ts';
import { formatBytes } from '../../../../report/format.ts';
import { escapeControls } from '../../../../report/neutralise.ts';
import type { ReportSink } from '../../../../report/sink.ts';
import type { ServiceClient } from '../../../../service/client.ts';
import type { TestRun } from '../../../../service/types.ts';
import { isFinal } from '../../test-run/status.ts';
import { TestLogParser } from './parser.ts';
import type { EndedTest } from './parser.ts';

/**
 * A service that sends the whole log every time (it honours neither `Range` nor the log store's
 * paging) is read again only while the log is this small: past it, each read would cost more
 * than the view is worth.
 */
const MAX_REREAD_BYTES = 1024 * 1024;

/** The most a read of the log store's own paging takes at once; the rest comes at the next read. */
const PAGE_BYTES = 256 * 1024;

/**
 * How the log is read again as it grows: by `Range`; where the store answers that with the whole
 * log, by its own paging (`limit` and `offset`, as the service's official client reads logs);
 * where it ignores that too, whole again, what was printed passed over.
 */
type ReadMode = 'range' | 'page' | 'whole';

/** The bytes a page read asks for again, to tell a page from a whole log: a log line's worth. */
const TAIL_BYTES = 64;

/** Reads that fail one after another before the view gives up (the final read still happens). */
const MAX_FAILED_READS = 3;

export interface LiveTestLogOptions {
  client: ServiceClient;
  sink: Pick<ReportSink, 'info' | 'debug' | 'addSecret' | 'redact'>;
  clock: Clock;
  /** A read at most this often. */
  everyMs: number;
  /** Longest read. */
  readMs: number;
  /** The step's cancellation: ends a read at once. */
  signal: AbortSignal;
}

/**
 * A line of the job log for a test file or run block that ended: `tests/a.tftest.hcl: run "b"... pass`.
 * The names are the log's, which the service serves: each is one item, its control characters
 * (ESC, C1, line breaks) shown escaped, so that the line is one line and only says what ended.
 */
export function endedLine(ended: EndedTest): string {
  const file = escapeControls(ended.file);
  return ended.run === undefined
    ? `${file}... ${ended.status}`
    : `${file}: run "${escapeControls(ended.run)}"... ${ended.status}`;
}

export class LiveTestLog {
  readonly #options: LiveTestLogOptions;
  readonly #parser: TestLogParser;
  readonly #stop = new AbortController();
  /** Bytes of the log read so far. */
  #offset = 0;
  #lastReadAt = -Infinity;
  #failures = 0;
  #reading: Promise<void> | undefined;
  #stopped = false;
  /** Test files and run blocks printed so far, in the log's order. */
  #printed = 0;
  #mode: ReadMode = 'range';
  /** The last bytes read, for a page read to be told from a whole log (ReadLogOptions.overlap). */
  #tail = Buffer.alloc(0);

  constructor(options: LiveTestLogOptions) {
    this.#options = options;
    this.#parser = new TestLogParser({
      redact: (text) => options.sink.redact(text),
      onEnded: (ended) => this.#print(ended),
      // Nothing of it is reported but what ended: keep as little as the parser allows.
      tailLines: 0,
      maxDiagnostics: 0,
      maxLeftovers: 0,
    });
  }

  /** Each read of the run, as the wait sees it: reads the log when it is there and it is time. */
  seen(run: TestRun): void {
    if (this.#stopped || this.#reading !== undefined || isFinal(run)) return;
    const url = run.attributes['log-read-url'];
    if (!url) return;
    const now = this.#options.clock.now();
    if (now - this.#lastReadAt < this.#options.everyMs) return;
    this.#lastReadAt = now;
    // An address with its own authorization (spec 2.2): a secret, never printed.
    this.#options.sink.addSecret(url);
    this.#reading = this.#read(url).finally(() => (this.#reading = undefined));
  }

  /** A piece of the log, to the parser; its last bytes kept. */
  #take(chunk: Uint8Array): void {
    this.#parser.push(chunk);
    this.#tail = Buffer.concat([this.#tail, chunk]).subarray(-TAIL_BYTES);
  }

  #print(ended: EndedTest): void {
    this.#printed++;
    this.#options.sink.info(endedLine(ended));
  }

  /**
   * What ended after the view's last read, for the read of the whole log once the run has ended
   * to print: each test file and run block in the log's order, the ones already printed passed
   * over, so that every one is printed exactly once, the last before the step's final line.
   */
  rest(): (ended: EndedTest) => void {
    let seen = 0;
    return (ended) => {
      seen++;
      if (seen > this.#printed) this.#print(ended);
    };
  }

  /** Ends the view: a read under way is cut short, and done with when this resolves. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stop.abort();
    await this.#reading;
  }

  async #read(url: string): Promise<void> {
    const { client, sink, readMs, signal } = this.#options;
    try {
      const read = await client.moduleTests.readLog(url, (chunk) => this.#take(chunk), {
        from: this.#offset,
        signal: AbortSignal.any([signal, this.#stop.signal]),
        timeoutMs: readMs,
        maxMs: readMs,
        ...(this.#mode === 'page' ? { page: PAGE_BYTES, overlap: this.#tail } : {}),
      });
      this.#offset += read.bytes;
      this.#failures = 0;
      // The whole log for a Range read: the store's paging next; the paging ignored too: whole.
      if (this.#mode === 'range' && read.ranged === false) this.#mode = 'page';
      else if (this.#mode === 'page' && read.paged === false) this.#mode = 'whole';
      if (this.#mode === 'whole' && read.ranged === false && this.#offset > MAX_REREAD_BYTES) {
        this.#stopped = true;
        sink.debug(
          `The service sends the whole test log at each read (${formatBytes(this.#offset)} so far): ` +
            'it is not read again until the run has ended.',
        );
      }
    } catch (error) {
      if (this.#stop.signal.aborted || signal.aborted) return;
      this.#failures++;
      sink.debug(`The test log could not be read while the run runs: ${getErrorMessage(error)}`);
      if (this.#failures >= MAX_FAILED_READS) this.#stopped = true;
    }
  }
}
