import { connect, type Socket } from 'node:net';
import type { MoveAnswer } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { rankedClient, watchStream } from './testing/rankedClient.js';
import { testServer } from './testing/testServer.js';

const server = testServer('slow-watcher', { startEach: false });
const { create, move } = rankedClient(() => server.current.url);

/** A watcher on a raw socket: it reads the answer's head and the state, then nothing more. */
function stalledWatcher(url: string, id: string): Promise<{ socket: Socket; head: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let head = '';
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET /api/games/${id}/events HTTP/1.1\r\nhost: ${hostname}\r\nconnection: close\r\n\r\n`,
      );
    });
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('utf8');
      if (!head.includes('event: state')) return;
      socket.off('data', onData);
      socket.pause();
      resolve({ socket, head });
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

/** Everything the socket gets once it reads again, until the server closes it. */
function readToEnd(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.once('error', reject);
    socket.resume();
  });
}

/** Whether one more watcher may join the game now (the game holds one). */
async function roomForAnother(url: string, watchId: string): Promise<boolean> {
  const watcher = await watchStream(`${url}/api/games/${watchId}/events`);
  const joined = watcher.response.status === 200;
  watcher.stop();
  return joined;
}

describe('a watcher that never reads', () => {
  it('is dropped once its queue is full: told why, its memory let go, its place freed', async () => {
    const running = await server.start({ watchersPerGame: 1, watcherQueueBytes: 16 * 1024 });
    const { gameId, watchId } = await create('classic', 8);
    // 'down' until it slides nothing: then every further 'down' is a move event of the same
    // board, and the game cannot end while the stalled watcher's events pile up.
    let answer: MoveAnswer;
    do answer = (await move(gameId, 'down')).body;
    while (answer.moved && answer.status !== 'lost');
    expect(answer.status).not.toBe('lost');
    const { socket, head } = await stalledWatcher(running.url, watchId);
    expect(head).toMatch(/^HTTP\/1.1 200/);
    expect(await roomForAnother(running.url, watchId)).toBe(false);

    // Far more than the connection holds (the kernel keeps a few MB for an unread socket).
    let next = answer.moves + 1;
    let sentBytes = 0;
    let dropped = false;
    for (let batch = 0; batch < 200 && !dropped; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => move(gameId, 'down', next + i)),
      );
      next += 100;
      sentBytes += answers.reduce((sum, each) => sum + each.text.length + 60, 0);
      if (batch % 10 === 9) dropped = await roomForAnother(running.url, watchId);
    }
    expect({ dropped, sentBytes }).toMatchObject({ dropped: true });

    const text = await readToEnd(socket);
    const last = text.slice(text.lastIndexOf('event: '));
    expect(last).toMatch(/^event: dropped\ndata: \{"error":"ERR_WATCHER_TOO_SLOW"/);
    // What reached the socket is bounded: the connection's buffers and the queue, not the game.
    expect(text.length).toBeLessThan(sentBytes);
  }, 60_000);
});
