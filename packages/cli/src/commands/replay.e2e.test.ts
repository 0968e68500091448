/**
 * `2048 replay FILE --watch` through a real pseudo-terminal: the boards shown are the engine's
 * boards of the record, move by move, and the terminal is given back at the end or on `q`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Game, makeRecord, maxTile, newGame, recordOf } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { formatBoard } from '../plainBoard.js';
import { greedyStates, lastOf } from '../testing/games.js';
import { movesShown, Screen, trackScreens } from '../testing/ptyScreen.js';

const track = trackScreens();

/** A greedy game from `seed` with every state, written as a record file. */
function recordedGame(seed: string): { states: Game[]; file: string } {
  const states = greedyStates(newGame('classic', seed));
  const file = join(mkdtempSync(join(tmpdir(), 'twenty48-watch-')), 'game.json');
  writeFileSync(file, makeRecord(recordOf(lastOf(states))));
  return { states, file };
}

describe('2048 replay --watch in a real terminal', { timeout: 60_000 }, () => {
  it('plays the record back board by board, then prints the verified summary', async () => {
    const { states, file } = recordedGame('tty-watch');
    const final = lastOf(states);
    const screen = track(Screen.game(['replay', file, '--watch', '--delay', '20']));
    const boards = await screen.boardsUntilExit(4);
    const matched = [...boards].filter(
      ([moves, board]) => board === JSON.stringify(states[moves]?.board),
    );
    expect(screen.exitCode).toBe(0);
    expect(matched.length).toBeGreaterThanOrEqual(3);
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
    const final = lastOf(states);
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
