// Policy files, folders, configs and sources reached through links obey the one confinement
// rule (src/files/confinement.ts): a link that leaves the repository, or leads into .git, stops
// the step before the first request, naming it and allow-links-outside-repository, and what it
// points to appears nowhere. Links that stay in the repository keep working.

import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_BAD_INPUT, EXIT_SUCCESS } from '../../../src/errors.ts';
import { run } from '../../../src/main.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/api.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const CREDENTIAL = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2xpbmtlZA==';
  const OUTSIDE_SECRET = 'runner-file-3f9a1c7e';
  const NATIVE = 'main = rule { true }\n';

  let base: string;
  let outside: string;
  let emulator: Emulator;
  let count = 0;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'sync-links-'));
    outside = join(base, 'outside');
    await mkdir(join(outside, 'folder'), { recursive: true });
    await writeFile(join(outside, 'secret.native'), `# ${OUTSIDE_SECRET}\n${NATIVE}`);
    await writeFile(join(outside, 'folder', 'leak.native'), `# ${OUTSIDE_SECRET}\n${NATIVE}`);
    await writeFile(join(outside, 'policies.hcl'), `policy "leak" {\n  description = "${OUTSIDE_SECRET}"\n}\n`);
    emulator = await startEmulator();
  });
  afterAll(async () => {
    await emulator.close();
    await rm(base, { recursive: true, force: true });
  });
  beforeEach(() => emulator.clearRequests());

  /** A checkout with its credential in .git/config, plus files (content) and links (`-> target`). */
  async function repository(nodes: Record<string, string>): Promise<string> {
    const root = join(base, `repo-${++count}`);
    const all = { '.git/config': `[http "https://github.com/"]\n\textraheader = ${CREDENTIAL}\n`, ...nodes };
    for (const [name, content] of Object.entries(all)) {
      const at = join(root, name);
      await mkdir(dirname(at), { recursive: true });
      if (content.startsWith('-> ')) await symlink(content.slice(3), at);
      else await writeFile(at, content);
    }
    return root;
  }

  async function sync(root: string, inputs: Record<string, string> = {}) {
    const outputFile = join(base, `outputs-${count}`);
    const summaryFile = join(base, `summary-${count}`);
    await writeFile(outputFile, '');
    await writeFile(summaryFile, '');
    const lines: string[] = [];
    const all: Record<string, string> = {
      mode: 'sync-policies',
      token: emulator.token,
      'base-url': emulator.baseUrl,
      organization: emulator.organization,
      ...inputs,
    };
    const code = await run({
      read: (name) => all[name] ?? '',
      sink: plainSink({ stdout: { write: (text: string) => lines.push(text) }, outputFile, summaryFile }),
      checkRuns: false,
      saveState: () => undefined,
      workspaceRoot: root,
    });
    const stdout = lines.join('');
    const outputs = await readFile(outputFile, 'utf8');
    const summary = await readFile(summaryFile, 'utf8');
    return { code, stdout, outputs, summary, everything: `${stdout}\n${outputs}\n${summary}` };
  }

  /** Pieces of this process's environment as /proc/self/environ holds it: none may appear anywhere. */
  function environValues(): string[] {
    return readFileSync('/proc/self/environ', 'latin1')
      .split('\0')
      .map((entry) => entry.slice(entry.indexOf('=') + 1))
      .filter((value) => value.length >= 16 && !base.startsWith(value));
  }

  /** Nothing reached the service: not a request, let alone an upload. */
  function expectNoRequest(): void {
    expect(emulator.requests).toEqual([]);
  }

  const REFUSED: Array<[string, Record<string, string>, Record<string, string>, string]> = [
    [
      'a policy file linked to /proc/self/environ',
      { 'policies/x.native': '-> /proc/self/environ' },
      {},
      '"policies/x.native" → "/proc/',
    ],
    [
      'a policy file linked into .git',
      { 'policies/creds.native': '-> ../.git/config' },
      {},
      `"policies/creds.native" → `,
    ],
    [
      'a policy folder linked outside the repository',
      { 'policies/ok.native': NATIVE, 'policies/shared': '-> ../../outside/folder' },
      {},
      '"policies/shared" → ',
    ],
    [
      'a policies.hcl linked outside the repository',
      { 'policies/leak.native': NATIVE, 'policies/policies.hcl': '-> ../../outside/policies.hcl' },
      {},
      '"policies/policies.hcl" → ',
    ],
    [
      'a policy-config linked outside the repository',
      { 'policies/leak.native': NATIVE, 'config.hcl': '-> ../outside/policies.hcl' },
      { 'policy-config': 'config.hcl' },
      '"config.hcl" → ',
    ],
    [
      'a source through a link that leaves the repository',
      {
        'policies/ok.native': NATIVE,
        'policies/policies.hcl': 'policy "secret" {\n  source = "../lib/secret.native"\n}\n',
        lib: '-> ../outside',
      },
      {},
      '"lib/secret.native" (through the link "lib") → ',
    ],
    [
      'a source linked into .git',
      {
        'policies/policies.hcl': 'policy "config" {\n  source = "config.native"\n}\n',
        'policies/config.native': '-> ../.git/config',
      },
      {},
      '"policies/config.native" → ',
    ],
  ];

  describe('sync-policies refuses links that leave the repository or lead into .git', () => {
    describe.each([['false'], ['true']])('dry-run: %s', (dryRun) => {
      it.each(REFUSED)(
        '%s: exit 2 before any request, naming it and the input',
        async (_what, nodes, inputs, named) => {
          const root = await repository(nodes);
          const result = await sync(root, { 'dry-run': dryRun, ...inputs });
          expect(result.code).toBe(EXIT_BAD_INPUT);
          expectNoRequest();
          expect(result.stdout).toContain(named);
          expect(result.stdout).toContain('allow-links-outside-repository');
          expect(result.stdout).toContain('Nothing was read from');
          expect(result.summary).toContain('allow-links-outside-repository');
          expect(result.outputs).toBe('');
          for (const leaked of [CREDENTIAL, OUTSIDE_SECRET, ...environValues()]) {
            expect(result.everything).not.toContain(leaked);
          }
        },
      );
    });

    it('names every refused link in one error', async () => {
      const root = await repository({
        'policies/x.native': '-> /proc/self/environ',
        'policies/creds.native': '-> ../.git/config',
      });
      const result = await sync(root);
      expect(result.code).toBe(EXIT_BAD_INPUT);
      expect(result.stdout).toContain(
        `The policy files hold 2 links that lead outside the repository (${root}) or into its git metadata: "policies/creds.native" → ${JSON.stringify(join(root, '.git', 'config'))}, "policies/x.native" → "/proc/`,
      );
      expectNoRequest();
    });
  });

  describe('with allow-links-outside-repository: true', () => {
    it('follows links that leave the repository', async () => {
      const root = await repository({ 'policies/ok.native': NATIVE, 'policies/shared': '-> ../../outside/folder' });
      const result = await sync(root, { 'allow-links-outside-repository': 'true' });
      expect(result.code).toBe(EXIT_SUCCESS);
      expect(
        emulator
          .policies()
          .map((p) => p.name)
          .sort(),
      ).toEqual(['leak', 'ok']);
    });

    it('refuses a link into .git all the same, before any request', async () => {
      const root = await repository({ 'policies/creds.native': '-> ../.git/config', 'policies/ok.native': NATIVE });
      const result = await sync(root, { 'allow-links-outside-repository': 'true', 'dry-run': 'true' });
      expect(result.code).toBe(EXIT_BAD_INPUT);
      expect(emulator.requests).toEqual([]);
      expect(result.stdout).toContain(
        'a link into it is refused whatever the input "allow-links-outside-repository" says',
      );
      expect(result.stdout).not.toContain('set the input');
      expect(result.everything).not.toContain(CREDENTIAL);
    });
  });

  describe('links that stay in the repository', () => {
    it('keep working: a linked file, a linked folder, a linked policies.hcl and a source through a link', async () => {
      const root = await repository({
        'lib/a.native': NATIVE,
        'lib/more/b.native': NATIVE,
        'lib/c.native': NATIVE,
        'lib/config.hcl':
          'policy "c" {\n  source = "../lib-link/c.native"\n  enforcement_level = "soft-mandatory"\n}\n',
        'lib-link': '-> lib',
        'policies/a.native': '-> ../lib/a.native',
        'policies/more': '-> ../lib/more',
        'policies/policies.hcl': '-> ../lib/config.hcl',
      });
      const result = await sync(root, { 'dry-run': 'true' });
      expect(result.stdout).not.toContain('::error');
      expect(result.code).toBe(EXIT_SUCCESS);
      const entries = JSON.parse(/^result=(.*)$/m.exec(result.outputs)?.[1] ?? '[]') as Array<{
        name: string;
        action: string;
      }>;
      expect(entries.filter((e) => e.action === 'create').map((e) => e.name)).toEqual(['a', 'b', 'c']);
    });
  });
});
