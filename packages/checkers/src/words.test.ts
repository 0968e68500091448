import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.js';
import { newGame } from './game.js';
import { legalMoves } from './moves.js';
import { announcement, moveSentence, sideWord } from './words.js';

describe('games in words', () => {
  it('names the sides', () => {
    expect([sideWord('black'), sideWord('red')]).toEqual(['Black', 'Red']);
  });

  it('says a move with its captures and a crowning', () => {
    const start = legalMoves(newGame().position).find((move) => move.from === 11 && move.to === 15);
    expect(start && moveSentence('black', start)).toBe('Black moves 11-15');
    const double = parseFen('W:W22:B18,10');
    if (!double.ok) throw new Error(double.error.message);
    const [jump] = legalMoves(double.value);
    expect(jump && moveSentence('red', jump)).toBe('Red moves 22x15x6, captures 18 and 10');
    const crown = parseFen('B:W30:B25');
    if (!crown.ok) throw new Error(crown.error.message);
    const sentences = legalMoves(crown.value).map((move) => moveSentence('black', move));
    expect(sentences).toContain('Black moves 25-29, crowned');
  });

  it('says why a game ended, and nothing while it goes on', () => {
    expect(announcement({ kind: 'playing' })).toBeNull();
    expect(announcement({ kind: 'won', winner: 'red', reason: 'no-pieces' })).toBe(
      'Red wins: black has no pieces left',
    );
    expect(announcement({ kind: 'draw', reason: 'repetition' })).toBe(
      'Draw: the same position a third time',
    );
  });
});
