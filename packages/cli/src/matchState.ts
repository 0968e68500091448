/**
 * A match as plain data: the game, the games `undo` goes back to, and what the terminal keeps
 * around them (the last gain, the best score on record, which ended games had their high-score
 * question answered). Pure: every function returns a new state; saving and the store's answers
 * are the caller's (`match.ts` for the line mode, `fullScreenGame.ts` for the full screen).
 */
import { type Direction, type Game, keepPlaying, type StepResult, step } from '@twenty48/engine';

/** One game in progress with everything the terminal keeps around it. */
export interface MatchState {
  readonly game: Game;
  /** The games before the last moves, oldest first, at most `UNDO_LIMIT`. */
  readonly history: readonly Game[];
  /** Points the last move gained (0 after undo or a new game). */
  readonly lastGain: number;
  /** The best score on record for these rules and size when the game started or last scored. */
  readonly storedBest: number;
  /** The ended games whose high-score question was answered, by `answerKey`. */
  readonly answered: readonly string[];
}

/** Most moves `undo` can take back. */
export const UNDO_LIMIT = 1000;

const answerKey = (game: Game): string => `${game.rules.name}/${game.seed}/${game.moves}`;

/**
 * A match on `game`, whose rules and size have `storedBest` as their best score on record.
 *
 * @example
 * const match = startMatch(newGame('classic', 'abc'), 0);
 */
export const startMatch = (game: Game, storedBest: number): MatchState => ({
  game,
  history: [],
  lastGain: 0,
  storedBest,
  answered: [],
});

/**
 * The best score for these rules and size, this game included.
 *
 * @example
 * bestScore(startMatch(game, 500)) // 500 until the game scores more
 */
export const bestScore = (match: MatchState): number =>
  Math.max(match.storedBest, match.game.score);

/**
 * True while a game is under way: at least one move played and not lost.
 *
 * @example
 * isUnderWay(startMatch(newGame('classic', 'a'), 0)) // false
 */
export const isUnderWay = (match: MatchState): boolean =>
  match.game.moves.length > 0 && match.game.status !== 'lost';

/**
 * Play a move; `result.events` is empty (and the match unchanged) when nothing could move.
 *
 * @example
 * const { match: next, result } = moveMatch(match, 'left');
 */
export function moveMatch(
  match: MatchState,
  direction: Direction,
): { match: MatchState; result: StepResult } {
  const result = step(match.game, direction);
  if (result.game === match.game) return { match, result };
  return {
    match: {
      ...match,
      game: result.game,
      history: [...match.history, match.game].slice(-UNDO_LIMIT),
      lastGain: result.events.length > 0 ? result.gained : match.lastGain,
    },
    result,
  };
}

/**
 * The match with its last move taken back, or null when there is nothing to undo.
 *
 * @example
 * undoMatch(startMatch(game, 0)) // null
 */
export function undoMatch(match: MatchState): MatchState | null {
  const previous = match.history.at(-1);
  if (previous === undefined) return null;
  return { ...match, game: previous, history: match.history.slice(0, -1), lastGain: 0 };
}

/**
 * Start over with `game` (a new game or a loaded one) and its rules' best score on record; the
 * undo history goes, the answered high-score questions stay.
 *
 * @example
 * restartMatch(match, newGame('classic', 'next'), 0).history // []
 */
export const restartMatch = (match: MatchState, game: Game, storedBest: number): MatchState => ({
  ...match,
  game,
  history: [],
  lastGain: 0,
  storedBest,
});

/**
 * Play on after the goal tile: the won game goes on as `playing`.
 *
 * @example
 * keepPlayingMatch(wonMatch).game.status // 'playing'
 */
export const keepPlayingMatch = (match: MatchState): MatchState => {
  const game = keepPlaying(match.game);
  return game === match.game ? match : { ...match, game };
};

/**
 * True when the match's game has ended and its high-score question was answered (a name given
 * or refused), so it is not asked again after an undo and the same move.
 *
 * @example
 * isAnswered(answerScore(lostMatch)) // true
 */
export const isAnswered = (match: MatchState): boolean =>
  match.answered.includes(answerKey(match.game));

/**
 * The match with its ended game's high-score question answered.
 *
 * @example
 * isAnswered(answerScore(lostMatch)) // true
 */
export const answerScore = (match: MatchState): MatchState =>
  isAnswered(match) ? match : { ...match, answered: [...match.answered, answerKey(match.game)] };

/**
 * The match after its game entered the high-score table: its score is on record now.
 *
 * @example
 * scoreRecorded(match).storedBest // at least match.game.score
 */
export const scoreRecorded = (match: MatchState): MatchState => ({
  ...match,
  storedBest: bestScore(match),
});
