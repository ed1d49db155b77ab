import type { Inputs } from '../../inputs.ts';
import type { ModeContext, ModeResult } from '../mode.ts';

export async function runPublishNoCodeModule(_inputs: Extract<Inputs, { mode: 'publish-no-code-module' }>, _context: ModeContext): Promise<ModeResult> {
  throw new Error('mode publish-no-code-module is not available yet');
}
