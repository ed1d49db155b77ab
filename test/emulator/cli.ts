// Runs the emulated service for the demo and for trying the action by hand:
//   npm run emulator -- [--port 8080] [--upload-port 8081] [--latency 50] [--rate-limit 30]
//                       [--retry-after] [--personality strict|cli-tool]
//                       [--terraform PATH | --no-terraform | --test-outcome pass|fail|error]
import { parseArgs } from 'node:util';
import { PERSONALITIES, type Personality, type TestRunBehaviour } from './api.ts';
import { CANNED_OUTCOMES, cannedOutcome, type CannedOutcome } from './default-log.ts';
import { startEmulator } from './index.ts';
import { findTerraform, terraformVersion } from './terraform-test.ts';

// The parent as it was at start, before anything is printed: a parent that ends as soon as it
// has read the first line must not be taken for the one that adopts this process.
const parent = process.ppid;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'upload-port': { type: 'string' },
    latency: { type: 'string' },
    'rate-limit': { type: 'string' },
    'retry-after': { type: 'boolean' },
    personality: { type: 'string' },
    terraform: { type: 'string' },
    'no-terraform': { type: 'boolean' },
    'test-outcome': { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run emulator -- [--port N] [--upload-port N] [--latency MS] [--rate-limit PER_SECOND] [--retry-after] [--personality strict|cli-tool] [--terraform PATH | --no-terraform | --test-outcome pass|fail|error] [--json]',
  );
  console.log(
    '--personality: how the emulator behaves where the spec leaves it open (default: SVC_EMULATOR_PERSONALITY, else strict).',
  );
  console.log(
    "--terraform PATH: the terraform that runs each test run on the uploaded module (default: `terraform` on the PATH); --no-terraform: a canned log instead, whatever was uploaded; --test-outcome: that canned log's outcome (default pass).",
  );
  console.log('--json prints the addresses, tokens and seeded ids as one JSON line (for scripts).');
  process.exit(0);
}

function numberFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) {
    console.error(`--${name} must be a non-negative number, got "${value}"`);
    process.exit(2);
  }
  return number;
}

function personalityFlag(value: string | undefined): Personality | undefined {
  if (value === undefined) return undefined;
  if ((PERSONALITIES as readonly string[]).includes(value)) return value as Personality;
  console.error(`--personality must be one of ${PERSONALITIES.join(', ')}, got "${value}"`);
  process.exit(2);
}

function usageError(message: string): never {
  console.error(message);
  process.exit(2);
}

/** How test runs run, and the sentence that says so at start: the uploaded module's own tests
 *  with terraform (named, or found on the PATH), or the canned log (`--no-terraform`,
 *  `--test-outcome`, or no usable terraform). */
async function testRunsFlags(): Promise<{
  behaviour: Partial<TestRunBehaviour>;
  terraform: { path: string; version: string } | null;
  outcome: CannedOutcome | null;
  message: string;
}> {
  const named = values.terraform;
  const outcomeFlag = values['test-outcome'];
  if (named !== undefined && values['no-terraform']) usageError('--terraform and --no-terraform exclude each other');
  if (named !== undefined && outcomeFlag !== undefined)
    usageError(
      '--test-outcome scripts the canned log, which --terraform replaces with the real tests: give one of them',
    );
  if (outcomeFlag !== undefined && !(CANNED_OUTCOMES as readonly string[]).includes(outcomeFlag))
    usageError(`--test-outcome must be one of ${CANNED_OUTCOMES.join(', ')}, got "${outcomeFlag}"`);
  const canned = (outcome: CannedOutcome, why: string) => ({
    behaviour: { terraform: false as const, outcome: cannedOutcome(outcome) },
    terraform: null,
    outcome,
    message: `every run serves a canned log (tests/main.tftest.hcl, ${outcome}), whatever module was uploaded: ${why}`,
  });
  if (outcomeFlag !== undefined) return canned(outcomeFlag as CannedOutcome, 'as --test-outcome asks');
  if (values['no-terraform']) return canned('pass', 'as --no-terraform asks');
  const path = named ?? findTerraform();
  if (path === undefined) return canned('pass', 'no terraform on the PATH (--terraform PATH names one)');
  let version: string;
  try {
    version = await terraformVersion(path);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    if (named !== undefined) usageError(`--terraform: ${why}`);
    return canned('pass', `${why} (--terraform PATH names another)`);
  }
  return {
    behaviour: { terraform: path },
    terraform: { path, version },
    outcome: null,
    message: `each run runs the uploaded module's own tests with ${path} (terraform ${version}, no network)`,
  };
}

