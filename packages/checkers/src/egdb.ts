import { bitCount, generateMoves, MAX_MOVES, MoveStack, reverseBits } from './bitboard.js';

/**
 * Endgame databases: the value (win, loss or draw for the side to move, with perfect play and
 * the 40-move rule and repetitions left aside, as every checkers database does) of every
 * position of up to `pieces` pieces, built by retrograde analysis.
 *
 * The positions fall into slices by their material (black men, black kings, red men, red
 * kings). A capture leaves its slice for one with fewer pieces and a crowning for one with fewer
 * men, so slices are solved fewest pieces first, then fewest men first, and every move out of a
 * slice leads into one already solved. Within a slice:
 * 1. each position is looked at once, forward: no move is a loss; a move out of the slice to a
 *    lost position is a win; a capture position (all its moves leave the slice) is settled
 *    outright; the others count their moves that stay in the slice;
 * 2. every settled position is then taken back, move by move (the side that just moved steps a
 *    piece back: a man backwards, a king any way): a predecessor of a loss is a win; each won
 *    successor takes one off its predecessor's count, and a count that reaches zero with no
 *    drawn way out is a loss;
 * 3. what is still unsettled is a draw (either side can keep it going for ever).
 * So each position is generated forward once and backward once: no passes until nothing changes.
 *
 * A slice's positions are numbered by the ranks of its four piece sets (combinations, men only
 * on the squares where they can stand: black men not on row 8, red men not on row 1) and the side
 * to move; numbers whose sets overlap are unused. Values take 2 bits: 0 unused, 1 win, 2 loss,
 * 3 draw, for the side to move.
 */

/** A database value for the side to move. */
export const EGDB_WIN = 1;
export const EGDB_LOSS = 2;
export const EGDB_DRAW = 3;

/** The largest database the builder makes. */
export const MAX_EGDB_PIECES = 6;

// C(n, k) for n ≤ 32, k ≤ MAX_EGDB_PIECES, row by row.
const CHOOSE = new Float64Array(33 * (MAX_EGDB_PIECES + 1));
for (let n = 0; n <= 32; n++)
  for (let k = 0; k <= MAX_EGDB_PIECES; k++)
    CHOOSE[n * (MAX_EGDB_PIECES + 1) + k] =
      k === 0
        ? 1
        : n === 0
          ? 0
          : (CHOOSE[(n - 1) * (MAX_EGDB_PIECES + 1) + k - 1] as number) +
            (CHOOSE[(n - 1) * (MAX_EGDB_PIECES + 1) + k] as number);
const choose = (n: number, k: number): number => CHOOSE[n * (MAX_EGDB_PIECES + 1) + k] as number;

// Black men stand on bits 0-27 (squares 1-28), red men on bits 4-31, kings anywhere.
const BLACK_MEN_SQUARES = 0x0fffffff;
const RED_MEN_SQUARES = 0xfffffff0 | 0;

// Every k-subset of the squares of `allowed`, as masks, in rank order, so rank r is `sets[r]`.
function subsets(allowed: number, k: number): Int32Array {
  const squares: number[] = [];
  for (let b = 0; b < 32; b++) if ((allowed >>> b) & 1) squares.push(b);
  const all: number[] = [];
  const pick = (limit: number, left: number, mask: number): void => {
    if (left === 0) {
      all.push(mask);
      return;
    }
    for (let i = left - 1; i < limit; i++) pick(i, left - 1, mask | (1 << (squares[i] as number)));
  };
  pick(squares.length, k, 0);
  const out = new Int32Array(all.length);
  for (const mask of all) out[rankOf(mask, allowed)] = mask;
  return out;
}

// The colex rank of a set among the k-subsets of `allowed`: sum of C(position, i).
function rankOf(mask: number, allowed: number): number {
  let rank = 0;
  let i = 1;
  let rest = mask;
  while (rest !== 0) {
    const bit = rest & -rest;
    rest ^= bit;
    // The position of `bit` among the allowed squares.
    const position = bitCount(allowed & (bit - 1));
    rank += choose(position, i);
    i++;
  }
  return rank;
}

/** A slice: the positions of one material balance. */
interface Slice {
  readonly bm: number;
  readonly bk: number;
  readonly rm: number;
  readonly rk: number;
  readonly offset: number;
  readonly size: number;
  // Strides of the four ranks in a position's number (side to move is the lowest bit).
  readonly nRm: number;
  readonly nBk: number;
  readonly nRk: number;
}

