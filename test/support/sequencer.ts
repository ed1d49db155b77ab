// The order in which test files start. vitest's own order runs the projects one after another,
// each longest file first; with files that mostly wait on timers and sockets, the run is
// shortest when the longest files of every project start first, side by side. The bundle's
// files wait for the build (global-setup.ts), so they start only after a first file of every
// worker: that first wave covers the build.
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

export const BUNDLE_PROJECT = 'bundle';

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const last = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
      return { results: cache.getFileTestResults(key), size: cache.getFileStats(key)?.size ?? 0 };
    };
    // Failed last time first, then the longest last time, then files never run, largest first.
    const sorted = [...files].sort((a, b) => {
      const [x, y] = [last(a), last(b)];
      const failed = Number(y.results?.failed === true) - Number(x.results?.failed === true);
      if (failed !== 0) return failed;
      if (x.results !== undefined && y.results !== undefined) return y.results.duration - x.results.duration;
      if (x.results !== undefined || y.results !== undefined) return x.results !== undefined ? -1 : 1;
      return y.size - x.size;
    });
    const bundle = sorted.filter((spec) => spec.project.name === BUNDLE_PROJECT);
    const others = sorted.filter((spec) => spec.project.name !== BUNDLE_PROJECT);
    const firstWave = Math.min(others.length, Number(config.maxWorkers) || 1);
    return [...others.slice(0, firstWave), ...bundle, ...others.slice(firstWave)];
  }
}
