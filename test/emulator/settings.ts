import {
  PERSONALITIES,
  type EmulatorOptions,
  type Personality,
  type PolicyBehaviour,
  type TestRunBehaviour,
  type UpgradeBehaviour,
  APPLY_STEPS,
  planStages,
} from './api.ts';
import { cannedOutcome } from './default-log.ts';

export interface Settings {
  personality: Personality;
  organization: string;
  latencyMs: number;
  rateLimitPerSecond: number;
  rateLimitRetryAfter: boolean;
  rateLimitHeader: boolean;
  testRuns: TestRunBehaviour;
  upgrades: UpgradeBehaviour;
  policies: PolicyBehaviour;
}

/** The environment variable that picks the personality of every emulator a process starts
 *  (`npm run emulator`, a test process of its own). */
export const PERSONALITY_VARIABLE = 'SVC_EMULATOR_PERSONALITY';

/** The personality a block of tests runs under (test/support/personalities.ts), over the environment's. */
let chosen: Personality | undefined;

/** Picks the personality of the emulators this process starts from now on; undefined: the environment's again. */
export function choosePersonality(personality: Personality | undefined): void {
  chosen = personality;
}

/** The personality of an emulator started now without one named: the chosen one, else the environment's. */
export function currentPersonality(): Personality {
  return chosen ?? personalityFromEnvironment();
}

/** The personality named by SVC_EMULATOR_PERSONALITY, `strict` when it is unset. */
export function personalityFromEnvironment(environment: NodeJS.ProcessEnv = process.env): Personality {
  const value = environment[PERSONALITY_VARIABLE];
  if (value === undefined || value === '') return 'strict';
  if ((PERSONALITIES as readonly string[]).includes(value)) return value as Personality;
  throw new Error(`${PERSONALITY_VARIABLE} must be one of ${PERSONALITIES.join(', ')}, got "${value}"`);
}

/**
 * The settings of a personality. Where the spec leaves a behaviour open, each field says what
 * each personality does in one line (`strict ? ... : ...`); a new open behaviour is one more
 * such line, and one more row in the README's "Choices" table.
 */
export function defaultSettings(personality: Personality = currentPersonality()): Settings {
  const strict = personality === 'strict';
  return {
    personality,
    organization: 'acme',
    latencyMs: 0,
    // The service's documented limit (action-interface "Pacing and faults"), not in the spec:
    // strict enforces it, so that a client that does not pace itself is seen to fail.
    rateLimitPerSecond: strict ? 30 : Infinity,
    rateLimitRetryAfter: false,
    rateLimitHeader: true,
    testRuns: {
      uploadCreatesRun: true,
      // Spec 4.2: "Uploading a configuration file automatically creates the test", whatever
      // auto-queue-runs (2.3) said; the command-line tool relies on auto-queue-runs false.
      respectAutoQueueRuns: !strict,
      autoRunDelayMs: strict ? [0, 2000] : [0, 0],
      // Spec 4.2 promises no order for the list.
      listOrder: strict ? 'by-id' : 'newest-first',
      unnamedStatuses: [],
      queuedMs: 50,
      runningMs: 200,
      cancelGraceMs: 100,
      // Spec 2.2 lists `log-read-url` on finished runs only; the command-line tool prints the
      // tests as they end, from the log of the running run.
      logWhileRunning: !strict,
      pendingResult: !strict,
      logPaging: true,
      logRange: !strict,
      // The canned log unless a test (or `npm run emulator`, finding terraform) names a binary.
      terraform: false,
      outcome: cannedOutcome('pass'),
      nextOutcomes: [],
    },
    upgrades: {
      // Spec 3.3 names no transition. Strict: a plan that passes through `planned` and
      // `cost_estimated` (statuses 3.3 names) on to policy checks, as in an organization with
      // policies, and a status 3.3 does not name before it (`plan_queued`); the command-line
      // tool's plan stops at `planned`.
      steps: strict
        ? planStages({ costEstimation: true, policyChecks: true })
        : ['pending', 'fetching', 'queuing', 'planning'],
      stepMs: 50,
      holdMs: {},
      final: strict ? 'policy_checked' : 'planned',
      // Spec 2.8 shows no `actions`; the service's run documents carry `is-confirmable`.
      confirmableFlag: !strict,
      initiateAnswer: 'document',
      // Spec 4.3: "not shown beyond a plain message that the update completed".
      confirmAnswer: strict ? 'text' : 'message',
      // Strict: no status past the plan after the confirm (spec 3.3 names none, and 4.3 answers
      // only a message); the service itself reports its apply.
      applySteps: strict ? [] : [...APPLY_STEPS],
      applyFinal: strict ? null : 'applied',
      includeWorkspace: false,
      planUrl: null,
      // Spec 4.3: an initiate "starts a new plan", whatever the workspace is on; the service
      // itself answers that no upgrade is available for a workspace already on its settings.
      whenCurrent: strict ? 'plan' : 'no-upgrade',
    },
    policies: {
      // Spec 2.1 says only "Path of the download": strict redirects to another origin.
      download: strict ? 'redirect' : 'direct',
      // Spec 4.1 promises no order for the list.
      listOrder: strict ? 'by-id' : 'creation',
      ignoredSettings: [],
      writeAnswer: 'document',
    },
  };
}

/** Applies options over the current settings; arrays are copied so that the emulator taking
 *  outcomes from `nextOutcomes` does not change the caller's array. The personality is chosen at
 *  start (defaultSettings) and not changed here. */
export function applyOptions(settings: Settings, options: EmulatorOptions): void {
  if (options.organization !== undefined) settings.organization = options.organization;
  if (options.latencyMs !== undefined) settings.latencyMs = options.latencyMs;
  if (options.rateLimitPerSecond !== undefined) settings.rateLimitPerSecond = options.rateLimitPerSecond;
  if (options.rateLimitRetryAfter !== undefined) settings.rateLimitRetryAfter = options.rateLimitRetryAfter;
  if (options.rateLimitHeader !== undefined) settings.rateLimitHeader = options.rateLimitHeader;
  if (options.testRuns) {
    Object.assign(settings.testRuns, withoutUndefined(options.testRuns));
    if (options.testRuns.nextOutcomes) settings.testRuns.nextOutcomes = [...options.testRuns.nextOutcomes];
    if (options.testRuns.unnamedStatuses) settings.testRuns.unnamedStatuses = [...options.testRuns.unnamedStatuses];
    if (options.testRuns.autoRunDelayMs) settings.testRuns.autoRunDelayMs = [...options.testRuns.autoRunDelayMs];
  }
  if (options.upgrades) {
    Object.assign(settings.upgrades, withoutUndefined(options.upgrades));
    if (options.upgrades.steps) settings.upgrades.steps = [...options.upgrades.steps];
    if (options.upgrades.applySteps) settings.upgrades.applySteps = [...options.upgrades.applySteps];
    if (options.upgrades.holdMs) settings.upgrades.holdMs = { ...options.upgrades.holdMs };
  }
  if (options.policies) {
    Object.assign(settings.policies, withoutUndefined(options.policies));
    if (options.policies.ignoredSettings) settings.policies.ignoredSettings = [...options.policies.ignoredSettings];
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
