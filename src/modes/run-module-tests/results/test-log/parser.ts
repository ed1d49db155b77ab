/**
 * Reads the log of a test run (the document at `log-read-url`): JSON lines in the
 * machine-readable format of the test command's `-json` output, one message a line, each with
 * `@level`, `@message`, `@module`, `@timestamp`, a `type`, a field named after the type and,
 * for test messages, `@testfile` and `@testrun`.
 *
 * The log is read line by line as it arrives and only what the report needs is kept: the
 * status of every test file and run block, the diagnostics, the closing `test_summary`, the
 * resources left behind, and the last lines as a tail. What is kept is bounded whatever the log
 * holds (a log may run to gigabytes, or never end): so many run blocks, diagnostics and leftover
 * entries, each text clipped; the rest is counted. Nothing in it is fatal: a leading `\x02` and
 * a trailing `\x03` (the framing the service may add), `\r\n`, blank lines, lines that are not
 * JSON and message types this parser does not know are passed over and counted.
 */

import { isObject, parseJsonObject } from '../../../../json-object.ts';
import { clip } from '../../../../text.ts';
import type {
  LeftoverResources,
  ParsedTestLog,
  SourcePosition,
  TestDiagnostic,
  TestFileResult,
  TestLogCounts,
  TestLogSummary,
  TestRunBlockResult,
  TestStatus,
} from './types.ts';

export interface TestLogOptions {
  /** Lines kept as the tail. Default 50. */
  tailLines?: number;
  /** Diagnostics kept. Default 500. */
  maxDiagnostics?: number;
  /** Run blocks kept, over all files. Default 2,000. */
  maxRunBlocks?: number;
  /** Leftover entries kept. Default 100, each with up to 200 resource addresses. */
  maxLeftovers?: number;
  /** Longest line read, in characters; a longer one is passed over. Default 4 Mi (a line is
   *  held whole to be parsed, and a JSON line expands several times over once parsed). */
  maxLineLength?: number;
  /**
   * Masks the secrets in a text of the log. Applied before a text is cut to length: a secret
   * cut in two would leave a prefix no later redaction recognises. Default: none.
   */
  redact?: (text: string) => string;
  /**
   * Called as each test file and run block ends (its `complete` message, or the one message an
   * older test command gives it), in the log's order: for a view of the run while it runs.
   */
  onEnded?: (ended: EndedTest) => void;
}

/** A test file, or a run block of one (`run`), that has ended, with its status. Names are masked and cut. */
export interface EndedTest {
  file: string;
  run?: string;
  status: TestStatus;
}

export type TestLogSource = string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

/** Parses a whole log, given as text, bytes, or chunks (a response body) read as they come. */
export async function parseTestLog(source: TestLogSource, options: TestLogOptions = {}): Promise<ParsedTestLog> {
  const parser = new TestLogParser(options);
  if (typeof source === 'string' || source instanceof Uint8Array) {
    parser.push(source);
  } else if (Symbol.asyncIterator in source) {
    for await (const chunk of source) parser.push(chunk);
  } else {
    for (const chunk of source) parser.push(chunk);
  }
  return parser.end();
}

/** Parses a log held as text. */
export function parseTestLogText(text: string, options: TestLogOptions = {}): ParsedTestLog {
  const parser = new TestLogParser(options);
  parser.push(text);
  return parser.end();
}

const KNOWN_TYPES = new Set([
  'version',
  'log',
  'diagnostic',
  'test_abstract',
  'test_file',
  'test_run',
  'test_plan',
  'test_state',
  'test_summary',
  'test_cleanup',
  'test_interrupt',
  'test_status',
  'test_retry',
]);

/** A message that says its test file or run block ended: `complete`, or none (older versions). */
function ended(progress: unknown): boolean {
  return progress === undefined || progress === 'complete';
}

const MAX_TAIL_LINE = 1000;
const MAX_DETAIL = 16 * 1024;
const MAX_SNIPPET = 4 * 1024;
/** Names, paths, addresses: anything but a message's own text. */
const MAX_NAME = 1024;
/** Files kept: each test file has at least one run block, so the bound on run blocks bounds them. */
const MAX_RESOURCES_PER_LEFTOVER = 200;

