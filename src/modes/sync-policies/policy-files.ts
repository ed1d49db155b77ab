// Finds the files the `policy-files` input matches.

import * as glob from '@actions/glob';
import { isAbsolute, relative, sep } from 'node:path';
import { ConfigurationError, getErrorMessage } from '../../errors.ts';
import { toolkitDebugTo } from '../../report/toolkit-debug.ts';
import { plural } from '../../text.ts';

/**
 * Absolute paths of the regular files matched by the patterns (@actions/glob syntax, one a
 * line, `!` excludes, `#` comments), sorted. Relative patterns are taken from `workspaceRoot`,
 * not from the current directory, so that the command line and tests behave like a workflow
 * step. Throws ConfigurationError for a pattern the glob library refuses (for example `..`).
 * `debug` gets one line of what the patterns matched; the glob library's own lines (each
 * directory it searched, its options) are its internals, and are dropped. `beforeSearch` is given
 * the folders the search starts from, and may throw to stop it before any folder is listed.
 */
export async function matchPolicyFiles(
  patterns: string[],
  workspaceRoot: string,
  debug?: (message: string) => void,
  beforeSearch?: (searchPaths: readonly string[]) => Promise<void>,
): Promise<string[]> {
  const lines = patterns
    .flatMap((p) => p.split(/\r?\n/))
    .map((p) => p.trim())
    .filter((p) => p !== '' && !p.startsWith('#'));
  if (lines.length === 0) return [];
  const rooted = lines.map((line) => rootPattern(line, workspaceRoot));
  let globber: glob.Globber;
  try {
    globber = await toolkitDebugTo(undefined, () => glob.create(rooted.join('\n'), { matchDirectories: false }));
  } catch (error) {
    throw refusedPattern(error, workspaceRoot);
  }
  await beforeSearch?.(globber.getSearchPaths());
  let files: string[];
  try {
    files = await toolkitDebugTo(undefined, () => globber.glob());
  } catch (error) {
    throw refusedPattern(error, workspaceRoot);
  }
  const matched = [...new Set(files)].sort();
  debug?.(`policy-files (${lines.join(', ')}) matched ${plural(matched.length, 'file')}.`);
  return matched;
}

/**
 * Files the patterns would match under the old extension of the native language, `.sentinel`
 * for `.native` (each pattern ending in `.native` is read ending in `.sentinel`): files a library kept under
 * that name, which the sync does not read. Relative to `workspaceRoot`, sorted.
 */
export async function findSentinelFiles(patterns: string[], workspaceRoot: string): Promise<string[]> {
  const lines = patterns
    .flatMap((p) => p.split(/\r?\n/))
    .map((p) => p.trim())
    .filter((p) => p.endsWith('.native'))
    .map((p) => `${p.slice(0, -'.native'.length)}.sentinel`);
  if (!lines.some((p) => !p.startsWith('!'))) return [];
  try {
    const found = await matchPolicyFiles(lines, workspaceRoot);
    return found.map((file) => relative(workspaceRoot, file).split(sep).join('/'));
  } catch {
    // The policy-files patterns were matched already; a pattern refused here says nothing new.
    return [];
  }
}

function refusedPattern(error: unknown, workspaceRoot: string): ConfigurationError {
  return new ConfigurationError(
    `Input "policy-files" has a pattern that cannot be used: ` +
      `${getErrorMessage(error).replaceAll(escapeGlob(workspaceRoot) + '/', '')} Use paths relative to the repository root, without "." or ".." segments.`,
  );
}

function rootPattern(line: string, root: string): string {
  const negation = /^!*/.exec(line)?.[0] ?? '';
  let pattern = line.slice(negation.length).trimStart();
  if (isAbsolute(pattern) || pattern.startsWith('~')) return negation + pattern;
  while (pattern.startsWith('./')) pattern = pattern.slice(2);
  return `${negation}${escapeGlob(root)}/${pattern}`;
}

/** Makes a literal path safe to prefix to a pattern (the escapes @actions/glob understands). */
function escapeGlob(path: string): string {
  const escaped = process.platform === 'win32' ? path : path.replace(/\\/g, '\\\\');
  return escaped.replace(/\[/g, '[[]').replace(/\?/g, '[?]').replace(/\*/g, '[*]');
}
