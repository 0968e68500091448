import type {
  EndEvent,
  MoveAnswer,
  MoveEvent,
  RankedEndStatus,
  RankedRules,
  StateEvent,
} from '@twenty48/common';
import type { Direction, Game } from '@twenty48/engine';
import {
  answerAgain as answerFromSeed,
  gameAfter,
  type RankedState,
  rankedRules,
  stateEventOf as stateEventOfGame,
} from '@twenty48/ranked';
import type { RankedGameRow } from '@twenty48/store';
import type { Outcome } from './outcome.js';

/** How many recent answers a game keeps to answer a replayed index at once. */
const ANSWER_CACHE = 256;

/** Someone watching a game: told every event, in order, and when the stream should end. */
export interface Watcher {
  /** The moves sent when it joined: its `state` showed them, so their `move` events are not sent. */
  readonly from: number;
  /** A move of the game, told as it is kept. */
  move(event: MoveEvent): void;
  /** The game's end (then `close`). */
  end(event: EndEvent): void;
  close(): void;
}

/** A move sent ahead of its turn, waiting for the missing ones. */
export interface WaitingMove {
  readonly direction: Direction;
  readonly promise: Promise<Outcome<MoveAnswer>>;
  /** Answer it with what `run` gives (its turn has come, or it is refused). */
  settle(run: () => Outcome<MoveAnswer> | Promise<Outcome<MoveAnswer>>): void;
}

/**
 * A ranked game in the server's memory: the pure step's state (the engine's game, every move
 * sent, their digest, closed or not) and what only the edge holds: the recent answers, the
 * moves waiting for their turn, the writes under way and the watchers. The store holds the
 * same game move for move; this is its working copy.
 */
export interface RankedGame {
  readonly gameId: string;
  readonly watchId: string;
  readonly rules: RankedRules;
  readonly size: number;
  game: Game;
  /** Every move sent, one letter each, in index order: its length is the next index. */
  letters: string;
  /** `movesDigest(letters)`: what the next move says it was computed on. */
  digest: string;
  closed: RankedEndStatus | null;
  scoreId: number | null;
  readonly answers: (MoveAnswer | undefined)[];
  readonly waiting: Map<number, WaitingMove>;
  /** Moves applied here whose write to the store is not yet committed, by index. */
  readonly unsettled: Map<number, Promise<Outcome<MoveAnswer>>>;
  readonly watchers: Set<Watcher>;
  /** When it was last used, for evicting it from memory (it stays in the store). */
  touchedAt: number;
}

/** The step's state of a game in memory. */
export const stateOf = (ranked: RankedGame): RankedState => ({
  rules: ranked.rules,
  size: ranked.size,
  game: ranked.game,
  letters: ranked.letters,
  digest: ranked.digest,
  closed: ranked.closed,
  touchedAt: ranked.touchedAt,
});

/** Take the state a step returned. */
export function adopt(ranked: RankedGame, state: RankedState): void {
  ranked.game = state.game;
  ranked.letters = state.letters;
  ranked.digest = state.digest;
  ranked.closed = state.closed;
  ranked.touchedAt = state.touchedAt;
}

/** Remember the answer a move got, to answer a retry of it at once. */
export function cacheAnswer(ranked: RankedGame, answer: MoveAnswer): void {
  ranked.answers[answer.index % ANSWER_CACHE] = answer;
}

/** The stream's first event: the game as it is now. */
export const stateEventOf = (ranked: RankedGame): StateEvent =>
  stateEventOfGame(ranked.watchId, ranked.rules, ranked.size, ranked.game);

/** A new game in memory, used last at `now` (ms). */
export function rankedGameOf(
  ids: { gameId: string; watchId: string },
  rules: RankedRules,
  size: number,
  game: Game,
  now: number,
  letters = '',
  digest = '',
): RankedGame {
  return {
    ...ids,
    rules,
    size,
    game,
    letters,
    digest,
    closed: null,
    scoreId: null,
    answers: new Array(ANSWER_CACHE),
    waiting: new Map(),
    unsettled: new Map(),
    watchers: new Set(),
    touchedAt: now,
  };
}

/**
 * A kept game back in memory (after a restart, or when it was evicted): its seed and every
 * move sent, replayed with the engine.
 */
export function rebuildRankedGame(row: RankedGameRow, now: number): RankedGame {
  const rules = row.rules as RankedRules;
  const game = gameAfter(rankedRules(rules, row.size), row.seed, row.version, row.sent);
  const ranked = rankedGameOf(row, rules, row.size, game, now, row.sent, row.digest);
  ranked.closed = row.closed;
  ranked.scoreId = row.scoreId;
  return ranked;
}

/**
 * The answer move `index` got when it was applied: from the recent answers, else the step's
 * (replayed from the seed: a retry long after, or after a restart).
 */
export function answerAgain(ranked: RankedGame, index: number): MoveAnswer {
  const cached = ranked.answers[index % ANSWER_CACHE];
  if (cached?.index === index) return cached;
  return answerFromSeed(stateOf(ranked), index);
}
