import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomText(length: number): string {
  let text = '';
  for (const byte of randomBytes(length)) text += ALPHABET.charAt(byte % ALPHABET.length);
  return text;
}

/** A resource id: type prefix and opaque suffix (spec "Conventions"), e.g. `pol-3yVQZvHzf5j3WRJ1`. */
export function newId(prefix: string): string {
  return `${prefix}-${randomText(16)}`;
}

/** An unguessable value for tokens and the credential part of upload and log addresses. */
export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** Shaped like the service's own tokens, so masking code sees realistic values. */
export function newToken(): string {
  return `${randomText(14)}.atlasv1.${randomText(70)}`;
}

export function timestamp(): string {
  return new Date().toISOString();
}
