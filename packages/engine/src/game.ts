import {
  emptyBoard,
  emptyCells,
  isStuck,
  levelCubes,
  maxTile,
  setCell,
  tileSum,
  traceSlide,
} from './board.js';
import { type Draw, drawOf, numberBelow } from './draws.js';
import {
  type GeneratorVersion,
  nextFloat,
  nextInt,
  parseSeed,
  type RngState,
  type Seed,
  seedState,
} from './random.js';
import { type PresetName, resolveRules } from './rules.js';
import {
  type Board,
  type Cell,
  DIRECTIONS,
  type Direction,
  type Rules,
  type Status,
} from './types.js';

/**
 * A game: plain, immutable data. Everything that decides what happens next is inside it,
 * the generator state included, so `{ rules, seed, moves }` replays to the same game.
 */
export interface Game {
  readonly rules: Rules;
  readonly seed: Seed;
  readonly board: Board;
  /** The id of the tile in each cell (0 when empty); ids are never reused within a game. */
  readonly ids: Board;
  readonly nextId: number;
  readonly score: number;
  readonly status: Status;
  /** True once the player chose to keep going after a win; the goal is not announced again. */
  readonly keptPlaying: boolean;
  /** Every move that counted, one letter each (`U`, `D`, `L`, `R`). */
  readonly moves: string;
  readonly rng: GameRng;
}

/**
 * Where the game's generator stands, plain data: version 1's xoshiro words, or version 2's
 * count of draws taken (the seed is the HMAC key, so the count is all the state there is).
 */
export type GameRng =
  | { readonly version: 1; readonly state: RngState }
  | { readonly version: 2; readonly draws: number };

/** The generator a game dealt with `version` starts from. */
export const startRng = (version: GeneratorVersion, seed: Seed): GameRng =>
  version === 1 ? { version: 1, state: seedState(seed) } : { version: 2, draws: 0 };

/** What a step did, tile by tile, for views to animate. Tiles keep their id while they slide. */
export type TileEvent =
  | {
      readonly type: 'slide';
      readonly id: number;
      readonly value: number;
      readonly from: Cell;
      readonly to: Cell;
    }
  | {
      readonly type: 'merge';
      readonly id: number;
      readonly value: number;
      readonly at: Cell;
      /** The ids of the tiles that slid into `at` and became this one. */
      readonly from: readonly number[];
    }
  | { readonly type: 'spawn'; readonly id: number; readonly value: number; readonly at: Cell };

export interface StepResult {
  /** The game after the move; the same object when the move did not count. */
  readonly game: Game;
  readonly events: readonly TileEvent[];
  /** Sum of the values of the tiles that merges created in this move. */
  readonly gained: number;
  /** True when at least one tile slid or merged. */
  readonly moved: boolean;
}

/** A letter of a record's moves: one a direction. */
export type MoveLetter = 'U' | 'D' | 'L' | 'R';

/** The letter a record writes for each direction. */
export const MOVE_LETTERS: Readonly<Record<Direction, MoveLetter>> = {
  up: 'U',
  down: 'D',
  left: 'L',
  right: 'R',
};

const LETTER_DIRECTIONS: ReadonlyMap<string, Direction> = new Map(
  DIRECTIONS.map((direction) => [MOVE_LETTERS[direction], direction]),
);

/**
 * The direction a record's move letter stands for (undefined for anything else): the one
 * reading of MOVE_LETTERS back that the engine, the ranked steps and the terminal share.
 *
 * @example
 * directionOfLetter('L') // 'left'
 */
export const directionOfLetter = (letter: string | undefined): Direction | undefined =>
  letter === undefined ? undefined : LETTER_DIRECTIONS.get(letter);

/**
 * The score of `board` under `rules` after a move that gained `gained` from a score of
 * `previous` (`merges` adds the gain; `tileSum` and `levelCubes` read the board).
 *
 * @example
 * scoreAfter(PRESETS.classic, board, 152, 8) // 160
 */
export function scoreAfter(rules: Rules, board: Board, previous: number, gained: number): number {
  switch (rules.scoring) {
    case 'merges':
      return previous + gained;
    case 'tileSum':
      return tileSum(board);
    case 'levelCubes':
      return levelCubes(board);
  }
}

