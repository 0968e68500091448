import {
  bitCount,
  countMoves,
  generateMoves,
  jumpers,
  MAX_MOVES,
  MoveStack,
  stepNE,
  stepNW,
  stepSE,
  stepSW,
} from './bitboard.js';
import {
  EGDB_DRAW,
  EGDB_LOSS,
  EGDB_WIN,
  type Egdb,
  type EgdbDistances,
  probeEgdb,
  probeEgdbDistance,
} from './egdb.js';
import { evaluate } from './evaluate.js';
import { QUIET_PLY_LIMIT } from './game.js';
import { applyMove, legalMoves } from './moves.js';
import {
  kernelHooks,
  loadedSearchKernel,
  type SearchKernel,
  searchKernel,
} from './searchKernel.js';
import { bitOf } from './squares.js';
import type { Move, Position } from './types.js';
import { zobristHi, zobristLo } from './zobrist.js';

/**
 * The computer player: alpha-beta (negamax with principal variation search) over the bitboard
 * generator, with iterative deepening, a transposition table in flat typed arrays keyed by
 * Zobrist hashes, move ordering (table move, captures, killers, history), a quiescence search
 * that plays on while the side to move must capture, capture extensions (a capture on the
 * principal line, or one answering a capture, costs no depth), late move reductions, verified pruning
 * (a node whose static value is well above beta is cut once a shallower search agrees), an
 * endgame database
 * probed at every node of few enough pieces (`useEgdb`), a time budget, and draws by repetition
 * and by the 80 quiet plies of our rules.
 *
 * The hot loop allocates nothing: moves live in one preallocated `MoveStack`, positions are
 * passed as masks by value (copy-make), and every table is a typed array made once per module.
 * `searchBest` reuses those tables between calls; by default each call starts from a clean table
 * (an entry from an earlier call never counts), so a fixed-depth search always gives the same
 * answer; with `keepTable` (the persistent engine, the workers) what earlier calls stored counts.
 *
 * The same search runs in a WebAssembly kernel (`assembly/search.ts`, loaded by
 * `searchKernel.ts`) where one loads, about twice as fast: `searchBest` drives it by default and
 * the `Searcher` below, the reference, otherwise. The two visit the same nodes
 * (`searchKernel.test.ts`): a change to the search, the generator or the evaluation is made in
 * both.
 */

export interface SearchOptions {
  /** Search exactly this deep (plies, 1 or more; with `ms`, at most this deep). */
  readonly depth?: number;
  /** Time budget in milliseconds: deepen until it runs out. Default 1000 when neither `depth` nor
   * `nodes` is given. */
  readonly ms?: number;
  /** Node budget: deepen until about this many nodes are searched (read every 256 nodes). The
   * same position and table give the same answer on any machine at any load, so matches run on
   * it repeat exactly. With `ms` too, whichever runs out first. */
  readonly nodes?: number;
  /** The game's earlier positions, oldest first, ending with the one before `position`: a
   * position seen there again counts as a draw, and the 80 quiet plies count from them. */
  readonly history?: readonly Position[];
  /** The clock, in milliseconds (default `performance.now()`); inject one to test budgets. */
  readonly now?: () => number;
  /** Let the transposition table's entries from earlier calls count (a persistent engine keeps
   * what it learned between the moves of a game; `clearSearchTable` forgets it). Default false:
   * each call starts from a clean table, so a fixed-depth search always gives the same answer. */
  readonly keepTable?: boolean;
  /** Told after each completed iteration (the engine protocol's `info` lines). */
  readonly onIteration?: (info: SearchIteration) => void;
  /** Search in the WebAssembly kernel (`assembly/search.ts`, the default where it loads) or,
   * false, in TypeScript: the reference, which visits the same nodes and gives the same answer,
   * about half as fast. Each keeps its own transposition table. */
  readonly kernel?: boolean;
}

/** What one completed iteration of the deepening found. */
export interface SearchIteration {
  readonly depth: number;
  readonly score: number;
  readonly nodes: number;
  readonly pv: readonly Move[];
}

export interface SearchResult {
  /** The move to play; `null` only when the side to move has no legal move (it has lost). */
  readonly move: Move | null;
  /** The value for the side to move, a man = 100; a win in n plies is `WIN_SCORE - n`. */
  readonly score: number;
  /** The deepest iteration completed (0 when there was nothing to search). */
  readonly depth: number;
  /** Positions visited. */
  readonly nodes: number;
  /** The expected line of play, starting with `move`. */
  readonly pv: readonly Move[];
}

/** The score of a won position at the root; a win n plies away scores `WIN_SCORE - n`. */
export const WIN_SCORE = 30000;
/** The deepest a search goes, in plies from the root, extensions included. */
export const MAX_PLY = 100;
/** The deepest iteration `searchBest` starts. */
export const MAX_SEARCH_DEPTH = 64;
/** The budget when neither `depth` nor `ms` is given. */
export const DEFAULT_SEARCH_MS = 1000;

