import { describe, expect, it } from 'vitest';
import type { SyncResultEntry } from '../../../src/modes/sync-policies/summary.ts';
import type { Emulator } from '../../emulator/api.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { testCancellation } from '../../support/test-cancellation.ts';
import { requestLines, startSync, storedByName, writes } from '../../sync-policies/run-harness.ts';
import { lineOf } from '../../sync-policies/temp-workspace.ts';
import { underEachPersonality } from '../../support/personalities.ts';

underEachPersonality(() => {
  const code = (name: string): string => `# ${name}\nmain = rule { true }\n`;
  const CREATE_PATH = '/api/v2/organizations/acme/policies';

  function files(names: string[], config = ''): Record<string, string> {
    return {
      ...Object.fromEntries(names.map((n) => [`policies/${n}.native`, code(n)])),
      ...(config ? { 'policies/policies.hcl': config } : {}),
    };
  }

  function entries(outputs: Record<string, unknown>): Map<string, SyncResultEntry> {
    return new Map((outputs.result as SyncResultEntry[]).map((e) => [e.name, e]));
  }

  async function until(condition: () => boolean, what: string): Promise<void> {
    for (let i = 0; i < 400; i++) {
      if (condition()) return;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  function arrived(emulator: Emulator, method: string, path: string): boolean {
    return emulator.requests.some((r) => r.method === method && r.path === `/api/v2${path}`);
  }

  describe('applying the plan: one failure does not stop the others', () => {
    const CONFIG = [
      'policy "a" {',
      '  enforcement_level = "soft-mandatory"',
      '}',
      'policy "b" {',
      '  enforcement_level = "soft-mandatory"',
      '}',
      'policy "c" {',
      '  enforcement_level = "soft-mandatory"',
      '}',
    ].join('\n');

    // A service that keeps failing: a single 500 is retried where repeating is safe.
    it('a policy the service refuses fails alone; the step fails and the error lands on its block', async () => {
      const harness = await startSync(files(['a', 'b', 'c'], CONFIG));
      // In a policy set each, so that no policy is named for checking nothing.
      const set = harness.emulator.seedPolicySet();
      const ids = Object.fromEntries(
        ['a', 'b', 'c'].map((n) => [
          n,
          harness.emulator.seedPolicy({ name: n, code: code(n), policySetIds: [set] }).id,
        ]),
      );
      harness.emulator.inject({
        method: 'PATCH',
        path: `/policies/${ids.b}`,
        times: 50,
        kind: { type: 'status', status: 500 },
      });

      const { result } = await harness.sync();

      const stored = storedByName(harness.emulator);
      expect(stored.get('a')!.enforcementLevel).toBe('soft-mandatory');
      expect(stored.get('b')!.enforcementLevel).toBe('advisory');
      expect(stored.get('c')!.enforcementLevel).toBe('soft-mandatory');
      expect(result.conclusion).toBe('failure');
      // The service refused it: a failure, exit 1, not the user's input.
      expect(result.failure).toEqual({ kind: 'failure', message: '1 of 3 policies failed to sync in acme' });
      expect(result.annotations).toEqual([
        {
          level: 'error',
          title: 'Policy b',
          file: 'policies/policies.hcl',
          startLine: lineOf(CONFIG, 'policy "b"'),
          message: expect.stringContaining(
            `PATCH /api/v2/policies/${ids.b}: the service failed (500 Internal Server Error)`,
          ) as unknown,
        },
      ]);
      const byName = entries(result.outputs);
      expect(byName.get('b')).toMatchObject({ outcome: 'failed', id: ids.b });
      expect(byName.get('b')!.error).toContain('Run the sync again');
      expect(byName.get('a')).toMatchObject({ outcome: 'done' });
      expect(byName.get('a')!.error).toBeUndefined();
      expect(result.outputs).toMatchObject({ updated: 2 });
      expect(result.summary).toContain('### Failed');
      expect(result.summary).toContain('**1** failed');
    });

    it('a replace whose create fails says the old policy is gone and which sets it was in', async () => {
      const harness = await startSync(files(['k']));
      const set = harness.emulator.seedPolicySet();
      harness.emulator.seedPolicy({
        name: 'k',
        kind: 'opa',
        query: 'data.x.deny',
        code: 'package x\n',
        policySetIds: [set],
      });
      harness.emulator.inject({ method: 'POST', path: CREATE_PATH, times: 50, kind: { type: 'status', status: 500 } });

      const { result } = await harness.sync();

      expect(harness.emulator.policies()).toEqual([]);
      const entry = entries(result.outputs).get('k')!;
      expect(entry).toMatchObject({ action: 'replace', outcome: 'failed', id: null });
      expect(entry.error).toMatch(/already done: deleted pol-\w+\)/);
      expect(entry.error).toContain(
        `The opa policy was deleted and the native one not created: run the sync again to create it, then add it back to policy set ${set}`,
      );
    });

    it('a created policy whose upload failed gets its code on the next run', async () => {
      const harness = await startSync(files(['n']));
      // Every attempt of the first sync's upload: the first try and the client's 6 retries.
      harness.emulator.inject({ method: 'PUT', path: '/upload', times: 7, kind: { type: 'status', status: 500 } });
      const first = await harness.sync();
      const entry = entries(first.result.outputs).get('n')!;
      expect(entry.outcome).toBe('failed');
      expect(entry.error).toContain('The policy exists without its code; the next sync uploads it.');
      expect(storedByName(harness.emulator).get('n')!.code).toBeNull();

      harness.emulator.clearRequests();
      const second = await harness.sync();
      expect(second.result.failure).toBeNull();
      const id = storedByName(harness.emulator).get('n')!.id;
      // The download answered 404 (no code yet), so the code is uploaded and nothing else.
      expect(writes(harness.emulator)).toEqual([{ method: 'PUT', path: `/policies/${id}/upload`, body: code('n') }]);
      expect(storedByName(harness.emulator).get('n')!.code).toBe(code('n'));
    });
  });

  describe('applying the plan: checking what the service kept', () => {
    const LEVELS =
      'policy "a" {\n  enforcement_level = "hard-mandatory"\n}\npolicy "b" {\n  enforcement_level = "hard-mandatory"\n}\n';
    const showLines = (emulator: Emulator): string[] =>
      requestLines(emulator).filter((l) => /^GET \/policies\/[^/]+$/.test(l));

    it('a level the service answers 2xx to but does not keep fails that policy, from the update answer alone', async () => {
      const harness = await startSync(files(['a', 'b'], LEVELS), {
        policies: { ignoredSettings: ['enforcement-level'] },
      });
      harness.emulator.seedPolicy({ name: 'a', code: code('a') });
      // b differs only in its code: no setting is written, nothing to check.
      harness.emulator.seedPolicy({ name: 'b', enforcementLevel: 'hard-mandatory', code: '# old\n' });

      const { result } = await harness.sync();

      const byName = entries(result.outputs);
      expect(byName.get('a')).toMatchObject({
        outcome: 'failed',
        error:
          'the service did not apply enforcement-level hard-mandatory to policy a; it reports advisory (already done: updated enforcement-level)',
      });
      expect(byName.get('b')).toMatchObject({ outcome: 'done' });
      expect(result.failure?.message).toBe('1 of 2 policies failed to sync in acme');
      expect(showLines(harness.emulator)).toEqual([]);
    });

    it('a description or a policy set the service does not keep fails the new policy, naming the setting', async () => {
      const config = 'policy "d" {\n  description = "Why d exists."\n}\n';
      const harness = await startSync(files(['d'], config), {
        policies: { ignoredSettings: ['description', 'policy-sets'] },
      });
      const set = harness.emulator.seedPolicySet();

      const { result } = await harness.sync({ policySets: [{ id: set, kind: null }] });

      const id = storedByName(harness.emulator).get('d')!.id;
      expect(entries(result.outputs).get('d')).toMatchObject({
        outcome: 'failed',
        id,
        error:
          'the service did not apply description "Why d exists." to policy d; it reports none; ' +
          `the service did not add policy d to policy set ${set}; it reports none (already done: created ${id}, uploaded the code)`,
      });
      expect(showLines(harness.emulator)).toEqual([]);
    });

    it('new policies cost a create and an upload each, plus the list: the create answer is what is checked', async () => {
      const names = ['n1', 'n2', 'n3', 'n4'];
      const harness = await startSync(files(names));
      const { result, log } = await harness.sync();

      expect(result.failure).toBeNull();
      const lines = requestLines(harness.emulator);
      expect(lines).toHaveLength(1 + 2 * names.length);
      expect(lines.filter((l) => l.startsWith('POST '))).toHaveLength(names.length);
      expect(lines.filter((l) => l.startsWith('PUT '))).toHaveLength(names.length);
      expect(log).toMatch(/n1: created pol-\w+, uploaded the code, settings checked/);
    });

    it('write answers without a body: each written policy is read back, and checked as strictly', async () => {
      const harness = await startSync(
        files(['a', 'b', 'new'], LEVELS + 'policy "new" {\n  enforcement_level = "soft-mandatory"\n}\n'),
        {
          policies: { writeAnswer: 'no-body' },
        },
      );
      const a = harness.emulator.seedPolicy({ name: 'a', code: code('a') }).id;
      const b = harness.emulator.seedPolicy({ name: 'b', code: '# old\n' }).id;

      const first = await harness.sync();

      expect(first.result.failure).toBeNull();
      const stored = storedByName(harness.emulator);
      const created = stored.get('new')!.id;
      expect([...stored.values()].map((p) => [p.name, p.enforcementLevel, p.code])).toEqual([
        ['a', 'hard-mandatory', code('a')],
        ['b', 'hard-mandatory', code('b')],
        ['new', 'soft-mandatory', code('new')],
      ]);
      // The updates are read back by id; the new policy, whose id the answer did not give, by name.
      expect(showLines(harness.emulator).sort()).toEqual([`GET /policies/${a}`, `GET /policies/${b}`].sort());
      expect(requestLines(harness.emulator).filter((l) => l.includes('search%5Bname%5D=new'))).toHaveLength(1);
      expect(entries(first.result.outputs).get('new')).toMatchObject({ outcome: 'done', id: created });
      expect(first.log).toMatch(/new: created pol-\w+, uploaded the code, read back/);

      // The same service not keeping the level: the read-back says so.
      const strict = await startSync(files(['a'], 'policy "a" {\n  enforcement_level = "soft-mandatory"\n}\n'), {
        policies: { writeAnswer: 'no-body', ignoredSettings: ['enforcement-level'] },
      });
      const id = strict.emulator.seedPolicy({ name: 'a', code: code('a') }).id;
      const { result } = await strict.sync();
      expect(entries(result.outputs).get('a')).toMatchObject({
        outcome: 'failed',
        error:
          'the service did not apply enforcement-level soft-mandatory to policy a; it reports advisory (already done: updated enforcement-level)',
      });
      expect(showLines(strict.emulator)).toEqual([`GET /policies/${id}`]);
    });

    it('write answers about another policy: the policy is read back, and its own id is reported', async () => {
      const harness = await startSync(
        files(['a', 'new'], 'policy "a" {\n  enforcement_level = "hard-mandatory"\n}\n'),
        {
          policies: { writeAnswer: 'another-policy' },
        },
      );
      const a = harness.emulator.seedPolicy({ name: 'a', code: code('a') }).id;

      const { result } = await harness.sync();

      expect(result.failure).toBeNull();
      const created = storedByName(harness.emulator).get('new')!.id;
      expect(entries(result.outputs).get('new')).toMatchObject({ outcome: 'done', id: created });
      expect(
        harness.emulator
          .policies()
          .map((p) => p.name)
          .sort(),
      ).toEqual(['a', 'new']);
      expect(showLines(harness.emulator)).toEqual([`GET /policies/${a}`]);
      expect(
        writes(harness.emulator)
          .filter((w) => w.method === 'PUT')
          .map((w) => w.path),
      ).toContain(`/policies/${created}/upload`);
    });
  });

  describe('applying the plan: concurrency and cancellation', () => {
    it('writes several policies at once', async () => {
      const names = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'];
      // The service's latency on a clock that moves only while every request waits on it: the
      // times compared are the service's, not those of a machine that others share.
      const clock = new ManualClock();
      const concurrent = await startSync(files(names), { latencyMs: 50, clock });
      let started = clock.now();
      expect((await clock.runUntilSettled(concurrent.sync({}, { client: { clock } }))).result.failure).toBeNull();
      const concurrentMs = clock.now() - started;

      const sequential = await startSync(files(names), { latencyMs: 50, clock });
      started = clock.now();
      const alone = sequential.sync({}, { workers: 1, client: { concurrency: 1, clock } });
      expect((await clock.runUntilSettled(alone)).result.failure).toBeNull();
      const sequentialMs = clock.now() - started;

      // 1 list + 2 requests a policy (create, upload), 50 ms each: about 0.85 s one after another.
      expect(sequentialMs).toBeGreaterThanOrEqual(800);
      expect(concurrentMs).toBeLessThan(sequentialMs / 2);
      for (const h of [concurrent, sequential]) expect(h.emulator.policies()).toHaveLength(names.length);
    });

    it('once cancelled, no new policy is started and the result says which were not', async () => {
      const names = ['c1', 'c2', 'c3', 'c4', 'c5'];
      const harness = await startSync(files(names));
      harness.emulator.inject({ method: 'POST', path: CREATE_PATH, kind: { type: 'delay', ms: 300 } });
      const cancellation = testCancellation();
      const running = harness.sync({}, { workers: 1, cancellation });
      await until(() => arrived(harness.emulator, 'POST', '/organizations/acme/policies'), 'the first create');
      cancellation.send('SIGINT');
      const { result } = await running;
      await new Promise((r) => setTimeout(r, 350));

      expect(writes(harness.emulator).map((w) => w.method)).toEqual(['POST']);
      expect(result.conclusion).toBe('cancelled');
      expect(result.failure?.message).toBe('Policy sync of acme cancelled: 4 of 5 policies not started, 1 failed');
      const byName = entries(result.outputs);
      expect(byName.get('c1')).toMatchObject({
        outcome: 'failed',
        error: expect.stringContaining('the step was cancelled') as unknown,
      });
      for (const name of names.slice(1)) expect(byName.get(name)).toMatchObject({ outcome: 'not-started', id: null });
      expect(result.summary).toContain('**4** not started');
    });
  });
});
