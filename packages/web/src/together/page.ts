// What the Daily and Race pages share at the edge: the link to the server that served them,
// the player's settings (theme, tiles, last name) read as the 2048 page keeps them, a board
// drawn from the server's numbers, the keys and swipes that move, and copying a line.

import type { RankedOptions } from '@twenty48/client';
import type { WireBoard } from '@twenty48/common';
import type { Direction, Rules } from '@twenty48/engine';
import { byId } from '../dom.js';
import { directionOfKey, listenSwipes } from '../input.js';
import { readStoredPage } from '../page-storage.js';
import { applyPalette } from '../panels.js';
import { playerToken } from '../player-token.js';
import type { BoardView } from '../render.js';
import { parseSettings, type Settings } from '../settings.js';
import { type KeyValueStore, openBrowserStorage } from '../storage.js';
import type { ShownBoard } from '../view-state.js';

/** The pages' one byId (`../dom.ts`), for daily-main and race-main. */
export { byId };

/** The page's start: the palette, the theme, storage, the player's settings and the link. */
export interface TogetherPage {
  readonly store: KeyValueStore;
  readonly settings: Settings;
  readonly link: RankedOptions;
  readonly animated: () => boolean;
}

/**
 * Open a Daily or Race page: colours and theme as the 2048 page has them, and the server
 * that served this page, with the player's token.
 *
 * @example
 * const page = openTogetherPage();
 */
export function openTogetherPage(): TogetherPage {
  const root = document.documentElement;
  applyPalette(root);
  const store = openBrowserStorage(() => window.localStorage);
  const settings = parseSettings(readStoredPage(store).settings);
  root.dataset.theme = settings.theme;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  const link = {
    fetch: window.fetch.bind(window),
    baseUrl: '.',
    player: playerToken(
      () => window.localStorage,
      (bytes) => crypto.getRandomValues(bytes),
    ),
  };
  return { store, settings, link, animated: () => !reduced.matches };
}

/**
 * A board of the server's numbers to draw, each tile's id its cell's (so a board redrawn after
 * another player's move repaints its cells without sliding them: their slides are not known).
 *
 * @example
 * cellBoard(rules, [[2, 0], [0, 4]]).ids // [[1, 0], [0, 4]]
 */
export function cellBoard(rules: Rules, board: WireBoard): ShownBoard {
  const size = board.length;
  const ids = board.map((row, r) => row.map((value, c) => (value === 0 ? 0 : r * size + c + 1)));
  return { rules, board: board.map((row) => row.slice()), ids };
}

/** Draw `board` (the server's numbers) on `view`, without animation. */
export const drawCells = (view: BoardView, rules: Rules, board: WireBoard, settings: Settings) =>
  view.draw(cellBoard(rules, board), settings.tiles);

/**
 * Keys (arrows, WASD, hjkl, as on the 2048 page) anywhere but in a text field, and swipes on
 * `board`, as directions.
 *
 * @example
 * listenMoves(byId('board'), (direction) => game.move(direction));
 */
export function listenMoves(board: HTMLElement, onMove: (direction: Direction) => void): void {
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    const direction = directionOfKey(event);
    if (!direction) return;
    event.preventDefault();
    onMove(direction);
  });
  listenSwipes(board, onMove);
}

/**
 * Copy `text` to the clipboard; false when the browser refuses (the page then shows the text
 * selected, to copy by hand).
 *
 * @example
 * if (!(await copyText(line))) selectText(output);
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Select the text of `element`, for the player to copy it by hand. */
export function selectText(element: HTMLElement): void {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** Say `text` to screen readers through the page's polite live region `id`. */
export function say(id: string, text: string): void {
  const region = byId(id);
  region.textContent = '';
  // A new node each time, so the same words said twice are said twice.
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}

/** Fill the list `list` with one item per row, or one `empty` item when there are none. */
export function fillList(list: HTMLElement, rows: readonly string[], empty: string): void {
  const items = rows.map((text) => {
    const item = document.createElement('li');
    item.textContent = text;
    return item;
  });
  if (items.length === 0) {
    const item = document.createElement('li');
    item.className = 'empty-table';
    item.textContent = empty;
    items.push(item);
  }
  list.replaceChildren(...items);
}
