import { textAnswer, type Answer } from './answer.ts';
import type { Service } from './context.ts';
import { notFound } from './errors.ts';
import { newSecret } from './ids.ts';

/** Where a policy's `links.download` sends the client when downloads redirect: an object on the
 *  second origin, as an object store serves it. The address carries its own credential (the
 *  secret in the path, a signature in the query) and holds the code as it was when the
 *  redirect was answered, like an object version; the bearer token is neither needed nor
 *  checked there (requests are recorded with their headers, so tests can see if it was sent). */

const OBJECT_PATH = /^\/objects\/([A-Za-z0-9_-]+)$/;

const objects = new WeakMap<Service, Map<string, string>>();

/** The address to redirect a download of `code` to. */
export function policyObjectUrl(service: Service, code: string): string {
  let stored = objects.get(service);
  if (stored === undefined) objects.set(service, (stored = new Map()));
  const secret = newSecret();
  stored.set(secret, code);
  return `${service.uploadOrigin}/objects/${secret}?X-Signature=${newSecret()}`;
}

export function isPolicyObjectPath(path: string): boolean {
  return OBJECT_PATH.test(path);
}

/** GET of an object address: the code as text, or 404 for an address never handed out. */
export function servePolicyObject(service: Service, path: string): Answer {
  const secret = OBJECT_PATH.exec(path)?.[1];
  const code = secret === undefined ? undefined : objects.get(service)?.get(secret);
  if (code === undefined) throw notFound('no object at this address');
  return textAnswer(200, code, 'application/octet-stream');
}
