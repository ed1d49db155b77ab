// The uploaded module's own tests, run by the installed terraform (`testRuns.terraform`): the
// archive unpacked into a directory of its own, `terraform init` (modules the configuration
// calls from inside it; no backend, no provider downloads) and `terraform test -json` with the
// run's options, the module's test environment variables in its environment. Nothing reaches the
// network: no CLI configuration, no version check, and every proxy variable points at a port
// where nothing listens, so a module that needs a provider or a registry module fails at once,
// as terraform test reports it.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { promisify } from 'node:util';
import { RefusedArchiveError, unpackConfiguration } from './configuration-archive.ts';
import { diagnosticLine } from './default-log.ts';

export interface TerraformTestOptions {
  /** The terraform binary. */
  binary: string;
  /** The configuration version's archive, as uploaded. */
  archive: Buffer;
  testDirectory: string;
  filters: string[];
  /** The run's variables: values are HCL literals (spec 2.2). */
  variables: Array<{ key: string; value: string }>;
  verbose: boolean;
  /** The module's test environment variables (category env). */
  environment: Record<string, string>;
}

/** The oldest terraform with `terraform test` (and `init -test-directory`). */
const OLDEST = [1, 6] as const;

/** A proxy nobody answers (port 9, discard): every request terraform might make fails at once. */
const NO_NETWORK = 'http://127.0.0.1:9';

/** A variable name as the test command takes one. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Process groups still running, killed if the emulator's process exits before they end (the
 *  command line stopped by Ctrl-C): each runs in a group of its own, away from the terminal. */
const running = new Set<ChildProcess>();
let killOnExit = false;

/**
 * One run's terraform. Its output is the run's log: `output()` as it grows, `ended` once the
 * process has exited and its directory is gone. `interrupt()` is a cancel (SIGINT to terraform
 * and what it started: the test command stops and tears down what its tests created), `kill()` a
 * force-cancel (SIGKILL).
 */
export class TerraformTest {
  /** Resolves with the whole log once terraform has exited and its directory is removed. */
  readonly ended: Promise<string>;
  #chunks: Buffer[] = [];
  #child: ChildProcess | null = null;
  #interrupted = false;
  #killed = false;

  constructor(options: TerraformTestOptions) {
    this.ended = this.#run(options);
  }