const sliceKey = (bm: number, bk: number, rm: number, rk: number): number =>
  ((bm * 8 + bk) * 8 + rm) * 8 + rk;

/** The slices of every position of 2 to `pieces` pieces, in solving order. */
function slicesOf(pieces: number): Slice[] {
  const slices: Slice[] = [];
  let offset = 0;
  for (let n = 2; n <= pieces; n++) {
    const here: Omit<Slice, 'offset'>[] = [];
    for (let bm = 0; bm <= n; bm++)
      for (let bk = 0; bk <= n - bm; bk++)
        for (let rm = 0; rm <= n - bm - bk; rm++) {
          const rk = n - bm - bk - rm;
          if (bm + bk === 0 || rm + rk === 0) continue;
          const nBm = choose(28, bm);
          const nRm = choose(28, rm);
          const nBk = choose(32, bk);
          const nRk = choose(32, rk);
          here.push({ bm, bk, rm, rk, size: nBm * nRm * nBk * nRk * 2, nRm, nBk, nRk });
        }
    here.sort((a, b) => a.bm + a.rm - (b.bm + b.rm));
    for (const slice of here) {
      slices.push({ ...slice, offset });
      offset += slice.size;
    }
  }
  return slices;
}

/** A database in memory: the values of every position of up to `pieces` pieces. */
export interface Egdb {
  readonly pieces: number;
  /** 2-bit values, four to a byte, in slice order. */
  readonly values: Uint8Array;
}

// The tables every database of a given size shares.
interface Layout {
  readonly pieces: number;
  readonly slices: readonly Slice[];
  readonly byKey: Map<number, Slice>;
  readonly total: number;
}

const layouts = new Map<number, Layout>();
const setTables = new Map<string, Int32Array>();

function setsOf(allowed: number, k: number): Int32Array {
  const key = `${allowed}:${k}`;
  let sets = setTables.get(key);
  if (sets === undefined) {
    sets = subsets(allowed, k);
    setTables.set(key, sets);
  }
  return sets;
}

function layoutOf(pieces: number): Layout {
  let layout = layouts.get(pieces);
  if (layout === undefined) {
    const slices = slicesOf(pieces);
    const byKey = new Map<number, Slice>();
    for (const slice of slices) byKey.set(sliceKey(slice.bm, slice.bk, slice.rm, slice.rk), slice);
    const last = slices[slices.length - 1];
    layout = { pieces, slices, byKey, total: last === undefined ? 0 : last.offset + last.size };
    layouts.set(pieces, layout);
  }
  return layout;
}

/** How many positions (numbers, unused ones included) a database of `pieces` pieces holds. */
export function egdbSize(pieces: number): number {
  return layoutOf(pieces).total;
}

// The number of a position within the whole database, or -1 when it has more pieces or a side
// has none. `black`/`red` are the sides' masks, `blackToMove` the side to move.
function indexOf(
  layout: Layout,
  black: number,
  red: number,
  kings: number,
  blackToMove: boolean,
): number {
  const bmMask = black & ~kings;
  const bkMask = black & kings;
  const rmMask = red & ~kings;
  const rkMask = red & kings;
  const bm = bitCount(bmMask);
  const bk = bitCount(bkMask);
  const rm = bitCount(rmMask);
  const rk = bitCount(rkMask);
  if (bm + bk === 0 || rm + rk === 0 || bm + bk + rm + rk > layout.pieces) return -1;
  const slice = layout.byKey.get(sliceKey(bm, bk, rm, rk));
  if (slice === undefined) return -1;
  const r =
    ((rankOf(bmMask, BLACK_MEN_SQUARES) * slice.nRm + rankOf(rmMask, RED_MEN_SQUARES)) * slice.nBk +
      rankOf(bkMask, -1)) *
      slice.nRk +
    rankOf(rkMask, -1);
  return slice.offset + r * 2 + (blackToMove ? 0 : 1);
}

const get = (values: Uint8Array, i: number): number =>
  ((values[i >>> 2] as number) >>> ((i & 3) * 2)) & 3;
const set = (values: Uint8Array, i: number, v: number): void => {
  const at = i >>> 2;
  const shift = (i & 3) * 2;
  values[at] = ((values[at] as number) & ~(3 << shift)) | (v << shift);
};

