/**
 * The board's motion, an edge of the page: a piece that moved slides from its old square to its
 * new one (one hop of a multi-jump each time, as the model plays them), and pieces taken fade
 * where they stood. None when the reader asked for reduced motion.
 */
import { type Position, pieceAt, SQUARE_COUNT } from '@twenty48/checkers';

/** How long one step or hop slides, and a captured piece fades. */
export const SLIDE_MS = 200;

const reduced = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Slides the piece that moved between `before` and `after` (exactly one square left and one
 * taken by the same side; anything else, such as a jump through the move list, is drawn at
 * once) and fades the pieces captured on the way.
 */
export function slide(
  buttons: readonly HTMLButtonElement[],
  before: Position,
  after: Position,
): void {
  if (reduced()) return;
  const left: number[] = [];
  const taken: number[] = [];
  for (let square = 1; square <= SQUARE_COUNT; square++) {
    const was = pieceAt(before, square);
    const now = pieceAt(after, square);
    if (was !== null && now === null) left.push(square);
    if (now !== null && (was === null || was.side !== now.side)) taken.push(square);
  }
  if (taken.length !== 1) return;
  const to = taken[0] as number;
  const mover = pieceAt(after, to);
  const from = left.find((square) => pieceAt(before, square)?.side === mover?.side);
  const captured = left.filter((square) => pieceAt(before, square)?.side !== mover?.side);
  if (from === undefined || left.length !== captured.length + 1) return;
  const start = buttons[from]?.getBoundingClientRect();
  const end = buttons[to]?.getBoundingClientRect();
  const piece = buttons[to]?.querySelector('.piece:not(.fading)');
  if (start === undefined || end === undefined || !(piece instanceof HTMLElement)) return;
  const dx = start.left - end.left;
  const dy = start.top - end.top;
  piece.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
    duration: SLIDE_MS,
    easing: 'ease-out',
  });
  for (const square of captured) fade(buttons[square], pieceAt(before, square));
}

/** A copy of the captured piece over its square, fading out, then gone. */
function fade(button: HTMLButtonElement | undefined, piece: ReturnType<typeof pieceAt>): void {
  if (button === undefined || piece === null) return;
  const ghost = document.createElement('span');
  ghost.className = `piece ${piece.side}${piece.king ? ' king' : ''} fading`;
  ghost.setAttribute('aria-hidden', 'true');
  ghost.dataset.testid = 'fading';
  ghost.textContent = piece.king ? '♛' : '';
  button.append(ghost);
  const animation = ghost.animate([{ opacity: 1 }, { opacity: 0 }], {
    duration: SLIDE_MS,
    easing: 'ease-in',
  });
  animation.finished.then(
    () => ghost.remove(),
    () => ghost.remove(),
  );
}
