// How much of one answer the client holds in memory. Every answer read whole (a JSON:API
// document, a policy's code, an error) is bounded; a test log is read as a stream instead
// (RequestOptions.stream) and never held whole. The service's own answers are far below the bound:
// a policy's code is at most 10 MB (spec 8), a page of a list at most 100 resources. A larger
// answer is not the service's (a wrong base-url, a proxy's page, something posing as it), and
// reading it whole would take the runner's memory: a 4.6 GiB answer ended the step with a V8
// string error. undici's own bound (maxResponseSize) is a setting of the connection, which the
// test log's streamed read shares, so the bound is counted here, per answer.

import type { Readable } from 'node:stream';
import type { AnswerTooLargeError } from './errors.ts';

/** The most the client reads of one answer held in memory: 32 MiB. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * The whole body, or AnswerTooLargeError once it passes `limit` bytes (by its Content-Length, or
 * counted as it arrives): the rest is not read, the connection is dropped. `tooLarge` makes the
 * error, naming the request.
 */
export async function readBoundedBody(
  body: Readable,
  contentLength: string | string[] | undefined,
  limit: number,
  tooLarge: (declared?: number) => AnswerTooLargeError,
): Promise<Buffer> {
  const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (Number.isFinite(declared) && declared > limit) {
    body.destroy();
    throw tooLarge(declared);
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    length += bytes.length;
    if (length > limit) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, length);
}
