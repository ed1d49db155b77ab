// The lint rules that hold the architecture (ARCHITECTURE.md, "Who may import whom") fail on a
// deliberate violation and let the allowed imports through. The tree itself is held to them by
// `npm test`, which lints it whole (`eslint .`) beside the tests: linting it again here held a
// test for the whole of its time limit on a busy machine.
// Each case lints a small text as if it were a file at a path in src/ (nothing is written), with
// the project's own eslint.config.js.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../lint', '..', '..');

/** The rules under test: they read the import graph and the text, not the types. */
const RULES = new Set([
  'no-restricted-imports',
  'import-x/no-restricted-paths',
  'max-len',
  'no-restricted-globals',
  'no-restricted-properties',
  'no-restricted-syntax',
]);

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({
    cwd: root,
    // No type program: the rules under test do not need one, and the probes are not on disk.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => RULES.has(ruleId),
  });
  // The first lint loads the parser and the plugins and reads the import graph: set-up, paid
  // here rather than inside the first test's time limit.
  await eslint.lintText('export {};\n', { filePath: join(root, 'src/probe.ts') });
});

interface Finding {
  ruleId: string | null;
  message: string;
}

/** What the rules under test report on `code` placed at `path` (relative to the repository). */
async function lint(path: string, code: string): Promise<Finding[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

async function ruleIds(path: string, code: string): Promise<(string | null)[]> {
  return (await lint(path, code)).map((m) => m.ruleId);
}

/** A file that imports the module at `from` and uses it. */
const importing = (from: string): string => `import * as imported from '${from}';\nvoid imported;\n`;

describe('only src/service/http.ts, src/service/connections.ts and src/github/transport.ts import undici', () => {
  it('a value or a type import of undici anywhere else in src fails', async () => {
    expect(await ruleIds('src/report/probe.ts', "import { request } from 'undici';\nvoid request;\n")).toEqual([
      'no-restricted-imports',
    ]);
    expect(
      await ruleIds('src/service/probe.ts', "import type { Dispatcher } from 'undici';\nexport type D = Dispatcher;\n"),
    ).toEqual(['no-restricted-imports']);
    expect(await ruleIds('src/github/octokit.ts', "import { fetch } from 'undici';\nvoid fetch;\n")).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('src/service/http.ts, src/service/connections.ts and src/github/transport.ts themselves may', async () => {
    expect(await ruleIds('src/service/http.ts', "import { Agent } from 'undici';\nvoid Agent;\n")).toEqual([]);
    expect(await ruleIds('src/service/connections.ts', "import { Agent } from 'undici';\nvoid Agent;\n")).toEqual([]);
    expect(await ruleIds('src/github/transport.ts', "import { Agent } from 'undici';\nvoid Agent;\n")).toEqual([]);
  });
});

describe("outside src/service/, only the service's public files are imported", () => {
  it('a mode, an entry point or another layer importing an internal of the service fails', async () => {
    for (const [path, from] of [
      ['src/modes/sync-policies/probe.ts', '../../service/http.ts'],
      ['src/modes/no-code/upgrade/probe.ts', '../../../service/retry.ts'],
      ['src/probe.ts', './service/urls.ts'],
      ['src/inputs/probe.ts', '../service/jsonapi.ts'],
      ['src/lifetime/probe.ts', '../service/pacing.ts'],
    ] as const) {
      const findings = await lint(path, importing(from));
      expect(
        findings.map((f) => f.ruleId),
        `${path} importing ${from}`,
      ).toContain('import-x/no-restricted-paths');
      expect(findings.map((f) => f.message).join('\n')).toContain('public surface');
    }
  });

  it('the public files may be imported, and the service imports its own internals', async () => {
    expect(await ruleIds('src/modes/sync-policies/probe.ts', importing('../../service/client.ts'))).toEqual([]);
    expect(await ruleIds('src/inputs/probe.ts', importing('../service/types.ts'))).toEqual([]);
    expect(await ruleIds('src/service/probe.ts', importing('./http.ts'))).toEqual([]);
  });
});

describe('modes never import one another', () => {
  it('one mode importing another fails, whatever the family', async () => {
    for (const [path, from] of [
      ['src/modes/sync-policies/probe.ts', '../run-module-tests/run.ts'],
      ['src/modes/run-module-tests/probe.ts', '../no-code/publish/run.ts'],
      ['src/modes/run-module-tests/results/test-log/probe.ts', '../../../sync-policies/plan.ts'],
      ['src/modes/no-code/publish/probe.ts', '../upgrade/run.ts'],
      ['src/modes/no-code/provision/probe.ts', '../../sync-policies/run.ts'],
    ] as const) {
      expect(await ruleIds(path, importing(from)), `${path} importing ${from}`).toEqual([
        'import-x/no-restricted-paths',
      ]);
    }
  });

  it("a mode's own subfolders are the mode's; the no-code modes share src/modes/no-code/'s own files", async () => {
    expect(await ruleIds('src/modes/run-module-tests/probe.ts', importing('./results/test-log/parser.ts'))).toEqual([]);
    expect(await ruleIds('src/modes/no-code/publish/probe.ts', importing('../writes.ts'))).toEqual([]);
    expect(await ruleIds('src/modes/no-code/probe.ts', importing('./upgrade/run.ts'))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });
});

describe('a layer imports only the layers below it', () => {
  it('an import of a layer above fails', async () => {
    for (const [path, from] of [
      ['src/service/probe.ts', '../inputs/schema.ts'],
      ['src/slug/probe.ts', '../report/format.ts'],
      ['src/inputs/probe.ts', '../report/format.ts'],
      ['src/report/probe.ts', '../modes/sync-policies/run.ts'],
      ['src/github/probe.ts', '../modes/mode.ts'],
      ['src/modes/sync-policies/probe.ts', '../../main.ts'],
      ['src/fs-errors.ts', './service/types.ts'],
      ['src/files/probe.ts', '../slug/walk.ts'],
      ['src/files/probe.ts', '../modes/sync-policies/run.ts'],
      ['src/new-shared-module.ts', './inputs/schema.ts'],
    ] as const) {
      const findings = await lint(path, importing(from));
      expect(
        findings.map((f) => f.ruleId),
        `${path} importing ${from}`,
      ).toEqual(['import-x/no-restricted-paths']);
      expect(findings[0]!.message).toContain('imports only the layers below it');
    }
  });

  it('an import of a layer below passes', async () => {
    for (const [path, from] of [
      ['src/main.ts', './modes/index.ts'],
      ['src/modes/sync-policies/probe.ts', '../../report/format.ts'],
      ['src/github/probe.ts', '../inputs/schema.ts'],
      ['src/inputs/probe.ts', '../service/types.ts'],
      ['src/slug/probe.ts', '../fs-errors.ts'],
      ['src/slug/probe.ts', '../files/confinement.ts'],
      ['src/modes/sync-policies/probe.ts', '../../files/confinement.ts'],
      ['src/files/probe.ts', '../errors.ts'],
      ['src/service/probe.ts', '../lifetime/clock.ts'],
    ] as const) {
      expect(await ruleIds(path, importing(from)), `${path} importing ${from}`).toEqual([]);
    }
  });

  it('src/lifetime/ is the bottom layer: an import from any other fails; one inside lifetime does not', async () => {
    const findings = await lint('src/lifetime/probe.ts', importing('../errors.ts'));
    expect(findings.map((f) => f.ruleId)).toEqual(['import-x/no-restricted-paths']);
    expect(findings[0]!.message).toContain('bottom layer');
    expect(await ruleIds('src/lifetime/probe.ts', importing('./clock.ts'))).toEqual([]);
  });
});

describe('no timer under src/modes/', () => {
  it('a timer, a sleep or a timeout signal of its own in a mode fails', async () => {
    for (const code of [
      'setTimeout(() => undefined, 10);\n',
      'setInterval(() => undefined, 10);\n',
      'globalThis.setTimeout(() => undefined, 10);\n',
      'export const s = AbortSignal.timeout(10);\n',
      'export async function f(clock: { sleep(ms: number): Promise<void> }) {\n  await clock.sleep(10);\n}\n',
      "import { sleep } from '../../../lifetime/clock.ts';\nawait sleep(10);\n",
      "import { setTimeout as wait } from 'node:timers/promises';\nawait wait(10);\n",
    ]) {
      expect(await ruleIds('src/modes/run-module-tests/test-run/probe.ts', code), code).toHaveLength(1);
    }
  });

  it('the lifetime helpers may be used in a mode, and timers in src/lifetime/ itself', async () => {
    expect(
      await ruleIds(
        'src/modes/run-module-tests/test-run/probe.ts',
        "import { pause } from '../../../../lifetime/clock.ts';\nimport { pollUntil } from '../../../../lifetime/poll.ts';\nvoid pause;\nvoid pollUntil;\n",
      ),
    ).toEqual([]);
    expect(await ruleIds('src/lifetime/probe.ts', 'setTimeout(() => undefined, 10);\n')).toEqual([]);
  });
});

describe('a test run is stopped only through its version guard', () => {
  it('a TestRunStopper made anywhere but version-guard.ts fails', async () => {
    const code =
      "import { TestRunStopper } from '../../lint/stop.ts';\nexport const s = (o: never) => new TestRunStopper(o);\n";
    expect(await ruleIds('src/modes/run-module-tests/test-run/probe.ts', code)).toEqual(['no-restricted-syntax']);
    expect(await ruleIds('src/modes/run-module-tests/test-run/version-guard.ts', code)).toEqual([]);
  });
});

describe('only src/files/ reads files', () => {
  const reads = [
    "import { readFile } from 'node:fs/promises';\nvoid readFile;\n",
    "import { readFileSync } from 'node:fs';\nvoid readFileSync;\n",
    "import { createReadStream } from 'fs';\nvoid createReadStream;\n",
    "import { open } from 'fs/promises';\nvoid open;\n",
    "import fs from 'node:fs';\nvoid fs;\n",
    "import * as fs from 'node:fs/promises';\nvoid fs;\n",
    "import { promises } from 'node:fs';\nvoid promises;\n",
  ];

  it('a read of a file anywhere else in src fails, in a mode, a transport or a layer', async () => {
    for (const path of [
      'src/inputs/probe.ts',
      'src/slug/probe.ts',
      'src/modes/sync-policies/probe.ts',
      'src/github/transport.ts',
    ]) {
      for (const code of reads)
        expect(await ruleIds(path, code), `${path}: ${code}`).toEqual(['no-restricted-imports']);
    }
  });

  it('src/files/ may read, and what reads no repository path is named one by one', async () => {
    for (const code of reads) expect(await ruleIds('src/files/probe.ts', code)).toEqual([]);
    expect(await ruleIds('src/action-metadata.ts', reads[1]!)).toEqual([]);
    expect(await ruleIds('src/modes/run-module-tests/test-run/start.ts', reads[2]!)).toEqual([]);
    // Named for its one read, the module keeps the other rules of its place.
    expect(
      await ruleIds(
        'src/modes/run-module-tests/test-run/start.ts',
        "import { setTimeout } from 'node:timers/promises';\nvoid setTimeout;\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });

  it('what is no read (a listing of names, a write, a check of a path) stays allowed', async () => {
    const code =
      "import { lstat, readdir, mkdtemp, writeFile } from 'node:fs/promises';\nvoid [lstat, readdir, mkdtemp, writeFile];\n";
    expect(await ruleIds('src/modes/sync-policies/probe.ts', code)).toEqual([]);
  });
});

describe('line length', () => {
  const assign = (text: string): string => `export const x = ${text};\n`;

  it('code stops at 120 columns in src; a line holding a string may run to 160, no further', async () => {
    expect(await ruleIds('src/probe.ts', assign(`[${'1, '.repeat(40)}1]`))).toEqual(['max-len']);
    expect(await ruleIds('src/probe.ts', assign(`'${'a'.repeat(140)}'`))).toEqual([]);
    expect(await ruleIds('src/probe.ts', assign(`'${'a'.repeat(150)}'`))).toEqual(['max-len']);
    expect(await ruleIds('src/probe.ts', `// ${'a'.repeat(120)}\n`)).toEqual(['max-len']);
  });
});
