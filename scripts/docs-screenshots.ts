// Pictures of what a person sees on GitHub, for docs/images/: the job summary and the pull
// request comment of a passing and a failing module test run and of a policy sync's dry run.
// Each comes from a real run of the built action (dist/index.js, as a runner starts it) against
// the service emulator, on a pull request event, with the local GitHub API of test/github-fake
// taking the comment. The Markdown is rendered to HTML (marked, GitHub-flavoured), styled to look
// like GitHub, and photographed by headless Chromium. Run with `npm run docs:screenshots`
// (after `npm run build` when the sources changed); CHROMIUM names the browser when it is not
// on the PATH as chromium, chromium-browser or google-chrome.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { marked } from 'marked';
import { startEmulator } from '../test/emulator/index.ts';
import type { Emulator } from '../test/emulator/index.ts';
import { startGitHubFake } from '../test/github-fake/server.ts';
import type { GitHubFake } from '../test/github-fake/server.ts';
import { exampleModuleOutcome } from '../test/support/example-module-log.ts';
import type { ExampleOutcome } from '../test/support/example-module-log.ts';

const root = join(import.meta.dirname, '..');
const images = join(root, 'docs', 'images');
const scratch = mkdtempSync(join(tmpdir(), 'svc-action-screenshots-'));
/** Wide enough for the summaries' tables, as GitHub's job summary pane is on a laptop. */
const WIDTH = 920;
const REPOSITORY = 'acme/platform';
const JUNIT_FILE = '.docs-screenshots/module-tests.xml';

function findChromium(): string {
  const candidates = [process.env.CHROMIUM, 'chromium', 'chromium-browser', 'google-chrome'];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const found = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (found.status === 0) return candidate;
  }
  console.error('No Chromium found: install one (apt-get install chromium), or name it in CHROMIUM=/path/to/chrome.');
  process.exit(2);
}

interface Shot {
  /** Also a picture of the comment with every folded part opened, as a reviewer reads it. */
  expanded?: boolean;
  /** The file name in docs/images, without `summary-` or `comment-` and `.png`. */
  name: string;
  /** The job's name on GitHub, above its summary. */
  job: string;
  emulator: Emulator;
  inputs: Record<string, string>;
}

interface StepRun {
  code: number | null;
  log: string;
  summary: string;
  /** The body of the step's comment on the pull request, when it wrote one. */
  comment: string | undefined;
}

/** Runs the built action on a pull request event; returns its job summary and its comment. */
async function run(shot: Shot, github: GitHubFake, pullRequest: number): Promise<StepRun> {
  const summaryFile = join(scratch, `${shot.name}.summary.md`);
  const eventFile = join(scratch, `${shot.name}.event.json`);
  writeFileSync(summaryFile, '');
  writeFileSync(join(scratch, 'output'), '');
  const head = '4f2c9a1e8b7d6c5b4a3928171615141312111009';
  writeFileSync(
    eventFile,
    JSON.stringify({ number: pullRequest, pull_request: { number: pullRequest, head: { sha: head } } }),
  );
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? scratch,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: root,
    GITHUB_OUTPUT: join(scratch, 'output'),
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_RUN_ID: '12873465',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_SHA: 'c'.repeat(40),
  };
  const inputs = {
    token: shot.emulator.token,
    'base-url': shot.emulator.baseUrl,
    'github-token': 'ghs_docsScreenshotToken0123456789abcdef',
    'comment-on-pr': 'true',
    ...shot.inputs,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const child = spawn(process.execPath, [join(root, 'dist', 'index.js')], { cwd: root, env, stdio: 'pipe' });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const comment = github.comments.find((c) => c.issue === pullRequest)?.body;
  console.log(`${shot.name}: the step ended with exit code ${code}`);
  return { code, log, summary: readFileSync(summaryFile, 'utf8'), comment };
}

