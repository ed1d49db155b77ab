// The import graph of the project's own TypeScript files, and its cycles. The check that no
// module imports, through others, one of its importers runs over it (test/lint/import-cycles):
// reading the imports' text is a fraction of what a lint rule that resolves every file costs.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/** File (relative to the root) → the project files it imports, type-only imports included. */
export type ImportGraph = Map<string, string[]>;

/** The files the cycle rule covers: every TypeScript file the lint reads. */
export const GRAPH_GLOBS = ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'];

export function importGraph(root: string, globs: readonly string[] = GRAPH_GLOBS): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of globs.flatMap((glob) => globSync(glob, { cwd: root })).sort()) {
    const text = readFileSync(join(root, file), 'utf8');
    const imported = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((ref) => ref.fileName)
      // A cycle cannot run through a package and back: only the project's own files are followed.
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => relative(root, join(root, dirname(file), specifier)))
      .filter((target) => target.endsWith('.ts') && existsSync(join(root, target)));
    graph.set(file, [...new Set(imported)]);
  }
  return graph;
}

/**
 * The cycles of the graph: each strongly connected set of more than one file, or a file that
 * imports itself, as its files sorted (Tarjan's algorithm, iterative so a deep graph is no risk).
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}