/**
 * The value of a position for the side to move (`EGDB_WIN`, `EGDB_LOSS`, `EGDB_DRAW`), or 0 when
 * the database does not hold it (more pieces, or a side without pieces).
 *
 * @example
 * probeEgdb(db, 0, 1 << 31, 1 << 31, false) // a lone red king, black has nothing: 0 (not held)
 */
export function probeEgdb(
  db: Egdb,
  black: number,
  red: number,
  kings: number,
  blackToMove: boolean,
): number {
  const i = indexOf(layoutOf(db.pieces), black | 0, red | 0, kings | 0, blackToMove);
  return i < 0 ? 0 : get(db.values, i);
}

/** What the builder reports as it goes. */
export interface EgdbProgress {
  readonly slice: string;
  readonly done: number;
  readonly total: number;
}

const stack = new MoveStack(MAX_MOVES);

// Everything a slice's solving needs at hand.
interface Solver {
  readonly layout: Layout;
  readonly values: Uint8Array;
}

// The value of the position after a move that leaves the slice, for its side to move: `toMove`
// its pieces, `mover` the other side's, `blackToMove` whether that side is black.
function valueAfter(
  solver: Solver,
  toMove: number,
  mover: number,
  kings: number,
  blackToMove: boolean,
): number {
  // A side left without pieces has lost.
  if (toMove === 0) return EGDB_LOSS;
  const black = blackToMove ? toMove : mover;
  const red = blackToMove ? mover : toMove;
  const i = indexOf(solver.layout, black, red, kings, blackToMove);
  if (i < 0) throw new Error('egdb: a move left the database');
  return get(solver.values, i);
}

