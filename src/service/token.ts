// The API token's shape: a bearer token is visible ASCII (RFC 6750 b64token), nothing around it.

/**
 * Why a token (already trimmed) cannot be sent, as words that follow its name ("contains ..."),
 * or undefined when it can. A space, line break, control or invisible character pasted with it
 * would fail at the HTTP layer, after packing and uploading, or change what is sent. The token is
 * never echoed: it is the secret. The caller names where the token came from.
 */
export function tokenProblem(token: string): string | undefined {
  if (token === '') return 'is empty: the service needs one';
  if (/\s/.test(token)) return 'contains spaces or line breaks: give the API token alone, without "Bearer "';
  if (!/^[\x21-\x7e]+$/.test(token)) {
    return 'contains a control, invisible or non-ASCII character: copy the API token again, without anything around it';
  }
  return undefined;
}
