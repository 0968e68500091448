/**
 * A match: what both terminal front ends (full-screen and plain) share. The engine's session
 * (the game and its undo history) plus what the terminal adds around it: the last gain, the
 * best score, the autosave after every move and the high-score entry when a game ends.
 */
import {
  createSession,
  type Direction,
  type Game,
  type Result,
  type StepResult,
} from '@twenty48/engine';
import { startGame } from './flags.js';
import type { GameShelf } from './gameShelf.js';

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
 * A match on `initial`, autosaving onto `shelf`.
 *
 * @example
 * const match = createMatch(newGame('classic', 'abc'), openGameShelf(undefined));
 * match.move('left');
 * if (match.wantsName()) match.enterScore('Ada');
 */
export function createMatch(initial: Game, shelf: GameShelf): Match {
  const session = createSession(initial);
  let lastGain = 0;
  let storedBest = shelf.best(initial);
  // Ended games whose high-score question was answered, by seed and moves.
  const answered = new Set<string>();
  const key = (game: Game): string => `${game.rules.name}/${game.seed}/${game.moves}`;

  const afterChange = (): void => shelf.autosave(session.game);

  return {
    get game() {
      return session.game;
    },
    get lastGain() {
      return lastGain;
    },
    get best() {
      return Math.max(storedBest, session.game.score);
    },
    get moveCount() {
      return session.game.moves.length;
    },
    get underWay() {
      return session.game.moves.length > 0 && session.game.status !== 'lost';
    },
    shelf,
    move(direction) {
      const result = session.move(direction);
      if (result.events.length > 0) {
        lastGain = result.gained;
        afterChange();
      }
      return result;
    },
    undo() {
      const undone = session.undo();
      if (undone) {
        lastGain = 0;
        afterChange();
      }
      return undone;
    },
    restart(game) {
      const next = game ?? startGame(session.game.rules);
      session.start(next);
      lastGain = 0;
      storedBest = shelf.best(next);
      afterChange();
    },
    keepPlaying() {
      session.keepPlaying();
    },
    wantsName() {
      const game = session.game;
      return game.status === 'lost' && !answered.has(key(game)) && shelf.isHighScore(game);
    },
    enterScore(name) {
      answered.add(key(session.game));
      const added = shelf.addScore(name, session.game);
      if (added.ok) storedBest = Math.max(storedBest, session.game.score);
      return added;
    },
    declineScore() {
      answered.add(key(session.game));
    },
  };
}
