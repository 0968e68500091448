import type {
  MoveAnswer,
  MoveEvent,
  RankedDirection,
  RankedEndStatus,
  RankedRules,
  StateEvent,
  WireBoard,
} from '@twenty48/common';
import {
  type Board,
  type Direction,
  type Game,
  MOVE_LETTERS,
  makeRules,
  movesDigest,
  newGame,
  nextMovesDigest,
  type StepResult,
  step,
} from '@twenty48/engine';
import type { RankedGameRow } from '@twenty48/store';
import type { Outcome } from './outcome.js';

/** How many recent answers a game keeps to answer a replayed index at once. */
const ANSWER_CACHE = 256;

const LETTER_DIRECTION: Readonly<Record<string, Direction>> = Object.fromEntries(
  Object.entries(MOVE_LETTERS).map(([direction, letter]) => [letter, direction as Direction]),
);

/** Someone watching a game: told every event, in order, and when the stream should end. */
export interface Watcher {
  /** The moves sent when it joined: its `state` showed them, so their `move` events are not sent. */
  readonly from: number;
  send<Name extends 'state' | 'move' | 'end'>(name: Name, data: unknown): void;
  close(): void;
}

/** A move sent ahead of its turn, waiting for the missing ones. */
export interface WaitingMove {
  readonly direction: Direction;
  readonly promise: Promise<unknown>;
  settle(run: () => unknown): void;
}

/**
 * A ranked game in the server's memory: the engine's game, every move sent (letters), the
 * recent answers, the moves waiting for their turn and the watchers. The store holds the same
 * game move for move; this is its working copy.
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

/** The engine's rules for a ranked preset at a size (both checked by the routes). */
export function rankedRules(rules: RankedRules, size: number) {
  const made = makeRules(rules, { size });
  if (!made.ok) throw new Error(`rankedRules: ${made.error.message}`);
  return made.value;
}

/** A board as the wire carries it: plain rows of numbers. */
export const wireBoard = (board: Board): WireBoard => board.map((row) => [...row]);

/** The answer to one move: what the client needs, never the seed nor the generator's state. */
export function answerOf(result: StepResult, index: number): MoveAnswer {
  const spawned = result.events.find((event) => event.type === 'spawn');
  return {
    board: wireBoard(result.game.board),
    score: result.game.score,
    gained: result.gained,
    moved: result.moved,
    spawn:
      spawned?.type === 'spawn'
        ? { row: spawned.at[0], col: spawned.at[1], value: spawned.value }
        : null,
    status: result.game.status,
    index,
    moves: result.game.moves.length,
  };
}

/** The stream's `move` event for an answer. */
export const moveEventOf = (direction: RankedDirection, answer: MoveAnswer): MoveEvent => ({
  direction,
  board: answer.board,
  score: answer.score,
  gained: answer.gained,
  moved: answer.moved,
  spawn: answer.spawn,
  status: answer.status,
  moves: answer.moves,
});

/** The stream's first event: the game as it is now. */
export const stateEventOf = (ranked: RankedGame): StateEvent => ({
  watchId: ranked.watchId,
  rules: ranked.rules,
  size: ranked.size,
  board: wireBoard(ranked.game.board),
  score: ranked.game.score,
  status: ranked.game.status,
  moves: ranked.game.moves.length,
});

/** A new game in memory. */
export function rankedGameOf(
  ids: { gameId: string; watchId: string },
  rules: RankedRules,
  size: number,
  game: Game,
  letters = '',
  digest = movesDigest(letters),
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
    touchedAt: Date.now(),
  };
}

/** Play the letters sent on a game, as the server played them. */
function playLetters(game: Game, letters: string): Game {
  let current = game;
  for (const letter of letters) current = step(current, LETTER_DIRECTION[letter] ?? 'up').game;
  return current;
}

/**
 * A kept game back in memory (after a restart, or when it was evicted): its seed and every
 * move sent, replayed with the engine.
 */
export function rebuildRankedGame(row: RankedGameRow): RankedGame {
  const rules = row.rules as RankedRules;
  const start = newGame(rankedRules(rules, row.size), row.seed, row.version);
  const game = playLetters(start, row.sent);
  const ranked = rankedGameOf(row, rules, row.size, game, row.sent, row.digest);
  ranked.closed = row.closed;
  ranked.scoreId = row.scoreId;
  return ranked;
}

/** Apply one move to the game in memory and remember its answer. */
export function applyMove(
  ranked: RankedGame,
  direction: Direction,
  result: StepResult,
): MoveAnswer {
  const index = ranked.letters.length;
  const answer = answerOf(result, index);
  const letter = MOVE_LETTERS[direction];
  ranked.game = result.game;
  ranked.letters += letter;
  ranked.digest = nextMovesDigest(ranked.digest, letter);
  ranked.answers[index % ANSWER_CACHE] = answer;
  return answer;
}

/**
 * The answer move `index` got when it was applied: from the recent answers, else replayed
 * from the seed (a retry long after, or after a restart).
 */
export function answerAgain(ranked: RankedGame, index: number): MoveAnswer {
  const cached = ranked.answers[index % ANSWER_CACHE];
  if (cached?.index === index) return cached;
  const seed = ranked.game.seed;
  const start = newGame(ranked.game.rules, seed, ranked.game.rng.version);
  const before = playLetters(start, ranked.letters.slice(0, index));
  const direction = LETTER_DIRECTION[ranked.letters[index] ?? 'U'] ?? 'up';
  return answerOf(step(before, direction), index);
}

/** The direction a letter of the record stands for. */
export const directionOfLetter = (letter: string | undefined): Direction | undefined =>
  letter === undefined ? undefined : LETTER_DIRECTION[letter];
