// The emulator's control surface: what tests, benchmarks and the demo use to start the
// emulated service, seed it, script its behaviour and inspect what it received.
// The HTTP side follows ../shared/spec/service-api.md; this file is only about controls.

import type { Clock } from '../../src/lifetime/clock.ts';
import type { TestStatus } from '../../src/service/types.ts';

export type TokenKind = 'user' | 'team' | 'organization';

/**
 * Which reading of the spec the emulator follows where the spec leaves a behaviour open
 * (README "Choices"): `strict` is the strictest reading of service-api.md (the upload creates
 * the test run whatever `auto-queue-runs` said, lists come in no particular order, ...);
 * `cli-tool` is what the service's own command-line tool relies on.
 */
export type Personality = 'strict' | 'cli-tool';

export const PERSONALITIES: readonly Personality[] = ['strict', 'cli-tool'];

/**
 * The order of a list answer. The spec promises none: `by-id` is a stable order that is
 * neither creation order nor its reverse (by id, and ids are random).
 */
export type ListOrder = 'creation' | 'newest-first' | 'by-id';

export interface EmulatorOptions {
  /** The defaults of every open behaviour (see Personality); the options below still override
   *  them one by one. Default: the one chosen for the tests running (choosePersonality), else
   *  the environment variable SVC_EMULATOR_PERSONALITY, else `strict`. Read at start only. */
  personality?: Personality;
  /** Organization created at start (default `acme`). */
  organization?: string;
  /** Port of the API origin (default: any free port). Read at start only. */
  port?: number;
  /** Port of the upload origin (default: any free port). Read at start only. */
  uploadPort?: number;
  /** Added before every answer on the API port (ms). Default 0. */
  latencyMs?: number;
  /** Requests per second allowed per token on the API port; beyond it 429 with
   *  `X-RateLimit-Reset` (fractional seconds). strict: 30, the service's documented limit;
   *  cli-tool: off (Infinity). */
  rateLimitPerSecond?: number;
  /** Send `Retry-After` (whole seconds, rounded up) beside `X-RateLimit-Reset` on rate-limit 429s. */
  rateLimitRetryAfter?: boolean;
  /** Say the limit on every answer of the API (`X-RateLimit-Limit`), as the service does, while
   *  the limit is on. Default true; false: a service that does not say it. */
  rateLimitHeader?: boolean;
  /** How the test-run flow behaves, see TestRunBehaviour. */
  testRuns?: Partial<TestRunBehaviour>;
  /** Default upgrade behaviour for every workspace, see UpgradeBehaviour. */
  upgrades?: Partial<UpgradeBehaviour>;
  /** How policy lists, downloads, creates and updates behave, see PolicyBehaviour. */
  policies?: Partial<PolicyBehaviour>;
  /** Origins written into links, `upload-url` and `log-read-url` instead of the listening
   *  addresses, for a front placed before the ports (TLS under another host name). */
  advertisedOrigins?: { api?: string; upload?: string };
  /** The time of the emulator: its state machines, latency, delays, rate limit and the arrival
   *  times it records. Default: the machine's. A test that runs the action on a clock of its
   *  own gives the emulator the same one, so that both move only when the test moves it. Read
   *  at start only. */
  clock?: Clock;
}

/** A policy setting a service may answer 2xx to without keeping it. */
export type PolicySetting = 'enforcement-level' | 'description' | 'query' | 'policy-sets';

export interface PolicyBehaviour {
  /** Where a policy's `links.download` leads. `redirect` (default): 302 to an address on the
   *  second origin that serves the code without the token, as an object store does; `direct`:
   *  the API answers the code itself. The spec says only "Path of the download". */
  download: 'redirect' | 'direct';
  /** Order of the policy list, which the spec does not give. `by-id` (default): stable from
   *  page to page but not the order of creation; `creation`: oldest first. */
  listOrder: 'by-id' | 'creation';
  /** Settings that create and update accept but do not keep: on create the policy gets the
   *  kind's default level of spec 2.1, no description, no query, no set; on update the old
   *  value stays. Answers and later reads report what was kept. Default none. */
  ignoredSettings: PolicySetting[];
  /** The answer of create and update: the `policies` document (spec 4.1), 200 without a body,
   *  or the document of another policy (another id and name). Default 'document'. */
  writeAnswer: 'document' | 'no-body' | 'another-policy';
}