/**
 * A game's status from what decides it: won when the largest tile reaches the goal (once, until
 * the player keeps playing), else lost when no move is left. Fast players that keep their own
 * board (the AI's bitboards) call it so the rule stays here.
 *
 * @example
 * statusFrom(PRESETS.classic, 2048, false, false) // 'won'
 */
export function statusFrom(
  rules: Rules,
  largest: number,
  keptPlaying: boolean,
  stuck: boolean,
): Status {
  if (rules.goal !== null && !keptPlaying && largest >= rules.goal) return 'won';
  return stuck ? 'lost' : 'playing';
}

const statusOf = (rules: Rules, board: Board, keptPlaying: boolean): Status =>
  statusFrom(rules, maxTile(board), keptPlaying, isStuck(board));

interface Placed {
  board: number[][];
  ids: number[][];
  nextId: number;
  rng: GameRng;
}

interface Spawned {
  state: Placed;
  event: TileEvent;
}

/** A spawn's value and cell, and the generator after them. */
interface Roll {
  readonly value: number;
  readonly cell: number;
  readonly rng: GameRng;
}

/**
 * The spawn options in whole units for version 2, in the order the value draw walks them:
 * from the last option the rules list to the first (classic: 4 then 2), each
 * floor(weight / total × 1,000,000 + 0.5) units, in IEEE-754 doubles, the total the weights
 * added in the rules' order. Classic's units are 100,000 and 900,000: a 4 exactly when the
 * number below 10 is 0.
 */
export function spawnUnits(rules: Rules): { value: number; units: number }[] {
  const total = rules.spawn.reduce((sum, option) => sum + option.weight, 0);
  return rules.spawn
    .map((option) => ({
      value: option.value,
      units: Math.floor((option.weight / total) * 1_000_000 + 0.5),
    }))
    .reverse();
}

/** Version 2: the value is the number below the units' sum, walked through them; then the cell. */
function rollPinned(seed: Seed, draws: number, rules: Rules, empty: number): Roll {
  const options = spawnUnits(rules);
  const sum = options.reduce((total, option) => total + option.units, 0);
  let below = numberBelow(sum, drawOf(seed, draws));
  const option = options.find((candidate) => {
    below -= candidate.units;
    return below < 0;
  });
  const cellDraw: Draw = drawOf(seed, draws + 1);
  return {
    value: option?.value ?? 2,
    cell: numberBelow(empty, cellDraw),
    rng: { version: 2, draws: draws + 2 },
  };
}

/** Version 1 (as it always was): the cell, then the value from a float over the weights. */
function rollXoshiro(state: RngState, rules: Rules, empty: number): Roll {
  const where = nextInt(state, empty);
  const roll = nextFloat(where.state);
  const total = rules.spawn.reduce((sum, option) => sum + option.weight, 0);
  // Walk the cumulative weights; the last option catches rounding at the top end.
  let threshold = roll.value * total;
  const option =
    rules.spawn.find((candidate) => {
      threshold -= candidate.weight;
      return threshold < 0;
    }) ?? rules.spawn.at(-1);
  return { value: option?.value ?? 2, cell: where.value, rng: { version: 1, state: roll.state } };
}

/**
 * Put one tile on a random empty cell (empty cells counted row by row from the top left);
 * `null`, and no draw taken, when there is no empty cell.
 */
function spawnTile(state: Placed, game: { rules: Rules; seed: Seed }): Spawned | null {
  const cells = emptyCells(state.board);
  const choice = spawnChoice(state.rng, game.seed, cells.length, game.rules);
  if (!choice) return null;
  const at = cells[choice.index] as Cell;
  const id = state.nextId;
  setCell(state.board, at, choice.value);
  setCell(state.ids, at, id);
  return {
    state: { ...state, nextId: id + 1, rng: choice.rng },
    event: { type: 'spawn', id, value: choice.value, at },
  };
}

/**
 * The next spawn, drawn from the game's generator (either version): which of `empties` empty
 * cells (counted row by row, as `emptyCells` lists them), the tile's value, and the generator
 * after; `null`, and no draw taken, when no cell is empty. The one place the spawn rule lives
 * (fast players that keep their own boards call it).
 *
 * @example
 * spawnChoice(game.rng, game.seed, 14, game.rules) // { index: 3, value: 2, rng: … }
 */
