// What the report keeps of a test run's log (parser.ts reads it): the status of every test file
// and run block, the diagnostics, the closing summary, the resources left behind, the tail.

/** Status of a test file, a run block or the suite, in increasing order of precedence. */
export type TestStatus = 'pending' | 'skip' | 'pass' | 'fail' | 'error';

export interface TestRunBlockResult {
  name: string;
  status: TestStatus;
  /** Milliseconds the run block took, as the log last reported it; absent when never given. */
  elapsedMs?: number;
}

export interface TestFileResult {
  /** Path of the test file relative to the module root, as the log names it. */
  path: string;
  /** The file's own status when the log gives it, otherwise the highest of its run blocks. */
  status: TestStatus;
  runs: TestRunBlockResult[];
}

export interface SourcePosition {
  line: number;
  column?: number;
}

export interface TestDiagnostic {
  severity: 'error' | 'warning' | 'unknown';
  summary: string;
  detail: string;
  /** The test file and run block the diagnostic was reported for (`@testfile`, `@testrun`). */
  testFile?: string;
  testRun?: string;
  /** Resource address the diagnostic is about, when given. */
  address?: string;
  /** Source position; `filename` is relative to the module root. */
  range?: { filename: string; start: SourcePosition; end?: SourcePosition };
  snippet?: { context?: string; code: string; startLine?: number };
}

export interface TestLogSummary {
  status: TestStatus;
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
}

/** Resources a test file or run block left behind (`test_cleanup`, `test_interrupt`). */
export interface LeftoverResources {
  kind: 'cleanup' | 'interrupt';
  message: string;
  testFile?: string;
  testRun?: string;
  /** Resource instance addresses, `(deposed KEY)` appended for a deposed object. */
  resources: string[];
}

export interface TestLogCounts {
  /** Lines read, blank ones included. */
  lines: number;
  /** Lines that were a JSON message of a known type. */
  messages: number;
  /** Lines that were not JSON objects. */
  notJson: number;
  /** JSON lines of a type this parser does not know, or with no type. */
  unknownType: number;
  /** Lines longer than the parser holds, passed over. */
  oversized: number;
}

export interface ParsedTestLog {
  files: TestFileResult[];
  diagnostics: TestDiagnostic[];
  /** Diagnostics past `maxDiagnostics`, counted but not kept. */
  diagnosticsOmitted: number;
  /** Run blocks past `maxRunBlocks` that completed, counted but not kept (their statuses still
   *  count towards their file's). */
  runBlocksOmitted: number;
  /** The closing `test_summary`, absent when the log ends before it. */
  summary?: TestLogSummary;
  leftovers: LeftoverResources[];
  /** Leftover entries past `maxLeftovers`, and resource addresses past the limit of an entry. */
  leftoversOmitted: number;
  /** The test command said it was interrupted. */
  interrupted: boolean;
  /** Version of the test command (from the `version` message). */
  version?: string;
  counts: TestLogCounts;
  /**
   * The last lines, as text a person reads: a JSON message as its `@message`, any other line as
   * it is (terminal colour codes removed). Secrets in them are left to the sink's redactor.
   */
  tail: string[];
}