const INFINITE = 32000;
// Whether the environment variable `name` is unset (always, where there is no environment: a
// browser). The switches below turn a part of the search off for A/B matches.
const unset = (name: string): boolean =>
  (globalThis as unknown as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env?.[name] === undefined;
// Late move reductions on (see negamax); CHECKERS_NO_LMR turns them off.
const LMR = unset('CHECKERS_NO_LMR');
// A second ply of late move reductions (see negamax); CHECKERS_NO_DEEP_LMR turns it off.
const LMR_DEEP = unset('CHECKERS_NO_DEEP_LMR');
// Verified pruning on (see negamax); CHECKERS_NO_PRUNE turns it off.
const PRUNE = unset('CHECKERS_NO_PRUNE');
// Capture extensions on (see negamax); CHECKERS_NO_CAPTURE_EXT turns them off.
const CAPTURE_EXTENSION = unset('CHECKERS_NO_CAPTURE_EXT');
// The search in the WebAssembly kernel where it loads (see `SearchOptions.kernel`);
// CHECKERS_NO_SEARCH_KERNEL searches in TypeScript everywhere, for A/B measurements.
const SEARCH_KERNEL = unset('CHECKERS_NO_SEARCH_KERNEL');
// How far above beta the static value must be, and how much shallower the verifying search is.
// 16 (a sixth of a man) is GuiNN's 28 in its units, about 180 a man: against 28 it scored
// 61.3 % over 40 games with the network's evaluation (README, "Evaluation network").
const PRUNE_MARGIN = 16;
const PRUNE_REDUCTION = 4;
const MATE_BOUND = WIN_SCORE - MAX_PLY;
const TT_BITS = 20;
const TT_SIZE = 1 << TT_BITS;
const TT_MASK = TT_SIZE - 1;
const EXACT = 1;
const LOWER = 2;
const UPPER = 3;
// Earlier positions kept for repetitions: only those since the last capture or man's move can
// come back, and 80 such plies end the game.
const HISTORY_WINDOW = 128;
// The clock is read every 256 nodes: a fraction of a millisecond even on a loaded machine.
const CLOCK_EVERY = 255;

/** A database win's score (less the plies to it, plus `winProgress` so the search makes
 * progress); well below `WIN_SCORE`'s range so no mate-distance rule touches it. */
export const EGDB_WIN_SCORE = 20000;

// The endgame database the search probes, if any (`useEgdb`).
let egdb: Egdb | null = null;

/**
 * Lets the search probe an endgame database at every node with few enough pieces (or none, with
 * null): a won position scores `EGDB_WIN_SCORE` plus `winProgress` less the ply, a drawn one 0;
 * a won or lost one with as many pieces as the root is searched on.
 *
 * @example
 * useEgdb(buildEgdb(4)); // every search from now on knows every position of 4 pieces or fewer
 */
export function useEgdb(db: Egdb | null): void {
  egdb = db;
}

// The distances to a conversion the root plays won endings by, if any (`useEgdbDistances`).
let egdbDistances: EgdbDistances | null = null;

/**
 * Lets the root play a position the database (`useEgdb`) scores as won, of a balance the table
 * holds, by the table instead of a search (or not, with null): the move to a lost position
 * nearest a conversion, so that the win is played out within the forty moves, where a search
 * that sees no capture or crowning ahead may wander. Drawn and lost positions are searched.
 *
 * @example
 * useEgdbDistances(buildEgdbDistances(db)); // three kings against two are won, not shuffled
 */
export function useEgdbDistances(table: EgdbDistances | null): void {
  egdbDistances = table;
}

/**
 * The move the distance table plays at a won root (`useEgdbDistances`), and the plies to the
 * conversion after it, or null when the root is not won or not of a balance the table holds.
 */
function distanceMove(
  position: Position,
  moves: readonly Move[],
): { move: Move; distance: number } | null {
  if (egdb === null || egdbDistances === null) return null;
  const blackToMove = position.turn === 'black';
  const pieces = bitCount(position.black | position.red);
  if (pieces > egdb.pieces) return null;
  if (probeEgdb(egdb, position.black, position.red, position.kings, blackToMove) !== EGDB_WIN)
    return null;
  const men = bitCount((position.black | position.red) & ~position.kings);
  let best: { move: Move; distance: number } | null = null;
  let held = false;
  for (const move of moves) {
    const after = applyMove(position, move);
    if (probeEgdb(egdb, after.black, after.red, after.kings, !blackToMove) !== EGDB_LOSS) continue;
    // A capture or a crowning keeping the win is the conversion itself.
    const converts =
      bitCount(after.black | after.red) < pieces ||
      bitCount((after.black | after.red) & ~after.kings) < men;
    const distance = converts
      ? 0
      : probeEgdbDistance(egdbDistances, after.black, after.red, after.kings, !blackToMove);
    if (!converts && distance >= 0) held = true;
    if (distance >= 0 && (best === null || distance < best.distance)) best = { move, distance };
  }
  return held ? best : null;
}

// Each square's row and column (0-7), by bit.
const ROW = Int8Array.from({ length: 32 }, (_, i) => i >> 2);
const COLUMN = Int8Array.from({ length: 32 }, (_, i) => 2 * (i & 3) + ((i >> 2) & 1 ? 0 : 1));
// Squares 1, 5, 28 and 32: the double corners, where a lone king holds out longest.
const DOUBLE_CORNERS = (1 << 0) | (1 << 4) | (1 << 27) | (1 << 31);

/**
 * How far the winner of a position the database scores as won has got, to order the wins
 * (the database knows won, lost and drawn, not how far): each piece the loser has left costs
 * 300, each move it has 10, each of its kings in a double corner 15; the winner gains 50 a king,
 * 6 a row a man has advanced, and loses 4 a step between each king and the loser's nearest
 * piece. The winner's masks first; `south` is true when the winner is black (its men move
 * south).
 *
 * @example
 * winProgress(1 << 31, 1 << 0, (1 << 31) | (1 << 0), false) // -313: red's king on 32, black's on 1
 */
export function winProgress(win: number, lose: number, kings: number, south: boolean): number {
  let value =
    -300 * bitCount(lose) -
    15 * bitCount(lose & kings & DOUBLE_CORNERS) -
    10 * countMoves(lose, win, kings, !south);
  for (let rest = win; rest !== 0; rest &= rest - 1) {
    const at = 31 - Math.clz32(rest & -rest);
    if ((kings >>> at) & 1) {
      value += 50;
      let nearest = 7;
      for (let other = lose; other !== 0; other &= other - 1) {
        const there = 31 - Math.clz32(other & -other);
        const steps = Math.max(
          Math.abs((ROW[at] as number) - (ROW[there] as number)),
          Math.abs((COLUMN[at] as number) - (COLUMN[there] as number)),
        );
        if (steps < nearest) nearest = steps;
      }
      value -= 4 * nearest;
    } else value += 6 * (south ? (ROW[at] as number) : 7 - (ROW[at] as number));
  }
  return value;
}

/** Told of each quiet position a search scores at a leaf, as the side to move's masks. */
export type LeafSampler = (own: number, opp: number, kings: number, south: boolean) => void;

// Told of the leaves, if anyone is (`sampleLeaves`).
let leafSampler: LeafSampler | null = null;

/**
 * Tells `sampler` of every quiet leaf the searches score from now on (or no one, with null):
 * the positions the evaluation must judge well, for the tuner (`tune.js leaves`). A leaf the
 * search scores again (a re-search in a wider window) is told again.
 *
 * @example
 * sampleLeaves((own, opp, kings, south) => leaves.push([own, opp, kings, south]));
 */
export function sampleLeaves(sampler: LeafSampler | null): void {
  leafSampler = sampler;
}

const indexOf = (bit: number): number => 31 - Math.clz32(bit);
// A move's from and to squares in one number (never 0), for the table, killers and the pv.
const moveKey = (from: number, to: number): number => indexOf(from) | (indexOf(to) << 5) | 1024;

// True when the side to move has a simple move (called when it has no capture).
function canStep(own: number, opp: number, kings: number, south: boolean): boolean {
  const empty = ~(own | opp);
  const ownKings = own & kings;
  const downers = south ? own : ownKings;
  const uppers = south ? ownKings : own;
  return (
    ((stepSE(downers) | stepSW(downers)) & empty) !== 0 ||
    ((stepNE(uppers) | stepNW(uppers)) & empty) !== 0
  );
}

// A man's move or a capture cannot be undone: positions before it never come back.
function reversible(before: Position, after: Position): boolean {
  return (
    before.turn !== after.turn &&
    (before.black & ~before.kings) === (after.black & ~after.kings) &&
    (before.red & ~before.kings) === (after.red & ~after.kings) &&
    bitCount(before.black | before.red) === bitCount(after.black | after.red)
  );
}

class Searcher {
  readonly stack = new MoveStack((MAX_PLY + 2) * MAX_MOVES);
  readonly order = new Int32Array((MAX_PLY + 2) * MAX_MOVES);
  // The transposition table, 16 bytes an entry so that a probe touches one cache line:
  // the key's high half, the captured mask of the best move, then `info` (the best move's key
  // in bits 0-10, the depth in 11-17, the bound in 18-19, the search's generation in 20-31),
  // then the score.
  readonly table = new Int32Array(TT_SIZE * 4);
  readonly killers = new Int32Array(MAX_PLY * 2);
  readonly historyScore = new Int32Array(2 * 1024);
  readonly pathLo = new Int32Array(HISTORY_WINDOW + MAX_PLY + 2);
  readonly pathHi = new Int32Array(HISTORY_WINDOW + MAX_PLY + 2);
  readonly pvMove = new Int32Array(MAX_PLY * MAX_PLY);
  readonly pvCaptured = new Int32Array(MAX_PLY * MAX_PLY);
  readonly pvLength = new Int32Array(MAX_PLY + 1);
  // What the move into each ply captured (0 for a quiet move), for the capture extension.
  readonly capturedInto = new Int32Array(MAX_PLY + 2);
  generation = 0;
  keep = false;
  nodes = 0;
  aborted = false;
  canAbort = false;
  deadline = Number.POSITIVE_INFINITY;
  nodeLimit = Number.POSITIVE_INFINITY;
  now: () => number = () => 0;
  base = 0;
  // The root's piece count: database positions with as many are searched on (see negamax).
  rootPieces = 0;

  reset(now: () => number, deadline: number, keep: boolean, nodeLimit: number): void {
    this.keep = keep;
    this.generation++;
    if (this.generation > 0xfff) {
      this.table.fill(0);
      this.generation = 1;
    }
    this.killers.fill(0);
    this.historyScore.fill(0);
    this.nodes = 0;
    this.aborted = false;
    this.canAbort = false;
    this.now = now;
    this.deadline = deadline;
    this.nodeLimit = nodeLimit;
  }

  tick(): void {
    if (
      (++this.nodes & CLOCK_EVERY) === 0 &&
      this.canAbort &&
      (this.nodes >= this.nodeLimit || this.now() >= this.deadline)
    )
      this.aborted = true;
  }

  // Scores the moves [start, end) for ordering; the best is picked one at a time as needed.
  scoreMoves(
    start: number,
    end: number,
    kings: number,
    south: boolean,
    ply: number,
    tt: number,
    ttCaptured: number,
  ): void {
    const { from, to, captured, kingsXor } = this.stack;
    const killer1 = this.killers[ply * 2];
    const killer2 = this.killers[ply * 2 + 1];
    const side = south ? 1024 : 0;
    for (let i = start; i < end; i++) {
      const f = from[i] as number;
      const t = to[i] as number;
      const cap = captured[i] as number;
      const key = moveKey(f, t);
      const crowns = (f & kings) === 0 && ((kingsXor[i] as number) & t) !== 0;
      let score: number;
      if (key === tt && cap === ttCaptured) score = 1 << 30;
      else if (cap !== 0)
        score = (1 << 24) + bitCount(cap) * 64 + bitCount(cap & kings) * 16 + (crowns ? 8 : 0);
      else if (key === killer1) score = 1 << 23;
      else if (key === killer2) score = 1 << 22;
      else score = (this.historyScore[side + (key & 1023)] as number) + (crowns ? 1 << 21 : 0);
      this.order[i] = score;
    }
  }

  // Brings the best-scored move of [i, end) to i.
  pick(i: number, end: number): void {
    const { order } = this;
    let best = i;
    let bestScore = order[i] as number;
    for (let j = i + 1; j < end; j++) {
      const s = order[j] as number;
      if (s > bestScore) {
        best = j;
        bestScore = s;
      }
    }
    if (best === i) return;
    const { from, to, captured, kingsXor } = this.stack;
    order[best] = order[i] as number;
    order[i] = bestScore;
    let tmp = from[i] as number;
    from[i] = from[best] as number;
    from[best] = tmp;
    tmp = to[i] as number;
    to[i] = to[best] as number;
    to[best] = tmp;
    tmp = captured[i] as number;
    captured[i] = captured[best] as number;
    captured[best] = tmp;
    tmp = kingsXor[i] as number;
    kingsXor[i] = kingsXor[best] as number;
    kingsXor[best] = tmp;
  }

  // The line of `ply` becomes its move followed by the line of `ply + 1`.
  updatePv(ply: number, key: number, captured: number): void {
    const row = ply * MAX_PLY;
    this.pvMove[row + ply] = key;
    this.pvCaptured[row + ply] = captured;
    const next = (ply + 1) * MAX_PLY;
    const length = this.pvLength[ply + 1] as number;
    for (let j = ply + 1; j < length; j++) {
      this.pvMove[row + j] = this.pvMove[next + j] as number;
      this.pvCaptured[row + j] = this.pvCaptured[next + j] as number;
    }
    this.pvLength[ply] = Math.max(length, ply + 1);
  }

  quiesce(
    own: number,
    opp: number,
    kings: number,
    south: boolean,
    alpha: number,
    beta: number,
    ply: number,
    start: number,
  ): number {
    this.tick();
    this.pvLength[ply] = ply;
    if (jumpers(own, opp, kings, south) === 0) {
      if (own === 0 || !canStep(own, opp, kings, south)) return -WIN_SCORE + ply;
      if (leafSampler !== null) leafSampler(own, opp, kings, south);
      return evaluate(own, opp, kings, south);
    }
    if (ply >= MAX_PLY - 1) return evaluate(own, opp, kings, south);
    // A capture is compulsory: no standing pat, every capture is searched.
    const end = generateMoves(own, opp, kings, south, this.stack, start);
    this.scoreMoves(start, end, kings, south, ply, 0, 0);
    const { from, to, captured, kingsXor } = this.stack;
    let best = -INFINITE;
    for (let i = start; i < end; i++) {
      this.pick(i, end);
      const f = from[i] as number;
      const t = to[i] as number;
      const cap = captured[i] as number;
      const score = -this.quiesce(
        opp ^ cap,
        own ^ f ^ t,
        kings ^ (kingsXor[i] as number),
        !south,
        -beta,
        -alpha,
        ply + 1,
        end,
      );
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, moveKey(f, t), cap);
          if (score >= beta) break;
        }
      }
    }
    return best;
  }

  negamax(
    own: number,
    opp: number,
    kings: number,
    south: boolean,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    quiet: number,
    start: number,
  ): number {
    this.pvLength[ply] = ply;
    const black = south ? own : opp;
    const red = south ? opp : own;
    const lo = zobristLo(black, red, kings, south);
    const hi = zobristHi(black, red, kings, south);
    const at = this.base + ply;
    this.pathLo[at] = lo;
    this.pathHi[at] = hi;
    // A position seen before on this line or in the game is a draw; so are 80 quiet plies.
    for (let j = at - 2, stop = Math.max(at - quiet, 0); j >= stop; j -= 2)
      if (this.pathLo[j] === lo && this.pathHi[j] === hi) return 0;
    if (
      quiet >= QUIET_PLY_LIMIT &&
      (jumpers(own, opp, kings, south) !== 0 || canStep(own, opp, kings, south))
    )
      return 0;
    // No score beats a win at this ply or loses faster than a loss here.
    if (alpha < -WIN_SCORE + ply) alpha = -WIN_SCORE + ply;
    if (beta > WIN_SCORE - ply - 1) beta = WIN_SCORE - ply - 1;
    if (alpha >= beta) return alpha;
    // The database's answer ends the line, but a won or lost position with as many pieces as
    // the root is searched on (at depth left): a database of won, lost and drawn cannot say which
    // winning move makes progress, and ending every line there left the search one ply deep,
    // shuffling kings until the game was drawn by repetition. Searched on, it finds the captures
    // into fewer pieces, and `winProgress` orders the wins at its leaves.
    const pieces = egdb !== null && ply > 0 ? bitCount(own | opp) : Number.POSITIVE_INFINITY;
    if (egdb !== null && pieces <= egdb.pieces) {
      const value = probeEgdb(egdb, black, red, kings, south);
      if (value === EGDB_DRAW) return 0;
      if ((value === EGDB_WIN || value === EGDB_LOSS) && (pieces < this.rootPieces || depth <= 0)) {
        this.tick();
        return value === EGDB_WIN
          ? EGDB_WIN_SCORE + winProgress(own, opp, kings, south) - ply
          : -EGDB_WIN_SCORE - winProgress(opp, own, kings, !south) + ply;
      }
    }
    if (depth <= 0 || ply >= MAX_PLY - 1)
      return this.quiesce(own, opp, kings, south, alpha, beta, ply, start);
    this.tick();

    const { table } = this;
    const entry = (lo & TT_MASK) << 2;
    const info = table[entry + 2] as number;
    // An entry of an earlier call counts only when the table is kept between calls.
    const current =
      info !== 0 && table[entry] === hi && (this.keep || info >>> 20 === this.generation);
    let tt = 0;
    let ttCaptured = 0;
    if (current) {
      tt = info & 2047;
      ttCaptured = table[entry + 1] as number;
      if (((info >>> 11) & 127) >= depth && beta - alpha === 1) {
        let score = table[entry + 3] as number;
        if (score > MATE_BOUND) score -= ply;
        else if (score < -MATE_BOUND) score += ply;
        const flag = (info >>> 18) & 3;
        if (
          flag === EXACT ||
          (flag === LOWER && score >= beta) ||
          (flag === UPPER && score <= alpha)
        )
          return score;
      }
    }

    // Verified pruning (GuiNN's): off the principal line, a position whose static value is
    // well above beta is cut when a much shallower search confirms it stays there. Not where the
    // database answers exactly, nor when beta is a loss.
    if (
      PRUNE &&
      beta - alpha === 1 &&
      depth >= 3 &&
      ply >= 2 &&
      beta > -1500 &&
      beta < MATE_BOUND &&
      (egdb === null || bitCount(own | opp) > egdb.pieces) &&
      evaluate(own, opp, kings, south) >= beta + PRUNE_MARGIN
    ) {
      const bar = beta + PRUNE_MARGIN;
      const verified = this.negamax(
        own,
        opp,
        kings,
        south,
        Math.max(depth - PRUNE_REDUCTION, 1),
        bar,
        bar + 1,
        ply,
        quiet,
        start,
      );
      if (this.aborted) return 0;
      if (verified > bar) return verified;
    }

    const end = generateMoves(own, opp, kings, south, this.stack, start);
    if (end === start) return -WIN_SCORE + ply;
    this.scoreMoves(start, end, kings, south, ply, tt, ttCaptured);
    const { from, to, captured } = this.stack;
    // A forced move costs no depth; nor does a capture on the principal line or a capture
    // answering a capture (GuiNN's extension).
    const extend =
      end - start === 1 ||
      (CAPTURE_EXTENSION &&
        (captured[start] as number) !== 0 &&
        (beta - alpha > 1 || (this.capturedInto[ply] as number) !== 0));
    const childDepth = extend ? depth : depth - 1;
    const alphaBefore = alpha;
    let best = -INFINITE;
    let bestKey = 0;
    let bestCaptured = 0;
    for (let i = start; i < end; i++) {
      this.pick(i, end);
      const f = from[i] as number;
      const t = to[i] as number;
      const cap = captured[i] as number;
      // Late move reductions: a quiet move far down the order, with depth to spare, is first
      // searched a ply shallower (two from the sixth move on with 5 plies or more to go), and
      // again at full depth only if it beats alpha.
      const reduce =
        LMR && childDepth >= 3 && i - start >= 3 && cap === 0 && (this.order[i] as number) < 1 << 21
          ? LMR_DEEP && childDepth >= 5 && i - start >= 5
            ? 2
            : 1
          : 0;
      const score = this.searchMove(
        i,
        i === start,
        own,
        opp,
        kings,
        south,
        childDepth,
        alpha,
        beta,
        ply + 1,
        quiet,
        end,
        reduce,
      );
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        bestKey = moveKey(f, t);
        bestCaptured = cap;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, bestKey, cap);
          if (score >= beta) {
            if (cap === 0) this.rememberCutoff(bestKey, south, ply, depth);
            break;
          }
        }
      }
    }

    const flag = best >= beta ? LOWER : best > alphaBefore ? EXACT : UPPER;
    // A deeper entry from this search stays; anything else is replaced. A fail-low's best
    // move means little: the move the entry had stays.
    const stored = table[entry + 2] as number;
    const fresh = stored >>> 20 === this.generation;
    if (!fresh || ((stored >>> 11) & 127) <= depth + 2) {
      const sameKey = fresh && table[entry] === hi;
      const keepMove = flag === UPPER && sameKey;
      table[entry] = hi;
      if (!keepMove) table[entry + 1] = bestCaptured;
      table[entry + 2] =
        (keepMove ? stored & 2047 : bestKey) |
        (Math.min(depth, 127) << 11) |
        (flag << 18) |
        (this.generation << 20);
      table[entry + 3] = best > MATE_BOUND ? best + ply : best < -MATE_BOUND ? best - ply : best;
    }
    return best;
  }

  // Move `i` of the stack with a principal-variation window: the first move with the full
  // window; the others with a null window, searched again in full when they land inside it.
  searchMove(
    i: number,
    first: boolean,
    own: number,
    opp: number,
    kings: number,
    south: boolean,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    quiet: number,
    end: number,
    reduce = 0,
  ): number {
    const { from, to, captured, kingsXor } = this.stack;
    const f = from[i] as number;
    const cap = captured[i] as number;
    const nOwn = opp ^ cap;
    const nOpp = own ^ f ^ (to[i] as number);
    const nKings = kings ^ (kingsXor[i] as number);
    const nQuiet = cap === 0 && (f & kings) !== 0 ? quiet + 1 : 0;
    this.capturedInto[ply] = cap;
    if (first)
      return -this.negamax(nOwn, nOpp, nKings, !south, depth, -beta, -alpha, ply, nQuiet, end);
    if (reduce > 0) {
      const reduced = -this.negamax(
        nOwn,
        nOpp,
        nKings,
        !south,
        depth - reduce,
        -alpha - 1,
        -alpha,
        ply,
        nQuiet,
        end,
      );
      if (reduced <= alpha || this.aborted) return reduced;
    }
    const score = -this.negamax(
      nOwn,
      nOpp,
      nKings,
      !south,
      depth,
      -alpha - 1,
      -alpha,
      ply,
      nQuiet,
      end,
    );
    if (score > alpha && score < beta && !this.aborted)
      return -this.negamax(nOwn, nOpp, nKings, !south, depth, -beta, -alpha, ply, nQuiet, end);
    return score;
  }

  rememberCutoff(key: number, south: boolean, ply: number, depth: number): void {
    const k = ply * 2;
    if (this.killers[k] !== key) {
      this.killers[k + 1] = this.killers[k] as number;
      this.killers[k] = key;
    }
    const index = (south ? 1024 : 0) + (key & 1023);
    const value = (this.historyScore[index] as number) + depth * depth;
    this.historyScore[index] = value;
    if (value > 1 << 20)
      for (let j = 0; j < this.historyScore.length; j++)
        this.historyScore[j] = (this.historyScore[j] as number) >> 1;
  }

  rootBest = -1;
  rootBestScore = 0;

  setRoot(base: number, pieces: number): void {
    this.base = base;
    this.rootPieces = pieces;
  }

  allowAbort(): void {
    this.canAbort = true;
  }

  // The root's moves, generated and sorted by `scoreMoves` (into the stack from 0).
  rootMoves(own: number, opp: number, kings: number, south: boolean): number {
    const end = generateMoves(own, opp, kings, south, this.stack, 0);
    this.scoreMoves(0, end, kings, south, 0, 0, 0);
    for (let i = 0; i < end; i++) this.pick(i, end);
    return end;
  }

  // The root: moves [0, end) in the order of the last iteration, every one searched.
  searchRoot(
    own: number,
    opp: number,
    kings: number,
    south: boolean,
    depth: number,
    end: number,
    quiet: number,
  ): number {
    const { from, to, captured } = this.stack;
    this.pvLength[0] = 0;
    this.rootBest = -1;
    let alpha = -INFINITE;
    const beta = INFINITE;
    const childDepth = end === 1 ? depth : depth - 1;
    for (let i = 0; i < end; i++) {
      const f = from[i] as number;
      const t = to[i] as number;
      const cap = captured[i] as number;
      // beta is INFINITE here, so the window's re-search is the one every node makes.
      const score = this.searchMove(
        i,
        i === 0,
        own,
        opp,
        kings,
        south,
        childDepth,
        alpha,
        beta,
        1,
        quiet,
        end,
      );
      if (this.aborted) break;
      if (score > alpha) {
        alpha = score;
        this.rootBest = i;
        this.rootBestScore = score;
        this.updatePv(0, moveKey(f, t), cap);
      }
    }
    return alpha;
  }

  // Moves root move i to the front, the others keeping their order.
  toFront(i: number): void {
    const { from, to, captured, kingsXor } = this.stack;
    const f = from[i] as number;
    const t = to[i] as number;
    const c = captured[i] as number;
    const k = kingsXor[i] as number;
    for (let j = i; j > 0; j--) {
      from[j] = from[j - 1] as number;
      to[j] = to[j - 1] as number;
      captured[j] = captured[j - 1] as number;
      kingsXor[j] = kingsXor[j - 1] as number;
    }
    from[0] = f;
    to[0] = t;
    captured[0] = c;
    kingsXor[0] = k;
  }

  rootLine(): { keys: number[]; captured: number[] } {
    const length = this.pvLength[0] as number;
    return {
      keys: Array.from(this.pvMove.subarray(0, length)),
      captured: Array.from(this.pvCaptured.subarray(0, length)),
    };
  }
}

