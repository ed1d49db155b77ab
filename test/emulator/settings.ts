import type { EmulatorOptions, PolicyBehaviour, TestRunBehaviour, UpgradeBehaviour } from './api.ts';
import { machineReadableLog } from './default-log.ts';

export interface Settings {
  organization: string;
  latencyMs: number;
  rateLimitPerSecond: number;
  rateLimitRetryAfter: boolean;
  testRuns: TestRunBehaviour;
  upgrades: UpgradeBehaviour;
  policies: PolicyBehaviour;
}

const PASSING = { status: 'finished', testStatus: 'pass', passed: 2, failed: 0, errored: 0, skipped: 0 } as const;

export function defaultSettings(): Settings {
  return {
    organization: 'acme',
    latencyMs: 0,
    rateLimitPerSecond: Infinity,
    rateLimitRetryAfter: false,
    testRuns: {
      uploadCreatesRun: true,
      respectAutoQueueRuns: true,
      queuedMs: 50,
      runningMs: 200,
      cancelGraceMs: 100,
      outcome: { ...PASSING, log: machineReadableLog(PASSING) },
      nextOutcomes: [],
    },
    // The strictest reading of what the spec leaves open: statuses it does not name before
    // the plan and after the confirm, 202 answers, a confirm answered with plain text.
    upgrades: {
      steps: ['pending', 'fetching', 'queuing', 'plan_queued', 'planning'],
      stepMs: 50,
      final: 'planned',
      initiateAnswer: 'document',
      confirmAnswer: 'text',
      applySteps: ['confirmed', 'apply_queued', 'applying'],
      applyFinal: 'applied',
      includeWorkspace: false,
    },
    // Downloads that redirect to another origin, and a list order that is not creation order.
    policies: {
      download: 'redirect',
      listOrder: 'by-id',
      ignoredSettings: [],
      writeAnswer: 'document',
    },
  };
}

/** Applies options over the current settings; arrays are copied so that the emulator taking
 *  outcomes from `nextOutcomes` does not change the caller's array. */
export function applyOptions(settings: Settings, options: EmulatorOptions): void {
  if (options.organization !== undefined) settings.organization = options.organization;
  if (options.latencyMs !== undefined) settings.latencyMs = options.latencyMs;
  if (options.rateLimitPerSecond !== undefined) settings.rateLimitPerSecond = options.rateLimitPerSecond;
  if (options.rateLimitRetryAfter !== undefined) settings.rateLimitRetryAfter = options.rateLimitRetryAfter;
  if (options.testRuns) {
    Object.assign(settings.testRuns, withoutUndefined(options.testRuns));
    if (options.testRuns.nextOutcomes) settings.testRuns.nextOutcomes = [...options.testRuns.nextOutcomes];
  }
  if (options.upgrades) {
    Object.assign(settings.upgrades, withoutUndefined(options.upgrades));
    if (options.upgrades.steps) settings.upgrades.steps = [...options.upgrades.steps];
    if (options.upgrades.applySteps) settings.upgrades.applySteps = [...options.upgrades.applySteps];
  }
  if (options.policies) {
    Object.assign(settings.policies, withoutUndefined(options.policies));
    if (options.policies.ignoredSettings) settings.policies.ignoredSettings = [...options.policies.ignoredSettings];
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
