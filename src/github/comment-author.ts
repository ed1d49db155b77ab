/**
 * Whose a comment is. The sticky comment is found again by its marker, but anyone can write a
 * marker: the action adopts a comment only when the identity its token acts as wrote it, so a
 * stranger's comment with a copied marker is never edited (and never carries the action's words
 * under a stranger's name, or the stranger's under the action's).
 *
 * - A user's token (a personal access token): the login `GET /user` answers.
 * - The workflow's token (GITHUB_TOKEN) is an installation token of the GitHub Actions app:
 *   `GET /user` refuses it (403), and it writes as `github-actions[bot]` through that app
 *   (`performed_via_github_app.slug` is `github-actions`). The token of another GitHub App
 *   cannot say which app it is: its earlier comments are not recognised, and it writes anew.
 */

import { answeredStatus, rateLimitOf } from './failure.ts';
import type { GitHubClient } from './client.ts';

export type CommentAuthor = { kind: 'user'; login: string } | { kind: 'github-actions' };

/** A comment as the issues API lists it: the fields that say who wrote it. */
export interface AuthoredComment {
  user?: { login?: string } | null;
  performed_via_github_app?: { slug?: string } | null;
}

const ACTIONS_LOGIN = 'github-actions[bot]';
const ACTIONS_APP = 'github-actions';

/** The identity the client's token writes as. */
export async function tokenAuthor(github: GitHubClient): Promise<CommentAuthor> {
  try {
    const { data } = await github.octokit.rest.users.getAuthenticated();
    return { kind: 'user', login: data.login };
  } catch (error) {
    // An installation token acts as no user. A rate limit is a rate limit, whoever asks.
    if (answeredStatus(error) === 403 && rateLimitOf(error) === undefined) return { kind: 'github-actions' };
    throw error;
  }
}

/** Whether `author` wrote the comment. */
export function writtenBy(comment: AuthoredComment, author: CommentAuthor): boolean {
  const login = comment.user?.login ?? '';
  if (author.kind === 'user') {
    // Logins are unique whatever their case; a user's own comment is not made through an app.
    return login.toLowerCase() === author.login.toLowerCase() && !comment.performed_via_github_app;
  }
  return login === ACTIONS_LOGIN && comment.performed_via_github_app?.slug === ACTIONS_APP;
}
