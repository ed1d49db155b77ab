// The one-command demo: starts the embedded service emulator, runs every mode of the built
// action (dist/index.js, exactly what a runner starts) against the repository's examples, and
// prints what a person would see on GitHub: the log with its annotations, the job summary and
// the outputs. Run with `npm run demo`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPLY_STEPS, planStages } from '../test/emulator/api.ts';
import { startEmulator } from '../test/emulator/index.ts';
import { findTerraform, terraformVersion } from '../test/emulator/terraform-test.ts';
import { exampleModuleOutcome } from '../test/support/example-module-log.ts';
import { renderSummaryForTerminal, terminalWidth } from '../src/report/terminal-summary.ts';

const root = join(import.meta.dirname, '..');
const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
const width = terminalWidth(process.env, process.stdout);
const bold = (t: string): string => (color ? `\x1b[1m${t}\x1b[22m` : t);
const dim = (t: string): string => (color ? `\x1b[2m${t}\x1b[22m` : t);
const red = (t: string): string => (color ? `\x1b[31m${t}\x1b[39m` : t);
const yellow = (t: string): string => (color ? `\x1b[33m${t}\x1b[39m` : t);
const green = (t: string): string => (color ? `\x1b[32m${t}\x1b[39m` : t);

// The example module's own tests, run by the installed terraform, where there is one; elsewhere a
// log made to look like theirs (test/support/example-module-log.ts).
const terraform = await usableTerraform();
const emulator = await startEmulator({
  testRuns: {
    queuedMs: 400,
    runningMs: 2500,
    terraform: terraform?.path ?? false,
    outcome: exampleModuleOutcome('fail'),
  },
  // The plan goes on through cost estimation to its policy checks, and after the confirm the
  // service reports its apply, at this pace.
  upgrades: {
    stepMs: 300,
    steps: planStages({ costEstimation: true, policyChecks: true }),
    final: 'policy_checked',
    applySteps: [...APPLY_STEPS],
    applyFinal: 'applied',
  },
});
const scratch = mkdtempSync(join(tmpdir(), 'svc-action-demo-'));
const started = Date.now();

// The organization as a platform team finds it: a policy set for each kind of policies (a set
// holds one kind), a policy that drifted from the repository, one the repository does not know,
// a test module and a module for no-code use.
const policySet = emulator.seedPolicySet();
const opaPolicySet = emulator.seedPolicySet();
// Someone loosened it by hand in the service: the dry run shows the diff back to the repository.
const handEdited = readFileSync(join(root, 'examples', 'policies', 'restrict-instance-types.native'), 'utf8').replace(
  '"t3.micro"',
  '"t3.micro", "t3.2xlarge"',
);
emulator.seedPolicy({
  name: 'restrict-instance-types',
  kind: 'native',
  enforcementLevel: 'advisory',
  description: 'Edited by hand in the UI',
  code: handEdited,
  policySetIds: [policySet],
});
emulator.seedPolicy({
  name: 'legacy-cost-guard',
  kind: 'native',
  enforcementLevel: 'advisory',
  code: 'main = rule { true }\n',
  policySetIds: [policySet],
});
emulator.seedRegistryModule({ name: 'storage', provider: 'aws' });
const noCodeRegistryModule = emulator.seedRegistryModule({
  name: 'bucket',
  provider: 'aws',
  versions: ['1.0.0', '1.1.0'],
});
const project = emulator.seedProject();

const common = { token: emulator.token, 'base-url': emulator.baseUrl };

interface Step {
  title: string;
  why: string;
  inputs: Record<string, string>;
}