export interface TestRunBehaviour {
  /** The spec: "Uploading a configuration file automatically creates the test." When true,
   *  the upload creates a test run (source `svc-configuration-version`, default options)
   *  unless the configuration version was created with `auto-queue-runs: false` and
   *  `respectAutoQueueRuns` is true. Default true. */
  uploadCreatesRun: boolean;
  /** When false, an upload creates a run even if auto-queue-runs was false. strict: false;
   *  cli-tool: true. */
  respectAutoQueueRuns: boolean;
  /** The run an upload creates appears this long after the upload, drawn uniformly from
   *  [min, max] ms (0: with the upload). strict: [0, 2000]; cli-tool: [0, 0]. */
  autoRunDelayMs: [number, number];
  /** Order of the test-run list. strict: by-id; cli-tool: newest first. */
  listOrder: ListOrder;
  /** Statuses the spec does not name, walked between `queued` and `running`, each held
   *  `queuedMs`. Default none (both personalities). */
  unnamedStatuses: string[];
  /** Time from creation (queued) to running, ms. Default 50. */
  queuedMs: number;
  /** Time from running to the final status, ms. Default 200. */
  runningMs: number;
  /** After `cancel`, the run becomes `canceled` this many ms later (Infinity: only a
   *  force-cancel ends it). Default 100. */
  cancelGraceMs: number;
  /** The run has its `log-read-url` from the moment it runs, and the log grows as it runs:
   *  its lines appear in step with the running time, the last one once the run is final. The
   *  spec lists the address only on finished runs. strict: false; cli-tool: true. */
  logWhileRunning: boolean;
  /** Until the run has a result its `test-status` is `pending`, as the service sends it; spec 2.2
   *  says null. strict: false (null); cli-tool: true. */
  pendingResult: boolean;
  /** The log address honours `Range: bytes=N-` (206 from byte N, 416 past the end), as an
   *  object store does; otherwise it always sends the whole log. `whole`: 206 with the whole log
   *  all the same, its Content-Range starting at byte 0. strict: false; cli-tool: true. */
  logRange: boolean | 'whole';
  /** The log address honours its own paging, `?limit=N&offset=M` (N bytes from byte M, 200), as
   *  the service's log store does for its official client. Default true (both personalities). */
  logPaging: boolean;
  /** The terraform binary that runs the uploaded module's own tests, or false (the default, both
   *  personalities): the canned `outcome`. With a binary, a running run unpacks its configuration
   *  version's archive and runs `terraform test -json` in it (its `filters`, `test-directory`,
   *  `verbose` and `variables`, the module's test environment variables as its environment);
   *  the run ends when terraform exits, its log what terraform wrote, its `test-status` and
   *  counters those of the log's `test_summary` (`errored` without one). A cancel interrupts
   *  terraform (which tears down what its tests created) and the run ends `canceled` once it has
   *  exited; a force-cancel kills it. `runningMs`, `cancelGraceMs` and the outcomes are not used,
   *  and the running time is real, whatever the emulator's clock. */
  terraform: string | false;
  /** Outcome of every run, unless `nextOutcomes` has an entry (taken first in, first out).
   *  A run takes its outcome when it is created. */
  outcome: TestRunOutcome;
  nextOutcomes: TestRunOutcome[];
}

export interface TestRunOutcome {
  /** The final status; one the spec does not name (`terminated`, say) is final all the same:
   *  the run gets its `finished-at` and its log. */
  status: 'finished' | 'errored' | (string & {});
  /** Null with `finished`: a run that ended without a result (spec 2.2 allows null). */
  testStatus: TestStatus | null;
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
  /** Served at the run's `log-read-url` once the run is final. */
  log: string;
}