/** GitHub's look, approximated: its markdown body, tables, code, alerts, and the frame around each. */
const STYLE = `
* { box-sizing: border-box; }
body { margin: 0; padding: 16px; background: #f6f8fa; color: #1f2328;
  font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif,
  "Apple Color Emoji", "Noto Color Emoji"; }
.frame { background: #fff; border: 1px solid #d1d9e0; border-radius: 6px; }
.frame-head { padding: 8px 16px; border-bottom: 1px solid #d1d9e0; border-radius: 6px 6px 0 0;
  font-weight: 600; background: #f6f8fa; display: flex; align-items: center; gap: 8px; }
.frame-head .muted { color: #59636e; font-weight: 400; }
.avatar { width: 20px; height: 20px; border-radius: 4px; background: #2da44e; color: #fff; font-size: 11px;
  display: inline-flex; align-items: center; justify-content: center; }
.badge { border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 7px; font-size: 12px; font-weight: 500;
  color: #59636e; }
.markdown-body { padding: 16px 24px; }
.markdown-body > :first-child { margin-top: 0 !important; }
.markdown-body > :last-child { margin-bottom: 0 !important; }
h1, h2, h3, h4, h5, h6 { margin: 24px 0 16px; font-weight: 600; line-height: 1.25; }
h2 { font-size: 1.5em; padding-bottom: .3em; border-bottom: 1px solid #d1d9e0b3; }
h3 { font-size: 1.25em; } h4 { font-size: 1em; } h5 { font-size: .875em; } h6 { font-size: .85em; color: #59636e; }
p, table, pre, details, blockquote, .markdown-alert { margin: 0 0 16px; }
a { color: #0969da; text-decoration: none; }
code { font: 85% ui-monospace, SFMono-Regular, "DejaVu Sans Mono", Menlo, monospace; padding: .2em .4em;
  background: #818b981f; border-radius: 6px; }
pre { padding: 16px; background: #f6f8fa; border-radius: 6px; overflow: hidden; line-height: 1.45; }
pre code { padding: 0; background: none; font-size: 85%; white-space: pre; }
.addition { color: #116329; background: #dafbe1; display: inline-block; width: 100%; }
.deletion { color: #82071e; background: #ffebe9; display: inline-block; width: 100%; }
.hunk { color: #8250df; }
table { border-collapse: collapse; display: block; width: max-content; max-width: 100%; overflow: hidden; }
th, td { padding: 6px 13px; border: 1px solid #d1d9e0; }
th { font-weight: 600; } tr:nth-child(2n) { background: #f6f8fa; }
summary { cursor: pointer; }
details > :not(summary) { margin-top: 16px; }
.markdown-alert { padding: 8px 16px; border-left: .25em solid #0969da; }
.markdown-alert-title { color: #0969da; font-weight: 500; margin-bottom: 4px; }
.markdown-alert > p:last-child { margin-bottom: 0; }
sub { font-size: 75%; }
hr { border: 0; height: .25em; background: #d1d9e0; margin: 24px 0; }
`;

/** A circled "i", drawn here: the fonts of a bare machine may lack the character. */
const INFO_ICON =
  '<svg width="16" height="16" viewBox="0 0 16 16" style="vertical-align:text-bottom">' +
  '<circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.5"/>' +
  '<circle cx="8" cy="5" r="1" fill="currentColor"/><rect x="7.25" y="7" width="1.5" height="4.5" fill="currentColor"/></svg>';

/** GitHub's rendering of what marked leaves plain: `> [!NOTE]` alerts, and diff lines in colour. */
function asGitHub(html: string): string {
  return html
    .replace(
      /<blockquote>\s*<p>\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*/g,
      (_, kind: string) =>
        `<div class="markdown-alert"><p class="markdown-alert-title">${INFO_ICON} ${kind[0]}${kind.slice(1).toLowerCase()}</p><p>`,
    )
    .replace(/(<div class="markdown-alert">[\s\S]*?)<\/blockquote>/g, '$1</div>')
    .replace(/<code class="language-diff">([\s\S]*?)<\/code>/g, (_, body: string) => {
      const lines = body.split('\n').map((line) => {
        if (/^(\+\+\+|---)/.test(line)) return `<strong>${line}</strong>`;
        if (line.startsWith('+')) return `<span class="addition">${line}</span>`;
        if (line.startsWith('-')) return `<span class="deletion">${line}</span>`;
        if (line.startsWith('@@')) return `<span class="hunk">${line}</span>`;
        return line;
      });
      return `<code class="language-diff">${lines.join('\n')}</code>`;
    });
}

