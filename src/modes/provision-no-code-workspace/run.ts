import type { Inputs } from '../../inputs.ts';
import type { ModeContext, ModeResult } from '../mode.ts';

export async function runProvisionNoCodeWorkspace(_inputs: Extract<Inputs, { mode: 'provision-no-code-workspace' }>, _context: ModeContext): Promise<ModeResult> {
  throw new Error('mode provision-no-code-workspace is not available yet');
}