interface FileState {
  path: string;
  status?: TestStatus;
  runs: Map<string, TestRunBlockResult>;
  /** The highest status among this file's run blocks that were not kept. */
  omittedStatus?: TestStatus;
}

/** Incremental parser: `push` chunks as they arrive, then `end` for the result. */
export class TestLogParser {
  readonly #tailLines: number;
  readonly #maxDiagnostics: number;
  readonly #maxRunBlocks: number;
  readonly #maxLeftovers: number;
  readonly #maxLineLength: number;
  readonly #decoder = new TextDecoder('utf-8');
  #pending = '';
  #discarding = false;
  #ended = false;

  readonly #files = new Map<string, FileState>();
  /** When each run block started, from its `starting` message's `@timestamp`. */
  readonly #runStarts = new Map<TestRunBlockResult, number>();
  readonly #diagnostics: TestDiagnostic[] = [];
  #diagnosticsOmitted = 0;
  #runBlocks = 0;
  #runBlocksOmitted = 0;
  #leftoversOmitted = 0;
  #summary: TestLogSummary | undefined;
  readonly #leftovers: LeftoverResources[] = [];
  #interrupted = false;
  #version: string | undefined;
  readonly #counts: TestLogCounts = { lines: 0, messages: 0, notJson: 0, unknownType: 0, oversized: 0 };
  #tail: string[] = [];
  readonly #redact: (text: string) => string;
  readonly #onEnded: ((ended: EndedTest) => void) | undefined;

  constructor(options: TestLogOptions = {}) {
    this.#tailLines = Math.max(0, options.tailLines ?? 50);
    this.#maxDiagnostics = Math.max(0, options.maxDiagnostics ?? 500);
    this.#maxRunBlocks = Math.max(0, options.maxRunBlocks ?? 2000);
    this.#maxLeftovers = Math.max(0, options.maxLeftovers ?? 100);
    this.#maxLineLength = Math.max(1024, options.maxLineLength ?? 4 * 1024 * 1024);
    this.#redact = options.redact ?? ((text) => text);
    this.#onEnded = options.onEnded;
  }

  push(chunk: string | Uint8Array): void {
    if (this.#ended) throw new Error('TestLogParser: push after end');
    const text = typeof chunk === 'string' ? chunk : this.#decoder.decode(chunk, { stream: true });
    this.#take(text);
  }

  end(): ParsedTestLog {
    if (!this.#ended) {
      this.#ended = true;
      this.#take(this.#decoder.decode());
      if (this.#pending !== '' && !this.#discarding) this.#line(this.#pending);
      this.#pending = '';
    }
    return this.#result();
  }

  #take(text: string): void {
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      if (newline < 0) break;
      const piece = text.slice(start, newline);
      start = newline + 1;
      if (this.#discarding) {
        // The rest of an oversized line.
        this.#discarding = false;
        continue;
      }
      const line = this.#pending === '' ? piece : this.#pending + piece;
      this.#pending = '';
      this.#line(line);
    }
    if (start < text.length && !this.#discarding) {
      this.#pending += text.slice(start);
      if (this.#pending.length > this.#maxLineLength) {
        this.#pending = '';
        this.#discarding = true;
        this.#counts.lines++;
        this.#counts.oversized++;
        this.#addTail('[a line too long to read was passed over]');
      }
    }
  }

  #line(raw: string): void {
    this.#counts.lines++;
    if (raw.length > this.#maxLineLength) {
      this.#counts.oversized++;
      this.#addTail('[a line too long to read was passed over]');
      return;
    }
    // The service may frame the log with STX ... ETX; a BOM may lead the first line.
    /* eslint-disable no-control-regex -- the framing bytes are what is removed */
    const line = raw
      .replace(/^[\uFEFF\x02]+/, '')
      .replace(/[\x03\r]+$/, '')
      .replace(/\x03/g, '');
    /* eslint-enable no-control-regex */
    if (line.trim() === '') return;

    const message = parseJsonLine(line);
    if (message === undefined) {
      this.#counts.notJson++;
      this.#addTail(line);
      return;
    }
    const text = typeof message['@message'] === 'string' ? message['@message'] : line;
    this.#addTail(text);

