/**
 * What the check run and the pull request comment share about talking to GitHub: where the API
 * is, how long a request may take, what a failure's status was, and keeping the token out of
 * what is logged.
 */

/** A request to GitHub that takes longer than this is given up (the step must not hang on it). */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000;

export interface GitHubLog {
  warning(message: string): void;
  debug(message: string): void;
}

/** The explicit address, else GITHUB_API_URL (GitHub Enterprise Server), else github.com's. */
export function apiBaseUrl(explicit: string | undefined): string {
  const url = explicit || process.env.GITHUB_API_URL || 'https://api.github.com';
  return url.replace(/\/+$/, '');
}

/** Octokit's own notices (deprecations) go to the debug log, not the step's warnings. */
export function octokitLog(log: GitHubLog) {
  const toDebug = (message: string): void => log.debug(`GitHub client: ${message}`);
  return { debug: () => {}, info: () => {}, warn: toDebug, error: toDebug };
}

/** The HTTP status of a response GitHub gave, or undefined when no response came. */
export function answeredStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const response = (error as { response?: { status?: unknown } }).response;
  return typeof response?.status === 'number' ? response.status : undefined;
}

export function hideToken(text: string, token: string): string {
  return token.length >= 4 ? text.split(token).join('***') : text;
}
