// A resolver for the client's connections (HttpClientOptions.lookup) that answers as a test
// says: a name that does not exist (ENOTFOUND), a resolver that did not answer (EAI_AGAIN), or
// this machine (127.0.0.1), without asking any DNS server. Every name asked is recorded.
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';

export type ResolverAnswer = 'ENOTFOUND' | 'EAI_AGAIN' | 'this machine';

export interface TestResolver {
  lookup: LookupFunction;
  /** Each name looked up, in order. */
  readonly asked: string[];
}

/**
 * `answers(name, nth)` says how the nth lookup (from 0) of `name` is answered; an error carries
 * the code and the `hostname` as Node's own lookup errors do.
 */
export function testResolver(answers: (name: string, nth: number) => ResolverAnswer): TestResolver {
  const asked: string[] = [];
  const lookup = (
    hostname: string,
    options: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const nth = asked.filter((name) => name === hostname).length;
    asked.push(hostname);
    const answer = answers(hostname, nth);
    setImmediate(() => {
      if (answer === 'this machine') {
        if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
        else callback(null, '127.0.0.1', 4);
        return;
      }
      const error: NodeJS.ErrnoException & { hostname?: string } = new Error(`getaddrinfo ${answer} ${hostname}`);
      error.code = answer;
      error.syscall = 'getaddrinfo';
      error.hostname = hostname;
      callback(error, '');
    });
  };
  return { lookup: lookup as LookupFunction, asked };
}