// What the iterative deepening (`searchBest`) drives: the TypeScript `Searcher` or the
// WebAssembly kernel (`KernelSearcher`), which search alike.
interface Core {
  readonly pathLo: Int32Array;
  readonly pathHi: Int32Array;
  readonly aborted: boolean;
  readonly nodes: number;
  readonly rootBest: number;
  readonly rootBestScore: number;
  reset(now: () => number, deadline: number, keep: boolean, nodeLimit: number): void;
  setRoot(base: number, pieces: number): void;
  rootMoves(own: number, opp: number, kings: number, south: boolean): number;
  searchRoot(
    own: number,
    opp: number,
    kings: number,
    south: boolean,
    depth: number,
    end: number,
    quiet: number,
  ): number;
  allowAbort(): void;
  rootLine(): { keys: number[]; captured: number[] };
  toFront(i: number): void;
}

// The switches the kernel is told (searchKernel.ts' `searchKernel`).
const kernelSwitches = (): number =>
  (LMR ? 1 : 0) |
  (LMR_DEEP ? 2 : 0) |
  (PRUNE ? 4 : 0) |
  (CAPTURE_EXTENSION ? 8 : 0) |
  (leafSampler !== null ? 16 : 0);

const probeHook = (black: number, red: number, kings: number, blackToMove: boolean): number =>
  egdb === null ? 0 : probeEgdb(egdb, black, red, kings, blackToMove);
