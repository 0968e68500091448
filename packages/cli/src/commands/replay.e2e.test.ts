/**
 * `2048 replay FILE --watch` through a real pseudo-terminal: the boards shown are the engine's
 * boards of the record, move by move, and the terminal is given back at the end or on `q`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { greedyPlayer } from '@twenty48/ai';
import { type Game, makeRecord, maxTile, newGame, recordOf, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { formatBoard } from '../plainBoard.js';
import { boardOnScreen, movesShown, Screen, trackScreens } from '../testing/ptyScreen.js';

const track = trackScreens();

/** A greedy game from `seed` with every state, written as a record file. */
function recordedGame(seed: string): { states: Game[]; file: string } {
  const states = [newGame('classic', seed)];
  for (;;) {
    const last = states.at(-1) as Game;
    const direction = last.status === 'lost' ? null : greedyPlayer(last);
    if (!direction) break;
    states.push(step(last, direction).game);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'twenty48-watch-')), 'game.json');
  writeFileSync(file, makeRecord(recordOf(states.at(-1) as Game)));
  return { states, file };
}

describe('2048 replay --watch in a real terminal', { timeout: 60_000 }, () => {
  it('plays the record back board by board, then prints the verified summary', async () => {
    const { states, file } = recordedGame('tty-watch');
    const final = states.at(-1) as Game;
    const screen = track(Screen.game(['replay', file, '--watch', '--delay', '5']));
    const matched = new Set<number>();
    await screen.waitFor(() => {
      if (screen.term.buffer.active.type === 'alternate') {
        const moves = movesShown(screen);
        const board = JSON.stringify(boardOnScreen(screen, 4));
        if (moves >= 0 && board === JSON.stringify(states[moves]?.board)) matched.add(moves);
      }
      return screen.exitCode !== null;
    }, 'the playback to end');
    expect(screen.exitCode).toBe(0);
    expect(matched.size).toBeGreaterThanOrEqual(3);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.cursorShown()).toBe(true);
    const text = screen.text();
    expect(text).toContain(formatBoard(final.board).join('\n'));
    expect(text).toContain(
      `Score: ${final.score}  Max tile: ${maxTile(final.board)}  Moves: ${final.moves.length}  Status: game over`,
    );
  });

  it('stops on q and still prints the summary', async () => {
    const { states, file } = recordedGame('tty-watch-q');
    const final = states.at(-1) as Game;
    const screen = track(Screen.game(['replay', file, '--watch', '--delay', '200']));
    await screen.waitFor(() => movesShown(screen) >= 1, 'the first move');
    expect(screen.text()).toContain(`Replay of ${file}`);
    screen.proc.write('q');
    await screen.waitFor(() => screen.exitCode !== null, 'the exit');
    expect(screen.exitCode).toBe(0);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.text()).toContain(`Moves: ${final.moves.length}  Status: game over`);
  });
});
