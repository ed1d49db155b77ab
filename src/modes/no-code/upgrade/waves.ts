// A rollout in waves: the workspaces, in the order of `workspace-id`, cut into the waves the
// `waves` input gives, and the rule that lets the next wave start. A bad module version then
// breaks the first wave's workspaces, not the fleet's.

import type { WaveSize } from '../../../inputs/parsers.ts';
import type { WorkspaceUpgradeResult } from './upgrade-result.ts';

/**
 * The waves of `workspaceIds`, in order: each size a count, a share of all the workspaces
 * (rounded up, at least one) or the rest. When the sizes end before the workspaces do, the last
 * size repeats (`1,5` over 40: a wave of one, then waves of five), so every workspace is in a
 * wave; sizes past the last workspace give no wave.
 */
export function planWaves(workspaceIds: readonly string[], sizes: readonly WaveSize[]): string[][] {
  const total = workspaceIds.length;
  const sizeOf = (size: WaveSize): number => {
    if ('all' in size) return total;
    if ('percent' in size) return Math.max(1, Math.ceil((size.percent * total) / 100));
    return size.count;
  };
  const waves: string[][] = [];
  let next = 0;
  for (let i = 0; next < total; i++) {
    const size = sizeOf(sizes[Math.min(i, sizes.length - 1)] ?? { all: true });
    waves.push(workspaceIds.slice(next, next + size));
    next += size;
  }
  return waves;
}

/**
 * Whether a workspace's upgrade ended well enough for the next wave to start: applied (with
 * `confirm`, the only success, or on its own), or with nothing to apply (already current, a plan
 * with no changes); without `confirm`, a plan ready and waiting also counts. A confirm whose
 * apply the service never reported is no proof the version works: the rollout stops there.
 */
export function endedWell(result: WorkspaceUpgradeResult, confirm: boolean): boolean {
  switch (result.outcome) {
    case 'applied':
    case 'current':
    case 'no-changes':
      return true;
    case 'planned':
      return !confirm;
    default:
      return false;
  }
}