const leafHook = (own: number, opp: number, kings: number, south: boolean): void =>
  leafSampler?.(own, opp, kings, south);

class KernelSearcher implements Core {
  constructor(readonly kernel: SearchKernel) {}
  get pathLo(): Int32Array {
    return this.kernel.views().pathLo;
  }
  get pathHi(): Int32Array {
    return this.kernel.views().pathHi;
  }
  get aborted(): boolean {
    return this.kernel.exports.wasAborted() !== 0;
  }
  get nodes(): number {
    return this.kernel.exports.nodeCount();
  }
  get rootBest(): number {
    return this.kernel.exports.bestIndex();
  }
  get rootBestScore(): number {
    return this.kernel.exports.bestScore();
  }
  reset(now: () => number, deadline: number, keep: boolean, nodeLimit: number): void {
    kernelHooks.now = now;
    kernelHooks.probe = probeHook;
    kernelHooks.leaf = leafHook;
    this.kernel.exports.useEgdb(egdb === null ? 0 : egdb.pieces);
    this.kernel.exports.reset(deadline, keep ? 1 : 0, nodeLimit);
  }
  setRoot(base: number, pieces: number): void {
    this.kernel.exports.setRoot(base, pieces);
  }
  rootMoves(own: number, opp: number, kings: number, south: boolean): number {
    return this.kernel.exports.rootMoves(own, opp, kings, south ? 1 : 0);
  }
  searchRoot(
    own: number,
    opp: number,
    kings: number,
    south: boolean,
    depth: number,
    end: number,
    quiet: number,
  ): number {
    return this.kernel.exports.searchRoot(own, opp, kings, south ? 1 : 0, depth, end, quiet);
  }
  allowAbort(): void {
    this.kernel.exports.allowAbort();
  }
  rootLine(): { keys: number[]; captured: number[] } {
    const { pvLength, pvMove, pvCaptured } = this.kernel.views();
    const length = pvLength[0] as number;
    return {
      keys: Array.from(pvMove.subarray(0, length)),
      captured: Array.from(pvCaptured.subarray(0, length)),
    };
  }
  toFront(i: number): void {
    this.kernel.exports.toFront(i);
  }
}

