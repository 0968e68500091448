import type { MoveAnswer } from '@twenty48/common';
import type { Direction } from '@twenty48/engine';
import { type Outcome, refuse } from './outcome.js';
import type { RankedGame } from './rankedGame.js';

type Answered = Outcome<MoveAnswer>;

/**
 * Queue a move sent ahead of its turn (`index` past the moves applied) until the moves before
 * it are applied (`drainQueue` plays it then), at most `waitMs`: then 409 ERR_MOVE_ORDER. The
 * same index sent again while it waits shares its answer; another direction for it is refused.
 *
 * @example
 * waitForTurn(ranked, 3, 'left', 5000) // a Promise, settled when move 2 has been applied
 */
export function waitForTurn(
  ranked: RankedGame,
  index: number,
  direction: Direction,
  waitMs: number,
): Answered | Promise<Answered> {
  const waiting = ranked.waiting.get(index);
  if (waiting) {
    return waiting.direction === direction
      ? waiting.promise
      : refuse('ERR_MOVE_ORDER', `another move waits with index ${index}`);
  }
  let settle: (run: () => Answered | Promise<Answered>) => void = () => {};
  const promise = new Promise<Answered>((resolve, reject) => {
    const timer = setTimeout(() => {
      if (ranked.waiting.get(index)?.promise !== promise) return;
      ranked.waiting.delete(index);
      const missing = ranked.letters.length;
      resolve(
        refuse(
          'ERR_MOVE_ORDER',
          `move ${index} waited ${waitMs} ms for move ${missing}, which never came`,
        ),
      );
    }, waitMs);
    settle = (run) => {
      clearTimeout(timer);
      try {
        resolve(run());
      } catch (error) {
        reject(error);
      }
    };
  });
  ranked.waiting.set(index, { direction, promise, settle: (run) => settle(run) });
  return promise;
}

/** Play the queued moves whose turn has come, in index order, with `play`. */
export function drainQueue(
  ranked: RankedGame,
  play: (ranked: RankedGame, direction: Direction) => Answered | Promise<Answered>,
): void {
  for (let next = ranked.waiting.get(ranked.letters.length); next; ) {
    ranked.waiting.delete(ranked.letters.length);
    const waiting = next;
    waiting.settle(() => play(ranked, waiting.direction));
    next = ranked.waiting.get(ranked.letters.length);
  }
}

/** Refuse every queued move of a game (it closed, or the server does). */
export function refuseQueue(ranked: RankedGame, refusal: () => Answered): void {
  for (const [index, waiting] of ranked.waiting) {
    ranked.waiting.delete(index);
    waiting.settle(refusal);
  }
}
