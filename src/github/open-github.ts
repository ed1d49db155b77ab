import type { GitHubClient, GitHubClientOptions } from './client.ts';

/**
 * A client of GitHub's REST API. The Octokit code (octokit.ts, with its plugins) is loaded here,
 * on the first call, not when the bundle starts: most steps never talk to GitHub.
 */
export async function openGitHub(options: GitHubClientOptions): Promise<GitHubClient> {
  const { createGitHubClient } = await import('./octokit.ts');
  return createGitHubClient(options);
}