let shared: Searcher | undefined;
let sharedKernel: KernelSearcher | undefined;

// The kernel's searcher when it loads and `kernel` is not false; the TypeScript one otherwise.
function coreFor(kernel: boolean | undefined): Core {
  if (kernel !== false && SEARCH_KERNEL) {
    const loaded = searchKernel(kernelSwitches());
    if (loaded !== null) {
      if (sharedKernel?.kernel !== loaded) sharedKernel = new KernelSearcher(loaded);
      return sharedKernel;
    }
  }
  shared ??= new Searcher();
  return shared;
}

/**
 * Where `searchBest` searches by default here and now: `'kernel'`, in WebAssembly, or `'script'`,
 * in TypeScript (no WebAssembly or its SIMD, `CHECKERS_NO_SEARCH_KERNEL`, or a network installed
 * without its kernel). Both give the same answers; the kernel 1.5 to 1.8 times as fast.
 *
 * @example
 * searchCore() // 'kernel' in Node 20 and in a browser's worker
 */
export function searchCore(): 'kernel' | 'script' {
  return coreFor(undefined) instanceof KernelSearcher ? 'kernel' : 'script';
}

/**
 * Forgets every entry of the transposition tables (a persistent engine's `newgame`).
 *
 * @example
 * clearSearchTable(); // the next searchBest({ keepTable: true }) starts from nothing
 */
