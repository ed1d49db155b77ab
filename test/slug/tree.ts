import { chmod, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A node of a test tree. Link targets may name `{module}` and `{outside}`, replaced by the
 * absolute paths of the module directory and of a directory beside it.
 */
export type TreeNode =
  | { readonly file: string; readonly content?: string | Buffer; readonly mode?: number }
  | { readonly dir: string; readonly mode?: number }
  | { readonly link: string; readonly to: string };

export interface TestTree {
  /** Parent of both directories. */
  readonly base: string;
  /** `<base>/mod`, the module directory. */
  readonly module: string;
  /** `<base>/outside`, where links leaving the module point. */
  readonly outside: string;
}

export async function makeTree(module: readonly TreeNode[], outside: readonly TreeNode[] = []): Promise<TestTree> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'slug-test-'));
  const tree: TestTree = { base, module: path.join(base, 'mod'), outside: path.join(base, 'outside') };
  await writeNodes(tree, tree.module, module);
  await writeNodes(tree, tree.outside, outside);
  return tree;
}

async function writeNodes(tree: TestTree, root: string, nodes: readonly TreeNode[]): Promise<void> {
  await ensureDir(root, root);
  for (const node of nodes) {
    if ('file' in node) {
      const target = path.join(root, node.file);
      await ensureDir(root, path.dirname(target));
      await writeFile(target, node.content ?? `content of ${node.file}\n`);
      await chmod(target, node.mode ?? 0o644);
    } else if ('dir' in node) {
      const target = path.join(root, node.dir);
      await ensureDir(root, target);
      await chmod(target, node.mode ?? 0o755);
    } else {
      const target = path.join(root, node.link);
      await ensureDir(root, path.dirname(target));
      await symlink(node.to.replaceAll('{module}', tree.module).replaceAll('{outside}', tree.outside), target);
    }
  }
}

/** mkdir -p with mode 0755 for every directory made, whatever the umask. */
async function ensureDir(root: string, dir: string): Promise<void> {
  const parts = path.relative(root, dir).split(path.sep).filter(Boolean);
  let current = root;
  for (const part of ['', ...parts]) {
    current = path.join(current, part);
    const made = await mkdir(current, { recursive: true });
    if (made !== undefined) await chmod(current, 0o755);
  }
}
