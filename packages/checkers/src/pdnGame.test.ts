import { describe, expect, it } from 'vitest';
import { makeFen } from './fen.js';
import { gameToPdn } from './pdn.js';
import { gamesOf, MAX_PDN_CHARS, parsePdnGame, splitPdnGames } from './pdnGame.js';

const moveTexts = (text: string): string[] => {
  const read = parsePdnGame(text);
  if (!read.ok) throw new Error(read.error.message);
  return read.value.moves.map((move) => move.path.join(move.captured.length > 0 ? 'x' : '-'));
};

describe('parsePdnGame', () => {
  it('reads a result token as the result, not as a move (1-1, 2-0, 0-2, 1/2-1/2)', () => {
    for (const ending of ['1-1', '2-0', '0-2', '1/2-1/2']) {
      const read = parsePdnGame(`[Event "x"]\n\n1. 11-15 23-19 2. 8-11 ${ending}\n`);
      expect(read.ok && read.value.result).toBe(ending);
      expect(read.ok && read.value.moves.length).toBe(3);
    }
  });

  it('reads the tags, the moves and the result, skipping comments, variations and NAGs', () => {
    const text = [
      '[Event "Club \\"night\\""]',
      '[Black "Ann"]',
      '[White "Bob"]',
      '[Result "*"]',
      '',
      '1. 11-15 {a classic} 23-19 2. 8-11 (2. 9-14 22-17) 22-17! $1',
      '3. 9-13 ; the rest of the line is a comment 17x10',
      '3... 17-14 *',
    ].join('\n');
    const read = parsePdnGame(text);
    expect(read.ok && read.value.tags).toEqual({
      Event: 'Club "night"',
      Black: 'Ann',
      White: 'Bob',
      Result: '*',
    });
    expect(moveTexts(text)).toEqual(['11-15', '23-19', '8-11', '22-17', '9-13', '17-14']);
    expect(read.ok && read.value.result).toBe('*');
  });

  it('reads the results 2-0, 0-2 and 1-1 after the last move as results, not moves', () => {
    for (const result of ['2-0', '0-2', '1-1', '1-0', '0-1', '1/2-1/2']) {
      const read = parsePdnGame(`1. 11-15 23-19 ${result}`);
      expect(read.ok && read.value.result, result).toBe(result);
      expect(read.ok && read.value.moves).toHaveLength(2);
    }
    // A game that ended, as gameToPdn writes it, reads back.
    const won = parsePdnGame('[FEN "B:W18:B14,1"]\n\n1. 14x23 2-0');
    expect(won.ok && won.value.game.status).toEqual({
      kind: 'won',
      winner: 'black',
      reason: 'no-pieces',
    });
  });

  it('takes a multi-jump in full or shortened to its ends, where that names one move', () => {
    const setup = '[FEN "B:W10,11,18,19:B6"]\n\n';
    expect(moveTexts(`${setup}1. 6x15x24 *`)).toEqual(['6x15x24']);
    expect(moveTexts(`${setup}1. 6x24 *`)).toEqual(['6x15x24']);
    expect(moveTexts(`${setup}1. 6x22 *`)).toEqual(['6x15x22']);
    const short = parsePdnGame(`${setup}1. 6x15 *`);
    expect(!short.ok && short.error.code).toBe('ERR_ILLEGAL_MOVE');
    expect(!short.ok && short.error.message).toMatch(
      /^line 3, move 1 "6x15": .*6x15x22 or 6x15x24/,
    );
  });

  it('starts from a FEN setup', () => {
    const text = '[FEN "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"]\n\n1. 16-19 *';
    const read = parsePdnGame(text);
    expect(read.ok && makeFen(read.value.start)).toBe(
      'B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29',
    );
    expect(read.ok && read.value.moves.length).toBe(1);
  });

  it('names the line and the move of a bad move, and keeps the rules code', () => {
    const read = parsePdnGame('[Event "x"]\n\n1. 11-15 23-19\n2. 8-11 22-26 *');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.code).toBe('ERR_ILLEGAL_MOVE');
    expect(read.error.message).toMatch(/^line 4, move 2 "22-26": /);
    const capture = parsePdnGame('1. 11-15 22-18 2. 9-13');
    expect(!capture.ok && capture.error.code).toBe('ERR_CAPTURE_REQUIRED');
    expect(!capture.ok && capture.error.message).toMatch(/^line 1, move 2 "9-13"/);
    const word = parsePdnGame('1. 11-15 hello');
    expect(!word.ok && word.error).toEqual({
      code: 'ERR_PDN_MOVE',
      message: 'line 1, move 1 "hello": not a move like 11-15 or 22x15x6',
    });
  });

  it('refuses a bad FEN, a bad tag, an empty text and a text too long', () => {
    expect(parsePdnGame('[FEN "X:nothing"]\n1. 11-15').ok || 'ERR_FEN').toBe('ERR_FEN');
    const tag = parsePdnGame('[Event Club]\n1. 11-15');
    expect(!tag.ok && tag.error.code).toBe('ERR_PDN');
    expect(!tag.ok && tag.error.message).toMatch(/^line 1: /);
    const empty = parsePdnGame('  \n');
    expect(!empty.ok && empty.error.code).toBe('ERR_PDN');
    const long = parsePdnGame(' '.repeat(MAX_PDN_CHARS + 1));
    expect(!long.ok && long.error.code).toBe('ERR_TOO_LARGE');
  });

  it('reads back an exported game, and gamesOf gives the game after each move', () => {
    const text = '1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 *';
    const read = parsePdnGame(text);
    if (!read.ok) throw new Error(read.error.message);
    const again = parsePdnGame(gameToPdn(read.value.game));
    expect(again.ok && again.value.moves).toEqual(read.value.moves);
    const games = gamesOf(read.value.game);
    expect(games).toHaveLength(7);
    expect(games[6]?.position).toEqual(read.value.game.position);
    expect(games[0]?.moves).toEqual([]);
  });
});

describe('splitPdnGames', () => {
  it('cuts a match record where a tag section starts again, whatever the tags and line ends', () => {
    const text = [
      '[Event "one"]',
      '[Black "ours"]',
      '',
      '1. 11-15 23-19 *',
      '',
      '[FEN "W:W21,22:B1,2"]',
      '[Event "two: no Event first"]',
      '1. 21-17 2-6',
      '*',
      '',
      '',
      '[Event "three"]',
      '1. 9-13 {a comment',
      'over two lines} 22-18 1-0',
      '',
    ].join('\r\n');
    const games = splitPdnGames(text);
    expect(games).toHaveLength(3);
    expect(games.map((game) => moveTexts(game))).toEqual([
      ['11-15', '23-19'],
      ['21-17', '2-6'],
      ['9-13', '22-18'],
    ]);
    const second = parsePdnGame(games[1] ?? '');
    expect(second.ok && second.value.tags.Event).toBe('two: no Event first');
    expect(second.ok && makeFen(second.value.start)).toBe('W:W21,22:B1,2');
  });

  it('finds no game in blank text, and one in a game without tags', () => {
    expect(splitPdnGames('')).toEqual([]);
    expect(splitPdnGames('\n  \n')).toEqual([]);
    expect(splitPdnGames('1. 11-15 *\n').map((game) => moveTexts(game))).toEqual([['11-15']]);
  });
});
