import type { NoUpgradeAvailable, UpgradeAnswer } from '../../src/service/no-code.ts';

/** The run an initiate started; a test that expects one fails on the service's "no upgrade available". */
export function startedRun(answer: UpgradeAnswer | NoUpgradeAvailable): UpgradeAnswer {
  if ('noUpgrade' in answer) throw new Error(`no upgrade was started: ${answer.message}`);
  return answer;
}
