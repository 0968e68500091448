import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * By default, a connection idle this long while draining is closed. A client between two
 * requests is not (a busy test process under load 15 paused 250 ms between an answer and its
 * next request).
 */
export const DEFAULT_DRAIN_IDLE_MS = 1000;
const CHECK_EVERY_MS = 50;

interface Connection {
  /** Responses under way on it. */
  busy: number;
  /** When its last response ended (or it opened). */
  idleSince: number;
}

/** Closing the server without a reset: see `trackConnections`. */
export interface Drainer {
  /**
   * Stop taking connections and let each one end after its current request (`Connection:
   * close`); connections idle for `idleMs` are closed. Resolves when none is left, or at
   * `graceMs`, when the rest are cut.
   */
  drain(graceMs: number, idleMs?: number): Promise<void>;
  /** Connections open now. */
  readonly open: number;
}

/**
 * Track the server's connections, so that it can be drained with no client reset:
 *
 * - a response under way when draining starts, and every one after, says `Connection: close`,
 *   so Node closes its connection once it is sent: a keep-alive client reads its answer, then
 *   the close, and opens its next connection elsewhere (the listener is closed);
 * - an idle keep-alive connection is closed only once it has been idle for `idleMs`: a
 *   client that just got an answer and is sending its next request on it gets that request
 *   answered (with `Connection: close`) instead of a connection cut under it. (Node's own
 *   `server.close()` closes idle connections at once, which is that race.)
 *
 * @example
 * const drainer = trackConnections(server); … await drainer.drain(10_000);
 */
export function trackConnections(server: Server): Drainer {
  const connections = new Map<Socket, Connection>();
  const responses = new Set<ServerResponse>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  // First of the request listeners: the app may answer before a later one runs.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const connection = connections.get(request.socket);
    if (connection) connection.busy++;
    responses.add(response);
    if (draining && !response.headersSent) response.setHeader('connection', 'close');
    response.once('close', () => {
      responses.delete(response);
      if (connection) {
        connection.busy--;
        connection.idleSince = Date.now();
      }
    });
  });
  const closeIdle = (now: number, idleMs: number): void => {
    for (const [socket, connection] of connections) {
      if (connection.busy === 0 && now - connection.idleSince >= idleMs) socket.end();
    }
  };
  return {
    get open() {
      return connections.size;
    },
    drain(graceMs: number, idleMs = DEFAULT_DRAIN_IDLE_MS): Promise<void> {
      draining = true;
      for (const response of responses) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
      // net.Server's close: no new connection, and unlike http.Server's, idle ones stay (above).
      NetServer.prototype.close.call(server);
      return new Promise((resolve) => {
        const deadline = Date.now() + graceMs;
        const check = () => {
          const now = Date.now();
          closeIdle(now, idleMs);
          if (connections.size === 0) return resolve();
          if (now >= deadline) {
            for (const socket of connections.keys()) socket.destroy();
            return resolve();
          }
          setTimeout(check, CHECK_EVERY_MS);
        };
        check();
      });
    },
  };
}
