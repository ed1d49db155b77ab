// Packing benchmark: packModule against `tar -czf` on the same generated tree, and packModule's
// peak memory on a 50 MB and a 200 MB module. Usage: npm exec -- node bench/pack.ts [--runs N]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { generateModuleTree } from './pack-tree.ts';

const WORKER_SOURCE = fileURLToPath(new URL('./pack-worker.ts', import.meta.url));
const REPO = fileURLToPath(new URL('..', import.meta.url));
const MB = 1024 * 1024;

interface WorkerRun {
  ms: number;
  maxRssBytes: number;
  files: number;
  bytes: number;
}

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

const work = await mkdtemp(path.join(os.tmpdir(), 'slug-bench-'));
const worker = path.join(work, 'worker', 'index.js');
try {
  // Bundled as the action is shipped (see pack-worker.ts).
  const ncc = createRequire(import.meta.url).resolve('@vercel/ncc/dist/ncc/cli.js');
  execFileSync(
    process.execPath,
    [ncc, 'build', WORKER_SOURCE, '-o', path.dirname(worker), '--quiet', '--transpile-only'],
    {
      cwd: REPO,
      stdio: 'inherit',
    },
  );

  const modules = [
    { label: '50 MB / 5,000 files', dir: path.join(work, 'module-50'), files: 5_000, bytes: 50 * MB },
    { label: '200 MB / 20,000 files', dir: path.join(work, 'module-200'), files: 20_000, bytes: 200 * MB },
  ];
  for (const module of modules) {
    const written = await generateModuleTree(module.dir, module.files, module.bytes);
    console.log(`generated ${module.label}: ${(written / MB).toFixed(1)} MiB in ${module.dir}`);
  }
  const empty = path.join(work, 'empty');
  await generateModuleTree(empty, 0, 0);

  console.log(`node ${process.version}, ${os.cpus().length} CPUs, median of ${runs} runs, page cache warm\n`);
  const baseline = await runWorker(empty, path.join(work, 'empty.tgz'), 6);
  console.log(`peak RSS of a process packing an empty module (Node's own floor): ${mib(baseline.maxRssBytes)}\n`);

  for (const module of modules) {
    const tarOut = path.join(work, 'tar.tgz');
    const packOut = path.join(work, 'pack.tgz');
    await shell(`tar -cf /dev/null -C '${module.dir}' .`); // warm the page cache

    const tar6: number[] = [];
    const pack6: WorkerRun[] = [];
    const tar1: number[] = [];
    const pack1: WorkerRun[] = [];
    for (let run = 0; run < runs; run++) {
      tar6.push(await shell(`tar -czf '${tarOut}' -C '${module.dir}' .`));
      pack6.push(await runWorker(module.dir, packOut, 6));
      tar1.push(await shell(`tar -cf - -C '${module.dir}' . | gzip -1 > '${tarOut}'`));
      pack1.push(await runWorker(module.dir, packOut, 1));
    }
    const tarSize6 = await sizeAfter(`tar -czf '${tarOut}' -C '${module.dir}' .`, tarOut);
    const packSize6 = median(pack6.map((r) => r.bytes));

    console.log(module.label);
    report('gzip -6  ', median(tar6), pack6, tarSize6, packSize6);
    report('gzip -1 *', median(tar1), pack1);
    console.log('');
  }
  console.log("* level 1 is go-slug's (gzip.BestSpeed) and packModule's default; level 6 is tar -czf's.");
} finally {
  if (!process.argv.includes('--keep')) await rm(work, { recursive: true, force: true });
}

function report(label: string, tarMs: number, packRuns: WorkerRun[], tarBytes?: number, packBytes?: number): void {
  const packMs = median(packRuns.map((r) => r.ms));
  const rss = Math.max(...packRuns.map((r) => r.maxRssBytes));
  const sizes = tarBytes && packBytes ? `, archive ${mib(packBytes)} vs ${mib(tarBytes)}` : '';
  console.log(
    `  ${label} tar ${ms(tarMs)}  packModule ${ms(packMs)}  ratio ${(packMs / tarMs).toFixed(2)}x  peak RSS ${mib(rss)}${sizes}`,
  );
}

function runWorker(root: string, out: string, level: number): Promise<WorkerRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [worker, root, out, String(level)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`pack-worker exited with ${code}`));
      else resolve(JSON.parse(stdout) as WorkerRun);
    });
  });
}

function shell(command: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${command} exited with ${code}`));
      else resolve(performance.now() - started);
    });
  });
}

async function sizeAfter(command: string, file: string): Promise<number> {
  await shell(command);
  return (await stat(file)).size;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function ms(value: number): string {
  return `${(value / 1000).toFixed(2)} s`;
}

function mib(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MiB`;
}
