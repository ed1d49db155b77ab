import type { Inputs } from '../../inputs.ts';
import type { ModeContext, ModeResult } from '../mode.ts';

export async function runSyncPolicies(_inputs: Extract<Inputs, { mode: 'sync-policies' }>, _context: ModeContext): Promise<ModeResult> {
  throw new Error('mode sync-policies is not available yet');
}
