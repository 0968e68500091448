/**
 * The environment's fast lane: a 4x4 game kept as a bitboard, stepped with the row tables of
 * `bitboard.ts` and the engine's own spawn and status rules (`spawnChoice`, `statusFrom`,
 * `scoreAfter`), so it plays exactly the engine's game (tests compare them move by move) at a
 * fraction of the cost. A merge past 32768 does not fit: the caller falls back to the engine.
 */
import {
  type Direction,
  type GameRng,
  MOVE_LETTERS,
  type Rules,
  type Status,
  scoreAfter,
  spawnChoice,
  statusFrom,
} from '@twenty48/engine';
import {
  type Bitboard,
  gainTables,
  MAX_EXPONENT,
  type RowTables,
  rowTables,
  slideBitboard,
  transpose,
} from './bitboard.js';

/** One game in the fast lane: plain data, like the engine's `Game` without tile ids. */
export interface LaneGame {
  readonly rules: Rules;
  readonly seed: string;
  readonly board: Bitboard;
  readonly score: number;
  readonly status: Status;
  readonly keptPlaying: boolean;
  readonly moves: string;
  readonly rng: GameRng;
}

/** Per action: the afterstate, `null` when it changes nothing, `undefined` when it overflows. */
export type LaneAfterstates = readonly (Bitboard | null | undefined)[];

/** True when games under these rules can run in the fast lane (4x4, spawns ≤ 32768). */
export const fitsLane = (rules: Rules): boolean =>
  rules.size === 4 && rules.spawn.every((option) => option.value <= 2 ** MAX_EXPONENT);

/** The four 16-bit rows of a bitboard, row 0 first. */
const rows = ({ lo, hi }: Bitboard) => [lo & 0xffff, lo >>> 16, hi & 0xffff, hi >>> 16];

const nibble = ({ lo, hi }: Bitboard, cell: number): number =>
  cell < 8 ? (lo >>> (4 * cell)) & 15 : (hi >>> (4 * (cell - 8))) & 15;

/** The board as rows of tile values. */
export function laneBoard(board: Bitboard): number[][] {
  const out: number[][] = [];
  for (let r = 0; r < 4; r++) {
    const row: number[] = [];
    for (let c = 0; c < 4; c++) {
      const e = nibble(board, r * 4 + c);
      row.push(e === 0 ? 0 : 2 ** e);
    }
    out.push(row);
  }
  return out;
}

/** The afterstate of each action (in the order of `directions`). */
export function laneAfterstates(
  board: Bitboard,
  directions: readonly Direction[],
  tables: RowTables,
): LaneAfterstates {
  return directions.map((direction) => {
    const after = slideBitboard(board, direction, tables);
    if (after === null) return undefined;
    return after.lo >>> 0 === board.lo >>> 0 && after.hi >>> 0 === board.hi >>> 0 ? null : after;
  });
}

/** Row tables for a game's merge policy. */
export const laneTables = (rules: Rules): RowTables => rowTables(rules.merge);

/** The largest tile of a bitboard. */
const largest = (board: Bitboard): number => {
  let top = 0;
  for (let cell = 0; cell < 16; cell++) top = Math.max(top, nibble(board, cell));
  return top === 0 ? 0 : 2 ** top;
};

/**
 * Play `direction` whose afterstate is `after` (from `laneAfterstates`, never `undefined`):
 * the engine's `step` on a bitboard. Returns the game after (the same object when the move
 * did not count), what it gained, and whether it moved.
 */
export function laneStep(
  game: LaneGame,
  direction: Direction,
  after: Bitboard | null,
  directions: readonly Direction[],
  tables: RowTables,
): { game: LaneGame; gained: number; moved: boolean; afterstates: LaneAfterstates | null } {
  const moved = after !== null;
  if (game.status === 'lost' || (!moved && game.rules.ineffectiveMoves === 'ignore')) {
    return { game, gained: 0, moved: false, afterstates: null };
  }
  const kept = game.keptPlaying || game.status === 'won';
  let gained = 0;
  if (after !== null) {
    const vertical = direction === 'up' || direction === 'down';
    const gains = gainTables(game.rules.merge);
    const table = direction === 'left' || direction === 'up' ? gains.left : gains.right;
    for (const row of rows(vertical ? transpose(game.board) : game.board)) {
      gained += table[row] as number;
    }
  }
  let board = after ?? game.board;
  let empties = 0;
  for (let cell = 0; cell < 16; cell++) if (nibble(board, cell) === 0) empties++;
  const choice = spawnChoice(game.rng, game.seed, empties, game.rules);
  let rng = game.rng;
  if (choice) {
    rng = choice.rng;
    let seen = -1;
    for (let cell = 0; cell < 16; cell++) {
      if (nibble(board, cell) === 0 && ++seen === choice.index) {
        const bits = Math.log2(choice.value) * 2 ** (4 * (cell % 8));
        board =
          cell < 8
            ? { lo: (board.lo + bits) >>> 0, hi: board.hi }
            : { lo: board.lo, hi: (board.hi + bits) >>> 0 };
        break;
      }
    }
  }
  const afterstates = laneAfterstates(board, directions, tables);
  const stuck = afterstates.every((a) => a === null);
  const needsBoard = game.rules.scoring !== 'merges';
  const score = scoreAfter(game.rules, needsBoard ? laneBoard(board) : [], game.score, gained);
  const status = choice ? statusFrom(game.rules, largest(board), kept, stuck) : 'lost';
  return {
    game: {
      ...game,
      board,
      rng,
      score,
      status,
      keptPlaying: kept,
      moves: game.moves + MOVE_LETTERS[direction],
    },
    gained,
    moved,
    afterstates,
  };
}
