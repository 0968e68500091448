import { type Direction, movesDigest, newGame, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { answerOf, moveEventOf, rankedRules } from './answers.js';
import { type RankedState, stepRanked } from './step.js';

const start = (seed = 'step', size = 4): RankedState => ({
  rules: 'classic',
  size,
  game: newGame(rankedRules('classic', size), seed),
  letters: '',
  digest: movesDigest(''),
  closed: null,
  touchedAt: 0,
});

/** Play directions through the step, each at the next index; the state after them. */
const played = (state: RankedState, directions: readonly Direction[]): RankedState =>
  directions.reduce(
    (s, direction, i) => stepRanked(s, { type: 'move', direction }, i).state,
    state,
  );

describe('one ranked game as a pure step', () => {
  it('plays a move at the next index: the engine step, its answer, keep then tell', () => {
    const state = start();
    const {
      state: next,
      answer,
      effects,
    } = stepRanked(state, { type: 'move', direction: 'left' }, 1234);
    const engine = step(state.game, 'left');
    expect(answer).toEqual({ type: 'answer', answer: answerOf(engine, 0) });
    expect(next).toEqual({
      ...state,
      game: engine.game,
      letters: 'L',
      digest: movesDigest('L'),
      touchedAt: 1234,
    });
    expect(effects).toEqual([
      {
        type: 'keep',
        move: {
          index: 0,
          digest: movesDigest(''),
          letter: 'L',
          moves: engine.game.moves.length,
          score: engine.game.score,
          maxTile: Math.max(...engine.game.board.flat()),
          status: engine.game.status,
        },
      },
      { type: 'tell', index: 0, event: moveEventOf('left', answerOf(engine, 0)) },
    ]);
    // Pure: the same inputs, the same step; the state given is not changed.
    expect(stepRanked(state, { type: 'move', direction: 'left' }, 1234).state).toEqual(next);
    expect(state.letters).toBe('');
  });

  it('a move sent again at an index already sent gets its first answer; another direction there is refused', () => {
    const directions: Direction[] = ['left', 'up', 'right', 'down', 'left', 'down'];
    let state = start();
    const answers = directions.map((direction, i) => {
      const stepped = stepRanked(state, { type: 'move', direction, index: i }, i);
      state = stepped.state;
      return stepped.answer;
    });
    for (const [i, direction] of directions.entries()) {
      const again = stepRanked(state, { type: 'move', direction, index: i }, 99);
      expect(again.answer).toEqual(answers[i]);
      expect(again.effects).toEqual([]);
      expect(again.state.letters).toBe(state.letters);
    }
    const other = stepRanked(state, { type: 'move', direction: 'right', index: 0 }, 99);
    expect(other.answer).toEqual({
      type: 'refuse',
      code: 'ERR_MOVE_ORDER',
      message: 'move 0 was another direction',
    });
  });

  it('an early move waits; a closed or lost game refuses', () => {
    const state = start();
    expect(stepRanked(state, { type: 'move', direction: 'up', index: 3 }, 0)).toMatchObject({
      answer: { type: 'wait', index: 3 },
      effects: [],
    });
    const closed = { ...state, closed: 'expired' as const };
    expect(stepRanked(closed, { type: 'move', direction: 'up' }, 0).answer).toMatchObject({
      type: 'refuse',
      code: 'ERR_GAME_EXPIRED',
    });
    let lost = start('lost', 3);
    for (let i = 0; lost.game.status !== 'lost'; i++) {
      const direction = (['down', 'left', 'right', 'up'] as const).find(
        (d) => step(lost.game, d).moved,
      );
      const stepped = stepRanked(lost, { type: 'move', direction: direction ?? 'down' }, i);
      if (stepped.state.game.status === 'lost') {
        expect(stepped.effects.at(-1)).toEqual({ type: 'end', status: 'lost' });
      }
      lost = stepped.state;
    }
    expect(stepRanked(lost, { type: 'move', direction: 'up' }, 0).answer).toMatchObject({
      type: 'refuse',
      code: 'ERR_GAME_OVER',
    });
  });

  it('counts a move that changes nothing among the moves sent, unrecorded by the engine', () => {
    const state = start('47'); // two tiles in the first column: left changes nothing
    const stepped = stepRanked(state, { type: 'move', direction: 'left' }, 0);
    expect(stepped.answer).toMatchObject({ type: 'answer', answer: { moved: false, spawn: null } });
    expect(stepped.state.letters).toBe('L');
    expect(stepped.state.game.moves).toBe('');
    expect(played(state, ['left', 'left']).letters).toBe('LL');
  });

  it('resume: the game as it is, refused once closed; rank: the server record, refused when closed before the end', () => {
    const state = played(start('resume'), ['left', 'up', 'left']);
    expect(stepRanked(state, { type: 'resume' }, 7)).toEqual({
      state: { ...state, touchedAt: 7 },
      answer: {
        type: 'resume',
        resume: {
          rules: 'classic',
          size: 4,
          board: state.game.board,
          score: state.game.score,
          status: state.game.status,
          sent: 3,
          moves: state.game.moves.length,
        },
      },
      effects: [],
    });
    const rank = stepRanked(state, { type: 'rank', name: 'Ada' }, 8);
    expect(rank.answer).toEqual({ type: 'ranking' });
    expect(rank.effects).toEqual([
      {
        type: 'rank',
        entry: {
          name: 'Ada',
          record: { version: 2, rules: state.game.rules, seed: 'resume', moves: state.game.moves },
          score: state.game.score,
          maxTile: Math.max(...state.game.board.flat()),
        },
      },
    ]);
    const closed = { ...state, closed: 'abandoned' as const };
    expect(stepRanked(closed, { type: 'resume' }, 9).answer).toMatchObject({
      type: 'refuse',
      code: 'ERR_GAME_EXPIRED',
    });
    expect(stepRanked(closed, { type: 'rank', name: 'Ada' }, 9)).toMatchObject({
      answer: { type: 'refuse', code: 'ERR_GAME_EXPIRED' },
      effects: [],
    });
  });
});
