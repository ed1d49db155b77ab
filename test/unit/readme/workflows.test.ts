// Every workflow that uses this action (the examples, the repository's own CI, the README's
// quick starts and the fuller workflows of docs/) parses, passes only inputs that action.yml
// declares and that its mode reads, and names a valid mode.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { COMMON_INPUTS, MODE_INPUTS, MODES } from '../../../src/inputs/schema.ts';
import type { Mode } from '../../../src/inputs/schema.ts';
import { codeBlocks } from '../../readme/markdown-tables.ts';

const root = join(import.meta.dirname, '../../readme', '..', '..');
const action = parseYaml(readFileSync(join(root, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { required?: boolean }>;
};
const CHECKOUT = 'actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on?: unknown;
  permissions?: unknown;
  jobs?: Record<string, { 'timeout-minutes'?: unknown; permissions?: unknown; steps?: Step[] }>;
}
interface WorkflowSource {
  name: string;
  text: string;
}

function workflowFiles(dir: string): WorkflowSource[] {
  return readdirSync(join(root, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => ({ name: `${dir}/${f}`, text: readFileSync(join(root, dir, f), 'utf8') }));
}

const examples = workflowFiles('examples/workflows');
const ownWorkflows = workflowFiles('.github/workflows');
/** The workflows written out in a markdown file. */
function markdownWorkflows(file: string): WorkflowSource[] {
  return codeBlocks(readFileSync(join(root, file), 'utf8'))
    .filter((b) => b.language === 'yaml' && /^jobs:/m.test(b.text))
    .map((b) => ({ name: `${file} line ${b.line}`, text: b.text }));
}
const readmeWorkflows = markdownWorkflows('README.md');
const docsWorkflows = readdirSync(join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .sort()
  .flatMap((f) => markdownWorkflows(`docs/${f}`));

function isThisAction(uses: string | undefined): boolean {
  return uses === './' || (uses?.startsWith('OWNER/svc-ci-action@') ?? false);
}

function parseWorkflow(source: WorkflowSource): Workflow {
  const workflow = parseYaml(source.text) as Workflow;
  expect(workflow, source.name).toBeTypeOf('object');
  expect(workflow.on, `${source.name}: on`).toBeDefined();
  expect(workflow.jobs, `${source.name}: jobs`).toBeTypeOf('object');
  return workflow;
}

function stepsOf(workflow: Workflow): Step[] {
  return Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? []);
}

/** Checks each step of this action; returns the modes it uses. */
function checkActionSteps(source: WorkflowSource): Mode[] {
  const modes: Mode[] = [];
  for (const step of stepsOf(parseWorkflow(source)).filter((s) => isThisAction(s.uses))) {
    const where = `${source.name}, step "${step.name ?? step.uses}"`;
    const inputs = step.with ?? {};
    const mode = inputs.mode;
    expect(MODES, `${where}: mode`).toContain(mode);
    modes.push(mode as Mode);
    const readByMode = new Set<string>([...COMMON_INPUTS, ...MODE_INPUTS[mode as Mode]]);
    for (const key of Object.keys(inputs)) {
      expect(Object.keys(action.inputs), `${where}: ${key} is not an input of action.yml`).toContain(key);
      expect(readByMode.has(key), `${where}: mode ${String(mode)} does not read ${key}`).toBe(true);
    }
    for (const [name, input] of Object.entries(action.inputs)) {
      if (input.required === true) expect(Object.keys(inputs), `${where}: required input ${name}`).toContain(name);
    }
  }
  return modes;
}

describe('workflows that use the action', () => {
  it('include the three example workflows', () => {
    expect(examples.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'examples/workflows/module-tests-on-pull-request.yml',
        'examples/workflows/policies-sync.yml',
        'examples/workflows/no-code-upgrade-nightly.yml',
      ]),
    );
  });

  it.each(examples)('$name uses the action with declared inputs of its mode', (source) => {
    expect(checkActionSteps(source).length).toBeGreaterThan(0);
  });

  it.each(ownWorkflows)('$name passes declared inputs of its mode to every step using ./', (source) => {
    checkActionSteps(source);
  });

  it("README's quick starts cover every mode, each with declared inputs of its mode", () => {
    const modes = readmeWorkflows.flatMap(checkActionSteps);
    expect([...new Set(modes)].sort()).toEqual([...MODES].sort());
  });

  it("docs/' fuller workflows cover every mode, each with declared inputs of its mode", () => {
    const modes = docsWorkflows.flatMap(checkActionSteps);
    expect([...new Set(modes)].sort()).toEqual([...MODES].sort());
  });

  it.each(examples)('$name sets minimal permissions and timeouts, and pins checkout', (source) => {
    const workflow = parseWorkflow(source);
    expect(workflow.permissions, `${source.name}: top-level permissions`).toBeDefined();
    for (const [id, job] of Object.entries(workflow.jobs ?? {})) {
      expect(job['timeout-minutes'], `${source.name}: job ${id} timeout-minutes`).toBeTypeOf('number');
      const permissions = { ...(workflow.permissions as object), ...(job.permissions as object | undefined) } as Record<
        string,
        string
      >;
      for (const [scope, level] of Object.entries(permissions)) {
        // Reading the repository, writing a check run and a pull request comment are all any mode needs.
        expect([`contents:read`, `checks:write`, `pull-requests:write`], `${source.name}: job ${id}`).toContain(
          `${scope}:${level}`,
        );
      }
      // checks: write exactly when the action publishes a check run, pull-requests: write when it comments.
      const publishesCheckRun = (job.steps ?? []).some((s) => isThisAction(s.uses) && Boolean(s.with?.['check-name']));
      expect(permissions.checks === 'write', `${source.name}: job ${id} checks: write`).toBe(publishesCheckRun);
      const comments = (job.steps ?? []).some(
        (s) => isThisAction(s.uses) && (s.with?.['comment-on-pr'] === true || s.with?.['comment-on-pr'] === 'true'),
      );
      expect(permissions['pull-requests'] === 'write', `${source.name}: job ${id} pull-requests: write`).toBe(comments);
    }
    for (const step of stepsOf(workflow).filter((s) => s.uses !== undefined && !isThisAction(s.uses))) {
      expect(step.uses, `${source.name}: third-party actions are pinned`).toMatch(/@[0-9a-f]{40}$/);
      if (step.uses!.startsWith('actions/checkout@')) expect(step.uses).toBe(CHECKOUT);
    }
  });
});