export interface UpgradeBehaviour {
  /** Statuses walked by the upgrade run before its plan's status, each held `stepMs`: the plan
   *  and what follows it (cost estimation, policy checks, run tasks; see planStages). A confirm
   *  is refused (409) until the walk has reached `final`, whatever the status on the way. */
  steps: string[];
  stepMs: number;
  /** How long the run holds a status, where it is not `stepMs` (before and after the confirm):
   *  `{ cost_estimated: 6000 }` for a plan that waits a while before its policy checks. */
  holdMs: Record<string, number>;
  /** The plan's status once it has stopped: one a plan waits to be confirmed in ('planned',
   *  'cost_estimated', 'policy_checked', 'post_plan_completed', 'planned_and_saved'), one that
   *  waits for a person ('policy_override', 'post_plan_awaiting_decision'), or a final one
   *  ('planned_and_finished', 'policy_soft_failed', 'errored', 'canceled', 'discarded'), or any
   *  other. */
  final: string;
  /** Upgrade documents carry `attributes.actions.is-confirmable`, as the service's run
   *  documents do; spec 2.8 shows no `actions`. */
  confirmableFlag: boolean;
  /** Answer of the initiate endpoint, whose status the spec does not show. `document`
   *  (default): 202 with the `workspace-upgrade` document of 2.8. Faults the spec does not
   *  allow, which start no run: `message`, 200 with `{"message": ...}` and no document;
   *  `no-content`, 202 without a body. */
  initiateAnswer: 'document' | 'message' | 'no-content';
  /** Answer of the confirm endpoint ("a plain message", status not shown): `text` (default),
   *  202 with a text/plain message; `message`, 200 with `{"message": ...}`; `no-content`, 204. */
  confirmAnswer: 'text' | 'message' | 'no-content';
  /** Statuses walked after the confirm, each held `stepMs`, none of which spec 3.3 names:
   *  APPLY_STEPS as the service reports an apply, or none (the spec's letter). */
  applySteps: string[];
  /** The run's status once the apply ends: 'applied' | 'errored' | 'canceled' |
   *  'force_canceled' | 'discarded' (or any other). null: the run never gets past the last of
   *  `applySteps` (with none, it keeps reading as the status in which it was confirmed: a
   *  service that never reports past the confirm, the spec's letter). */
  applyFinal: string | null;
  /** Upgrade answers carry the workspace (its name) in `included`. The spec shows no
   *  `included` for a workspace upgrade. Default false. */
  includeWorkspace: boolean;
  /** The `plan-url` the upgrade answers carry, in place of the address of the emulator's own
   *  plan page: a service (or something posing as it) answering one the action must not pass
   *  on. Default null (the plan page). */
  planUrl: string | null;
  /** An initiate for a workspace already on its no-code module's version, without variables to
   *  change: `plan` starts a plan all the same (spec 4.3: it "starts a new plan"); `no-upgrade`
   *  answers, as the service does, a `workspace-upgrade` document with a `message` and no run
   *  (the official Go client reads that `message` "when an upgrade is not available"). strict:
   *  plan; cli-tool: no-upgrade. */
  whenCurrent: 'plan' | 'no-upgrade';
}

/** The statuses before a plan (spec 3.3, and `plan_queued`, which it does not name). */
export const PLAN_STEPS = ['pending', 'fetching', 'queuing', 'plan_queued', 'planning'] as const;

/**
 * The steps of a plan that goes on past `planned` to what the organization has set up, in the
 * order the service's run stages take: cost estimation, policy checks, run tasks after the plan.
 * With `final` after them: `policy_checked` or `policy_override` after policy checks,
 * `post_plan_completed` or `post_plan_awaiting_decision` after run tasks.
 */
export function planStages(stages: { costEstimation?: boolean; policyChecks?: boolean; runTasks?: boolean }): string[] {
  return [
    ...PLAN_STEPS,
    'planned',
    ...(stages.costEstimation ? ['cost_estimating', 'cost_estimated'] : []),
    ...(stages.policyChecks ? ['policy_checking'] : []),
    ...(stages.policyChecks && stages.runTasks ? ['policy_checked'] : []),
    ...(stages.runTasks ? ['post_plan_running'] : []),
  ];
}

