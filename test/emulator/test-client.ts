import type { Emulator } from './api.ts';

/** A plain fetch client for the emulator's own tests: JSON:API media type on every write, bearer token. */
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/**
 * Requests a client sends within a second: under the service's limit of 30 (which the strict
 * emulator enforces), with room for the requests of the code under test, so that a test's own
 * reads (a waitFor that polls every 10 ms, say) never meet a 429 the test did not ask for.
 */
const PER_SECOND = 20;

/** Waits until `1000 / PER_SECOND` ms have passed since the client's last request: evenly
 *  spaced, so that a poll sees each state as often as the pace allows. */
async function paced(last: { at: number }): Promise<void> {
  const wait = last.at + 1000 / PER_SECOND - performance.now();
  last.at = performance.now() + Math.max(0, wait);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

export function client(emulator: Emulator, token: string = emulator.token) {
  const sent = { at: -Infinity };
  async function send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const url = path.startsWith('http') ? path : `${emulator.baseUrl}${path}`;
    // Upload and log addresses carry their own credential: the token goes to the API only.
    const toApi = url.startsWith(emulator.baseUrl);
    if (toApi) await paced(sent);
    const response = await fetch(url, {
      method,
      headers: {
        ...(toApi ? { authorization: `Bearer ${token}` } : {}),
        // As the service asks of every write, with a body or without one (415 otherwise).
        ...(body !== undefined || method !== 'GET' ? { 'content-type': 'application/vnd.api+json' } : {}),
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : typeof body === 'string' || body instanceof Uint8Array
            ? (body as string | Uint8Array<ArrayBuffer>)
            : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }
  return {
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => send('POST', path, body, headers),
    patch: (path: string, body: unknown, headers?: Record<string, string>) => send('PATCH', path, body, headers),
    delete: (path: string) => send('DELETE', path),
    put: (path: string, body: Uint8Array<ArrayBuffer> | string, contentType = 'application/octet-stream') =>
      send('PUT', path, body, { 'content-type': contentType }),
  };
}

export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