export function clearSearchTable(): void {
  shared?.table.fill(0);
  loadedSearchKernel()?.exports.clearTable();
}

const defaultNow = (): number =>
  (globalThis as unknown as { performance: { now(): number } }).performance.now();

const capturedMask = (move: Move): number =>
  move.captured.reduce((mask, square) => mask | bitOf(square), 0) | 0;

// The line as moves, from the root position, while each one is legal there.
function lineOf(position: Position, keys: readonly number[], captured: readonly number[]): Move[] {
  const line: Move[] = [];
  let at = position;
  for (let i = 0; i < keys.length; i++) {
    const move = legalMoves(at).find(
      (m) => moveKey(bitOf(m.from), bitOf(m.to)) === keys[i] && capturedMask(m) === captured[i],
    );
    if (move === undefined) break;
    line.push(move);
    at = applyMove(at, move);
  }
  return line;
}

function checkOptions(options: SearchOptions): void {
  const { depth, ms, nodes } = options;
  if (depth !== undefined && (!Number.isInteger(depth) || depth < 1))
    throw new RangeError(`search depth must be a whole number of plies, 1 or more: ${depth}`);
  if (ms !== undefined && !(ms > 0 && Number.isFinite(ms)))
    throw new RangeError(`search time must be a positive number of milliseconds: ${ms}`);
  if (nodes !== undefined && (!Number.isInteger(nodes) || nodes < 1))
    throw new RangeError(`search nodes must be a whole number, 1 or more: ${nodes}`);
}