// Solves one slice into `solver.values`, whose part for the slice must be all 0 (unsettled).
// With `distances` (the slice's size), each won or lost position also gets its distance to a
// conversion, in plies (`EgdbDistances`).
function solveSlice(solver: Solver, slice: Slice, distances: Uint8Array | null = null): void {
  const { values } = solver;
  const bmSets = setsOf(BLACK_MEN_SQUARES, slice.bm);
  const rmSets = setsOf(RED_MEN_SQUARES, slice.rm);
  const bkSets = setsOf(-1, slice.bk);
  const rkSets = setsOf(-1, slice.rk);
  const count = new Uint8Array(slice.size);
  const queue = new Int32Array(slice.size);
  let head = 0;
  let tail = 0;
  const positions = slice.size / 2;
  // 1. Forward, once each.
  for (let p = 0; p < positions; p++) {
    let r = p;
    const rk = rkSets[r % slice.nRk] as number;
    r = (r / slice.nRk) | 0;
    const bk = bkSets[r % slice.nBk] as number;
    r = (r / slice.nBk) | 0;
    const rm = rmSets[r % slice.nRm] as number;
    r = (r / slice.nRm) | 0;
    const bm = bmSets[r] as number;
    if ((bm & rm) !== 0 || ((bm | rm) & (bk | rk)) !== 0 || (bk & rk) !== 0) continue;
    const black = bm | bk;
    const red = rm | rk;
    const kings = bk | rk;
    for (let side = 0; side < 2; side++) {
      const south = side === 0;
      const own = south ? black : red;
      const opp = south ? red : black;
      const local = p * 2 + side;
      const end = generateMoves(own, opp, kings, south, stack, 0);
      let value = 0;
      // The plies to a conversion of a position settled here: 0 with no move left, else 1.
      let distance = 1;
      if (end === 0) {
        value = EGDB_LOSS;
        distance = 0;
      } else {
        let inside = 0;
        let drawn = false;
        for (let m = 0; m < end; m++) {
          const from = stack.from[m] as number;
          const to = stack.to[m] as number;
          const captured = stack.captured[m] as number;
          const kx = stack.kingsXor[m] as number;
          const crowns = (kings & from) === 0 && (kx & to) !== 0;
          if (captured === 0 && !crowns) {
            inside++;
            continue;
          }
          const v = valueAfter(solver, opp ^ captured, own ^ from ^ to, kings ^ kx, !south);
          if (v === EGDB_LOSS) {
            value = EGDB_WIN;
            break;
          }
          if (v === EGDB_DRAW) drawn = true;
        }
        if (value === 0) {
          if (inside === 0) value = drawn ? EGDB_DRAW : EGDB_LOSS;
          else count[local] = inside + (drawn ? 128 : 0);
        }
      }
      if (value !== 0) {
        set(values, slice.offset + local, value);
        if (value !== EGDB_DRAW) {
          queue[tail++] = local;
          if (distances !== null) distances[local] = distance;
        }
      }
    }
  }
  // The queue settles positions nearest a conversion first, so their distances hold only if it
  // starts with the positions without a move (distance 0), then the others (1).
  if (distances !== null) {
    const nearest = queue.slice(0, tail);
    let at = 0;
    for (const d of [0, 1])
      for (let k = 0; k < tail; k++) {
        const local = nearest[k] as number;
        if (distances[local] === d) queue[at++] = local;
      }
  }
  // 2. Backward from every settled position.
  while (head < tail) {
    const local = queue[head++] as number;
    const value = get(values, slice.offset + local);
    let r = local >>> 1;
    const sideToMove = local & 1; // 0: black to move
    const rk = rkSets[r % slice.nRk] as number;
    r = (r / slice.nRk) | 0;
    const bk = bkSets[r % slice.nBk] as number;
    r = (r / slice.nBk) | 0;
    const rm = rmSets[r % slice.nRm] as number;
    r = (r / slice.nRm) | 0;
    const bm = bmSets[r] as number;
    const empty = ~(bm | bk | rm | rk);
    // The side that just moved: red when black is to move.
    const moverBlack = sideToMove === 1;
    const men = moverBlack ? bm : rm;
    const kingsOf = moverBlack ? bk : rk;
    // Take back each move of the mover: a man steps back (north for black), a king any way.
    for (let dir = 0; dir < 4; dir++) {
      const manBack = moverBlack ? dir >= 2 : dir < 2;
      const pieces = manBack ? men | kingsOf : kingsOf;
      let rest = pieces;
      while (rest !== 0) {
        const at = rest & -rest;
        rest ^= at;
        const back =
          (dir === 0
            ? ((at & 0x07070707) << 5) | ((at & (0xf0f0f0f0 | 0)) << 4)
            : dir === 1
              ? ((at & 0x0f0f0f0f) << 4) | ((at & (0xe0e0e0e0 | 0)) << 3)
              : dir === 2
                ? ((at & 0x07070707) >>> 3) | ((at & (0xf0f0f0f0 | 0)) >>> 4)
                : ((at & 0x0f0f0f0f) >>> 4) | ((at & (0xe0e0e0e0 | 0)) >>> 5)) & empty;
        if (back === 0) continue;
        const isKing = (kingsOf & at) !== 0;
        // A man cannot stand on its own crowning row... nor come from the row it cannot be on.
        if (!isKing && (back & (moverBlack ? ~BLACK_MEN_SQUARES : ~RED_MEN_SQUARES)) !== 0)
          continue;
        const nbm = moverBlack && !isKing ? bm ^ at ^ back : bm;
        const nbk = moverBlack && isKing ? bk ^ at ^ back : bk;
        const nrm = !moverBlack && !isKing ? rm ^ at ^ back : rm;
        const nrk = !moverBlack && isKing ? rk ^ at ^ back : rk;
        const before =
          ((rankOf(nbm, BLACK_MEN_SQUARES) * slice.nRm + rankOf(nrm, RED_MEN_SQUARES)) * slice.nBk +
            rankOf(nbk, -1)) *
            slice.nRk +
          rankOf(nrk, -1);
        const prior = before * 2 + (moverBlack ? 0 : 1);
        if (get(values, slice.offset + prior) !== 0) continue;
        if (value === EGDB_LOSS) {
          set(values, slice.offset + prior, EGDB_WIN);
          queue[tail++] = prior;
          // The first lost successor settled is the nearest: a win takes the shortest way.
          if (distances !== null)
            distances[prior] = Math.min(MAX_EGDB_DISTANCE, (distances[local] as number) + 1);
        } else {
          const left = (count[prior] as number) - 1;
          count[prior] = left;
          if (left === 0) {
            set(values, slice.offset + prior, EGDB_LOSS);
            queue[tail++] = prior;
            // The last won successor settled is the farthest: a loss holds out longest.
            if (distances !== null)
              distances[prior] = Math.min(MAX_EGDB_DISTANCE, (distances[local] as number) + 1);
          }
        }
      }
    }
  }
  // 3. Whatever is left, on a real position, is a draw.
  for (let p = 0; p < positions; p++) {
    let r = p;
    const rk = rkSets[r % slice.nRk] as number;
    r = (r / slice.nRk) | 0;
    const bk = bkSets[r % slice.nBk] as number;
    r = (r / slice.nBk) | 0;
    const rm = rmSets[r % slice.nRm] as number;
    r = (r / slice.nRm) | 0;
    const bm = bmSets[r] as number;
    if ((bm & rm) !== 0 || ((bm | rm) & (bk | rk)) !== 0 || (bk & rk) !== 0) continue;
    for (let side = 0; side < 2; side++)
      if (get(values, slice.offset + p * 2 + side) === 0)
        set(values, slice.offset + p * 2 + side, EGDB_DRAW);
  }
}

