import { handleReviewRequest, type ReviewRequest } from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import { type CheckersState, type Effect, type Input, initialState, update } from './model.js';
import { betterMove, graphPoints, reviewProgress } from './review.js';

// Black's 4. 14-17 hangs a man: red jumps 21x14x7 and keeps it.
const HUNG = '1. 10-14 22-17 2. 7-10 23-19 3. 11-15 17-13 4. 14-17 21x14x7 5. 3x10 24-20 *';

function play(
  state: CheckersState,
  ...inputs: Input[]
): { state: CheckersState; effects: Effect[] } {
  const effects: Effect[] = [];
  let current = state;
  for (const input of inputs) {
    const next = update(current, input);
    current = next.state;
    effects.push(...next.effects);
  }
  return { state: current, effects };
}

const asked = (effects: readonly Effect[]): ReviewRequest[] =>
  effects.flatMap((effect) => (effect.kind === 'review' ? [effect.request] : []));

/** Answers each review question as the worker does, until none is asked. */
function runReview(state: CheckersState, effects: readonly Effect[]): CheckersState {
  let current = state;
  let questions = asked(effects);
  while (questions.length > 0) {
    const next = play(
      current,
      ...questions.map(
        (request): Input => ({ kind: 'review-reply', reply: handleReviewRequest(request) }),
      ),
    );
    current = next.state;
    questions = asked(next.effects);
  }
  return current;
}

const opened = (): CheckersState =>
  play(initialState({ mode: 'two' }), { kind: 'pdn', name: 'game.pdn', text: HUNG }).state;

describe('the page’s game review', () => {
  it('asks the worker one move at a time, then marks the hung man and shows the better move', () => {
    const started = play(opened(), { kind: 'review' });
    expect(asked(started.effects)).toHaveLength(1);
    expect(asked(started.effects)[0]).toMatchObject({ kind: 'review', played: '10-14', index: 0 });
    expect(reviewProgress(started.state.review ?? fail()).text).toBe('Reviewing move 1 of 10…');
    const done = runReview(started.state, started.effects);
    const review = done.review ?? fail();
    expect(review.entries.map((entry) => entry.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(review.asking).toBeNull();
    expect(review.entries[6]).toMatchObject({ played: '14-17', mark: '??' });
    expect(review.entries.filter((entry) => entry.mark === '??')).toHaveLength(1);
    expect(reviewProgress(review).text).toBe('Review: 1 blunder (??)');
    // The position before the blunder shows the better move; others show none.
    const before = play(done, { kind: 'view', to: 6 }).state;
    expect(betterMove(before, 6)?.bestPath.length).toBeGreaterThanOrEqual(2);
    expect(betterMove(before, 5)).toBeNull();
    // The graph runs from ply 0 to the end, Black falling after the blunder.
    const points = graphPoints(review, 5);
    expect(points).toHaveLength(11);
    expect((points[7]?.black ?? 0) - (points[6]?.black ?? 0)).toBeLessThanOrEqual(-1);
  });

  it('stops when cancelled, keeps what it graded, and ignores the answer still on its way', () => {
    const started = play(opened(), { kind: 'review' });
    const [first] = asked(started.effects);
    const cancelled = play(started.state, { kind: 'review-cancel' });
    expect(cancelled.state.review).toMatchObject({ asking: null, cancelled: true, entries: [] });
    const late = play(cancelled.state, {
      kind: 'review-reply',
      reply: handleReviewRequest(first ?? fail()),
    });
    expect(late.state.review?.entries).toHaveLength(0);
    expect(asked(late.effects)).toHaveLength(0);
    expect(play(late.state, { kind: 'review-close' }).state.review).toBeNull();
  });

  it('ends when the game changes, and says so when there is nothing to review', () => {
    const started = play(opened(), { kind: 'review' }).state;
    expect(play(started, { kind: 'undo' }).state.review).toBeNull();
    expect(play(started, { kind: 'view', to: 3 }).state.review).not.toBeNull();
    const empty = play(initialState({ mode: 'two' }), { kind: 'review' });
    expect(empty.state.review).toBeNull();
    expect(empty.state.notice).toBe('Nothing to review: no move yet');
  });

  it('reports a worker’s refusal and stops', () => {
    const started = play(opened(), { kind: 'review' });
    const id = asked(started.effects)[0]?.id ?? fail();
    const refused = play(started.state, {
      kind: 'review-reply',
      reply: { kind: 'review', id, ok: false, error: { code: 'ERR_INTERNAL', message: 'boom' } },
    }).state;
    expect(refused.review).toMatchObject({ asking: null, cancelled: true });
    expect(refused.notice).toBe('The review stopped: boom (ERR_INTERNAL)');
  });
});

function fail(): never {
  throw new Error('expected a value');
}
