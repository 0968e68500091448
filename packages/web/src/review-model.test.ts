import { DEFAULT_REVIEW_DEPTH, type ReviewedMove } from '@twenty48/ai';
import { fail, makeRules, newGame, ok, recordOf, step } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import {
  closedReview,
  costlyMoves,
  moveLine,
  type ReviewState,
  updateReview,
} from './review-model.js';

const game = step(step(step(newGame('classic', 'model'), 'left').game, 'up').game, 'right').game;
const record = recordOf(game);
const opened = updateReview(closedReview, {
  type: 'recordRead',
  record: ok(record),
  final: game.board,
});

const graded = (index: number, loss: number): ReviewedMove => ({
  index,
  played: record.moves[index] === 'L' ? 'L' : record.moves[index] === 'U' ? 'U' : 'R',
  best: 'D',
  values: { D: 100, L: 100 - loss, U: 100 - loss, R: 100 - loss },
  loss,
});

/** Answer every grading asked for with these losses, in order. */
function gradeAll(losses: number[]): ReviewState {
  let state = opened.state;
  losses.forEach((loss, index) => {
    state = updateReview(state, {
      type: 'graded',
      run: state.run,
      answer: { id: index, move: graded(index, loss) },
    }).state;
  });
  return state;
}

describe('the Review model', () => {
  it('opens on a record by grading its first move at the default depth', () => {
    expect(opened.state.phase).toBe('computing');
    expect(opened.state.positions.map((p) => p.played)).toEqual(['left', 'up', 'right']);
    expect(opened.effects).toEqual([
      { type: 'grade', run: 1, position: opened.state.positions[0], depth: DEFAULT_REVIEW_DEPTH },
    ]);
  });

  it('grades the next move after each answer, and stops the worker after the last', () => {
    const first = updateReview(opened.state, {
      type: 'graded',
      run: 1,
      answer: { id: 0, move: graded(0, 0) },
    });
    expect(first.effects).toEqual([
      { type: 'grade', run: 1, position: first.state.positions[1], depth: DEFAULT_REVIEW_DEPTH },
    ]);
    const done = gradeAll([0, 30, 5]);
    expect(done.phase).toBe('done');
    expect(done.moves).toHaveLength(3);
    expect(costlyMoves(done)).toEqual([1, 2]);
  });

  it('ignores an answer of an earlier review, and stops on a named error', () => {
    const late = updateReview(opened.state, {
      type: 'graded',
      run: 0,
      answer: { id: 0, move: graded(0, 0) },
    });
    expect(late.state).toBe(opened.state);
    const refused = updateReview(opened.state, {
      type: 'graded',
      run: 1,
      answer: { id: 0, error: { code: 'ERR_NETWORK_MISSING', message: 'no network' } },
    });
    expect(refused.state.phase).toBe('failed');
    expect(refused.state.message).toBe('no network (ERR_NETWORK_MISSING)');
    expect(refused.effects).toEqual([{ type: 'stopWorker' }]);
  });

  it('cancels between two moves: the worker stopped, the moves graded kept, later answers ignored', () => {
    const some = updateReview(opened.state, {
      type: 'graded',
      run: 1,
      answer: { id: 0, move: graded(0, 7) },
    }).state;
    const cancelled = updateReview(some, { type: 'cancelled' });
    expect(cancelled.effects).toEqual([{ type: 'stopWorker' }]);
    expect(cancelled.state.phase).toBe('cancelled');
    expect(cancelled.state.moves).toHaveLength(1);
    const after = updateReview(cancelled.state, {
      type: 'graded',
      run: some.run,
      answer: { id: 1, move: graded(1, 0) },
    });
    expect(after.state.moves).toHaveLength(1);
  });

  it('refuses a record it cannot grade, by name', () => {
    const rules = makeRules('fiveTwelve', {});
    if (!rules.ok) throw new Error(rules.error.message);
    const other = updateReview(closedReview, {
      type: 'recordRead',
      record: ok({ ...record, rules: rules.value, moves: '' }),
      final: game.board,
    });
    expect(other.state.phase).toBe('failed');
    expect(other.state.message).toMatch(/\(ERR_REVIEW_RULES\)$/);
    const unread = updateReview(closedReview, {
      type: 'recordRead',
      record: fail('ERR_RECORD_HTTP', 'the server answered 404 for the record'),
      final: game.board,
    });
    expect(unread.state.message).toBe('the server answered 404 for the record (ERR_RECORD_HTTP)');
    expect(unread.effects).toEqual([]);
  });

  it('steps within the game, the end being the board after the last move', () => {
    const done = gradeAll([0, 30, 0]);
    const at = (index: number) => updateReview(done, { type: 'shown', index }).state;
    expect(at(-5).shown).toBe(0);
    expect(at(99).shown).toBe(3);
    expect(updateReview(at(1), { type: 'stepped', by: 1 }).state.shown).toBe(2);
    const words = (state: ReviewState) => moveLine(state, String);
    expect(words(at(0))).toBe('Move 1: played left, the best move');
    expect(words(at(1))).toBe('Move 2: played up, better down (loss 30)');
    expect(words(at(3))).toBe('The end: 3 moves');
    expect(updateReview(done, { type: 'closed' })).toEqual({
      state: { ...closedReview, run: done.run + 1 },
      effects: [{ type: 'stopWorker' }],
    });
  });
});
