// The order in which test files start. Like vitest's own order, project by project, each
// longest file first: a worker keeps the modules of its project loaded from file to file, and
// starting another project's file costs a new worker. Unlike it, the files of test/dist/ come
// after those of test/integration/ (they wait for the build, global-setup.ts, which those cover;
// started first, six processes of the bundle beside the build made the real terraform's tests
// miss their timings), and the unit files last: short, they fill the end of the run.
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

export const UNIT_PROJECT = 'unit';
export const INTEGRATION_PROJECT = 'integration';
export const DIST_PROJECT = 'dist';
const PROJECT_ORDER = [INTEGRATION_PROJECT, DIST_PROJECT, UNIT_PROJECT];

export class ProjectsInTurn extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const last = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
      return { results: cache.getFileTestResults(key), size: cache.getFileStats(key)?.size ?? 0 };
    };
    const project = (spec: TestSpecification): number => {
      const at = PROJECT_ORDER.indexOf(spec.project.name);
      return at === -1 ? PROJECT_ORDER.length : at;
    };
    // Within a project: failed last time first, then the longest last time, then files never
    // run, largest first.
    return [...files].sort((a, b) => {
      const byProject = project(a) - project(b);
      if (byProject !== 0) return byProject;
      const [x, y] = [last(a), last(b)];
      const failed = Number(y.results?.failed === true) - Number(x.results?.failed === true);
      if (failed !== 0) return failed;
      if (x.results !== undefined && y.results !== undefined) return y.results.duration - x.results.duration;
      if (x.results !== undefined || y.results !== undefined) return x.results !== undefined ? -1 : 1;
      return y.size - x.size;
    });
  }
}