const sliceName = (s: Slice): string =>
  `${s.bm + s.bk + s.rm + s.rk} pieces: black ${s.bm} men ${s.bk} kings, red ${s.rm} men ${s.rk} kings`;

/**
 * Builds the database of every position of 2 to `pieces` pieces (at most `MAX_EGDB_PIECES`),
 * calling `onProgress` after each slice.
 *
 * @example
 * const db = buildEgdb(3); // in well under a second
 * probeEgdb(db, 1 << 0, 1 << 31, (1 << 0) | (1 << 31), true) // EGDB_DRAW: king against king
 */
export function buildEgdb(pieces: number, onProgress?: (progress: EgdbProgress) => void): Egdb {
  if (!Number.isInteger(pieces) || pieces < 2 || pieces > MAX_EGDB_PIECES)
    throw new RangeError(`an endgame database holds 2 to ${MAX_EGDB_PIECES} pieces, not ${pieces}`);
  const layout = layoutOf(pieces);
  const values = new Uint8Array(Math.ceil(layout.total / 4));
  const solver: Solver = { layout, values };
  let done = 0;
  for (const slice of layout.slices) {
    solveSlice(solver, slice);
    done += slice.size;
    onProgress?.({ slice: sliceName(slice), done, total: layout.total });
  }
  return { pieces, values };
}

/** The longest distance a distance table holds; a longer one is kept as this. */
export const MAX_EGDB_DISTANCE = 255;

/**
 * A material balance seen from the side that is ahead: its men and kings, then the other
 * side's. `[0, 3, 0, 2]` is three kings against two, whichever colour has the three.
 */
export type EgdbMaterial = readonly [number, number, number, number];

/**
 * The balances a distance table is built for by default: the 5-piece endings where the
 * database's value alone does not win within the forty moves, because no capture or crowning
 * is in sight of a search (the longest wins: three kings against two 49 plies, two kings and a
 * man against two kings 110, a king and two men against two kings 54; every other balance of 5
 * pieces with a side ahead 40 or fewer). A balance of a table has the side ahead first, with
 * more pieces than the other.
 */
export const EGDB_DISTANCE_MATERIALS: readonly EgdbMaterial[] = [
  [0, 3, 0, 2],
  [1, 2, 0, 2],
  [2, 1, 0, 2],
];

/**
 * The distance to a conversion (a capture or a crowning) of the positions of some balances with
 * the side that is behind to move, in plies with perfect play: where that side has lost, the
 * most it can hold out; where it wins, the fewest it needs. The side ahead wins a won position
 * without a search by playing, of its moves to a position lost for the other side, one at the
 * smallest distance (or a capture or crowning that keeps the win): every move brings the
 * conversion nearer. A man's move that is not a crowning counts inside a distance (the forty
 * moves would start again).
 *
 * Each balance is held once, with the side ahead black (the table of the other colour is the
 * board turned half round); its array is indexed by the position's number within the
 * database's slice, halved (the side to move is that number's lowest bit: red, the side behind,
 * is 1), as `probeEgdbDistance` reads it.
 */
export interface EgdbDistances {
  /** The pieces of the database the table was built from. */
  readonly pieces: number;
  /** The balances held, in the order of the database's slices. */
  readonly materials: readonly EgdbMaterial[];
  /** Each balance's distances (0: drawn or unused), by its slice's key, black ahead. */
  readonly slices: ReadonlyMap<number, Uint8Array>;
}

/** The database's slices of `materials` with the side ahead black, in the database's order. */
function distanceSlices(layout: Layout, materials: readonly EgdbMaterial[]): Slice[] {
  const wanted = new Set<number>();
  for (const [sm, sk, wm, wk] of materials) wanted.add(sliceKey(sm, sk, wm, wk));
  return layout.slices.filter((s) => wanted.has(sliceKey(s.bm, s.bk, s.rm, s.rk)));
}