  /** The log so far. */
  output(): string {
    return Buffer.concat(this.#chunks).toString('utf8');
  }

  /** The log so far up to its last whole line: a reader never sees half a message. */
  wholeLines(): string {
    const log = Buffer.concat(this.#chunks);
    return log.subarray(0, log.lastIndexOf(0x0a) + 1).toString('utf8');
  }

  interrupt(): void {
    this.#interrupted = true;
    signal(this.#child, 'SIGINT');
  }

  /** Kills terraform and what it started; resolves once it has exited and its directory is gone. */
  async kill(): Promise<void> {
    this.#killed = true;
    signal(this.#child, 'SIGKILL');
    await this.ended;
  }

  get #stopped(): boolean {
    return this.#interrupted || this.#killed;
  }

  async #run(options: TerraformTestOptions): Promise<string> {
    let directory: string | undefined;
    try {
      directory = await mkdtemp(join(tmpdir(), 'svc-emulator-terraform-'));
      const module = join(directory, 'module');
      const plugins = join(directory, 'plugins');
      const home = join(directory, 'home');
      await Promise.all([mkdir(module), mkdir(plugins), mkdir(home), writeFile(join(directory, 'cli.tfrc'), '')]);
      const environment: Record<string, string> = {
        PATH: process.env['PATH'] ?? '',
        HOME: home,
        ...options.environment,
        TF_IN_AUTOMATION: '1',
        TF_INPUT: '0',
        CHECKPOINT_DISABLE: '1',
        TF_CLI_CONFIG_FILE: join(directory, 'cli.tfrc'),
        TF_DATA_DIR: join(directory, 'data'),
        HTTP_PROXY: NO_NETWORK,
        HTTPS_PROXY: NO_NETWORK,
        http_proxy: NO_NETWORK,
        https_proxy: NO_NETWORK,
        NO_PROXY: '',
        no_proxy: '',
      };
      await unpackConfiguration(options.archive, module);
      const testDirectory = relativePath('test-directory', options.testDirectory);
      const testArguments = ['test', '-json', `-test-directory=${testDirectory}`];
      for (const filter of options.filters) testArguments.push(`-filter=${relativePath('a filter', filter)}`);
      if (options.variables.length > 0) {
        const file = join(directory, 'run.tfvars');
        await writeFile(file, variablesFile(options.variables));
        testArguments.push(`-var-file=${file}`);
      }
      if (options.verbose) testArguments.push('-verbose');

      if (this.#stopped) return this.output();
      const init = await this.#spawn(
        options.binary,
        [
          'init',
          '-backend=false',
          '-input=false',
          '-no-color',
          `-plugin-dir=${plugins}`,
          `-test-directory=${testDirectory}`,
        ],
        module,
        environment,
        false,
      );
      if (this.#stopped) return this.output();
      // `terraform test` says in its own log what the configuration lacks (a provider, a module
      // from a registry) or gets wrong, on its files' lines: init's words come before it.
      if (init.code !== 0)
        this.#append(logLine('warn', `terraform init (no backend, no downloads) failed:\n${init.text.trim()}`));
      const test = await this.#spawn(options.binary, testArguments, module, environment, true);
      // What terraform wrote besides its log (a flag it refused, a crash) goes in as one message.
      if (test.text.trim() !== '') this.#append(logLine(test.code === 0 ? 'warn' : 'error', test.text.trim()));
      return this.output();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const summary = error instanceof RefusedArchiveError ? 'Configuration refused' : 'Tests not run';
      this.#append(diagnosticLine(summary, why));
      return this.output();
    } finally {
      if (directory !== undefined) await rm(directory, { recursive: true, force: true });
    }
  }

  #append(text: string): void {
    this.#chunks.push(Buffer.from(text));
  }

  /** Runs terraform in a process group of its own; `log`: its stdout is the run's log. Resolves
   *  with its exit code (null when a signal ended it) and the rest of what it wrote; rejects when
   *  it could not be started. */
  #spawn(
    binary: string,
    args: string[],
    cwd: string,
    env: Record<string, string>,
    log: boolean,
  ): Promise<{ code: number | null; text: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(binary, args, {
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
      });
      this.#child = child;
      running.add(child);
      if (!killOnExit) {
        killOnExit = true;
        process.once('exit', () => {
          for (const left of running) signal(left, 'SIGKILL');
        });
      }
      const text: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => (log ? this.#chunks : text).push(chunk));
      child.stderr.on('data', (chunk: Buffer) => text.push(chunk));
      let failed: Error | undefined;
      child.once('error', (error) => (failed = error));
      child.once('close', (code) => {
        running.delete(child);
        if (this.#child === child) this.#child = null;
        if (failed) reject(new Error(`${binary} could not be started (${failed.message})`, { cause: failed }));
        else resolve({ code, text: Buffer.concat(text).toString('utf8') });
      });
    });
  }
}

/** A process and what it started: the signal goes to its group, as Ctrl-C in a terminal does. */
function signal(child: ChildProcess | null, name: NodeJS.Signals): void {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (process.platform === 'win32') child.kill(name);
    else process.kill(-child.pid, name);
  } catch {
    // Already gone.
  }
}

/** A path the run names inside the configuration; refused when it would lead out of it. */
function relativePath(what: string, path: string): string {
  if (path === '' || isAbsolute(path) || path.split(/[\\/]/).includes('..'))
    throw new Error(`${what} ${JSON.stringify(path)} must be a path inside the configuration`);
  return path;
}

/** The run's variables as a variable definitions file: each value is an HCL literal. */
function variablesFile(variables: Array<{ key: string; value: string }>): string {
  return variables
    .map(({ key, value }) => {
      if (!VARIABLE_NAME.test(key)) throw new Error(`the run's variable ${JSON.stringify(key)} is not a variable name`);
      return `${key} = ${value}\n`;
    })
    .join('');
}

function logLine(level: 'warn' | 'error', message: string): string {
  return `${JSON.stringify({
    '@level': level,
    '@message': message,
    '@module': 'terraform.ui',
    '@timestamp': new Date().toISOString(),
    type: 'log',
  })}\n`;
}

/** The first `terraform` on the PATH that can be run, if any. */
export function findTerraform(path: string = process.env['PATH'] ?? ''): string | undefined {
  const name = process.platform === 'win32' ? 'terraform.exe' : 'terraform';
  for (const directory of path.split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** The version of the terraform at `binary` (`1.11.4`), asked without the network; refused
 *  when it cannot run or is older than `terraform test`. */
export async function terraformVersion(binary: string): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(binary, ['version', '-json'], {
      env: { PATH: process.env['PATH'] ?? '', CHECKPOINT_DISABLE: '1', TF_CLI_CONFIG_FILE: '' },
      timeout: 30_000,
    }));
  } catch (error) {
    throw new Error(
      `${binary} does not run (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      { cause: error },
    );
  }
  let version: unknown;
  try {
    version = (JSON.parse(stdout) as { terraform_version?: unknown }).terraform_version;
  } catch {
    version = undefined;
  }
  if (typeof version !== 'string') throw new Error(`${binary} is not terraform: \`version -json\` names no version`);
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major < OLDEST[0] || (major === OLDEST[0] && minor < OLDEST[1]))
    throw new Error(`${binary} is terraform ${version}; \`terraform test\` needs ${OLDEST.join('.')} or later`);
  return version;
}
