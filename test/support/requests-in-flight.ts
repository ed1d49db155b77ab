// The HTTP requests of this process that are on their way, as undici reports them on its
// diagnostics channels (the action's client, and Node's own fetch, which Octokit uses, publish on
// the same channels): from the moment a request is made to the moment its answer has arrived
// whole, or it failed. A test's manual clock moves time on only when none is waiting on real
// I/O: a jump of the clock while an answer is on its way would end the wait for it (a look's
// deadline, a stop's bound) before the answer could arrive, which on a real machine it does in
// milliseconds.
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

const open = new Set<object>();
/** Requests that an emulator holds on a manual clock (its latency, a delay fault). */
let onClock = 0;

const opened = (message: unknown): void => {
  open.add((message as { request: object }).request);
};
const closed = (message: unknown): void => {
  open.delete((message as { request: object }).request);
};
subscribe('undici:request:create', opened);
subscribe('undici:request:trailers', closed);
subscribe('undici:request:error', closed);

/** Every socket this process opened that has not closed yet (Node publishes each new one). */
const sockets = new Set<Socket>();
subscribe('net.client.socket', (message) => {
  const socket = (message as { socket: Socket }).socket;
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
});

/**
 * Sockets on their way to closed: ended or destroyed by one side, their `close` not yet come (a
 * client closing its connections at the end of a step). One idle and open waits on nothing.
 */
export function socketsClosing(): number {
  let closing = 0;
  for (const socket of sockets) if (socket.destroyed || socket.writableEnded || socket.readableEnded) closing++;
  return closing;
}

/** Requests on their way whose answer waits on real I/O, not on a manual clock. */
export function requestsOnTheirWay(): number {
  return Math.max(0, open.size - onClock);
}

/**
 * One request that an emulator is answering waits on the emulator's manual clock (its latency, a
 * delay fault) from now until the returned function is called (once or more).
 */
export function answerWaitsOnClock(): () => void {
  onClock++;
  let released = false;
  return () => {
    if (!released) onClock--;
    released = true;
  };
}