/** How many forced moves in a row `forcedLine` plays out before it stops anyway. */
const FORCED_RUN_LIMIT = 40;

/** The forced moves from a position on, and where they lead (`forcedLine`). */
export interface ForcedLine {
  /** The forced moves in order; empty when the side to move has a choice or no move. */
  readonly moves: readonly Move[];
  /** The positions each move was played from: the start first, as a game's history. */
  readonly passed: readonly Position[];
  /** The position the moves reach (the start when there are none). */
  readonly reached: Position;
  /** 1 if `reached` has the start's side to move, −1 if the other: each move hands the turn over. */
  readonly sign: 1 | -1;
}

/**
 * The forced moves from `position` on: while the side to move has exactly one legal move, that
 * move, up to 40 in a row (a cycle of forced moves stops there); with the positions they pass
 * and reach, and the sign that turns a value of the position reached into one of `position`.
 * The one rule for "a forced move costs no ply" that `searchValue` and an outside judge
 * (`heldCheck.js --judge`) both follow.
 *
 * @example
 * forcedLine(parseFen('W:W9:B1,6').value).moves.map(moveToPdn) // ['9x2']
 */
export function forcedLine(position: Position): ForcedLine {
  const moves: Move[] = [];
  const passed: Position[] = [];
  let reached = position;
  while (moves.length < FORCED_RUN_LIMIT) {
    const legal = legalMoves(reached);
    const [only] = legal;
    if (only === undefined || legal.length > 1) break;
    moves.push(only);
    passed.push(reached);
    reached = applyMove(reached, only);
  }
  return { moves, passed, reached, sign: moves.length % 2 === 0 ? 1 : -1 };
}

