import type { Store, TokenRecord } from './state.ts';
import type { Settings } from './settings.ts';
import type { Timers } from './timers.ts';

/** One emulator's shared state, handed to every handler. */
export interface Service {
  store: Store;
  settings: Settings;
  timers: Timers;
  /** http://127.0.0.1:PORT (links in documents are paths below it, starting with /api/v2). */
  apiOrigin: string;
  uploadOrigin: string;
  /** The emulator's time, in ms: its clock's, or the machine's. */
  now(): number;
}

export interface Caller extends TokenRecord {
  token: string;
}

export interface RequestContext {
  service: Service;
  caller: Caller;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The path as received, percent-encoding kept. */
  path: string;
  body: Buffer;
  /** Size of the whole body (larger than `body.length` when the rest was discarded). */
  bodyTotal: number;
}

/** Prefix of every path and every link (spec "Conventions"). */
export const API_PREFIX = '/api/v2';
