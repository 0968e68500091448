/**
 * `2048 auto` full-screen through a real pseudo-terminal: expectimax plays on a worker thread,
 * the boards shown are the engine's boards of the game it recorded, and `q` / Ctrl-C stop it
 * at once with the terminal given back.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maxTile } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { formatBoard } from './plainBoard.js';
import { lastOf, replayStates } from './testing/games.js';
import { movesShown, Screen, trackScreens } from './testing/ptyScreen.js';

const track = trackScreens();

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
    const boards = await screen.boardsUntilExit(4);
    expect(screen.exitCode).toBe(0);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.cursorShown()).toBe(true);

    const states = replayStates(file);
    const final = lastOf(states);
    expect(final.status).toBe('lost');
    // The board moved on screen: several frames show exactly the engine's board at their move.
    const matching = [...boards].filter(
      ([moves, board]) => board === JSON.stringify(states[moves]?.board),
    );
    expect(matching.length).toBeGreaterThanOrEqual(3);
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
    expect(screen.text()).not.toContain('u undo');
    screen.proc.write('q');
    await screen.waitFor(() => screen.exitCode !== null, 'the exit');
    expect(screen.exitCode).toBe(0);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.cursorShown()).toBe(true);
    const final = lastOf(replayStates(file));
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