/**
 * The balances of `materials` a database of `pieces` pieces holds, in its order, each with the
 * length of its distances (a balance it does not hold is left out).
 */
export function egdbDistanceLayout(
  pieces: number,
  materials: readonly EgdbMaterial[],
): { material: EgdbMaterial; key: number; length: number }[] {
  return distanceSlices(layoutOf(pieces), materials).map((s) => ({
    material: [s.bm, s.bk, s.rm, s.rk] as const,
    key: sliceKey(s.bm, s.bk, s.rm, s.rk),
    length: s.size / 2,
  }));
}

/**
 * Builds the distance table of `materials` (default `EGDB_DISTANCE_MATERIALS`, each of them with
 * the side ahead having more pieces) from a database holding them: each slice is solved again,
 * its values checked against the database's, and its distances kept. Throws when the database's
 * values are not the ones the slice solves to.
 *
 * @example
 * const table = buildEgdbDistances(buildEgdb(4), [[0, 3, 0, 1]]); // three kings against one
 * probeEgdbDistance(table, black, red, kings, false) // plies to a capture or crowning, or -1
 */
export function buildEgdbDistances(
  db: Egdb,
  materials: readonly EgdbMaterial[] = EGDB_DISTANCE_MATERIALS,
  onProgress?: (progress: EgdbProgress) => void,
): EgdbDistances {
  for (const [sm, sk, wm, wk] of materials)
    if (sm + sk <= wm + wk)
      throw new RangeError(
        `a distance table's balances have the side ahead first: ${sm}${sk}${wm}${wk}`,
      );
  const layout = layoutOf(db.pieces);
  const chosen = distanceSlices(layout, materials);
  const total = chosen.reduce((sum, s) => sum + s.size, 0);
  // A copy of the database whose chosen slice is emptied and solved again (a copy even where the
  // values are a Node Buffer, whose slice() is a view).
  const values = new Uint8Array(db.values);
  const solver: Solver = { layout, values };
  const slices = new Map<number, Uint8Array>();
  let done = 0;
  for (const slice of chosen) {
    for (let i = 0; i < slice.size; i++) set(values, slice.offset + i, 0);
    const distances = new Uint8Array(slice.size);
    solveSlice(solver, slice, distances);
    for (let i = 0; i < slice.size; i++)
      if (get(values, slice.offset + i) !== get(db.values, slice.offset + i))
        throw new Error(`egdb: the database's ${sliceName(slice)} is not what it solves to`);
    // Red (behind) to move: the odd numbers.
    const behind = new Uint8Array(slice.size / 2);
    for (let i = 0; i < behind.length; i++) behind[i] = distances[i * 2 + 1] as number;
    slices.set(sliceKey(slice.bm, slice.bk, slice.rm, slice.rk), behind);
    done += slice.size;
    onProgress?.({ slice: sliceName(slice), done, total });
  }
  return {
    pieces: db.pieces,
    materials: chosen.map((s) => [s.bm, s.bk, s.rm, s.rk] as const),
    slices,
  };
}

/**
 * The distance to a conversion of a position with the side behind to move (`EgdbDistances`):
 * a won or lost one's plies, 0 for a drawn one, or -1 when the table does not hold it (another
 * balance, or the side ahead to move).
 *
 * @example
 * probeEgdbDistance(table, black, red, kings, false) // black ahead, red to move: 0 to 255
 */
export function probeEgdbDistance(
  table: EgdbDistances,
  black: number,
  red: number,
  kings: number,
  blackToMove: boolean,
): number {
  let b = black | 0;
  let r = red | 0;
  let k = kings | 0;
  // Red ahead with black to move is the same position turned half round, the colours swapped.
  if (bitCount(r) > bitCount(b)) {
    if (!blackToMove) return -1;
    const turned = reverseBits(r);
    r = reverseBits(b);
    b = turned;
    k = reverseBits(k);
  } else if (blackToMove) return -1;
  const key = sliceKey(bitCount(b & ~k), bitCount(b & k), bitCount(r & ~k), bitCount(r & k));
  const layout = layoutOf(table.pieces);
  const distances = table.slices.get(key);
  const slice = layout.byKey.get(key);
  if (distances === undefined || slice === undefined) return -1;
  const i = indexOf(layout, b, r, k, false);
  return i < 0 ? -1 : (distances[(i - slice.offset) >>> 1] as number);
}