const testRuns = await testRunsFlags();

const emulator = await startEmulator({
  personality: personalityFlag(values.personality),
  port: numberFlag('port', values.port),
  uploadPort: numberFlag('upload-port', values['upload-port']),
  latencyMs: numberFlag('latency', values.latency),
  rateLimitPerSecond: numberFlag('rate-limit', values['rate-limit']),
  rateLimitRetryAfter: values['retry-after'] ?? false,
  testRuns: testRuns.behaviour,
});

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void emulator.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Whoever read the output has gone (`npm run emulator | head -3`): the emulator ends with it,
// quietly, as a command at the head of a pipe does, instead of failing on the write.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  stop();
});

const policySetId = emulator.seedPolicySet();
emulator.seedPolicy({
  name: 'require-tags',
  kind: 'native',
  enforcementLevel: 'advisory',
  code: 'main = rule { true }\n',
  policySetIds: [policySetId],
});
const testModuleId = emulator.seedRegistryModule({ name: 'network', provider: 'aws', versions: ['1.0.0', '1.1.0'] });
const projectId = emulator.seedProject();
const noCodeModuleId = emulator.seedNoCodeModule({ moduleName: 'bucket', provider: 'aws' });
const workspaceId = emulator.seedWorkspace({ noCodeModuleId, name: 'bucket-demo', projectId });

const seeded: Array<[string, string]> = [
  ['personality', emulator.personality],
  ['base URL', emulator.baseUrl],
  ['upload origin', emulator.uploadOrigin],
  ['user token', emulator.token],
  ['organization token', emulator.organizationToken],
  ['organization', emulator.organization],
  ['policy set', policySetId],
  ['test module', `${testModuleId} (${emulator.organization}/network/aws)`],
  ['project', projectId],
  ['no-code module', `${noCodeModuleId} (${emulator.organization}/bucket/aws)`],
  ['workspace', `${workspaceId} (bucket-demo)`],
  ['test runs', testRuns.message],
];
if (values.json) {
  console.log(
    JSON.stringify({
      personality: emulator.personality,
      baseUrl: emulator.baseUrl,
      uploadOrigin: emulator.uploadOrigin,
      token: emulator.token,
      organizationToken: emulator.organizationToken,
      organization: emulator.organization,
      policySetId,
      testModule: { id: testModuleId, namespace: emulator.organization, name: 'network', provider: 'aws' },
      projectId,
      noCodeModuleId,
      workspaceId,
      testRuns: {
        terraform: testRuns.terraform?.path ?? null,
        terraformVersion: testRuns.terraform?.version ?? null,
        outcome: testRuns.outcome,
        message: testRuns.message,
      },
    }),
  );
} else {
  const width = Math.max(...seeded.map(([label]) => label.length));
  console.log('Service emulator running. Ctrl-C stops it.');
  for (const [label, value] of seeded) console.log(`  ${label.padEnd(width)}  ${value}`);
}

// npm runs a script through a shell and passes the SIGTERM or SIGINT it gets to that shell only,
// which does not pass it on: `npm run emulator` therefore execs node in place of the shell. A
// parent that goes away all the same (killed outright, or a shell in between that ended) leaves
// this process to another parent: it stops then, as if the signal had reached it.
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 200).unref();
