import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Game, makeFen, newGame, parseFen } from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import { RACKET_MESSAGES } from './commands.js';
import { commandsOfLine } from './plainPlay.js';
import type { Searcher } from './searchClient.js';
import { createSession, type Session } from './session.js';
import { playTypedMove } from './typedMove.js';

const gameAt = (fen?: string): Game => {
  if (fen === undefined) return newGame();
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return newGame(position.value);
};

const noSearch: Searcher = {
  best: async () => null,
  close: async () => {},
};

const sessionOf = (fen?: string): Session =>
  createSession({
    game: gameAt(fen),
    ai: null,
    limits: { depth: 1 },
    searcher: noSearch,
    directory: mkdtempSync(join(tmpdir(), 'checkers-typed-')),
  });

/** Type one line as a player does: every answer line, in order. */
async function type(session: Session, line: string): Promise<string[]> {
  const read = commandsOfLine(line);
  if ('refusal' in read) return [read.refusal];
  const lines: string[] = [];
  for (const expr of read.exprs) lines.push(...(await session.run(expr)).lines);
  return lines;
}

// Black's man on (3 2) jumps (4 3), then (6 5): 9x18x27.
const DOUBLE_JUMP = 'B:W14,23,29:B1,9';
const AFTER_DOUBLE_JUMP = 'W:W29:B1,27';

describe('moves typed as players type them', () => {
  it('plays PDN, square pairs and short directions, each answered in one line', async () => {
    for (const line of ['9-14', '3 2 4 3', '32 43', '(move (3 2) se)', 'move (3 2) southeast']) {
      const session = sessionOf();
      expect(await type(session, line)).toEqual(['Black moves (3 2) to (4 3) [9-14].']);
      expect(makeFen(session.game.position)).toBe(
        'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14',
      );
    }
  });

  it('plays a whole multi-jump in one command', async () => {
    for (const line of ['9x18x27', '9x27', '3 2 5 4 7 6', '32 54 76']) {
      const session = sessionOf(DOUBLE_JUMP);
      expect(await type(session, line)).toEqual([
        'Black jumps (3 2) over (4 3) to (5 4), over (6 5) to (7 6) [9x18x27].',
      ]);
      expect(makeFen(session.game.position)).toBe(AFTER_DOUBLE_JUMP);
    }
  });

  it('takes the rest of a multi-jump under way in PDN or pairs', async () => {
    for (const line of ['18x27', '5 4 7 6']) {
      const session = sessionOf(DOUBLE_JUMP);
      expect(await type(session, '(move (3 2) se)')).toEqual([
        'Black jumps (3 2) over (4 3) to (5 4). Keep jumping with (5 4).',
      ]);
      expect(await type(session, line)).toEqual([
        'Black jumps (5 4) over (6 5) to (7 6) [9x18x27].',
      ]);
      expect(makeFen(session.game.position)).toBe(AFTER_DOUBLE_JUMP);
    }
  });

  it('says what is wrong, once, and leaves the game as it was', async () => {
    const refusals: [string, string][] = [
      ['6 3 5 5', '(5 5) is a light square: pieces stand on dark ones'],
      ['3 2 5 4', '(3 2) cannot reach (5 4): its moves are (4 1) [9-13], (4 3) [9-14]'],
      ['9-18', '(3 2) cannot reach (5 4): its moves are (4 1) [9-13], (4 3) [9-14]'],
      ['1 2 2 1', '(1 2) cannot reach (2 1): (1 2) cannot move'],
      ['6 3 5 4', 'You do not have a piece on (6 3)'],
      ['22-18', 'You do not have a piece on (6 3)'],
      ['9-40', '40 is not a square 1-32 (ERR_SQUARE)'],
      ['3 2 4 3 5 4', 'The move ends at (4 3): (5 4) is one square too many'],
      ['exit now please', RACKET_MESSAGES.notAList],
      ['3 2 4', RACKET_MESSAGES.notAList],
    ];
    for (const [line, answer] of refusals) {
      const session = sessionOf();
      expect(await type(session, line), line).toEqual([answer]);
      expect(session.game).toEqual(newGame());
    }
  });

  it('names the capture due, and the rest of a capture a PDN move stops short of', async () => {
    const due = sessionOf('B:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14');
    expect(await type(due, '11-15')).toEqual([
      'A capture is compulsory: 14x21 (ERR_CAPTURE_REQUIRED)',
    ]);
    expect(await type(due, '3 6 4 5')).toEqual(['You must capture: (4 3) to (6 1) [14x21]']);
    const double = sessionOf(DOUBLE_JUMP);
    expect(await type(double, '9x18')).toEqual([
      '9x18 is not legal here: the capture goes on (9x18x27) (ERR_ILLEGAL_MOVE)',
    ]);
  });

  it('keeps the list form exact: a reachable list-form step is played as before', () => {
    const played = playTypedMove(newGame(), '11-15');
    expect(played.ok && played.value.steps).toEqual([{ from: 11, to: 15, captured: null }]);
  });
});
