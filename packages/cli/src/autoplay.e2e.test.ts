/**
 * `2048 auto` full-screen through a real pseudo-terminal: expectimax plays on a worker thread,
 * the boards shown are the engine's boards of the game it recorded, and `q` / Ctrl-C stop it
 * at once with the terminal given back.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Direction,
  type Game,
  maxTile,
  newGame,
  parseRecord,
  replay,
  step,
} from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { formatBoard } from './plainBoard.js';
import { boardOnScreen, movesShown, Screen, trackScreens } from './testing/ptyScreen.js';

const track = trackScreens();

const LETTER: Readonly<Record<string, Direction>> = { U: 'up', D: 'down', L: 'left', R: 'right' };

/** The record file's game, replayed by the engine, with every state along the way. */
function replayStates(file: string): Game[] {
  const record = parseRecord(readFileSync(file, 'utf8').trim());
  if (!record.ok) throw new Error(record.error.message);
  const replayed = replay(record.value);
  if (!replayed.ok) throw new Error(replayed.error.message);
  const states = [newGame(record.value.rules, record.value.seed)];
  for (const letter of record.value.moves) {
    const last = states.at(-1) as Game;
    states.push(step(last, LETTER[letter] as Direction).game);
  }
  expect(states.at(-1)).toEqual(replayed.value);
  return states;
}

const recordFile = (): string => join(mkdtempSync(join(tmpdir(), 'twenty48-auto-tty-')), 'g.json');

describe('2048 auto in a real terminal', { timeout: 60_000 }, () => {
  it('shows expectimax moving the board, then the summary of the game it recorded', async () => {
    const file = recordFile();
    const screen = track(
      Screen.game([
        'auto',
        '--ai',
        'expectimax',
        '--seed',
        'tty-auto',
        '--depth',
        '2',
        '--delay',
        '1',
        '--record',
        file,
      ]),
    );
    // Snapshots of (move count, board) while it plays; some may be read mid-frame.
    const seen: { moves: number; board: string }[] = [];
    await screen.waitFor(() => {
      if (screen.term.buffer.active.type === 'alternate') {
        const moves = movesShown(screen);
        const board = JSON.stringify(boardOnScreen(screen, 4));
        if (moves >= 0 && seen.at(-1)?.moves !== moves) seen.push({ moves, board });
      }
      return screen.exitCode !== null;
    }, 'the game to end');
    expect(screen.exitCode).toBe(0);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.cursorShown()).toBe(true);

    const states = replayStates(file);
    const final = states.at(-1) as Game;
    expect(final.status).toBe('lost');
    // The board moved on screen: several frames show exactly the engine's board at their move.
    const matching = seen.filter(
      ({ moves, board }) => board === JSON.stringify(states[moves]?.board),
    );
    expect(new Set(matching.map(({ moves }) => moves)).size).toBeGreaterThanOrEqual(3);
    const text = screen.text();
    expect(text).toContain(formatBoard(final.board).join('\n'));
    expect(text).toMatch(
      new RegExp(
        `Score: ${final.score} {2}Max tile: ${maxTile(final.board)} {2}Moves: ${final.moves.length} {2}Moves/s: \\d+\\.\\d\\n`,
      ),
    );
    expect(text).toContain(`Record written to ${file}`);
  });

  it('stops at once on q mid-game, restores the terminal and keeps the game so far', async () => {
    const file = recordFile();
    const screen = track(
      Screen.game(['auto', '--ai', 'expectimax', '--seed', 'tty-q', '--record', file]),
    );
    await screen.waitFor(() => movesShown(screen) >= 3, 'a few moves');
    expect(screen.text()).toContain('Autoplay: expectimax · q stops');
    screen.proc.write('q');
    await screen.waitFor(() => screen.exitCode !== null, 'the exit');
    expect(screen.exitCode).toBe(0);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.cursorShown()).toBe(true);
    const final = replayStates(file).at(-1) as Game;
    expect(final.status).toBe('playing');
    expect(screen.text()).toContain(
      `Score: ${final.score}  Max tile: ${maxTile(final.board)}  Moves: ${final.moves.length}`,
    );
    expect(screen.text()).toContain('(stopped)');
  });

  it('stops on Ctrl-C with exit code 130 and a cooked terminal', async () => {
    const screen = track(Screen.game(['auto', '--ai', 'expectimax', '--seed', 'tty-int']));
    await screen.waitFor(() => movesShown(screen) >= 1, 'a move');
    screen.proc.write('\x03');
    await screen.waitFor(() => screen.exitCode !== null, 'the exit');
    expect(screen.exitCode).toBe(130);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.cursorShown()).toBe(true);
    expect(screen.text()).toContain('(stopped)');
  });
});
