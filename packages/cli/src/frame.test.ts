import { type Game, makeRules, newGame } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { type FrameView, HELP_LINES, helpPageCount, KEY_HINT, renderFrame } from './frame.js';

const viewOf = (game: Game, extra: Partial<FrameView> = {}): FrameView => ({
  game,
  lastGain: 0,
  best: 0,
  moveCount: 0,
  overlay: { kind: 'none' },
  message: null,
  mode: 'none',
  ...extra,
});

const ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = (lines: string[]): string[] => lines.map((line) => line.replace(ESCAPE, ''));

const withBoard = (board: number[][], rules = makeRules('classic')): Game => {
  if (!rules.ok) throw new Error(rules.error.message);
  return { ...newGame(rules.value, 'f'), board, score: 1234 };
};

describe('renderFrame', () => {
  const game = withBoard([
    [0, 2, 0, 0],
    [4, 0, 0, 2048],
    [0, 0, 0, 0],
    [131072, 0, 0, 8],
  ]);

  it('fills exactly the terminal and shows score, gain, best and moves', () => {
    const frame = plain(
      renderFrame(viewOf(game, { lastGain: 8, best: 5000, moveCount: 42 }), 80, 24),
    );
    expect(frame).toHaveLength(24);
    expect(frame.join('\n')).toContain('Score 1234 (+8)   Best 5000   Moves 42');
    expect(frame.join('\n')).toContain('2048 · classic 4x4 · seed f');
    expect(frame.every((line) => [...line].length <= 80)).toBe(true);
  });

  it("ends with the game's keys, or with the keys line it is given (autoplay)", () => {
    const last = (view: FrameView): string =>
      (plain(renderFrame(view, 80, 24)).findLast((line) => line.trim() !== '') ?? '').trim();
    expect(last(viewOf(game))).toBe(KEY_HINT);
    expect(KEY_HINT).toContain('i hint');
    expect(last(viewOf(game, { keys: 'Autoplay: greedy · q stops' }))).toBe(
      'Autoplay: greedy · q stops',
    );
  });

  it('puts each value in its cell, the cells widening for the longest value', () => {
    const frame = plain(renderFrame(viewOf(game), 80, 40));
    const rows = frame.filter(
      (line) => /\d/.test(line) && !line.includes('Score') && !line.includes('2048 ·'),
    );
    const values = rows.map((line) =>
      line
        .trim()
        .split(/\s+/)
        .filter((cell) => cell !== '·'),
    );
    expect(values).toEqual([['2'], ['4', '2048'], ['131072', '8']]);
    const widths = new Set(rows.map((line) => line.length));
    expect(widths.size).toBe(1);
  });

  it('falls back to one-line cells when 3-line cells do not fit, then asks for room', () => {
    const rules = makeRules('classic', { size: 8 });
    const big = withBoard(
      Array.from({ length: 8 }, () => new Array(8).fill(2)),
      rules,
    );
    const compact = plain(renderFrame(viewOf(big), 80, 24));
    expect(compact.filter((line) => line.includes('2 ')).length).toBe(8);
    const tiny = plain(renderFrame(viewOf(big), 60, 10));
    expect(tiny.join('\n')).toMatch(/Make the window at least 49x\d+/);
  });

  it('asks for a larger window in words that fit the window, at any size', () => {
    for (const [cols, rows] of [
      [12, 4],
      [20, 8],
      [24, 12],
    ] as const) {
      const frame = plain(renderFrame(viewOf(game), cols, rows));
      expect(frame).toHaveLength(rows);
      expect(frame.every((line) => line.length <= cols)).toBe(true);
      const asked = /Make the window at least (\d+)x(\d+)/.exec(
        frame.join(' ').replace(/\s+/g, ' '),
      );
      expect(asked).not.toBeNull();
      // The size it asks for is enough, and one column or row less is not.
      const [width, height] = [Number(asked?.[1]), Number(asked?.[2])];
      expect(plain(renderFrame(viewOf(game), width, height)).join('\n')).toContain('Score 1234');
      expect(plain(renderFrame(viewOf(game), width - 1, height)).join('\n')).not.toContain('Score');
      expect(plain(renderFrame(viewOf(game), width, height - 1)).join('\n')).not.toContain('Score');
    }
  });

  it.each([
    [60, 20],
    [100, 32],
    [200, 60],
  ])(
    'keeps the score line and the board in place when a message or a question shows (%ix%i)',
    (cols, rows) => {
      const at = (view: FrameView) => {
        const frame = plain(renderFrame(view, cols, rows));
        return { score: frame.findIndex((line) => line.includes('Score 1234')), frame };
      };
      const quiet = at(viewOf(game));
      const hint = at(viewOf(game, { message: 'Nothing can move down.' }));
      const asking = at(viewOf(game, { overlay: { kind: 'confirmQuit' } }));
      const lost = at(viewOf(game, { overlay: { kind: 'lost' }, message: 'Hint: up' }));
      expect(quiet.score).toBeGreaterThan(0);
      for (const other of [hint, asking, lost]) expect(other.score).toBe(quiet.score);
      expect(hint.frame.join('\n')).toContain('Nothing can move down.');
    },
  );

  it.each([
    [37, 12],
    [40, 12],
    [40, 13],
  ])('keeps the board in its rows at %ix%i whatever shows below it', (cols, rows) => {
    const rowsOf = (view: FrameView) => {
      const frame = plain(renderFrame(view, cols, rows));
      expect(frame).toHaveLength(rows);
      expect(frame.every((line) => [...line].length <= cols)).toBe(true);
      return {
        board: [frame.findIndex((line) => line.includes('Score')), frame.indexOf(big)],
        words: frame.join(' ').replace(/\s+/g, ' '),
      };
    };
    const big =
      plain(renderFrame(viewOf(game), cols, rows)).find((l) => l.includes('131072')) ?? '';
    expect(big).not.toBe('');
    const quiet = rowsOf(viewOf(game));
    expect(quiet.board[1]).toBeGreaterThan(quiet.board[0] ?? 0);
    const overlays: [FrameView['overlay'], string | null, string][] = [
      // Two lines at 40 columns: the question that moved the board a row up.
      [{ kind: 'confirmNew' }, null, 'Start a new one? [y] yes [n] no'],
      [{ kind: 'confirmNew' }, 'Hint: up', 'Start a new one? [y] yes [n] no Hint: up'],
      [{ kind: 'lost' }, 'Nothing can move down.', '[n] new game [u] undo [q] quit'],
      [{ kind: 'won' }, null, '[n] new game'],
      [{ kind: 'name', text: 'Ada' }, null, '> Ada_ Enter saves it, Esc skips'],
    ];
    for (const [overlay, message, said] of overlays) {
      const shown = rowsOf(viewOf(game, { overlay, message }));
      expect(shown.board).toEqual(quiet.board);
      expect(shown.words).toContain(said);
    }
  });

  it.each([
    [40, 12],
    [32, 12],
    [25, 12],
  ])('pages the help that does not fit at %ix%i, the score line in its row', (cols, rows) => {
    const small = withBoard([
      [0, 2, 0, 0],
      [4, 0, 0, 16],
      [0, 0, 0, 0],
      [0, 0, 0, 8],
    ]);
    const pages = helpPageCount(viewOf(small, { overlay: { kind: 'help' } }), cols, rows);
    expect(pages).toBeGreaterThan(1);
    const score = plain(renderFrame(viewOf(small), cols, rows)).findIndex((l) =>
      l.includes('Score'),
    );
    let words = '';
    for (let page = 0; page < pages; page++) {
      const frame = plain(
        renderFrame(viewOf(small, { overlay: { kind: 'help', page } }), cols, rows),
      );
      expect(frame).toHaveLength(rows);
      expect(frame.every((line) => [...line].length <= cols)).toBe(true);
      expect(frame.findIndex((l) => l.includes('Score'))).toBe(score);
      expect(frame.join('\n')).toContain(`${page + 1}/${pages} · ${page + 1 < pages ? '↓' : '↑'}`);
      const shown = frame.filter((l) => !/Score|2048 ·|\d\/\d|arrows/.test(l));
      expect(shown.join('\n')).not.toContain('…');
      words += ` ${shown.join(' ')}`;
    }
    // Every word of the help shows on one page or another, none cut.
    for (const line of HELP_LINES) {
      expect(words.replace(/\s+/g, ' ')).toContain(line.replace(/\s+/g, ' '));
    }
    expect(helpPageCount(viewOf(small, { overlay: { kind: 'help' } }), 100, 32)).toBe(1);
  });

  it('aligns the help in columns and keeps it whole', () => {
    const frame = plain(renderFrame(viewOf(game, { overlay: { kind: 'help' } }), 80, 32));
    const help = frame.filter((line) => /^\s*(u {2}undo|q {2}quit)/.test(line));
    expect(help).toHaveLength(2);
    expect(new Set(help.map((line) => line.search(/\S/))).size).toBe(1);
    expect(frame.join('\n')).toContain('Ctrl-C quits at once');
  });

  it('draws a larger board in a large terminal', () => {
    const height = (cols: number, rows: number) => {
      const frame = plain(renderFrame(viewOf(game), cols, rows));
      const first = frame.findIndex((line) => line.includes('Score'));
      const keys = frame.findIndex((line) => line.includes(KEY_HINT));
      return keys - first;
    };
    expect(height(200, 60)).toBeGreaterThan(height(100, 32));
    const big = plain(renderFrame(viewOf(game), 200, 60));
    expect(big.some((line) => line.includes('131072'))).toBe(true);
    expect(big).toHaveLength(60);
  });

  it.each([
    [{ kind: 'won' } as const, 'You win!'],
    [{ kind: 'lost' } as const, 'Game over! Final score 1234'],
    [{ kind: 'confirmQuit' } as const, 'Quit this game?'],
    [{ kind: 'confirmNew' } as const, 'Start a new one?'],
    [{ kind: 'help' } as const, 'Move: arrow keys, W A S D, or h j k l (vim).'],
    [{ kind: 'name', text: 'Ada' } as const, '> Ada_'],
  ])('shows the %j overlay below the board', (overlay, text) => {
    expect(plain(renderFrame(viewOf(game, { overlay }), 80, 30)).join('\n')).toContain(text);
  });

  it('paints tiles in truecolor and 256 colours, and nothing without colour', () => {
    const two = withBoard(
      [
        [2, 0],
        [0, 0],
      ],
      makeRules('classic', { size: 2 }),
    );
    expect(renderFrame(viewOf(two, { mode: 'truecolor' }), 40, 20).join('')).toContain(
      '\x1b[48;2;238;228;218m',
    );
    expect(renderFrame(viewOf(two, { mode: '256' }), 40, 20).join('')).toMatch(/\[48;5;\d+m/);
    expect(renderFrame(viewOf(two), 40, 20).join('')).not.toContain('\x1b[');
  });

  it('draws tiers without colour as one glyph per tier, no numbers', () => {
    const board = [
      [2, 4],
      [8, 16],
    ]; // tier 0 small, medium, large; tier 1 small
    const tiersGame = withBoard(board, makeRules('tiers', { size: 2 }));
    const frame = plain(renderFrame(viewOf(tiersGame), 40, 20));
    const boardText = frame.filter((line) => !/seed|Score|help/.test(line)).join('\n');
    expect(boardText).not.toMatch(/\d/);
    expect(boardText.match(/▓/g)).toHaveLength(2);
    expect(boardText).toContain('██████');
  });
});