export function spawnChoice(
  rng: GameRng,
  seed: Seed,
  empties: number,
  rules: Rules,
): { index: number; value: number; rng: GameRng } | null {
  if (empties === 0) return null;
  const roll =
    rng.version === 2
      ? rollPinned(seed, rng.draws, rules, empties)
      : rollXoshiro(rng.state, rules, empties);
  return { index: roll.cell, value: roll.value, rng: roll.rng };
}

/**
 * Start a game: an empty board and the rules' start tiles, placed by the seeded generator
 * (version 2, the pinned one, unless `version` asks for 1 to replay an old record).
 *
 * @example
 * const game = newGame('classic', 42);
 * game.board.flat().filter(Boolean).length // 2
 */
export function newGame(
  rules: Rules | PresetName,
  seed: Seed | number,
  version: GeneratorVersion = 2,
): Game {
  const resolved = resolveRules(rules);
  const parsed = parseSeed(seed);
  if (!parsed.ok) throw new Error(`newGame: ${parsed.error.message}`);
  let state: Placed = {
    board: emptyBoard(resolved.size),
    ids: emptyBoard(resolved.size),
    nextId: 1,
    rng: startRng(version, parsed.value),
  };
  const dealt = { rules: resolved, seed: parsed.value };
  for (let i = 0; i < resolved.startTiles; i++) {
    const spawned = spawnTile(state, dealt);
    if (spawned) state = spawned.state;
  }
  return {
    rules: resolved,
    seed: parsed.value,
    board: state.board,
    ids: state.ids,
    nextId: state.nextId,
    score: scoreAfter(resolved, state.board, 0, 0),
    status: statusOf(resolved, state.board, false),
    keptPlaying: false,
    moves: '',
    rng: state.rng,
  };
}

/** After a win, go on playing; the goal is not announced again. Other games are unchanged. */
export function keepPlaying(game: Game): Game {
  if (game.status !== 'won') return game;
  return { ...game, keptPlaying: true, status: statusOf(game.rules, game.board, true) };
}

/**
 * Play one move: slide, then spawn a tile. A move on a won game keeps playing; a move on a lost
 * game, or one that changes nothing under rules that ignore such moves, returns the same game.
 *
 * @example
 * const { game, events, gained, moved } = step(newGame('classic', 1), 'left');
 */
export function step(current: Game, direction: Direction): StepResult {
  const game = keepPlaying(current);
  const unchanged: StepResult = { game: current, events: [], gained: 0, moved: false };
  if (game.status === 'lost') return unchanged;
  const { rules } = game;
  const trace = traceSlide(game.board, direction, rules.merge);
  if (!trace.moved && rules.ineffectiveMoves === 'ignore') return unchanged;

  const events: TileEvent[] = [];
  const ids = emptyBoard(rules.size);
  let nextId = game.nextId;
  const mergedAt = new Map(trace.merges.map((merge) => [merge.at.join(), merge]));
  for (const { from, to } of trace.moves) {
    const id = game.ids[from[0]]?.[from[1]] ?? 0;
    if (from[0] !== to[0] || from[1] !== to[1]) {
      events.push({ type: 'slide', id, value: game.board[from[0]]?.[from[1]] ?? 0, from, to });
    }
    if (!mergedAt.has(to.join())) setCell(ids, to, id);
  }
  for (const merge of trace.merges) {
    const id = nextId++;
    setCell(ids, merge.at, id);
    const from = merge.from.map(([r, c]) => game.ids[r]?.[c] ?? 0);
    events.push({ type: 'merge', id, value: merge.value, at: merge.at, from });
  }

  // traceSlide built this board for this step alone, so the spawn may write into it.
  let placed: Placed = { board: trace.board, ids, nextId, rng: game.rng };
  const spawned = spawnTile(placed, game);
  if (spawned) {
    placed = spawned.state;
    events.push(spawned.event);
  }
  const score = scoreAfter(rules, placed.board, game.score, trace.gained);
  // FiveTwelve ends when a new tile has nowhere to go.
  const status = spawned ? statusOf(rules, placed.board, game.keptPlaying) : 'lost';
  const next: Game = {
    ...game,
    board: placed.board,
    ids: placed.ids,
    nextId: placed.nextId,
    rng: placed.rng,
    score,
    status,
    moves: game.moves + MOVE_LETTERS[direction],
  };
  return { game: next, events, gained: trace.gained, moved: trace.moved };
}