async function runStep(step: Step): Promise<Record<string, string>> {
  console.log(`\n${bold('━'.repeat(80))}\n${bold(`▶ ${step.title}`)}\n${dim(step.why)}\n`);
  const outputFile = join(scratch, 'output');
  const summaryFile = join(scratch, 'summary');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: root,
  };
  for (const [name, value] of Object.entries({ ...common, ...step.inputs })) env[`INPUT_${name.toUpperCase()}`] = value;
  const child = spawn(process.execPath, [join(root, 'dist', 'index.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) printLogLine(line);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (buffered) printLogLine(buffered);
  console.log(`\n${bold('Job summary')}`);
  console.log(
    renderSummaryForTerminal(readFileSync(summaryFile, 'utf8'), {
      color,
      ...(width !== undefined ? { width } : {}),
    }),
  );
  const outputs = parseOutputs(readFileSync(outputFile, 'utf8'));
  console.log(bold('Outputs'));
  for (const [name, value] of Object.entries(outputs)) {
    const shown = value.length > 100 ? `${value.slice(0, 97)}…` : value;
    console.log(`  ${name} = ${shown.replace(/\n/g, ', ')}`);
  }
  console.log(code === 0 ? green('\n✔ step succeeded') : red(`\n✘ step failed (exit code ${code})`));
  return outputs;
}

/** Workflow commands as GitHub would show them: annotations highlighted, the rest hidden. */
function printLogLine(line: string): void {
  const command = /^::([\w-]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!command) {
    console.log(`  ${line}`);
    return;
  }
  const [, name, props = '', message = ''] = command;
  const text = message.replace(/%0A/g, '\n    ').replace(/%0D/g, '').replace(/%25/g, '%');
  const where = /file=([^,]+)(?:,line=(\d+))?/.exec(props);
  const place = where ? `${where[1]!.replace(/%2C/g, ',')}${where[2] ? `:${where[2]}` : ''}: ` : '';
  if (name === 'error') console.log(red(`  ✘ ${place}${text}`));
  else if (name === 'warning') console.log(yellow(`  ⚠ ${place}${text}`));
  else if (name === 'notice') console.log(`  ℹ ${place}${text}`);
  else if (name === 'group') console.log(`  ${bold(text)}`);
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (!heredoc) continue;
    const end = lines.indexOf(heredoc[2]!, i + 1);
    outputs[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}

/** The terraform on the PATH and its version, if it can run the tests. */
async function usableTerraform(): Promise<{ path: string; version: string } | undefined> {
  const path = findTerraform();
  if (path === undefined) return undefined;
  try {
    return { path, version: await terraformVersion(path) };
  } catch {
    return undefined;
  }
}

/** Inside the workspace, as the input requires; removed when the demo ends. */
const JUNIT_FILE = '.demo/module-tests.xml';

const policies = {
  organization: emulator.organization,
  'policy-files': 'examples/policies/*.native\nexamples/policies/*.rego',
  'policy-sets': `native:${policySet}\nopa:${opaPolicySet}`,
};

try {
  console.log(bold('Service emulator started'), dim(`at ${emulator.baseUrl} (organization ${emulator.organization})`));
  console.log(
    dim(
      terraform
        ? `Module tests run by ${terraform.path} (terraform ${terraform.version}) on the uploaded examples/module.`
        : "No terraform on the PATH: module tests answer with a log made to look like the example's own.",
    ),
  );

  await runStep({
    title: 'sync-policies, dry run (as on a pull request)',
    why: "Reads examples/policies and the organization, and shows what a sync would change, with each policy's settings and code diff. Nothing is written.",
    inputs: { mode: 'sync-policies', ...policies, 'dry-run': 'true' },
  });
  await runStep({
    title: 'sync-policies (as on a push to main), with prune',
    why: 'Creates the missing policies, fixes the one that drifted, and deletes the one no file defines.',
    inputs: { mode: 'sync-policies', ...policies, prune: 'true' },
  });
  await runStep({
    title: 'sync-policies again',
    why: 'Nothing changed in the repository, so no write request is sent.',
    inputs: { mode: 'sync-policies', ...policies, prune: 'true' },
  });
  await runStep({
    title: 'run-module-tests on examples/module (as a pull-request check)',
    why: 'Packs the module, uploads it, runs its tests on the service, puts failed assertions on their lines and writes the results as JUnit XML.',
    inputs: {
      mode: 'run-module-tests',
      organization: emulator.organization,
      'module-directory': 'examples/module',
      'module-name': 'storage',
      'module-provider': 'aws',
      'test-env-variables': 'AWS_REGION=eu-west-1\nDEMO_SECRET=do-not-print-me',
      'junit-file': JUNIT_FILE,
    },
  });
  console.log(`\n${bold(`JUnit XML written to ${JUNIT_FILE}`)} ${dim('(what a test reporter reads)')}`);
  for (const line of readFileSync(join(root, JUNIT_FILE), 'utf8').trimEnd().split('\n')) console.log(`  ${dim(line)}`);
  const published = await runStep({
    title: 'publish-no-code-module',
    why: 'Allows the bucket module for no-code provisioning, with the regions people may choose.',
    inputs: {
      mode: 'publish-no-code-module',
      organization: emulator.organization,
      'registry-module-id': noCodeRegistryModule,
      'version-pin': '1.0.0',
      'variable-options': 'region:\n  type: string\n  options: [eu-west-1, us-east-1]',
    },
  });
  const noCodeModuleId = published['no-code-module-id'] ?? '';
  const provisioned = await runStep({
    title: 'provision-no-code-workspace',
    why: 'Creates a workspace from the no-code module in a project.',
    inputs: {
      mode: 'provision-no-code-workspace',
      'no-code-module-id': noCodeModuleId,
      'project-id': project,
      'workspace-name': 'bucket-team-a',
      'workspace-variables': 'region=eu-west-1',
    },
  });
  await runStep({
    title: 'upgrade-no-code-workspace with confirm: true (as from a nightly schedule)',
    why: 'Plans the upgrade of the workspace, waits for the plan, confirms it, and follows the apply until the service reports it applied.',
    inputs: {
      mode: 'upgrade-no-code-workspace',
      'no-code-module-id': noCodeModuleId,
      'workspace-id': provisioned['workspace-id'] ?? '',
      'workspace-variables': 'region=us-east-1',
      confirm: 'true',
    },
  });
  console.log(
    `\n${bold('━'.repeat(80))}\n${green(`Demo finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`)} ${dim(`${emulator.requests.length} requests reached the emulator.`)}`,
  );
} finally {
  await emulator.close();
  rmSync(scratch, { recursive: true, force: true });
  rmSync(join(root, '.demo'), { recursive: true, force: true });
}
