/**
 * A TCP relay on 127.0.0.1 in front of the test database, to make its failures for real: a host
 * gone silent (packets dropped: no refusal, no reset), or a connection lost in its set-up.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach } from 'vitest';

export interface Relay {
  readonly port: number;
  /** The database's URL with its host and port replaced by the relay's. */
  readonly url: string;
  /** Stop forwarding (both ways, new connections too), closing nothing. */
  silence(): void;
  /**
   * From now on, close every connection that opens at its first statement: the database has
   * said it is ready (its first ReadyForQuery), and the client's next message is never sent on.
   */
  cutAtFirstStatement(): void;
  /** Forward everything again (new connections are no longer cut). */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay from a free port of 127.0.0.1 to the database at `databaseUrl`. */
export async function startRelay(databaseUrl: string): Promise<Relay> {
  const target = new URL(databaseUrl);
  const host = target.hostname;
  const port = Number(target.port || 5432);
  const sockets = new Set<Socket>();
  let silent = false;
  let cutting = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server: Server = createServer((client) => {
    track(client);
    if (silent) return; // taken, never answered: as a dead host's SYN-ACK that goes nowhere
    const upstream: Socket = connect(port, host);
    track(upstream);
    const cut = cutting;
    // The server's messages (a type byte, a 32-bit length counting itself), read up to the
    // first ReadyForQuery ('Z') when this connection is to be cut.
    let pending = Buffer.alloc(0);
    let ready = false;
    client.on('data', (data: Buffer) => {
      if (silent) return;
      if (cut && ready) {
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(data);
    });
    upstream.on('data', (data: Buffer) => {
      if (silent) return;
      if (cut && !ready) {
        pending = Buffer.concat([pending, data]);
        while (pending.length >= 5) {
          const length = pending.readUInt32BE(1);
          if (pending.length < 1 + length) break;
          if (pending[0] === 0x5a) ready = true;
          pending = pending.subarray(1 + length);
        }
      }
      client.write(data);
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const relayPort = typeof address === 'object' && address ? address.port : 0;
  const through = new URL(databaseUrl);
  through.hostname = '127.0.0.1';
  through.port = String(relayPort);
  return {
    port: relayPort,
    url: through.toString(),
    silence: () => {
      silent = true;
    },
    cutAtFirstStatement: () => {
      cutting = true;
    },
    restore: () => {
      silent = false;
      cutting = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * For a test file: registers a hook that closes, after each test, every relay the returned
 * function started during it.
 */
export function relaysClosedAfterEach(): (databaseUrl: string) => Promise<Relay> {
  const open = new Set<Relay>();
  afterEach(async () => {
    await Promise.all([...open].map((relay) => relay.close()));
    open.clear();
  });
  return async (databaseUrl) => {
    const relay = await startRelay(databaseUrl);
    open.add(relay);
    return relay;
  };
}
