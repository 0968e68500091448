import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Game,
  legalMoves,
  type Move,
  makeFen,
  newGame,
  parseFen,
  type Side,
} from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import type { Searcher } from './searchClient.js';
import { createSession, piecesLine, type Session, scoreLine } from './session.js';
import { readExpressions } from './sexp.js';

/** A searcher that answers with the first legal move, or fails when told to. */
const firstMoveSearcher = (failWith?: string): Searcher => ({
  best: async (game) => {
    if (failWith) throw new Error(failWith);
    const position = game.jump?.before ?? game.position;
    const [move] = legalMoves(position);
    return move ? { move, score: 0, depth: 1, nodes: 1 } : null;
  },
  close: async () => {},
});

const gameAt = (fen?: string): Game => {
  if (fen === undefined) return newGame();
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return newGame(position.value);
};

function sessionOf(fen?: string, ai: Side | null = null, searcher = firstMoveSearcher()): Session {
  return createSession({
    game: gameAt(fen),
    ai,
    limits: { depth: 1 },
    searcher,
    directory: mkdtempSync(join(tmpdir(), 'checkers-session-')),
  });
}

async function run(session: Session, text: string) {
  const read = readExpressions(text);
  if (!read.ok || read.value[0] === undefined) throw new Error(`cannot read ${text}`);
  return session.run(read.value[0]);
}

describe('a checkers session', () => {
  it('answers every command in one line or more, and a bad one without changing the game', async () => {
    const session = sessionOf();
    const start = session.game;
    for (const [command, line] of [
      ['exit', 'Commands must be given in list form'],
      ['()', 'Commands must be given in list form'],
      ['(jump)', 'invalid command'],
      ['(7 move)', 'invalid command'],
      ['(score 1)', '(score) takes nothing after it'],
      ['(save tuesday)', 'Give the file name as one "string": (save "name") for name.xlsx'],
      ['(load "a" "b")', 'Give the file name as one "string": (load "name") for name.xlsx'],
      ['(undo)', 'Nothing to undo.'],
      ['(move (3 2) north)', 'You must enter a valid direction (e.g northeast, southwest, etc.)'],
    ] as const) {
      const answer = await run(session, command);
      expect(answer).toEqual({ lines: [line], changed: false, exit: false });
      expect(session.game).toBe(start);
    }
    expect((await run(session, '(exit)')).exit).toBe(true);
    expect((await run(session, '(help)')).lines.length).toBeGreaterThan(3);
    expect((await run(session, '(score)')).lines).toEqual([
      'Black (p1): 12 pieces (0 kings) · Red (p2): 12 pieces (0 kings)',
    ]);
  });

  it('says what each step did, and keeps the same player during a multi-jump', async () => {
    const session = sessionOf('B:W14,23,29:B1,9');
    expect((await run(session, '(move (3 2) southeast)')).lines).toEqual([
      'Black jumps (3 2) over (4 3) to (5 4). Keep jumping with (5 4).',
    ]);
    expect((await run(session, '(save)')).lines).toEqual([
      'Cannot save in the middle of a jump: finish it first (keep jumping with (5 4))',
    ]);
    expect((await run(session, '(hint)')).lines).toEqual([
      'Hint: (move (5 4) southeast) [9x18x27]',
    ]);
    expect((await run(session, '(move (5 4) southeast)')).lines).toEqual([
      'Black jumps (5 4) over (6 5) to (7 6) [9x18x27].',
    ]);
    expect(session.game.position.turn).toBe('red');
    expect(scoreLine(session.game)).toBe(
      'Black (p1): 2 pieces (0 kings) · Red (p2): 1 piece (0 kings)',
    );
  });

  it('crowns a man on the far row, and says so', async () => {
    const session = sessionOf('B:W5:B25');
    expect((await run(session, '(move (7 2) southeast)')).lines).toEqual([
      'Black moves (7 2) to (8 3) [25-30]; (8 3) is crowned king.',
    ]);
    expect(piecesLine(session.game)).toBe('Black 1 (1 king) · Red 1');
  });

  it('undoes whole moves; a jump under way goes back to where it began', async () => {
    const session = sessionOf('B:W14,23,29:B1,9');
    const start = session.game;
    await run(session, '(move (3 2) southeast)');
    expect((await run(session, '(undo)')).lines).toEqual(['The jump under way is taken back.']);
    expect(session.game).toBe(start);
    await run(session, '(move (3 2) southeast)');
    await run(session, '(move (5 4) southeast)');
    await run(session, '(move (8 1) northeast)');
    expect((await run(session, '(undo)')).lines).toEqual(['Took back a move.']);
    expect((await run(session, '(undo)')).lines).toEqual(['Took back a move.']);
    expect(makeFen(session.game.position)).toBe(makeFen(start.position));
    expect((await run(session, '(undo)')).lines).toEqual(['Nothing to undo.']);
  });

  it("against the computer, undo goes back to the player's last turn", async () => {
    const session = sessionOf(undefined, 'red');
    await run(session, '(move (3 2) southeast)');
    expect(session.computerToMove()).toBe(true);
    const reply = await session.searcher.best(session.game, session.limits);
    expect(session.playComputer(reply?.move as Move).lines).toEqual([
      'Red (computer) plays (move (6 1) northeast) [21-17]',
    ]);
    expect(session.computerToMove()).toBe(false);
    expect((await run(session, '(undo)')).lines).toEqual(['Took back 2 moves.']);
    expect(session.game.moves).toHaveLength(0);
    expect((await run(session, '(undo)')).lines).toEqual(['Nothing to undo.']);
  });

  it('names the PDN of the game so far, the computer as a player', async () => {
    const session = sessionOf(undefined, 'black');
    const first = await session.searcher.best(session.game, session.limits);
    session.playComputer(first?.move as Move);
    await run(session, '(move (6 1) northeast)');
    expect((await run(session, '(pdn)')).lines).toEqual([
      '[Event "checkers"]',
      '[Black "computer"]',
      '[White "p2"]',
      '[Result "*"]',
      '',
      '1. 9-13 21-17 *',
    ]);
  });

  it('says why there is no hint when the search fails', async () => {
    const session = sessionOf(undefined, null, firstMoveSearcher('the thread stopped'));
    expect((await run(session, '(hint)')).lines).toEqual([
      'No hint: the thread stopped (ERR_SEARCH)',
    ]);
  });

  it('saves into its directory and refuses a name that is not a plain file name', async () => {
    const session = sessionOf();
    expect((await run(session, '(save "../up")')).lines[0]).toMatch(
      /^Cannot save: .*ERR_FILE_NAME/,
    );
    expect((await run(session, '(save "week 1")')).lines).toEqual([
      'Saved week 1.xlsx: Black (p1) to move.',
    ]);
    expect((await run(session, '(load "none")')).lines[0]).toMatch(
      /^Cannot load none\.xlsx: .*no such file \(ERR_READ\)$/,
    );
    expect((await run(session, '(default-board)')).lines).toEqual([
      'A new game: Black (p1) to move.',
    ]);
  });

  it('lists the files it saved, and nothing else', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'checkers-files-'));
    const session = createSession({
      game: newGame(),
      ai: null,
      limits: {},
      searcher: firstMoveSearcher(),
      directory,
    });
    await run(session, '(save)');
    expect(readdirSync(directory)).toEqual(['checkers.xlsx']);
  });
});
