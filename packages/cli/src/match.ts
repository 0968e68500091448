/**
 * The line mode's match: a `MatchState` (the game, its undo history, the last gain, the best
 * score) kept in one place, with the autosave after every change and the high-score entry when
 * a game ends done at once through the game shelf.
 */
import type { Direction, Game, Result, StepResult } from '@twenty48/engine';
import { startGame } from './flags.js';
import type { GameShelf } from './gameShelf.js';
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
  undoMatch,
} from './matchState.js';

/** One game in progress with everything the terminal keeps around it. */
export interface Match {
  readonly game: Game;
  /** Points the last move gained (0 after undo or a new game). */
  readonly lastGain: number;
  /** The best score for these rules and size, this game included. */
  readonly best: number;
  /** Moves that counted in this game (undo takes them back). */
  readonly moveCount: number;
  readonly shelf: GameShelf;
  /** True while a game is under way: at least one move played and not lost. */
  readonly underWay: boolean;
  move(direction: Direction): StepResult;
  undo(): boolean;
  /** Start over with the same rules and a fresh seed, or with the game given (a load). */
  restart(game?: Game): void;
  keepPlaying(): void;
  /** True when the game has ended with a top-10 score whose name was not asked yet. */
  wantsName(): boolean;
  /** Enter the ended game in the high-score table under `name`; returns its rank. */
  enterScore(name: string): Result<number>;
  /** Skip the name: the score is not entered. */
  declineScore(): void;
}

/**
 * A match on `initial`, autosaving onto `shelf`: the line mode's match, a `MatchState` whose
 * changes are saved and whose high-score questions the shelf answers at once.
 *
 * @example
 * const match = createMatch(newGame('classic', 'abc'), openGameShelf(undefined));
 * match.move('left');
 * if (match.wantsName()) match.enterScore('Ada');
 */
export function createMatch(initial: Game, shelf: GameShelf): Match {
  let state = startMatch(initial, shelf.best(initial));
  const afterChange = (): void => shelf.autosave(state.game);

  return {
    get game() {
      return state.game;
    },
    get lastGain() {
      return state.lastGain;
    },
    get best() {
      return bestScore(state);
    },
    get moveCount() {
      return state.game.moves.length;
    },
    get underWay() {
      return isUnderWay(state);
    },
    shelf,
    move(direction) {
      const moved = moveMatch(state, direction);
      state = moved.match;
      if (moved.result.events.length > 0) afterChange();
      return moved.result;
    },
    undo() {
      const undone = undoMatch(state);
      if (undone === null) return false;
      state = undone;
      afterChange();
      return true;
    },
    restart(game) {
      const next = game ?? startGame(state.game.rules);
      state = restartMatch(state, next, shelf.best(next));
      afterChange();
    },
    keepPlaying() {
      state = keepPlayingMatch(state);
    },
    wantsName() {
      return state.game.status === 'lost' && !isAnswered(state) && shelf.isHighScore(state.game);
    },
    enterScore(name) {
      state = answerScore(state);
      const added = shelf.addScore(name, state.game);
      if (added.ok) state = scoreRecorded(state);
      return added;
    },
    declineScore() {
      state = answerScore(state);
    },
  };
}
