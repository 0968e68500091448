/**
 * An n-tuple network over the 4x4 board: each tuple is a list of cells (0..15, row-major); a
 * board's value is the sum, over the tuples and the board's 8 symmetries, of one weight per
 * (tuple, symmetry) chosen by the exponents on the tuple's cells, read in the symmetry's order.
 * The 8 symmetries share the tuple's weights. A network may have stages: stage k's weights value
 * the boards whose largest exponent is at least `stages[k]` (and below the next stage's start).
 */
export interface NetworkShape {
  /** The tuples' cells, each 1..8 distinct cells of 0..15 (cell 4·row + column). */
  readonly tuples: readonly (readonly number[])[];
  /** The largest exponent from which each stage applies, ascending, the first 0. */
  readonly stages: readonly number[];
}

/** A network: its shape and its weights (stage-major, then tuple, then the tuple's index). */
export interface Network {
  readonly shape: NetworkShape;
  readonly weights: Float32Array;
}

/**
 * The four 6-tuples of Jaśkowski (2018) and of moporgic's TDL2048: two straight 2x3 blocks and
 * two 3+3 "steps", which with their symmetries cover every row, column and corner shape.
 */
export const FOUR_SIX_TUPLES: NetworkShape = Object.freeze({
  tuples: Object.freeze([
    Object.freeze([0, 1, 2, 3, 4, 5]),
    Object.freeze([4, 5, 6, 7, 8, 9]),
    Object.freeze([0, 1, 2, 4, 5, 6]),
    Object.freeze([4, 5, 6, 8, 9, 10]),
  ]),
  stages: Object.freeze([0]),
});

/** The eight symmetries of the square as maps of (row, column), identity first. */
const SYMMETRIES: readonly ((r: number, c: number) => [number, number])[] = [
  (r, c) => [r, c],
  (r, c) => [r, 3 - c],
  (r, c) => [3 - r, c],
  (r, c) => [3 - r, 3 - c],
  (r, c) => [c, r],
  (r, c) => [c, 3 - r],
  (r, c) => [3 - c, r],
  (r, c) => [3 - c, 3 - r],
];

/** The 8 symmetric images of a tuple's cells, identity first. */
export function symmetricCells(cells: readonly number[]): number[][] {
  return SYMMETRIES.map((map) =>
    cells.map((cell) => {
      const [r, c] = map(cell >> 2, cell & 3);
      return 4 * r + c;
    }),
  );
}

/** Weights of one tuple in one stage: 16 exponents per cell. */
export const tupleSize = (cells: readonly number[]): number => 16 ** cells.length;

/** Weights of one stage (all tuples). */
export const stageSize = (shape: NetworkShape): number =>
  shape.tuples.reduce((sum, cells) => sum + tupleSize(cells), 0);

/** All the network's weights. */
export const weightCount = (shape: NetworkShape): number => stageSize(shape) * shape.stages.length;

/**
 * The features in evaluation order (tuple-major, then symmetry): the cells to read and the
 * offset of the tuple's weights within a stage.
 */
export function features(shape: NetworkShape): { cells: number[]; offset: number }[] {
  let offset = 0;
  return shape.tuples.flatMap((cells) => {
    const here = offset;
    offset += tupleSize(cells);
    return symmetricCells(cells).map((image) => ({ cells: image, offset: here }));
  });
}

/** The stage of a board whose largest exponent is `exponent`. */
export function stageOfExponent(shape: NetworkShape, exponent: number): number {
  let stage = 0;
  shape.stages.forEach((start, k) => {
    if (exponent >= start) stage = k;
  });
  return stage;
}

/** Why a shape is not one this program can hold, or null when it is. */
export function shapeProblem(shape: NetworkShape): string | null {
  if (shape.tuples.length < 1 || shape.tuples.length > 32) return 'between 1 and 32 tuples';
  for (const cells of shape.tuples) {
    if (cells.length < 1 || cells.length > 8) return 'a tuple has 1 to 8 cells';
    if (cells.some((c) => !Number.isInteger(c) || c < 0 || c > 15)) return 'cells are 0..15';
    if (new Set(cells).size !== cells.length) return 'a tuple repeats a cell';
  }
  const { stages } = shape;
  if (stages.length < 1 || stages.length > 16 || stages[0] !== 0) {
    return '1 to 16 stages, the first from exponent 0';
  }
  if (
    stages.some((s, k) => !Number.isInteger(s) || s > 15 || (k > 0 && s <= (stages[k - 1] ?? 0)))
  ) {
    return 'stage starts ascend within 0..15';
  }
  if (weightCount(shape) * 4 > 1.5 * 2 ** 30) return 'at most 1.5 GiB of weights';
  return null;
}

/**
 * A network of `shape` with every weight `initial / features` so every board is valued
 * `initial` (optimistic initialisation when `initial` is above what games score).
 */
export function newNetwork(shape: NetworkShape, initial = 0): Network {
  const weights = new Float32Array(weightCount(shape));
  const count = features(shape).length;
  if (initial !== 0) weights.fill(initial / count);
  return { shape, weights };
}

/**
 * The network with a stage added from the largest exponent `start`: its weights start as a copy
 * of the stage that valued those boards until now, so the network values every board as before
 * and the new stage's weights can then learn the late boards alone. `perWeight` values per
 * weight (1 for the weights, 2 for temporal coherence's E and A) are copied the same way. A
 * `start` that is already a stage's gives the values back unchanged.
 *
 * @example
 * addStage(FOUR_SIX_TUPLES, weights, 14).shape.stages // [0, 14]
 */
export function addStage(
  shape: NetworkShape,
  values: Float32Array,
  start: number,
  perWeight = 1,
): { shape: NetworkShape; values: Float32Array } {
  if (shape.stages.includes(start)) return { shape, values };
  const stages = [...shape.stages, start].sort((a, b) => a - b);
  const grown: NetworkShape = { tuples: shape.tuples, stages };
  const problem = shapeProblem(grown);
  if (problem !== null) throw new RangeError(`a stage from exponent ${start}: ${problem}`);
  const size = stageSize(shape) * perWeight;
  const copied = new Float32Array(size * stages.length);
  stages.forEach((from, k) => {
    const old = stageOfExponent(shape, from);
    copied.set(values.subarray(old * size, (old + 1) * size), k * size);
  });
  return { shape: grown, values: copied };
}
