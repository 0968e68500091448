import { join } from 'node:path';
import { openStore } from '@twenty48/store';
import { describe, expect, it } from 'vitest';
import { rankedKey } from './rankedStart.js';
import {
  ARROW,
  boardOnScreen,
  MAIN,
  movesShown,
  RESTORED,
  shellThenStty,
  terminalAfter,
  trackScreens,
} from './testing/ptyScreen.js';
import { sharedRankedServer } from './testing/rankedServer.js';

const server = sharedRankedServer('ranked-screen');
const track = trackScreens();

interface Held {
  readonly board: number[][];
  readonly score: number;
  readonly status: string;
  readonly moves: number;
}

/** The id of the ranked 3x3 game kept in `dataDir`. */
function keptGameId(dataDir: string): string | null {
  const store = openStore({ dataDir });
  if (!store.ok) throw new Error(store.error.message);
  try {
    return store.value.getSetting(`ranked ${rankedKey(server.url, { rules: 'classic', size: 3 })}`);
  } finally {
    store.value.close();
  }
}

const held = async (gameId: string): Promise<Held> =>
  (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as Held;

describe('2048 play --server in a terminal against a real server', { timeout: 60_000 }, () => {
  it('plays arrow keys pressed at once on a ranked 3x3 game: the screen shows the server’s board; q then y leaves, the terminal restored', async () => {
    const dataDir = join(server.dir, 'pty');
    const screen = track(
      shellThenStty(
        `"${process.execPath}" "${MAIN}" play --server ${server.url} --size 3 --data-dir "${dataDir}"`,
      ),
    );
    await screen.waitFor(() => screen.text().includes('ranked: the server deals'), 'the game');
    expect(screen.text()).toContain('ranked: the server deals; no undo or hints');
    expect(screen.text()).toContain('2048 · ranked classic 3x3');
    const gameId = keptGameId(dataDir);
    expect(gameId).toMatch(/^[\w-]{22,}$/);
    const before = await held(gameId as string);
    expect(boardOnScreen(screen, 3)).toEqual(before.board);

    // Eight keys in one write, as fast as a terminal delivers them.
    const keys = ['left', 'down', 'right', 'up', 'left', 'down', 'right', 'up'] as const;
    screen.proc.write(keys.map((direction) => ARROW[direction]).join(''));
    let last = before;
    const until = Date.now() + 20_000;
    for (;;) {
      last = await held(gameId as string);
      await new Promise<void>((resolve) => screen.term.write('', resolve));
      const shown = boardOnScreen(screen, 3);
      if (
        last.moves > 0 &&
        JSON.stringify(shown) === JSON.stringify(last.board) &&
        movesShown(screen) === last.moves
      ) {
        break;
      }
      if (Date.now() > until)
        throw new Error(`the screen never showed the server's board:\n${screen.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Nothing more arrives: every key was sent at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const settled = await held(gameId as string);
    expect(settled.moves).toBe(last.moves);
    // Most of the eight keys move a 3x3 board; a lost one would leave the count short.
    expect(settled.moves).toBeGreaterThanOrEqual(4);
    expect(boardOnScreen(screen, 3)).toEqual(settled.board);
    expect(screen.text()).toContain(`Score ${settled.score}`);

    if (settled.status === 'lost') screen.proc.write('\x1b');
    screen.proc.write('q');
    await screen.waitFor(
      () => /Leave\?|\[q\] quit/.test(screen.text()),
      'the question before leaving',
    );
    screen.proc.write('y');
    expect(await terminalAfter(screen)).toEqual(RESTORED(0));
    expect(screen.raw).toContain(`Score ${settled.score}; the game is kept`);
    expect(keptGameId(dataDir)).toBe(gameId);
  });

  it('plays a ranked 3x3 game to its end, ranks it under the name typed and shows the rank and the record', async () => {
    const dataDir = join(server.dir, 'end');
    const screen = track(
      shellThenStty(
        `"${process.execPath}" "${MAIN}" play --server ${server.url} --size 3 --data-dir "${dataDir}"`,
      ),
    );
    await screen.waitFor(() => screen.text().includes('ranked: the server deals'), 'the game');
    const cycle = [ARROW.left, ARROW.down, ARROW.right, ARROW.up].join('');
    const until = Date.now() + 30_000;
    while (!screen.text().includes('Your name for the ranked table')) {
      if (Date.now() > until) throw new Error(`the game never ended:\n${screen.text()}`);
      screen.proc.write(cycle);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    screen.proc.write('Ada\r');
    await screen.waitFor(() => screen.text().includes('Ada is number'), 'the rank');
    const text = screen.text();
    expect(text).toMatch(/Ada is number \d+ for classic 3x3\./);
    const id = Number(/\/api\/scores\/(\d+)\/record/.exec(text)?.[1]);
    const record = await fetch(`${server.url}/api/scores/${id}/record`);
    expect(record.status).toBe(200);
    screen.proc.write('q');
    expect(await terminalAfter(screen)).toEqual(RESTORED(0));
    // Ranked: no longer kept for the next time (the shelf forgets it as '').
    expect(keptGameId(dataDir) || null).toBeNull();
    expect(screen.raw).not.toContain('the game is kept');
  });
});
