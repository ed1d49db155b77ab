import type { ServerResponse } from 'node:http';

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** What a handler decides to send; written by the server unless a fault drops the connection. */
export type Answer =
  | { status: number; kind: 'json'; body: unknown; headers?: Record<string, string> }
  | { status: number; kind: 'text'; body: string | Buffer; contentType: string; headers?: Record<string, string> }
  | { status: number; kind: 'empty'; headers?: Record<string, string> }
  /** Headers, then a body `send` writes as it goes (a fault's endless or huge body). */
  | { status: number; kind: 'stream'; headers: Record<string, string>; send: (res: ServerResponse) => void };

export function jsonAnswer(status: number, body: unknown, headers?: Record<string, string>): Answer {
  return headers ? { status, kind: 'json', body, headers } : { status, kind: 'json', body };
}

export function emptyAnswer(status: number): Answer {
  return { status, kind: 'empty' };
}

/** A redirect: no body, the address in `Location`. */
export function redirectAnswer(location: string, status = 302): Answer {
  return { status, kind: 'empty', headers: { location } };
}

export function textAnswer(
  status: number,
  body: string | Buffer,
  contentType = 'text/plain; charset=utf-8',
  headers?: Record<string, string>,
): Answer {
  return headers ? { status, kind: 'text', body, contentType, headers } : { status, kind: 'text', body, contentType };
}

export function writeAnswer(res: ServerResponse, answer: Answer): void {
  if (answer.kind === 'stream') {
    res.writeHead(answer.status, answer.headers);
    answer.send(res);
    return;
  }
  if (answer.kind === 'empty') {
    res.writeHead(answer.status, { ...answer.headers, 'content-length': '0' });
    res.end();
    return;
  }
  const [contentType, payload] =
    answer.kind === 'json'
      ? [JSON_API_MEDIA_TYPE, Buffer.from(JSON.stringify(answer.body))]
      : [answer.contentType, Buffer.from(answer.body)];
  res.writeHead(answer.status, {
    ...answer.headers,
    'content-type': contentType,
    'content-length': String(payload.length),
  });
  res.end(payload);
}
