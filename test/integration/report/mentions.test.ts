// Text from a test log mentions no one: a real log of the test command whose assertion message
// names `@octocat`, a team and an issue, through the action's step on a pull request, with a check
// run, the comment and a JUnit file. Wherever GitHub would render it, the mention and the
// reference are broken by a zero-width joiner; the text still reads the same.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';
import { startGitHubFake } from '../../github-fake/server.ts';
import type { GitHubFake } from '../../github-fake/server.ts';
import { runAction } from '../../support/run-action.ts';

const FIXTURES = join(import.meta.dirname, '../../report', 'fixtures');
// Written by `terraform test -json` (1.11) in fixtures/mentions-module.
const LOG = readFileSync(join(FIXTURES, 'mentions-module.jsonl'), 'utf8');
const ZWJ = '\u200D';

const dir = mkdtempSync(join(tmpdir(), 'mentions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let emulator: Emulator;
let fake: GitHubFake;
beforeAll(async () => {
  emulator = await startEmulator({
    testRuns: {
      queuedMs: 10,
      runningMs: 30,
      outcome: { status: 'finished', testStatus: 'fail', passed: 1, failed: 1, errored: 0, skipped: 0, log: LOG },
    },
  });
  emulator.seedRegistryModule({ name: 'owners', provider: 'aws' });
  fake = await startGitHubFake();
});
afterAll(async () => {
  await emulator.close();
  await fake.close();
});

/** `@octocat`, `@octo-org/security`, `#123` or `GH-45` as GitHub would act on them. */
const LIVE = /(?<![A-Za-z0-9_])@(?:octocat|octo-org)|#123|GH-45/;

/** Markdown without its code (fenced blocks, `<code>`, backtick spans), where GitHub looks for no mention. */
function outsideCode(markdown: string): string {
  return markdown
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '')
    .replace(/<code>[\s\S]*?<\/code>/g, '')
    .replace(/(`+)[\s\S]*?\1/g, '');
}

describe('a test log that mentions people and an issue', () => {
  it('reaches the comment, the summary, the check run and JUnit without mentioning anyone', async () => {
    const workspace = join(dir, 'repo');
    cpSync(join(FIXTURES, 'mentions-module'), join(workspace, 'module'), { recursive: true });
    const eventPath = join(dir, 'event.json');
    writeFileSync(eventPath, JSON.stringify({ number: 5, pull_request: { number: 5, head: { sha: 'c'.repeat(40) } } }));
    const step = await runAction({
      cwd: workspace,
      inputs: {
        mode: 'run-module-tests',
        token: emulator.token,
        'base-url': emulator.baseUrl,
        organization: emulator.organization,
        'module-directory': 'module',
        'module-name': 'owners',
        'module-provider': 'aws',
        'github-token': 'ghs_mentionsToken0123456789abcdefgh',
        'check-name': 'module tests',
        'comment-on-pr': 'true',
        'junit-file': 'junit.xml',
      },
      env: {
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: workspace,
        GITHUB_API_URL: fake.url,
        GITHUB_SERVER_URL: 'https://github.example.com',
        GITHUB_REPOSITORY: 'octo-org/modules',
        GITHUB_RUN_ID: '9',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_SHA: 'd'.repeat(40),
      },
    });
    expect(step.code).toBe(1);

    const comment = fake.comments[0]?.body ?? '';
    const check = fake.checkRuns[0];
    const junit = readFileSync(join(workspace, 'junit.xml'), 'utf8');
    const markdown = {
      comment,
      summary: step.summary,
      'check run summary': check?.output.summary ?? '',
      'check run text': check?.output.text ?? '',
    };
    const plain = {
      'check run title': check?.output.title ?? '',
      'check run annotations': (check?.annotations ?? []).map((a) => `${a.title ?? ''} ${a.message}`).join('\n'),
      junit,
    };
    for (const [where, text] of Object.entries(markdown)) expect(outsideCode(text), where).not.toMatch(LIVE);
    for (const [where, text] of Object.entries(plain)) expect(text, where).not.toMatch(LIVE);
    // The message is there, readable, with its mentions broken where GitHub would read them.
    for (const text of [outsideCode(comment), outsideCode(step.summary), plain['check run annotations'], junit]) {
      expect(text).toContain(`@${ZWJ}octocat or @${ZWJ}octo-org/security, see #${ZWJ}123 and GH-${ZWJ}45`);
    }
    // An e-mail address is no mention, and keeps its `@` as it is.
    expect(junit).toContain('(mail ops@example.com)');
  });
});
