// A vitest reporter for `npm run test:soak`: at the end of a run it writes what failed, test by
// test with its project (a mode test runs once per emulator personality), to the JSON file that
// SOAK_REPORT names. A file that failed outside its tests (an import, a hook) and an error that
// escaped every test count too: each is a failure a clean run must not have.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface SoakFailure {
  /** `project › file › test`, or `project › file` for a failure outside the file's tests. */
  name: string;
  /** The first line of the first error. */
  error: string;
}

export interface SoakRunReport {
  /** Tests that ran (passed or failed). */
  tests: number;
  failures: SoakFailure[];
}

interface ReportedError {
  message?: string;
  name?: string;
}

const firstLine = (error: ReportedError | undefined): string =>
  `${error?.name ? `${error.name}: ` : ''}${error?.message ?? 'no message'}`.split('\n')[0]!.slice(0, 200);

export default class SoakReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<ReportedError>): void {
    const path = process.env.SOAK_REPORT;
    if (path === undefined || path === '') return;
    const failures: SoakFailure[] = [];
    let tests = 0;
    for (const module of modules) {
      const where = `${module.project.name} › ${relative(process.cwd(), module.moduleId)}`;
      const moduleError = module.errors()[0];
      if (moduleError !== undefined) failures.push({ name: where, error: firstLine(moduleError) });
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed' || result.state === 'failed') tests++;
        if (result.state === 'failed')
          failures.push({ name: `${where} › ${test.fullName}`, error: firstLine(result.errors[0]) });
      }
    }
    for (const error of unhandledErrors) failures.push({ name: 'unhandled error', error: firstLine(error) });
    const report: SoakRunReport = { tests, failures };
    writeFileSync(path, JSON.stringify(report));
  }
}