/**
 * The value of `position` for its side to move, searched `depth` plies (at least 1) with the
 * game's earlier positions in `history` (oldest first) counting for repetitions. Unlike
 * `searchBest`, which answers a one-move position at once with its static value, the forced
 * moves (`forcedLine`) are played out without costing a ply, as the search itself does inside
 * the tree, and the position they reach is searched; no legal move is a loss.
 *
 * @example
 * searchValue(parseFen('W:W9:B1,6').value, 4, []) // a win for red: 9x2 is forced and wins
 */
export function searchValue(
  position: Position,
  depth: number,
  history: readonly Position[],
): number {
  const { passed, reached, sign } = forcedLine(position);
  if (legalMoves(reached).length === 0) return -sign * WIN_SCORE;
  const seen = [...history, ...passed];
  return sign * searchBest(reached, { depth: Math.max(1, depth), history: seen }).score;
}

/**
 * The best move for the side to move, by iterative deepening alpha-beta. With `depth` only,
 * searches exactly that deep; with `ms` (or `nodes`), deepens until the budget runs out and
 * answers with the best move of the last completed depth (or a better one the unfinished depth
 * has already proved); with none of them, spends `DEFAULT_SEARCH_MS`. A position met earlier in
 * `history` (or on the searched line) counts as a draw. Answers at once, with depth 0, when
 * there is one legal move, or when the root is a won ending the distance table plays
 * (`useEgdbDistances`); `move` is `null` only when there is none. Throws a RangeError for a
 * depth or a node budget that is not a whole number, 1 or more, or a time budget that is not a
 * positive number (programmer errors: data from outside goes through `parseSearchRequest`).
 *
 * @example
 * const { move, score, depth } = searchBest(initialPosition(), { ms: 100 });
 * moveToPdn(move!) // e.g. '11-15'
 */
export function searchBest(position: Position, options: SearchOptions = {}): SearchResult {
  checkOptions(options);
  const moves = legalMoves(position);
  const south = position.turn === 'black';
  const own = (south ? position.black : position.red) | 0;
  const opp = (south ? position.red : position.black) | 0;
  const kings = position.kings | 0;
  const [first] = moves;
  if (first === undefined) return { move: null, score: -WIN_SCORE, depth: 0, nodes: 0, pv: [] };
  if (moves.length === 1)
    return {
      move: first,
      score: evaluate(own, opp, kings, south),
      depth: 0,
      nodes: 0,
      pv: [first],
    };

  const won = distanceMove(position, moves);
  if (won !== null) {
    const line = {
      depth: 0,
      score: EGDB_WIN_SCORE - won.distance - 1,
      nodes: 0,
      pv: [won.move],
    };
    options.onIteration?.(line);
    return { move: won.move, ...line };
  }

  const now = options.now ?? defaultNow;
  const started = now();
  const ms =
    options.ms ??
    (options.depth === undefined && options.nodes === undefined ? DEFAULT_SEARCH_MS : undefined);
  const maxDepth = Math.min(options.depth ?? MAX_SEARCH_DEPTH, MAX_SEARCH_DEPTH);
  const deadline = ms === undefined ? Number.POSITIVE_INFINITY : started + ms;
  const nodeLimit = options.nodes ?? Number.POSITIVE_INFINITY;
  const searcher = coreFor(options.kernel);
  searcher.reset(now, deadline, options.keepTable === true, nodeLimit);

  // The game's positions since its last capture or man's move, then the root.
  const history = options.history ?? [];
  let quiet = 0;
  let after = position;
  for (let i = history.length - 1; i >= 0 && quiet < HISTORY_WINDOW; i--) {
    const before = history[i] as Position;
    if (!reversible(before, after)) break;
    quiet++;
    after = before;
  }
  const { pathLo, pathHi } = searcher;
  for (let j = 0; j < quiet; j++) {
    const p = history[history.length - quiet + j] as Position;
    const blackToMove = p.turn === 'black';
    pathLo[j] = zobristLo(p.black | 0, p.red | 0, p.kings | 0, blackToMove);
    pathHi[j] = zobristHi(p.black | 0, p.red | 0, p.kings | 0, blackToMove);
  }
  searcher.setRoot(quiet, bitCount(own | opp));
  pathLo[quiet] = zobristLo(position.black | 0, position.red | 0, kings, south);
  pathHi[quiet] = zobristHi(position.black | 0, position.red | 0, kings, south);

  const end = searcher.rootMoves(own, opp, kings, south);

  let best = { keys: [] as number[], captured: [] as number[] };
  let score = 0;
  let completed = 0;
  for (let depth = 1; depth <= maxDepth; depth++) {
    const value = searcher.searchRoot(own, opp, kings, south, depth, end, quiet);
    if (searcher.aborted) {
      if (searcher.rootBest >= 0) {
        best = searcher.rootLine();
        score = searcher.rootBestScore;
      }
      break;
    }
    best = searcher.rootLine();
    score = value;
    completed = depth;
    options.onIteration?.({
      depth,
      score: score | 0,
      nodes: searcher.nodes,
      pv: lineOf(position, best.keys, best.captured),
    });
    searcher.toFront(searcher.rootBest);
    searcher.allowAbort();
    if (now() >= deadline || searcher.nodes >= nodeLimit) break;
    // A win or loss found within this depth is the fastest there is.
    if (Math.abs(score) > MATE_BOUND && WIN_SCORE - Math.abs(score) <= depth) break;
  }
  const pv = lineOf(position, best.keys, best.captured);
  return { move: pv[0] ?? first, score: score | 0, depth: completed, nodes: searcher.nodes, pv };
}
