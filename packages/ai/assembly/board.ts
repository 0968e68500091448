// What both WebAssembly kernels (kernel.ts, the heuristic expectimax; ntuple.ts, the n-tuple
// network) do the same way, written once and imported by each: the 64-bit board's rows, slides,
// transpose and empty cells, and the search's clock and transposition table (slot, stamp,
// depth, always replaced). A board is 16 cells of 4 bits, row 0 in the low 16 bits, column 0 in
// each row's low 4 bits.

/** Bytes of one transposition slot: key u64, value f64, generation u32, depth i32. */
export const SLOT_BYTES: usize = 24;

@external("env", "now")
declare function now(): f64;

/** The table's hash keeps the top `32 - shift` bits. */
let shift: u32 = 12;
let generation: u32 = 0;
let nodeCount: u32 = 0;
let stopped: bool = false;
let deadline: f64 = Infinity;

/** Row r (0..3) of the board, 16 bits. */
// @ts-ignore: decorator
@inline
export function row(board: u64, r: u64): usize {
  return <usize>((board >> (r << 4)) & 0xffff);
}

/** The board with each row replaced by its entry in the u16 table at `rows`. */
// @ts-ignore: decorator
@inline
export function slide(rows: usize, board: u64): u64 {
  return (
    <u64>load<u16>(rows + (row(board, 0) << 1)) |
    (<u64>load<u16>(rows + (row(board, 1) << 1)) << 16) |
    (<u64>load<u16>(rows + (row(board, 2) << 1)) << 32) |
    (<u64>load<u16>(rows + (row(board, 3) << 1)) << 48)
  );
}

/** Rows become columns. */
// @ts-ignore: decorator
@inline
export function transpose(x: u64): u64 {
  const a =
    (x & 0xf0f00f0ff0f00f0f) |
    ((x & 0x0000f0f00000f0f0) << 12) |
    ((x & 0x0f0f00000f0f0000) >> 12);
  return (
    (a & 0xff00ff0000ff00ff) | ((a & 0x00ff00ff00000000) >> 24) | ((a & 0x00000000ff00ff00) << 24)
  );
}

/** A 1 in the low bit of each empty cell's 4 bits. */
// @ts-ignore: decorator
@inline
export function emptyMask(board: u64): u64 {
  let x = board;
  x |= (x >> 2) & 0x3333333333333333;
  x |= x >> 1;
  return ~x & 0x1111111111111111;
}

/** How many cells are empty. */
// @ts-ignore: decorator
@inline
export function emptyCells(board: u64): i32 {
  return <i32>popcnt<u64>(emptyMask(board));
}

/** Set the table's size (2^bits slots) without starting a search. */
export function setTableBits(bits: i32): void {
  shift = 32 - bits;
}

/** A new search: the table's old slots no longer count, the node count starts again. */
export function begin(until: f64, bits: i32): void {
  generation++;
  shift = 32 - bits;
  nodeCount = 0;
  stopped = false;
  deadline = until;
}

export function nodes(): u32 {
  return nodeCount;
}

export function aborted(): bool {
  return stopped;
}

/** The slot of the table at `slots` that holds `board`, when anything does. */
// @ts-ignore: decorator
@inline
export function slotOf(slots: usize, board: u64): usize {
  const lo = <u32>board;
  const hi = <u32>(board >> 32);
  return slots + <usize>(((lo ^ (hi * 0x9e3779b1)) * 0x85ebca6b) >> shift) * SLOT_BYTES;
}

/** True when the slot holds `board` from this search at least `remaining` deep. */
// @ts-ignore: decorator
@inline
export function holds(slot: usize, board: u64, remaining: i32): bool {
  return (
    load<u32>(slot, 16) == generation &&
    load<u64>(slot) == board &&
    load<i32>(slot, 20) >= remaining
  );
}

/** The value a slot holds. */
// @ts-ignore: decorator
@inline
export function held(slot: usize): f64 {
  return load<f64>(slot, 8);
}

/** Keep `value` for `board` searched `remaining` deep (the slot's old content is replaced). */
// @ts-ignore: decorator
@inline
export function keep(slot: usize, board: u64, remaining: i32, value: f64): void {
  store<u32>(slot, generation, 16);
  store<u64>(slot, board);
  store<i32>(slot, remaining, 20);
  store<f64>(slot, value, 8);
}

/** Count a node; true once the search must stop (the clock is read every 256 nodes). */
// @ts-ignore: decorator
@inline
export function visit(): bool {
  nodeCount++;
  if ((nodeCount & 255) == 0 && now() > deadline) stopped = true;
  return stopped;
}

/** True once the search has run out of time. */
// @ts-ignore: decorator
@inline
export function outOfTime(): bool {
  return stopped;
}
