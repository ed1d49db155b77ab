import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../emulator/cli.ts', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));

it('npm run emulator: runs under plain node, prints what it seeded, serves it, stops on a signal', async () => {
  const child = spawn(process.execPath, [cli, '--json', '--latency', '1', '--personality', 'cli-tool'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const seeded = JSON.parse(line);
    expect(seeded.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    expect(seeded.workspaceId).toMatch(/^ws-/);
    expect(seeded.personality).toBe('cli-tool');
    const reply = await fetch(`${seeded.baseUrl}/organizations/acme/policies`, {
      headers: { authorization: `Bearer ${seeded.token}` },
    });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { data: Array<{ attributes: { name: string } }> };
    expect(body.data.map((policy) => policy.attributes.name)).toEqual(['require-tags']);
    const noCode = await fetch(`${seeded.baseUrl}/no-code-modules/${seeded.noCodeModuleId}`, {
      headers: { authorization: `Bearer ${seeded.organizationToken}` },
    });
    expect(noCode.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = await once(child, 'exit');
  expect(code).toBe(0);
});

it.each(['SIGTERM', 'SIGINT'] as const)('npm run emulator: %s to npm stops the emulator too', async (signal) => {
  // npm runs the script through a shell, which ends on the signal npm passes on without passing
  // it further: the emulator must notice by itself.
  const npm = spawn('npm', ['run', '--silent', 'emulator', '--', '--json'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: npm.stdout }), 'line')) as [string];
  const { baseUrl } = JSON.parse(line) as { baseUrl: string };
  expect((await fetch(baseUrl)).status).toBeGreaterThan(0);
  npm.kill(signal);
  await once(npm, 'exit');
  expect(await refusedWithin(baseUrl, 5000), 'the emulator still answers after npm ended').toBe(true);
});

it('the emulator stops when its parent goes away without a signal reaching it', async () => {
  const shell = spawn('sh', ['-c', `"${process.execPath}" "${cli}" --json; true`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: shell.stdout }), 'line')) as [string];
  const { baseUrl } = JSON.parse(line) as { baseUrl: string };
  shell.kill('SIGKILL');
  await once(shell, 'exit');
  expect(await refusedWithin(baseUrl, 5000), 'the emulator still answers after its parent ended').toBe(true);
});

it('npm run emulator: ends quietly when the reader of its output has gone (| head)', async () => {
  const child = spawn(process.execPath, [cli], { stdio: ['ignore', 'pipe', 'pipe'] });
  // The reader goes before the emulator has written a line: its first write finds no reader.
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(stderr).not.toContain('EPIPE');
  expect(code).toBe(0);
});

/** Whether connections to the address are refused (the emulator gone) within `ms`. */
async function refusedWithin(baseUrl: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (
      await fetch(baseUrl).then(
        () => false,
        () => true,
      )
    )
      return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