    const type = message['type'];
    if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) {
      this.#counts.unknownType++;
      return;
    }
    this.#counts.messages++;
    this.#message(type, message);
  }

  #message(type: string, message: Record<string, unknown>): void {
    const testFile = stringField(message, '@testfile');
    const testRun = stringField(message, '@testrun');
    const body = message[type];
    switch (type) {
      case 'version':
        this.#version =
          clipped(stringField(message, 'terraform') ?? stringField(message, 'tofu'), MAX_NAME) ?? this.#version;
        break;
      case 'test_abstract':
        if (isObject(body)) {
          for (const [path, runs] of Object.entries(body)) {
            const file = this.#file(path);
            if (Array.isArray(runs)) for (const run of runs) if (typeof run === 'string') this.#run(file, run);
          }
        }
        break;
      case 'test_file': {
        const path = (isObject(body) ? stringField(body, 'path') : undefined) ?? testFile;
        if (path === undefined) break;
        const file = this.#file(path);
        const status = isObject(body) ? testStatus(body['status']) : undefined;
        if (status) file.status = status;
        if (status && isObject(body) && ended(body['progress'])) this.#report({ file: path, status });
        break;
      }
      case 'test_run': {
        if (!isObject(body)) break;
        const path = stringField(body, 'path') ?? testFile;
        const name = stringField(body, 'run') ?? testRun;
        if (path === undefined || name === undefined) break;
        const file = this.#file(path);
        const run = this.#run(file, name);
        const status = testStatus(body['status']);
        if (status && ended(body['progress'])) this.#report({ file: path, run: name, status });
        if (run === undefined) {
          // Not kept, but its outcome still counts towards its file's; counted once, when it
          // completes (logs of older versions give no progress: one message a run block).
          if (status) file.omittedStatus = mergeStatuses([file.omittedStatus ?? 'pending', status]);
          const progress = body['progress'];
          if (progress === undefined || progress === 'complete') this.#runBlocksOmitted++;
          break;
        }
        if (status) run.status = status;
        // `starting` carries 0 and `teardown` times the teardown: only `running` updates and
        // `complete` say how long the run block itself took.
        const elapsed = body['elapsed'];
        const progress = body['progress'];
        const timed = progress === 'running' || progress === 'complete';
        if (timed && typeof elapsed === 'number' && Number.isFinite(elapsed) && elapsed >= 0) {
          run.elapsedMs = Math.max(run.elapsedMs ?? 0, elapsed);
        } else if (progress === 'complete') {
          // The test command gives no `elapsed` with `complete`: the time from the run block's
          // `starting` message to this one is how long it took.
          const started = this.#runStarts.get(run);
          const at = timestampMs(message['@timestamp']);
          if (started !== undefined && at !== undefined && at >= started)
            run.elapsedMs = Math.max(run.elapsedMs ?? 0, at - started);
        }
        if (progress === 'starting') {
          const at = timestampMs(message['@timestamp']);
          if (at !== undefined) this.#runStarts.set(run, at);
        }
        break;
      }
      case 'diagnostic':
        if (isObject(body)) this.#diagnostic(body, testFile, testRun);
        break;
      case 'test_summary':
        if (isObject(body)) {
          this.#summary = {
            status: testStatus(body['status']) ?? 'pending',
            passed: count(body['passed']),
            failed: count(body['failed']),
            errored: count(body['errored']),
            skipped: count(body['skipped']),
          };
        }
        break;
      case 'test_cleanup':
        this.#leftover(
          'cleanup',
          message,
          testFile,
          testRun,
          isObject(body) ? resourceList(body['failed_resources']) : [],
        );
        break;
      case 'test_interrupt': {
        this.#interrupted = true;
        const resources: string[] = [];
        if (isObject(body)) {
          resources.push(...resourceList(body['state']));
          if (isObject(body['states']))
            for (const list of Object.values(body['states'])) resources.push(...resourceList(list));
          if (Array.isArray(body['planned']))
            for (const p of body['planned']) if (typeof p === 'string') resources.push(p);
        }
        this.#leftover('interrupt', message, testFile, testRun, resources);
        break;
      }
      case 'log': {
        const text = stringField(message, '@message') ?? '';
        if (/\binterrupt/i.test(text)) this.#interrupted = true;
        break;
      }
      default:
        // test_plan, test_state (the -verbose output), test_status, test_retry: not reported.
        break;
    }
  }

  #report(ended: EndedTest): void {
    if (this.#onEnded === undefined) return;
    const run = ended.run === undefined ? {} : { run: this.#kept(ended.run, MAX_NAME) };
    this.#onEnded({ file: this.#kept(ended.file, MAX_NAME), ...run, status: ended.status });
  }

  /** A text of the log as kept: its secrets masked, then cut to `max`. */
  #kept(text: string, max: number): string {
    return clip(this.#redact(text), max);
  }

  #diagnostic(body: Record<string, unknown>, testFile: string | undefined, testRun: string | undefined): void {
    if (this.#diagnostics.length >= this.#maxDiagnostics) {
      this.#diagnosticsOmitted++;
      return;
    }
    const severity = body['severity'];
    const diagnostic: TestDiagnostic = {
      severity: severity === 'error' || severity === 'warning' ? severity : 'unknown',
      summary: this.#kept(stringField(body, 'summary') ?? '', MAX_DETAIL),
      detail: this.#kept(stringField(body, 'detail') ?? '', MAX_DETAIL),
    };
    if (testFile !== undefined) diagnostic.testFile = this.#kept(testFile, MAX_NAME);
    if (testRun !== undefined) diagnostic.testRun = this.#kept(testRun, MAX_NAME);
    const address = stringField(body, 'address');
    if (address) diagnostic.address = this.#kept(address, MAX_NAME);

    const range = body['range'];
    if (isObject(range)) {
      const filename = stringField(range, 'filename');
      const start = position(range['start']);
      if (filename && start) {
        diagnostic.range = { filename: this.#kept(filename, MAX_NAME), start };
        const end = position(range['end']);
        if (end) diagnostic.range.end = end;
      }
    }
    const snippet = body['snippet'];
    if (isObject(snippet) && typeof snippet['code'] === 'string') {
      diagnostic.snippet = { code: this.#kept(snippet['code'], MAX_SNIPPET) };
      const context = stringField(snippet, 'context');
      if (context) diagnostic.snippet.context = this.#kept(context, MAX_NAME);
      const startLine = snippet['start_line'];
      if (typeof startLine === 'number' && Number.isInteger(startLine) && startLine > 0)
        diagnostic.snippet.startLine = startLine;
    }
    this.#diagnostics.push(diagnostic);
  }

  #leftover(
    kind: LeftoverResources['kind'],
    message: Record<string, unknown>,
    testFile: string | undefined,
    testRun: string | undefined,
    resources: string[],
  ): void {
    if (this.#leftovers.length >= this.#maxLeftovers) {
      this.#leftoversOmitted++;
      return;
    }
    const kept = resources.slice(0, MAX_RESOURCES_PER_LEFTOVER).map((r) => this.#kept(r, MAX_NAME));
    this.#leftoversOmitted += resources.length - kept.length;
    const entry: LeftoverResources = {
      kind,
      message: this.#kept(stringField(message, '@message') ?? '', MAX_DETAIL),
      resources: kept,
    };
    if (testFile !== undefined) entry.testFile = this.#kept(testFile, MAX_NAME);
    if (testRun !== undefined) entry.testRun = this.#kept(testRun, MAX_NAME);
    this.#leftovers.push(entry);
  }

  #file(rawPath: string): FileState {
    const path = this.#kept(rawPath, MAX_NAME);
    let file = this.#files.get(path);
    if (!file) {
      // A file beyond the bound is counted with the run blocks it would bring; its messages
      // still go somewhere, to a state that is not reported.
      if (this.#files.size >= this.#maxRunBlocks) return { path, runs: new Map() };
      file = { path, runs: new Map() };
      this.#files.set(path, file);
    }
    return file;
  }

  /** The run block's state, or undefined once the bound on run blocks is reached. */
  #run(file: FileState, rawName: string): TestRunBlockResult | undefined {
    const name = this.#kept(rawName, MAX_NAME);
    let run = file.runs.get(name);
    if (!run) {
      if (this.#runBlocks >= this.#maxRunBlocks || !this.#files.has(file.path)) return undefined;
      this.#runBlocks++;
      run = { name, status: 'pending' };
      file.runs.set(name, run);
    }
    return run;
  }

  #addTail(text: string): void {
    if (this.#tailLines === 0) return;
    const clean = this.#kept(stripAnsi(text).trimEnd(), MAX_TAIL_LINE);
    this.#tail.push(clean);
    // Trimmed in batches so that a long log costs no more than one copy per tail length.
    if (this.#tail.length >= this.#tailLines * 2) this.#tail = this.#tail.slice(-this.#tailLines);
  }

  #result(): ParsedTestLog {
    const files: TestFileResult[] = [...this.#files.values()].map((file) => {
      const runs = [...file.runs.values()].map((run) => ({ ...run }));
      const status = file.status ?? mergeStatuses([...runs.map((r) => r.status), file.omittedStatus ?? 'pending']);
      return { path: file.path, status, runs };
    });
    const result: ParsedTestLog = {
      files,
      diagnostics: this.#diagnostics.map((d) => ({ ...d })),
      diagnosticsOmitted: this.#diagnosticsOmitted,
      runBlocksOmitted: this.#runBlocksOmitted,
      leftovers: this.#leftovers.map((l) => ({ ...l, resources: [...l.resources] })),
      leftoversOmitted: this.#leftoversOmitted,
      interrupted: this.#interrupted,
      counts: { ...this.#counts },
      tail: this.#tail.slice(-this.#tailLines),
    };
    if (this.#summary) result.summary = { ...this.#summary };
    if (this.#version !== undefined) result.version = this.#version;
    return result;
  }
}

/** Statuses in increasing order of precedence. */
const STATUS_ORDER: readonly TestStatus[] = ['pending', 'skip', 'pass', 'fail', 'error'];

/** The status that represents several together: the one of highest precedence. */
export function mergeStatuses(statuses: Iterable<TestStatus>): TestStatus {
  let merged: TestStatus = 'pending';
  for (const status of statuses) {
    if (STATUS_ORDER.indexOf(status) > STATUS_ORDER.indexOf(merged)) merged = status;
  }
  return merged;
}

/** A line of the machine-readable log: a JSON object. */
function parseJsonLine(line: string): Record<string, unknown> | undefined {
  const trimmed = line.trim();
  // A line that does not open an object is text (a human-readable log): it costs no parse.
  return trimmed.startsWith('{') ? parseJsonObject(trimmed) : undefined;
}

function stringField(object: Record<string, unknown>, key: string): string | undefined {
  const value = object[key];
  return typeof value === 'string' ? value : undefined;
}

function testStatus(value: unknown): TestStatus | undefined {
  return typeof value === 'string' && (STATUS_ORDER as readonly string[]).includes(value)
    ? (value as TestStatus)
    : undefined;
}

function timestampMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : 0;
}

function position(value: unknown): SourcePosition | undefined {
  if (!isObject(value)) return undefined;
  const line = value['line'];
  if (typeof line !== 'number' || !Number.isInteger(line) || line < 1) return undefined;
  const column = value['column'];
  return typeof column === 'number' && Number.isInteger(column) && column > 0 ? { line, column } : { line };
}

function resourceList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const resources: string[] = [];
  for (const item of value) {
    if (!isObject(item)) continue;
    const instance = stringField(item, 'instance');
    if (!instance) continue;
    const deposed = stringField(item, 'deposed_key');
    resources.push(deposed ? `${instance} (deposed ${deposed})` : instance);
  }
  return resources;
}

function clipped(text: string | undefined, max: number): string | undefined {
  return text === undefined ? undefined : clip(text, max);
}

function stripAnsi(text: string): string {
  // CSI sequences (colours, cursor movement) and OSC sequences (titles, links).
  // eslint-disable-next-line no-control-regex -- escape sequences start with ESC
  return text.replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, '').replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '');
}