describe("the repository's own workflows", () => {
  it.each(ownWorkflows)('$name pins every other action to a commit, with its version in a comment', (source) => {
    const uses = [...source.text.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)].filter((m) => m[1] !== './');
    expect(uses.length, source.name).toBeGreaterThan(0);
    for (const [line, action, rest] of uses) {
      expect(action, `${source.name}: ${line.trim()}`).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
      expect(rest, `${source.name}: ${line.trim()}`).toMatch(/^\s+# v\d+\.\d+\.\d+\s*$/);
    }
  });

  it('CI installs terraform 1.11, unwrapped, before the tests, so that the go-slug referee tests run there', () => {
    const ci = ownWorkflows.find((w) => w.name === '.github/workflows/ci.yml')!;
    const steps = parseWorkflow(ci).jobs?.['test']?.steps ?? [];
    const setup = steps.findIndex((s) => s.uses?.startsWith('hashicorp/setup-terraform@'));
    const tests = steps.findIndex((s) => s.run?.trim() === '.ci/run');
    expect(setup).toBeGreaterThanOrEqual(0);
    expect(setup).toBeLessThan(tests);
    expect(String(steps[setup]!.with?.['terraform_version'])).toMatch(/^1\.11\.\d+$/);
    // The wrapper is a Node script that runs terraform and re-prints its output: not the tool
    // the referee means to compare with.
    expect(steps[setup]!.with?.['terraform_wrapper']).toBe(false);
  });
});
