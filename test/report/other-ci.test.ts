import { expect, it } from 'vitest';
import { onAnotherCiSystem } from '../../src/report/github-sink.ts';

it('tells GitHub Actions from other CI systems, where ::add-mask:: would print the secret', () => {
  expect(onAnotherCiSystem({ GITHUB_ACTIONS: 'true', CI: 'true' })).toBe(false);
  expect(onAnotherCiSystem({})).toBe(false);
  expect(onAnotherCiSystem({ CI: 'true' })).toBe(true);
  expect(onAnotherCiSystem({ GITLAB_CI: 'true' })).toBe(true);
  expect(onAnotherCiSystem({ JENKINS_URL: 'https://ci.example' })).toBe(true);
  expect(onAnotherCiSystem({ CI: 'false' })).toBe(false);
});