/** The statuses the service reports for an apply, after the confirm and before `applied`. */
export const APPLY_STEPS = ['confirmed', 'apply_queued', 'applying'] as const;

/** A fault applied to the next matching requests on the API or upload port. */
export interface Fault {
  /** Only requests recorded with this port (default: any). */
  port?: RecordedRequest['port'];
  method?: string;
  /** Matched against the path without the query, e.g. /\/policies$/ or a plain substring. */
  path?: RegExp | string;
  /** How many matching requests it hits (default 1). */
  times?: number;
  kind:
    /** 404 and 409: a service that answers a cancel as if the run were gone or not running,
     *  whatever its state (the request is not applied). */
    | {
        type: 'status';
        status: 401 | 403 | 404 | 409 | 429 | 500 | 502 | 503 | 504;
        retryAfter?: string;
        rateLimitReset?: string;
      }
    /** Close the socket before the request is applied. */
    | { type: 'drop-before' }
    /** Apply the request (the write takes effect) and close the socket without answering,
     *  after holding it `afterMs` (default 0). */
    | { type: 'drop-after'; afterMs?: number }
    /** Hold the answer this long (the request is applied after the delay). */
    | { type: 'delay'; ms: number }
    /** Apply the request, then answer with the JSON body this function makes of the real one
     *  (a copy): a service that sends what the spec does not promise. */
    | { type: 'rewrite'; body: (json: any) => unknown }
    /** Apply the request (the write takes effect) and answer this 2xx status without a body,
     *  as a service might where the spec names a document. */
    | { type: 'no-body'; status: 200 | 201 | 202 | 204 }
    /** Answer 200 with a JSON body of `bytes` bytes, made as it is sent (never held whole), with
     *  its Content-Length or chunked; sending stops when the client goes away. The request is
     *  not applied. */
    | { type: 'huge-body'; bytes: number; declareLength: boolean }
    /** Answer 200 at once, then the body one byte every `everyMs` (on the emulator's clock),
     *  never ending until the client goes away. The request is not applied. */
    | { type: 'drip'; everyMs: number };
}

export interface RecordedRequest {
  /** `object`: a policy download redirected to the second origin. */
  port: 'api' | 'upload' | 'log' | 'object';
  method: string;
  /** Path as received, without the query string, percent-encoding kept. */
  path: string;
  /** Raw query string as received (without `?`), percent-encoding kept. */
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as received (of an upload over the size limit, the first 10 MB only). */
  body: Buffer;
  /** Status of the answer; 0 while unanswered and when the connection was dropped. */
  status: number;
  /** The emulator's clock at arrival (Date.now() unless it was given one). */
  at: number;
}

export interface SeedPolicy {
  name: string;
  kind?: 'native' | 'opa';
  enforcementLevel?: string;
  /** Store the level only in the deprecated `enforce` form (no `enforcement-level` attribute). */
  deprecatedEnforceOnly?: boolean;
  description?: string | null;
  query?: string;
  code?: string;
  policySetIds?: string[];
  organization?: string;
}

export interface Emulator {
  /** The personality the emulator started with. */
  readonly personality: Personality;
  /** http://127.0.0.1:PORT/api/v2 */
  readonly baseUrl: string;
  /** http://127.0.0.1:PORT2 (upload-url and log-read-url addresses live here). */
  readonly uploadOrigin: string;
  /** A user token in the owners team of the organization. */
  readonly token: string;
  /** An organization token of the organization. */
  readonly organizationToken: string;
  readonly organization: string;
  /** Every request received on every port, in order. */
  readonly requests: RecordedRequest[];
  /** Write requests (POST, PATCH, PUT, DELETE) received on the API and upload ports.
   *  (Log reads on the upload origin are recorded with port 'log', policy objects with 'object'.) */
  writeRequests(): RecordedRequest[];
  clearRequests(): void;

