/**
 * The full-screen game through a real pseudo-terminal (node-pty), its output rendered by a real
 * terminal emulator (@xterm/headless); assertions read the emulator's screen.
 */
import { type Direction, type Game, makeRules, newGame, slide, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { greedyStates, lastOf } from './testing/games.js';
import {
  ARROW,
  arrowKeysFor,
  boardOnScreen,
  MAIN,
  movesShown,
  RESTORED,
  Screen,
  shellThenStty,
  TERMINAL_JS,
  terminalAfter,
  trackScreens,
} from './testing/ptyScreen.js';

const track = trackScreens();

describe('2048 play in a real terminal', { timeout: 60_000 }, () => {
  it('moves tiles with arrows, WASD and hjkl exactly as the engine does, and undoes', async () => {
    const screen = track(Screen.game(['play', '--seed', 'tty-keys']));
    let game = newGame('classic', 'tty-keys');
    const history: Game[] = [];
    await screen.waitFor(
      () => JSON.stringify(boardOnScreen(screen, 4)) === JSON.stringify(game.board),
      'the first board',
    );
    const keys: [string, Direction][] = [
      [ARROW.left, 'left'],
      ['w', 'up'],
      ['l', 'right'],
      [ARROW.down, 'down'],
      ['h', 'left'],
      ['S', 'down'],
      ['k', 'up'],
      ['d', 'right'],
    ];
    for (const [key, direction] of keys) {
      const result = step(game, direction);
      if (result.game !== game) history.push(game);
      game = result.game;
      screen.proc.write(key);
      await screen.waitFor(
        () =>
          movesShown(screen) === game.moves.length &&
          JSON.stringify(boardOnScreen(screen, 4)) === JSON.stringify(game.board),
        `the board after ${direction}`,
      );
      expect(screen.text()).toContain(`Score ${game.score}`);
    }
    expect(game.moves.length).toBeGreaterThan(4);
    screen.proc.write('u');
    const previous = lastOf(history);
    await screen.waitFor(
      () => JSON.stringify(boardOnScreen(screen, 4)) === JSON.stringify(previous.board),
      'the board after undo',
    );
    expect(movesShown(screen)).toBe(previous.moves.length);

    screen.proc.write('n');
    await screen.waitFor(() => screen.text().includes('Start a new one?'), 'the new-game question');
    screen.proc.write('n');
    await screen.waitFor(() => !screen.text().includes('Start a new one?'), 'the question gone');
    expect(JSON.stringify(boardOnScreen(screen, 4))).toBe(JSON.stringify(previous.board));

    screen.proc.write('q');
    await screen.waitFor(() => screen.text().includes('Quit this game?'), 'the quit question');
    screen.proc.write('y');
    await screen.waitFor(() => screen.exitCode !== null, 'the game to exit');
    expect(screen.exitCode).toBe(0);
    expect(screen.term.buffer.active.type).toBe('normal');
    expect(screen.cursorShown()).toBe(true);
  });

  it('re-centres the board when the terminal is resized', async () => {
    const screen = track(Screen.game(['play', '--seed', 'tty-resize']));
    const game = newGame('classic', 'tty-resize');
    const shown = (): boolean =>
      JSON.stringify(boardOnScreen(screen, 4)) === JSON.stringify(game.board);
    await screen.waitFor(shown, 'the first board');
    const titleColumn = (): number =>
      screen
        .lines()
        .find((l) => l.includes('2048 · '))
        ?.indexOf('2048') ?? -1;
    const before = titleColumn();
    screen.term.resize(120, 40);
    screen.proc.resize(120, 40);
    // Vertically centred too: as much room above the content as below it, give or take one.
    // Read until the frame is whole (a snapshot taken mid-frame, under load, ends early).
    const offCentre = (): number => {
      const rows = screen.lines();
      const titleRow = rows.findIndex((line) => line.includes('2048 · '));
      const lastRow = rows.findLastIndex((line) => line.trim() !== '');
      return Math.abs(titleRow - (rows.length - 1 - lastRow));
    };
    await screen.waitFor(
      () => titleColumn() === before + 20 && shown() && offCentre() <= 1,
      'the board centred in 120x40',
    );
    expect(offCentre()).toBeLessThanOrEqual(1);
  });

  it('restores the terminal on Ctrl-C: cooked mode, cursor shown, alternate screen left', async () => {
    const screen = track(shellThenStty(`"${process.execPath}" "${MAIN}" play --seed tty-int`));
    await screen.waitFor(() => screen.text().includes('2048 · classic'), 'the game');
    expect(screen.term.buffer.active.type).toBe('alternate');
    screen.proc.write('\x03');
    expect(await terminalAfter(screen)).toEqual(RESTORED(130));
  });

  it('restores the terminal on SIGTERM and on an uncaught error', async () => {
    const crash = `import(${JSON.stringify(TERMINAL_JS)}).then((m) => { m.enterFullScreen(process.stdin, process.stdout).draw(['drawn']); setTimeout(() => { throw new Error('boom'); }, 300); })`;
    const screen = track(shellThenStty(`"${process.execPath}" -e "${crash.replace(/"/g, '\\"')}"`));
    expect(await terminalAfter(screen)).toEqual(RESTORED(1));
    expect(screen.raw).toContain('drawn');
    expect(screen.raw).toContain('unexpected error, the terminal was restored');
    expect(screen.raw).toContain('boom');

    const game = track(Screen.game(['play', '--seed', 'tty-term']));
    await game.waitFor(() => game.text().includes('2048 · classic'), 'the game');
    game.proc.kill('SIGTERM');
    await game.waitFor(() => game.exitCode !== null, 'the exit');
    expect(game.term.buffer.active.type).toBe('normal');
    expect(game.cursorShown()).toBe(true);
  });

  it('shows the win overlay, and keeps going on request', async () => {
    const rules = makeRules('classic', { goal: 16 });
    if (!rules.ok) throw new Error(rules.error.message);
    let game = newGame(rules.value, 'tty-win');
    game = lastOf(greedyStates(game, (g) => g.status !== 'playing'));
    const keys = arrowKeysFor(game);
    expect(game.status).toBe('won');
    const screen = track(Screen.game(['play', '--seed', 'tty-win', '--goal', '16']));
    await screen.waitFor(() => screen.text().includes('2048 · classic'), 'the game');
    screen.proc.write(keys);
    await screen.waitFor(() => screen.text().includes('You win!'), 'the win overlay');
    expect(JSON.stringify(boardOnScreen(screen, 4))).toBe(JSON.stringify(game.board));
    expect(screen.text()).toContain('[c] keep going');
    screen.proc.write('c');
    await screen.waitFor(() => !screen.text().includes('You win!'), 'the overlay gone');
    const next = step(game, 'left');
    screen.proc.write(ARROW.left);
    await screen.waitFor(
      () => movesShown(screen) === next.game.moves.length,
      'a move after the win',
    );
    expect(screen.text()).not.toContain('You win!');
  });

  it('draws tiers as coloured squares of three sizes, no numbers', async () => {
    let game = newGame('tiers', 'tty-tiers');
    // Play until some tile reaches a medium square (a 4), as the engine says.
    game = lastOf(greedyStates(game, (g) => g.board.flat().includes(4)));
    const keys = arrowKeysFor(game);
    const screen = track(
      Screen.game(['play', '--rules', 'tiers', '--seed', 'tty-tiers'], { COLORTERM: 'truecolor' }),
    );
    await screen.waitFor(() => screen.text().includes('2048 · tiers'), 'the game');
    screen.proc.write(keys);
    const left = Math.floor((80 - (4 * 8 + 5)) / 2);
    // Small (2), medium (4) and large (6) squares of █ in each cell's middle line.
    const blocksShown = (lines: string[], titleRow: number): number[] =>
      Array.from({ length: 16 }, (_, i) => {
        const middle = lines[titleRow + 3 + 1 + Math.floor(i / 4) * 4 + 1] ?? '';
        const start = left + 1 + (i % 4) * 9;
        return (middle.slice(start, start + 8).match(/█/g) ?? []).length;
      });
    const blocksOf = game.board
      .flat()
      .map((value) => (value === 0 ? 0 : ([2, 4, 6][(Math.log2(value) - 1) % 3] ?? -1)));
    // Read until the frame is whole: the move count is drawn before the board (under load a
    // snapshot once caught the board half drawn).
    await screen.waitFor(() => {
      const lines = screen.lines();
      const titleRow = lines.findIndex((line) => line.includes('2048 · '));
      return (
        movesShown(screen) === game.moves.length &&
        JSON.stringify(blocksShown(lines, titleRow)) === JSON.stringify(blocksOf)
      );
    }, 'the moves');
    const lines = screen.lines();
    const titleRow = lines.findIndex((line) => line.includes('2048 · '));
    const buffer = screen.term.buffer.active;
    for (let r = 0; r < 4; r++) {
      const y = titleRow + 3 + 1 + r * 4 + 1;
      const middle = lines[y] ?? '';
      expect(middle).not.toMatch(/\d/);
      for (let c = 0; c < 4; c++) {
        const start = left + 1 + c * 9;
        const cell = middle.slice(start, start + 8);
        const value = game.board[r]?.[c] ?? 0;
        const blocks = (cell.match(/█/g) ?? []).length;
        // Small (2), medium (4) and large (6) squares; the colour is the tier's (green first).
        expect(blocks).toBe(value === 0 ? 0 : [2, 4, 6][(Math.log2(value) - 1) % 3]);
        if (value !== 0) {
          const x = start + cell.indexOf('█');
          const painted = buffer.getLine(y)?.getCell(x);
          expect(painted?.isFgRGB()).toBe(true);
          expect(painted?.getFgColor()).toBe(0x1b5e20); // the browser's light-theme green
        }
      }
    }
  });

  it('asks for a name when a game ends in the top 10, and shows the rank', async () => {
    const rules = makeRules('classic', { size: 2 });
    if (!rules.ok) throw new Error(rules.error.message);
    let game = newGame(rules.value, 'tty-name');
    game = lastOf(greedyStates(game));
    const keys = arrowKeysFor(game);
    const screen = track(Screen.game(['play', '--size', '2', '--seed', 'tty-name']));
    await screen.waitFor(() => screen.text().includes('2048 · classic 2x2'), 'the game');
    screen.proc.write(keys);
    await screen.waitFor(
      () => screen.text().includes('New high score! Your name:'),
      'the name entry',
    );
    expect(screen.text()).toContain(`Score ${game.score}`);
    screen.proc.write('Adaq\x7f\r');
    await screen.waitFor(
      () => screen.text().includes('Ada is number 1 for classic 2x2.'),
      'the rank',
    );
    expect(screen.text()).toContain(`Game over! Final score ${game.score}`);
  });

  it('shows a hint on i, computed on a worker while the keys keep working', async () => {
    const screen = track(Screen.game(['play', '--seed', 'tty-hint']));
    let game = newGame('classic', 'tty-hint');
    const shows = (board: Game['board']): boolean =>
      JSON.stringify(boardOnScreen(screen, 4)) === JSON.stringify(board);
    await screen.waitFor(() => shows(game.board), 'the first board');
    expect(screen.text()).toContain('i hint');

    // A move typed right after i is played at once; the hint for the old position is dropped.
    const first = step(game, 'left');
    screen.proc.write(`i${ARROW.left}`);
    await screen.waitFor(() => movesShown(screen) === 1 && shows(first.game.board), 'the move');
    game = first.game;
    const hintShown = (): Direction | null =>
      (/Hint: (up|down|left|right) [↑↓←→]/.exec(screen.text())?.[1] as Direction) ?? null;
    // Long after the old position's answer came back (a search takes ~60 ms), nothing shows it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await screen.waitFor(() => movesShown(screen) === 1, 'the screen to settle');
    expect(hintShown()).toBeNull();
    expect(screen.text()).not.toContain('Thinking');
    for (let round = 0; round < 3; round++) {
      screen.proc.write('i');
      await screen.waitFor(() => hintShown() !== null, 'the hint');
      const hint = hintShown() as Direction;
      // The hint names a move that changes the board, and playing it does.
      expect(slide(game.board, hint, game.rules).moved).toBe(true);
      const next = step(game, hint).game;
      screen.proc.write(ARROW[hint]);
      await screen.waitFor(
        () => movesShown(screen) === next.moves.length && shows(next.board),
        `the board after the hinted ${hint}`,
      );
      expect(hintShown()).toBeNull();
      game = next;
    }

    screen.proc.write('?');
    await screen.waitFor(() => screen.text().includes('i  hint:'), 'the help');
    screen.proc.write('x');
    screen.proc.write('q');
    await screen.waitFor(() => screen.text().includes('Quit this game?'), 'the quit question');
    screen.proc.write('y');
    await screen.waitFor(() => screen.exitCode !== null, 'the game to exit, its worker closed');
    expect(screen.exitCode).toBe(0);
    expect(screen.cursorShown()).toBe(true);
  });
});
