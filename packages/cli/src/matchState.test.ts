import { type Game, makeRules, newGame, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import {
  answerScore,
  bestScore,
  isAnswered,
  isUnderWay,
  keepPlayingMatch,
  moveMatch,
  restartMatch,
  scoreRecorded,
  startMatch,
  UNDO_LIMIT,
  undoMatch,
} from './matchState.js';
import { greedyStates, lastOf } from './testing/games.js';

const small = (() => {
  const rules = makeRules('classic', { size: 2 });
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
})();

describe('a match as data', () => {
  it('moves as the engine does, keeps the gain, and undoes back to the start', () => {
    const first = newGame('classic', 'match');
    let match = startMatch(first, 100);
    expect(isUnderWay(match)).toBe(false);
    const games = [first];
    for (const direction of ['left', 'up', 'down', 'down'] as const) {
      const expected = step(match.game, direction);
      const before = match;
      const moved = moveMatch(match, direction);
      expect(moved.result).toEqual(expected);
      match = moved.match;
      if (expected.game === before.game) {
        expect(match).toBe(before);
      } else {
        games.push(match.game);
        expect(match.lastGain).toBe(expected.gained);
      }
    }
    expect(games.length).toBeGreaterThan(2);
    expect(isUnderWay(match)).toBe(true);
    expect(bestScore(match)).toBe(Math.max(100, match.game.score));
    while (games.length > 1) {
      games.pop();
      match = undoMatch(match) ?? match;
      expect(match.game).toBe(games.at(-1));
      expect(match.lastGain).toBe(0);
    }
    expect(undoMatch(match)).toBeNull();
  });

  it(`keeps at most ${UNDO_LIMIT} games to undo`, () => {
    let match = startMatch(newGame('classic', 'long'), 0);
    const filler = Array.from({ length: UNDO_LIMIT + 5 }, (_, i) => ({
      ...match.game,
      score: i,
    })) as Game[];
    match = { ...match, history: filler.slice(0, UNDO_LIMIT) };
    const moved = moveMatch(match, 'left').result.game !== match.game ? 'left' : 'right';
    expect(moveMatch(match, moved).match.history).toHaveLength(UNDO_LIMIT);
    expect(moveMatch(match, moved).match.history.at(-1)).toBe(match.game);
  });

  it('remembers which ended games had their high-score question answered, across restarts', () => {
    const lost = lastOf(greedyStates(newGame(small, 'answered')));
    const match = restartMatch(startMatch(newGame(small, 'x'), 0), lost, 10);
    expect(isUnderWay(match)).toBe(false);
    expect(isAnswered(match)).toBe(false);
    const answered = answerScore(match);
    expect(isAnswered(answered)).toBe(true);
    expect(answerScore(answered)).toBe(answered);
    const again = restartMatch(restartMatch(answered, newGame(small, 'y'), 0), lost, 0);
    expect(isAnswered(again)).toBe(true);
    expect(scoreRecorded({ ...match, storedBest: 0 }).storedBest).toBe(lost.score);
  });

  it('plays on after a win', () => {
    const rules = makeRules('classic', { goal: 16 });
    if (!rules.ok) throw new Error(rules.error.message);
    const won = lastOf(greedyStates(newGame(rules.value, 'won'), (g) => g.status === 'won'));
    const match = startMatch(won, 0);
    expect(keepPlayingMatch(match).game.status).toBe('playing');
    const playing = startMatch(newGame('classic', 'p'), 0);
    expect(keepPlayingMatch(playing)).toBe(playing);
  });
});