  /** Change options while running (latency, rate limit, behaviours). */
  configure(options: EmulatorOptions): void;
  /** Queue faults; each applies to the next `times` matching requests. */
  inject(...faults: Fault[]): void;

  addToken(kind: TokenKind, organization?: string): string;
  seedPolicySet(organization?: string): string;
  seedPolicy(policy: SeedPolicy): { id: string };
  /** Stored policies of an organization, with their code (null before any upload). */
  policies(organization?: string): Array<{
    id: string;
    name: string;
    kind: 'native' | 'opa';
    enforcementLevel: string;
    description: string | null;
    query: string | null;
    code: string | null;
    policySetIds: string[];
    /** The path of its download, as its `links.download` gives it (once it has code). */
    downloadPath: string;
  }>;

  /** A private registry module that tests can run against; returns its `mod-` id.
   *  `versions` are its published versions, oldest first (default ['1.0.0']). */
  seedRegistryModule(m: {
    name: string;
    provider: string;
    namespace?: string;
    organization?: string;
    versions?: string[];
  }): string;
  /** Test variables of a module (values included, even sensitive ones). */
  testVariables(m: { name: string; provider: string; namespace?: string; organization?: string }): Array<{
    id: string;
    key: string;
    value: string;
    category: string;
    sensitive: boolean;
    description: string | null;
  }>;
  /** Finished test runs of a module from long ago (each on a configuration version of its own):
   *  the history a search for the runs of a new configuration version should not read whole.
   *  `createdAt` is the first run's creation time (default a day ago); the others follow it a
   *  minute apart. */
  seedTestRuns(
    m: { name: string; provider: string; namespace?: string; organization?: string },
    count: number,
    createdAt?: Date,
  ): void;
  /** Test runs of every module, with their state and options as stored. */
  testRuns(): Array<{
    id: string;
    configurationVersionId: string;
    status: string;
    source: string;
    createdAt: string;
    testDirectory: string;
    filters: string[];
    variables: Array<{ key: string; value: string }>;
    verbose: boolean;
    cancelRequested: boolean;
    forceCanceled: boolean;
  }>;
  /** The bytes uploaded for a configuration version (null before upload). */
  configurationVersionArchive(id: string): Buffer | null;

  seedProject(organization?: string): string;
  /** Returns a `nocode-` id for a registry module seeded for no-code use (enabled by default;
   *  the registry module is created when missing, with versions ['1.0.0'] plus `versionPin`). */
  seedNoCodeModule(m: {
    moduleName: string;
    provider: string;
    enabled?: boolean;
    versionPin?: string;
    organization?: string;
  }): string;
  /** A workspace provisioned from a no-code module (with the module's version pin, unless
   *  `moduleVersion` names an older one), from earlier settings of the module, so that an upgrade
   *  is available (`no-code-upgrade-available`), unless `current`; returns its `ws-` id. */
  seedWorkspace(w: {
    noCodeModuleId: string;
    name?: string;
    projectId?: string;
    moduleVersion?: string;
    current?: boolean;
  }): string;
  /** Per-workspace upgrade behaviour, overriding the defaults. */
  setUpgradeBehaviour(workspaceId: string, b: Partial<UpgradeBehaviour>): void;
  /** Upgrade runs with their status, whether they were confirmed and the variables sent. */
  upgrades(): Array<{
    runId: string;
    workspaceId: string;
    noCodeModuleId: string;
    status: string;
    confirmed: boolean;
    vars: unknown[];
  }>;
  noCodeModules(): Array<{
    id: string;
    enabled: boolean;
    versionPin: string;
    registryModuleId: string;
    variableOptions: Array<{ id: string; variableName: string; variableType: string; options: unknown[] }>;
  }>;
  workspaces(): Array<{
    id: string;
    name: string;
    projectId: string;
    noCodeModuleId: string;
    autoApply: boolean;
    vars: unknown[];
  }>;

  close(): Promise<void>;
}
