/**
 * The board on a page's first screen: the largest square in the room the screen leaves it (its
 * `.board-area`), measured by a ResizeObserver and written into the board's `--board`.
 *
 * Not a CSS size container (`container-type: size` with `cqw`/`cqh`), which said the same in a
 * line of CSS: Chromium lays a size container's whole subtree out again whenever anything above
 * it is laid out, so each new text in the status line cost a full layout of the board (about
 * 16-25 ms for the checkers board, 4 ms for 2048's, on the 2-core test machine) inside the task
 * that changed it. The observer runs only when the area's size really changes.
 */

/** Under this many pixels across (the area's width or height), the board is `small`. */
export const SMALL_BOARD_PX = 400;
/** The smallest board drawn, however little room is left. */
export const MIN_BOARD_PX = 120;

/** The board's side for an area of `width` x `height` CSS pixels (its content box). */
export const boardSide = (width: number, height: number): number =>
  Math.max(MIN_BOARD_PX, Math.min(width, height));

/**
 * Keeps `board` the largest square in `area` from now on: `--board` in pixels on the board, and
 * the class `small` while the area is at most SMALL_BOARD_PX wide or high (smaller pieces and
 * numbers on a phone). The observer's first answer comes before the next frame is painted, and
 * until then the stylesheet draws the same square.
 *
 * @example
 * fitBoard(inside(document, '.board-area'), byId('board'))
 */
export function fitBoard(area: HTMLElement, board: HTMLElement): void {
  const fit = (width: number, height: number): void => {
    board.style.setProperty('--board', `${boardSide(width, height)}px`);
    board.classList.toggle('small', Math.min(width, height) <= SMALL_BOARD_PX);
    // The stylesheet's size container, which drew the same square until now, steps aside.
    area.classList.add('fitted');
  };
  new ResizeObserver((entries) => {
    const size = entries[entries.length - 1]?.contentBoxSize[0];
    if (size !== undefined) fit(size.inlineSize, size.blockSize);
  }).observe(area);
}
