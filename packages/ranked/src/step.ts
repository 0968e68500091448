import type {
  MoveAnswer,
  MoveEvent,
  RankedEndStatus,
  RankedErrorCode,
  RankedRules,
  ResumeAnswer,
} from '@twenty48/common';
import {
  type Direction,
  type Game,
  type GameRecord,
  MOVE_LETTERS,
  type MoveLetter,
  maxTile,
  nextMovesDigest,
  recordOf,
  step,
} from '@twenty48/engine';
import { answerOf, directionOfLetter, gameAfter, moveEventOf, wireBoard } from './answers.js';

/**
 * One ranked game as plain data, all a step reads: the engine's game after every move sent,
 * the moves sent (letters, in index order; their count is the next index), their digest, and
 * whether the server closed it.
 */
export interface RankedState {
  readonly rules: RankedRules;
  readonly size: number;
  readonly game: Game;
  readonly letters: string;
  /** `movesDigest(letters)`: what the next move says it was computed on. */
  readonly digest: string;
  readonly closed: RankedEndStatus | null;
  /** When it was last used (ms since the epoch, from the `now` of the last step). */
  readonly touchedAt: number;
}

/** What a player asks of a ranked game: a move, the game to resume, or its ranking. */
export type RankedCommand =
  | {
      readonly type: 'move';
      readonly direction: Direction;
      /** The move's index among every move sent; without one, the next. */
      readonly index?: number;
    }
  | { readonly type: 'resume' }
  | { readonly type: 'rank'; readonly name: string };

/** The game to resume, as the step words it (the edge adds the ids and the score's id). */
export type ResumeState = Omit<ResumeAnswer, 'gameId' | 'watchId' | 'scoreId'>;

/** What ranking a game keeps: the server's own record of it and its figures. */
export interface RankEntry {
  readonly name: string;
  readonly record: GameRecord;
  readonly score: number;
  readonly maxTile: number;
}

/** The step's reply to the command. */
export type RankedAnswer =
  | { readonly type: 'answer'; readonly answer: MoveAnswer }
  | { readonly type: 'refuse'; readonly code: RankedErrorCode; readonly message: string }
  /** A move ahead of its turn: it waits (at the edge) for the moves before it. */
  | { readonly type: 'wait'; readonly index: number }
  | { readonly type: 'resume'; readonly resume: ResumeState }
  /** The ranking is the store's to decide (its `rank` effect); the answer is its outcome. */
  | { readonly type: 'ranking' };

/** A move to keep in the store: the store's `RankedMove` but the game's id (the edge's). */
export interface KeptMove {
  readonly index: number;
  /** The digest of the moves it was computed on: kept only if the store's are the same. */
  readonly digest: string;
  readonly letter: MoveLetter;
  readonly moves: number;
  readonly score: number;
  readonly maxTile: number;
  readonly status: 'playing' | 'won' | 'lost';
}

/**
 * What the edge does for a step, in order, each only once the one before succeeded: keep the
 * move (the answer is sent only after), tell the watchers, end their streams.
 */
export type RankedEffect =
  | { readonly type: 'keep'; readonly move: KeptMove }
  | { readonly type: 'rank'; readonly entry: RankEntry }
  | { readonly type: 'tell'; readonly index: number; readonly event: MoveEvent }
  | { readonly type: 'end'; readonly status: 'lost' };

export interface RankedStep {
  readonly state: RankedState;
  readonly answer: RankedAnswer;
  readonly effects: readonly RankedEffect[];
}

const refuse = (code: RankedErrorCode, message: string): RankedAnswer => ({
  type: 'refuse',
  code,
  message,
});

/**
 * The answer move `index` (already sent) got when it was applied: the game replayed from the
 * seed to just before it, and the move played again. Pure: the same every time, on any server.
 */
export function answerAgain(state: RankedState, index: number): MoveAnswer {
  const { game, letters } = state;
  const before = gameAfter(game.rules, game.seed, game.rng.version, letters.slice(0, index));
  return answerOf(step(before, directionOfLetter(letters[index]) ?? 'up'), index);
}

/**
 * One ranked game, one command: `(state, command, now) -> { state, answer, effects }`. To
 * resume: the game as it is (refused once the server closed it). To rank: the server's own
 * record, kept by the store (a `rank` effect; refused when the game was closed before its end).
 * A move at the next index is played by the engine (the state moves on at once, so the next move,
 * even before this one is kept, plays on it), kept, then told; a move sent again at an index
 * already sent gets its first answer (a different direction there is refused); an early one
 * waits; a move on a closed or lost game is refused. Nothing here reads a clock or a store.
 *
 * @example
 * const { state: next, answer, effects } = stepRanked(state, { type: 'move', direction: 'left' }, Date.now());
 * // answer: { type: 'answer', answer: { board, spawn, index: 0, … } }; effects: keep, tell
 */
export function stepRanked(state: RankedState, command: RankedCommand, now: number): RankedStep {
  const touched = { ...state, touchedAt: now };
  const only = (answer: RankedAnswer): RankedStep => ({ state: touched, answer, effects: [] });
  const { game } = state;
  if (command.type === 'resume') {
    if (state.closed) return only(refuse('ERR_GAME_EXPIRED', `this game was ${state.closed}`));
    return only({
      type: 'resume',
      resume: {
        rules: state.rules,
        size: state.size,
        board: wireBoard(game.board),
        score: game.score,
        status: game.status,
        sent: state.letters.length,
        moves: game.moves.length,
      },
    });
  }
  if (command.type === 'rank') {
    if (state.closed && game.status !== 'lost') {
      return only(refuse('ERR_GAME_EXPIRED', `this game was ${state.closed} before its end`));
    }
    const entry = {
      name: command.name,
      record: recordOf(game),
      score: game.score,
      maxTile: maxTile(game.board),
    };
    return { state: touched, answer: { type: 'ranking' }, effects: [{ type: 'rank', entry }] };
  }
  return stepMove(touched, command);
}

/** A move: played, answered again, refused, or waiting for its turn. */
function stepMove(
  state: RankedState,
  command: Extract<RankedCommand, { type: 'move' }>,
): RankedStep {
  const sent = state.letters.length;
  const at = command.index ?? sent;
  const letter = MOVE_LETTERS[command.direction];
  const only = (answer: RankedAnswer): RankedStep => ({ state: state, answer, effects: [] });
  if (at < sent) {
    if (state.letters[at] !== letter) {
      return only(refuse('ERR_MOVE_ORDER', `move ${at} was another direction`));
    }
    return only({ type: 'answer', answer: answerAgain(state, at) });
  }
  if (state.closed) return only(refuse('ERR_GAME_EXPIRED', `this game was ${state.closed}`));
  if (state.game.status === 'lost') return only(refuse('ERR_GAME_OVER', 'this game is over'));
  if (at > sent) return only({ type: 'wait', index: at });

  const result = step(state.game, command.direction);
  const { game } = result;
  const answer = answerOf(result, at);
  const status = game.status;
  const effects: RankedEffect[] = [
    {
      type: 'keep',
      move: {
        index: at,
        digest: state.digest,
        letter,
        moves: answer.moves,
        score: answer.score,
        maxTile: maxTile(game.board),
        status,
      },
    },
    { type: 'tell', index: at, event: moveEventOf(command.direction, answer) },
  ];
  if (status === 'lost') effects.push({ type: 'end', status: 'lost' });
  return {
    state: {
      ...state,
      game,
      letters: state.letters + letter,
      digest: nextMovesDigest(state.digest, letter),
    },
    answer: { type: 'answer', answer },
    effects,
  };
}
