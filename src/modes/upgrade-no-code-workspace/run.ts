import type { Inputs } from '../../inputs.ts';
import type { ModeContext, ModeResult } from '../mode.ts';

export async function runUpgradeNoCodeWorkspace(_inputs: Extract<Inputs, { mode: 'upgrade-no-code-workspace' }>, _context: ModeContext): Promise<ModeResult> {
  throw new Error('mode upgrade-no-code-workspace is not available yet');
}
