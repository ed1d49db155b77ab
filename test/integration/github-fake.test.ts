// The fake GitHub's GraphQL endpoint answers as GitHub does: the viewer of each kind of token, and
// a query it does not know refused with GitHub's errors, never answered as if it were known.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubFake } from '../github-fake/server.ts';
import type { GitHubFake } from '../github-fake/server.ts';

let fake: GitHubFake;
beforeEach(async () => {
  fake = await startGitHubFake();
});
afterEach(() => fake.close());

async function graphql(token: string, body: unknown, url = `${fake.url}/graphql`) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

describe('the fake GitHub’s GraphQL viewer', () => {
  it('names the account each token acts as: a user, GitHub Actions’ bot, another app’s bot', async () => {
    fake.appToken('ghs_appToken', 'deploy-bot');
    const query = { query: 'query { viewer { login } }' };
    expect(await graphql('ghp_userToken', query)).toEqual({
      status: 200,
      json: { data: { viewer: { login: 'user-ghp_us' } } },
    });
    expect(await graphql('ghs_workflowToken', { query: '{ viewer { login } }' })).toEqual({
      status: 200,
      json: { data: { viewer: { login: 'github-actions[bot]' } } },
    });
    expect(await graphql('ghs_appToken', query)).toEqual({
      status: 200,
      json: { data: { viewer: { login: 'deploy-bot[bot]' } } },
    });
  });

  it('refuses what it does not know as GitHub does: 200 with errors, no data', async () => {
    const errors = async (body: unknown) => {
      const { status, json } = await graphql('ghs_workflowToken', body);
      expect(status).toBe(200);
      expect(json).not.toHaveProperty('data');
      return (json as { errors: Array<Record<string, unknown>> }).errors.map((e) => e.message);
    };
    expect(await errors({ query: '{ viewer { login name } }' })).toEqual(["Field 'name' doesn't exist on type 'User'"]);
    expect(await errors({ query: 'query { repository { id } }' })).toEqual([
      "Field 'repository' doesn't exist on type 'Query'",
    ]);
    expect(await errors({ query: 'viewer' })).toEqual(['Parse error on "viewer" at [1, 1]']);
    expect(await errors({})).toEqual(['A query attribute must be specified and must be a string.']);
    // Without a token, nothing is answered at all.
    const anonymous = await fetch(`${fake.url}/graphql`, { method: 'POST', body: '{"query":"{ viewer { login } }"}' });
    expect(anonymous.status).toBe(401);
  });

  it('on GitHub Enterprise Server, beside /api/v3 at /api/graphql, and nowhere else', async () => {
    const server = await startGitHubFake({ basePath: '/api/v3' });
    try {
      const base = new URL(server.url).origin;
      const query = { query: '{ viewer { login } }' };
      expect((await graphql('ghs_x', query, `${base}/api/graphql`)).status).toBe(200);
      expect((await graphql('ghs_x', query, `${base}/api/v3/graphql`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
