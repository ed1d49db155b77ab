/**
 * Whose a comment is. The sticky comment is found again by its marker, but anyone can write a
 * marker: the action adopts a comment only when the identity its token acts as wrote it, so a
 * stranger's comment with a copied marker is never edited (and never carries the action's words
 * under a stranger's name, or the stranger's under the action's).
 *
 * - A user's token (a personal access token): the login `GET /user` answers.
 * - An installation token of a GitHub App (the workflow's GITHUB_TOKEN is one, of the GitHub
 *   Actions app; `actions/create-github-app-token` makes them for any app) acts as no user:
 *   `GET /user` refuses it (403), and `GET /app` takes only the app's own JWT. GraphQL's
 *   `viewer` answers it with the app's bot account, whose login is the app's slug followed by
 *   `[bot]`; the app's comments are written by that account through the app
 *   (`performed_via_github_app.slug`).
 * - When GitHub refuses to say (a 403, or a GraphQL error of type FORBIDDEN) or names no login
 *   of that form, the token is taken for the workflow's own, GitHub Actions': a comment GitHub
 *   Actions wrote with the marker is then updated, and another app's earlier comment is not
 *   recognised (a new one is written). Any other failure of the question (no answer, a 5xx, an
 *   answer with other errors, an answer out of its documented shape: no login, no viewer) fails
 *   the comment, as a failure of any other call does.
 */

import { isObject } from '../json-object.ts';
import { quotedAnswer, unexpectedAnswer } from './answers.ts';
import type { GitHubClient, GitHubLog } from './client.ts';
import { answeredStatus, answerText, rateLimitOf, refusedOutright } from './failure.ts';

/** A user, by login; or a GitHub App, by slug, writing as its bot account `<slug>[bot]`. */
export type CommentAuthor = { kind: 'user'; login: string } | { kind: 'app'; slug: string; login: string };

/** A comment as the issues API lists it: the fields that say who wrote it. */
export interface AuthoredComment {
  user?: { login?: string } | null;
  performed_via_github_app?: { slug?: string } | null;
}

/** The app of the workflow's own token (GITHUB_TOKEN). */
export const GITHUB_ACTIONS: CommentAuthor = appAuthor('github-actions');

const VIEWER_QUERY = 'query { viewer { login } }';

/**
 * A bot account's login: the app's slug (its name lower-cased, spaces and other characters made
 * `-`; names are at most 34 characters) and `[bot]`. An answer of any other form is not used.
 */
const BOT_LOGIN = /^([a-z0-9][a-z0-9_-]{0,38})\[bot\]$/i;

/** The identity the client's token writes as. */
export async function tokenAuthor(github: GitHubClient, log: GitHubLog): Promise<CommentAuthor> {
  let user: unknown;
  try {
    user = (await github.octokit.rest.users.getAuthenticated()).data;
  } catch (error) {
    // An installation token acts as no user. A rate limit is a rate limit, whoever asks.
    if (answeredStatus(error) !== 403 || rateLimitOf(error) !== undefined) throw error;
    return installationAuthor(github, log);
  }
  return userAuthor(user, github);
}

/** The user `GET /user` names: a failure of the call when the answer names none. */
function userAuthor(user: unknown, github: GitHubClient): CommentAuthor {
  const login = isObject(user) ? user.login : undefined;
  if (typeof login !== 'string' || login === '') {
    throw unexpectedAnswer(
      `GitHub answered GET /user with ${quotedAnswer(user, github.redact)}, not a user with a login.`,
    );
  }
  return { kind: 'user', login };
}

/** The app whose installation token the client has, as GraphQL's `viewer` names its bot account. */
async function installationAuthor(github: GitHubClient, log: GitHubLog): Promise<CommentAuthor> {
  const assumed = (why: string): CommentAuthor => {
    log.debug(
      `comment-on-pr: ${why}; the token is taken for the workflow's own, GitHub Actions' (github-actions[bot]).`,
    );
    return GITHUB_ACTIONS;
  };
  let answer: unknown;
  try {
    answer = await github.octokit.graphql(VIEWER_QUERY);
  } catch (error) {
    // Only a refusal says that GitHub will not name the app. Anything else (no answer, a 5xx, an
    // answer with other errors, a rate limit) fails the comment as any other call would: taking
    // the token for GitHub Actions' then would not find this app's comment, and write a second.
    if (!refusedOutright(error)) throw error;
    return assumed(
      `GitHub did not say which app the token belongs to: its GraphQL API answered ${answerText(error, github)}`,
    );
  }
  const login = isObject(answer) && isObject(answer.viewer) ? answer.viewer.login : undefined;
  if (typeof login !== 'string') {
    throw unexpectedAnswer(
      `GitHub's GraphQL API answered ${VIEWER_QUERY} with ${quotedAnswer(answer, github.redact)}, not a viewer with a login.`,
    );
  }
  const slug = BOT_LOGIN.exec(login)?.[1];
  if (slug === undefined) return assumed("GitHub's GraphQL API named no bot account as the token's viewer");
  return appAuthor(slug);
}

function appAuthor(slug: string): CommentAuthor {
  return { kind: 'app', slug, login: `${slug}[bot]` };
}

/** Whether `author` wrote the comment. Logins and slugs are unique whatever their case. */
export function writtenBy(comment: AuthoredComment, author: CommentAuthor): boolean {
  const login = (comment.user?.login ?? '').toLowerCase();
  if (author.kind === 'user') {
    // A user's own comment is not made through an app.
    return login === author.login.toLowerCase() && !comment.performed_via_github_app;
  }
  const app = comment.performed_via_github_app?.slug;
  return (
    login === author.login.toLowerCase() && typeof app === 'string' && app.toLowerCase() === author.slug.toLowerCase()
  );
}
