/**
 * The board sizes the leaderboard ranks, which are also the sizes the browser offers: the
 * engine plays 2x2, but a 2x2 game is over before it starts.
 */

/** The smallest and largest board the leaderboard ranks. */
export const MIN_RANKED_SIZE = 3;
export const MAX_RANKED_SIZE = 8;

/**
 * Whether the leaderboard ranks games on a board of this size.
 *
 * @example
 * isRankedSize(4) // true
 * isRankedSize(2) // false
 */
export function isRankedSize(size: unknown): size is number {
  return (
    typeof size === 'number' &&
    Number.isInteger(size) &&
    size >= MIN_RANKED_SIZE &&
    size <= MAX_RANKED_SIZE
  );
}

/**
 * Every ranked size, smallest first.
 *
 * @example
 * RANKED_SIZES // [3, 4, 5, 6, 7, 8]
 */
export const RANKED_SIZES: readonly number[] = Object.freeze(
  Array.from({ length: MAX_RANKED_SIZE - MIN_RANKED_SIZE + 1 }, (_, i) => MIN_RANKED_SIZE + i),
);
