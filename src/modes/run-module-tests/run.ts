import type { Inputs } from '../../inputs.ts';
import type { ModeContext, ModeResult } from '../mode.ts';

export async function runModuleTests(_inputs: Extract<Inputs, { mode: 'run-module-tests' }>, _context: ModeContext): Promise<ModeResult> {
  throw new Error('mode run-module-tests is not available yet');
}
