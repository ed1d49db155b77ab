// Runs startCheckRun the way the action runs it: no context and no address given, so both come
// from the process environment (GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_EVENT_NAME,
// GITHUB_EVENT_PATH, GITHUB_SHA). Prints one JSON line: the handle's id and the outcome of complete().

import { startCheckRun } from '../../src/github/check-run.ts';
import { systemClock } from '../../src/lifetime/clock.ts';
import { Deadline } from '../../src/lifetime/deadline.ts';

const log = {
  warning: (message: string) => void process.stderr.write(`warning: ${message}\n`),
  debug: (message: string) => void process.stderr.write(`debug: ${message}\n`),
  info: (message: string) => void process.stderr.write(`info: ${message}\n`),
};

const handle = await startCheckRun({
  deadline: Deadline.after(300_000, systemClock),
  token: process.env.CHECK_RUN_TOKEN ?? '',
  name: 'from environment',
  log,
});
const outcome = await handle?.complete({
  conclusion: 'success',
  title: 'all passed',
  summary: 'ok',
  annotations: [{ path: 'main.tf', startLine: 3, level: 'notice', message: 'read from the environment' }],
});
process.stdout.write(`${JSON.stringify({ id: handle?.id ?? null, outcome: outcome ?? null })}\n`);
