import type { MergePolicy } from './types.js';

/**
 * The result of collapsing one line toward its edge (index 0).
 * `sources[k]` lists the indices of the input tiles that ended up in output cell `k`, in the
 * order they joined it: one index for a tile that only slid, two or more for a merged tile.
 */
export interface LineCollapse {
  readonly line: number[];
  readonly sources: number[][];
  /** Sum of the values of every tile a merge created (a cascade of three merges counts three). */
  readonly gained: number;
  readonly moved: boolean;
}

interface Stacked {
  value: number;
  sources: number[];
}

type Combine = (stack: Stacked[], value: number, index: number) => number;

/**
 * The next tile merges with the last one placed when they are equal. Under `once` (2048) a tile
 * made by a merge merges no more this move, so the pair nearest the edge wins; under `chain`
 * (the tiers rules) it may merge again with the next tile in line. Neither looks further back.
 */
const combineWithLast =
  (mergedTilesMerge: boolean): Combine =>
  (stack, value, index) => {
    const top = stack[stack.length - 1];
    if (top && top.value === value && (mergedTilesMerge || top.sources.length === 1)) {
      top.value *= 2;
      top.sources.push(index);
      return top.value;
    }
    stack.push({ value, sources: [index] });
    return 0;
  };

/** FiveTwelve: a moving tile absorbs every equal tile it meets until one differs. */
const combineCascade: Combine = (stack, value, index) => {
  let moving: Stacked = { value, sources: [index] };
  let gained = 0;
  for (let top = stack[stack.length - 1]; top && top.value === moving.value; ) {
    stack.pop();
    moving = { value: moving.value * 2, sources: [...top.sources, ...moving.sources] };
    gained += moving.value;
    top = stack[stack.length - 1];
  }
  stack.push(moving);
  return gained;
};

const COMBINE: Record<MergePolicy, Combine> = {
  once: combineWithLast(false),
  chain: combineWithLast(true),
  cascade: combineCascade,
};

/**
 * Collapse one line of tile values toward index 0 under a merge policy.
 *
 * @example
 * collapseLine([2, 2, 4, 0], 'chain').line // [8, 0, 0, 0]
 * collapseLine([2, 2, 2, 2], 'once').gained // 8
 */
export function collapseLine(values: readonly number[], policy: MergePolicy): LineCollapse {
  const combine = COMBINE[policy];
  const stack: Stacked[] = [];
  let gained = 0;
  values.forEach((value, index) => {
    if (value !== 0) gained += combine(stack, value, index);
  });
  const line = values.map((_, k) => stack[k]?.value ?? 0);
  const sources = stack.map((entry) => entry.sources);
  const moved = line.some((value, k) => value !== values[k]);
  return { line, sources, gained, moved };
}

/**
 * Whether collapsing the line toward index 0 changes it, without collapsing it: a tile with an
 * empty cell before it slides, and once packed, two equal neighbours merge under every policy
 * (with no equal neighbours no policy merges anything). Checked against `collapseLine` by a
 * property test.
 *
 * @example
 * lineCanMove([2, 4, 0, 0]) // false
 * lineCanMove([0, 2, 0, 0]) // true
 */
export function lineCanMove(values: readonly number[]): boolean {
  let previous = 0;
  let seenEmpty = false;
  for (const value of values) {
    if (value === 0) {
      seenEmpty = true;
      continue;
    }
    if (seenEmpty || value === previous) return true;
    previous = value;
  }
  return false;
}