function page(head: string, markdown: string): string {
  const body = asGitHub(marked.parse(markdown, { gfm: true, async: false }));
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head>
<body><div class="frame"><div class="frame-head">${head}</div><div class="markdown-body">${body}</div></div></body></html>`;
}

/** One Chromium, driven through its DevTools protocol: a page of the width, as tall as its content. */
async function openBrowser(chromium: string): Promise<{
  shoot: (html: string, png: string, options?: { expand?: boolean }) => Promise<number>;
  close: () => void;
}> {
  const profile = join(scratch, 'profile');
  const browser = spawn(
    chromium,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--no-first-run',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = '';
    browser.stderr.on('data', (d: Buffer) => {
      text += d.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
    browser.on('exit', (code) => reject(new Error(`Chromium exited (${code}) before it listened:\n${text}`)));
  });
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  const events: Array<{ method: string; sessionId?: string; resolve: () => void }> = [];
  socket.addEventListener('message', (event: MessageEvent) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      sessionId?: string;
      result?: Record<string, unknown>;
      error?: { message: string };
    };
    if (message.id !== undefined) {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result ?? {});
      return;
    }
    const index = events.findIndex((e) => e.method === message.method && e.sessionId === message.sessionId);
    if (index >= 0) events.splice(index, 1)[0]!.resolve();
  });
  const send = (method: string, params: object = {}, sessionId?: string): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const next = (method: string, sessionId: string): Promise<void> =>
    new Promise((resolve) => events.push({ method, sessionId, resolve }));

  const shoot = async (html: string, png: string, options: { expand?: boolean } = {}): Promise<number> => {
    const file = join(scratch, 'page.html');
    writeFileSync(file, html);
    const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    await send('Page.enable', {}, sessionId);
    // A viewport one pixel high, so that the page's height is its content's.
    await send(
      'Emulation.setDeviceMetricsOverride',
      { width: WIDTH, height: 1, deviceScaleFactor: 1, mobile: false },
      sessionId,
    );
    const loaded = next('Page.loadEventFired', sessionId);
    await send('Page.navigate', { url: pathToFileURL(file).href }, sessionId);
    await loaded;
    // As a reviewer sees it after opening each folded part.
    const expand = options.expand ? "document.querySelectorAll('details').forEach((d) => (d.open = true));" : '';
    const { result } = (await send(
      'Runtime.evaluate',
      { expression: `${expand} document.documentElement.scrollHeight`, returnByValue: true },
      sessionId,
    )) as { result: { value: number } };
    const height = Math.ceil(result.value);
    await send(
      'Emulation.setDeviceMetricsOverride',
      { width: WIDTH, height, deviceScaleFactor: 1, mobile: false },
      sessionId,
    );
    const { data } = (await send('Page.captureScreenshot', { format: 'png' }, sessionId)) as { data: string };
    const bytes = Buffer.from(data, 'base64');
    writeFileSync(png, bytes);
    await send('Target.closeTarget', { targetId });
    return bytes.length;
  };
  return {
    shoot,
    close: () => {
      socket.close();
      browser.kill();
    },
  };
}

async function moduleEmulator(kind: ExampleOutcome): Promise<Emulator> {
  const emulator = await startEmulator({
    testRuns: { queuedMs: 50, runningMs: 400, outcome: exampleModuleOutcome(kind) },
  });
  emulator.seedRegistryModule({ name: 'log-bucket', provider: 'aws' });
  return emulator;
}

/**
 * An organization in sync with examples/policies but for what people did in the service since:
 * one policy edited by hand (its level, description and code), and one no file defines. The
 * sync that brings it in line is a run of the built action, as on a push to main; the edits go
 * through the service's API, as the service's UI would send them.
 */
async function policiesEmulator(github: GitHubFake): Promise<{ emulator: Emulator; policySet: string }> {
  const emulator = await startEmulator();
  // A set for each kind of policies: a policy set holds one kind.
  const policySet = `native:${emulator.seedPolicySet()}\nopa:${emulator.seedPolicySet()}`;
  const synced = await run(
    {
      name: 'sync-policies',
      job: 'sync',
      emulator,
      inputs: { ...policyInputs(emulator, policySet), 'comment-on-pr': 'false' },
    },
    github,
    1,
  );
  if (synced.code !== 0) throw new Error(`the sync that prepares the organization failed:\n${synced.log}`);
  const edited = emulator.policies().find((p) => p.name === 'restrict-instance-types');
  if (edited === undefined) throw new Error('the sync created no policy restrict-instance-types');
  const api = async (method: string, path: string, body: string, type: string): Promise<void> => {
    const answer = await fetch(`${emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${emulator.token}`, 'content-type': type },
      body,
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  };
  await api(
    'PATCH',
    `/policies/${edited.id}`,
    JSON.stringify({
      data: {
        type: 'policies',
        id: edited.id,
        attributes: { 'enforcement-level': 'advisory', description: 'Edited by hand in the UI' },
      },
    }),
    'application/vnd.api+json',
  );
  await api(
    'PUT',
    `/policies/${edited.id}/upload`,
    (edited.code ?? '').replace('"t3.micro"', '"t3.micro", "t3.2xlarge"'),
    'application/octet-stream',
  );
  emulator.seedPolicy({
    name: 'legacy-cost-guard',
    kind: 'native',
    enforcementLevel: 'advisory',
    code: 'main = rule { true }\n',
    policySetIds: [policySet.split('\n')[0]!.replace('native:', '')],
  });
  return { emulator, policySet };
}

function policyInputs(emulator: Emulator, policySet: string): Record<string, string> {
  return {
    mode: 'sync-policies',
    organization: emulator.organization,
    'policy-files': 'examples/policies/*.native\nexamples/policies/*.rego',
    'policy-sets': policySet,
    prune: 'true',
  };
}

const chromium = findChromium();
const github = await startGitHubFake();
const passing = await moduleEmulator('pass');
const failing = await moduleEmulator('fail');
const policies = await policiesEmulator(github);
const moduleInputs = (emulator: Emulator): Record<string, string> => ({
  mode: 'run-module-tests',
  organization: emulator.organization,
  'module-directory': 'examples/module',
  'module-name': 'log-bucket',
  'module-provider': 'aws',
  'junit-file': JUNIT_FILE,
});
const shots: Shot[] = [
  {
    name: 'module-tests-passed',
    job: 'test',
    emulator: passing,
    inputs: { ...moduleInputs(passing), 'test-filters': 'tests/passing.tftest.hcl' },
  },
  { name: 'module-tests-failed', job: 'test', emulator: failing, inputs: moduleInputs(failing) },
  {
    name: 'sync-policies-dry-run',
    expanded: true,
    job: 'sync',
    emulator: policies.emulator,
    inputs: { ...policyInputs(policies.emulator, policies.policySet), 'dry-run': 'true' },
  },
];

const browser = await openBrowser(chromium);
try {
  let pullRequest = 41;
  for (const shot of shots) {
    const rendered = await run(shot, github, pullRequest++);
    if (rendered.comment === undefined) throw new Error(`${shot.name}: the step wrote no comment:\n${rendered.log}`);
    const summaryHead = `<span>${shot.job} summary</span>`;
    const commentHead =
      '<span class="avatar">▶</span><span>github-actions</span><span class="badge">bot</span><span class="muted">commented</span>';
    for (const [kind, head, markdown] of [
      ['summary', summaryHead, rendered.summary],
      ['comment', commentHead, rendered.comment],
    ] as const) {
      const png = join(images, `${kind}-${shot.name}.png`);
      const size = await browser.shoot(page(head, markdown), png);
      console.log(`  docs/images/${kind}-${shot.name}.png (${Math.round(size / 1024)} KiB)`);
    }
    if (shot.expanded) {
      const png = join(images, `comment-${shot.name}-opened.png`);
      const size = await browser.shoot(page(commentHead, rendered.comment), png, { expand: true });
      console.log(`  docs/images/comment-${shot.name}-opened.png (${Math.round(size / 1024)} KiB)`);
    }
  }
} finally {
  browser.close();
  await Promise.all([github.close(), passing.close(), failing.close(), policies.emulator.close()]);
  rmSync(scratch, { recursive: true, force: true });
  rmSync(join(root, '.docs-screenshots'), { recursive: true, force: true });
}
