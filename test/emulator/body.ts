import type { IncomingMessage } from 'node:http';

export interface ReceivedBody {
  /** The first `keep` bytes of the body. */
  bytes: Buffer;
  /** Size of the whole body; larger than `bytes.length` when the rest was discarded. */
  total: number;
}

/** Reads a request body, keeping at most `keep` bytes and counting (then discarding) the rest,
 *  so an oversized upload is measured without being held in memory. */
export function readBody(req: IncomingMessage, keep: number): Promise<ReceivedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let total = 0;
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (kept >= keep) return;
      const part = chunk.length <= keep - kept ? chunk : chunk.subarray(0, keep - kept);
      chunks.push(part);
      kept += part.length;
    });
    req.on('end', () => resolve({ bytes: Buffer.concat(chunks, kept), total }));
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('request aborted')));
  });
}

export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
