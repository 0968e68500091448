import { type TileEvent, tierOf } from '@twenty48/engine';
import { tileWords } from './announce.js';
import { inside } from './dom.js';
import { tierColour, tileColours } from './palette.js';
import type { TileStyle } from './settings.js';
import { SLIDE_MS } from './view-game.js';
import type { ShownBoard } from './view-state.js';

/** Draws a board into its element, keeping one node per tile id between moves. */
export interface BoardView {
  /**
   * Show `game`. With the events of the move that made it, tiles slide (for `slideMs`, the
   * original's 100 ms unless said), merged tiles pop and the new tile appears (for twice that,
   * once the slide ends); without events (a load, an undo) the board is simply redrawn.
   */
  draw(game: ShownBoard, style: TileStyle, events?: readonly TileEvent[], slideMs?: number): void;
  /**
   * End the running animation at once, as the original does when the next move comes: every
   * tile jumps to where the last move put it, tiles that merged away are gone, and the pop of
   * merged and new tiles is cut.
   */
  finish(): void;
}

/** Inset of the coloured square per tier size (small, medium, large), as a share of the cell. */
const TIER_INSETS = ['25%', '14%', '3%'];

function paintTile(tile: HTMLElement, value: number): void {
  const light = tileColours(value, 'light');
  const dark = tileColours(value, 'dark');
  const { size } = tierOf(value);
  tile.dataset.value = String(value);
  tile.dataset.digits = String(Math.min(String(value).length, 6));
  tile.style.setProperty('--tile-bg-light', light.background);
  tile.style.setProperty('--tile-fg-light', light.text);
  tile.style.setProperty('--tile-bg-dark', dark.background);
  tile.style.setProperty('--tile-fg-dark', dark.text);
  tile.style.setProperty('--glow', String(light.glow));
  tile.style.setProperty('--tier-light', tierColour(value, 'light'));
  tile.style.setProperty('--tier-dark', tierColour(value, 'dark'));
  tile.style.setProperty('--tier-inset', TIER_INSETS[size] ?? '3%');
  if (tile.firstElementChild) tile.firstElementChild.textContent = String(value);
}

function placeTile(tile: HTMLElement, [row, col]: readonly [number, number]): void {
  tile.dataset.row = String(row);
  tile.dataset.col = String(col);
  tile.style.setProperty('--row', String(row));
  tile.style.setProperty('--col', String(col));
}

/**
 * What a move's events mean for the tiles on screen: the cell each merged tile's sources slide
 * into before they go, and the tiles born in the move (a merge's result, or the new tile).
 *
 * @example
 * tileFates([{ type: 'merge', id: 9, value: 4, at: [0, 0], from: [1, 2] }])
 * // { absorbedInto: Map { 1 => [0, 0], 2 => [0, 0] }, born: Map { 9 => 'merged' } }
 */
export function tileFates(events: readonly TileEvent[]): {
  absorbedInto: Map<number, readonly [number, number]>;
  born: Map<number, 'merged' | 'new'>;
} {
  const absorbedInto = new Map<number, readonly [number, number]>();
  const born = new Map<number, 'merged' | 'new'>();
  for (const event of events) {
    if (event.type === 'merge') {
      for (const id of event.from) absorbedInto.set(id, event.at);
      born.set(event.id, 'merged');
    } else if (event.type === 'spawn') {
      born.set(event.id, 'new');
    }
  }
  return { absorbedInto, born };
}

/** The screen readers' table of `size` by `size` cells; returns each cell's text node. */
function buildCells(board: HTMLElement, cellsLayer: HTMLElement, size: number): HTMLElement[][] {
  board.dataset.size = String(size);
  board.style.setProperty('--n', String(size));
  cellsLayer.setAttribute('aria-label', `Board, ${size} by ${size}`);
  cellsLayer.setAttribute('role', 'table');
  cellsLayer.replaceChildren();
  const cellText: HTMLElement[][] = [];
  for (let r = 0; r < size; r++) {
    // Explicit roles: a table laid out as a grid loses its implicit ones in some browsers.
    const row = document.createElement('tr');
    row.setAttribute('role', 'row');
    const texts: HTMLElement[] = [];
    for (let c = 0; c < size; c++) {
      const cell = document.createElement('td');
      cell.className = 'cell';
      cell.setAttribute('role', 'cell');
      const text = document.createElement('span');
      text.className = 'sr-only';
      cell.append(text);
      row.append(cell);
      texts.push(text);
    }
    cellsLayer.append(row);
    cellText.push(texts);
  }
  return cellText;
}

/** A tile node for the tiles layer. */
function createTile(id: number, value: number, at: readonly [number, number]): HTMLElement {
  const tile = document.createElement('div');
  tile.className = 'tile';
  tile.dataset.testid = 'tile';
  tile.dataset.id = String(id);
  const inner = document.createElement('div');
  inner.className = 'tile-inner';
  tile.append(inner);
  paintTile(tile, value);
  placeTile(tile, at);
  return tile;
}

/** A tile that is gone: a merged source slides into its partner's cell first, then goes. */
function removeTile(
  tile: HTMLElement,
  slidesInto: readonly [number, number] | undefined,
  slideMs: number,
): void {
  if (!slidesInto) {
    tile.remove();
    return;
  }
  // It is no tile any more: the board's readers must not count it.
  tile.dataset.testid = 'tile-leaving';
  tile.classList.add('tile-leaving');
  placeTile(tile, slidesInto);
  setTimeout(() => tile.remove(), slideMs);
}

/**
 * A board view over `board`, which holds a `.cells` table (what screen readers read, in
 * reading order) and a `.tiles` layer (what eyes see, animated, hidden from screen readers).
 *
 * @example
 * const view = createBoardView(document.querySelector('[data-testid=board]')!, () => true);
 * view.draw(game, 'numbers', result.events);
 */
export function createBoardView(board: HTMLElement, animated: () => boolean): BoardView {
  const cellsLayer = inside(board, '.cells');
  const tilesLayer = inside(board, '.tiles');
  const tiles = new Map<number, HTMLElement>();
  let cellText: HTMLElement[][] = [];

  /** Every tile of `game` in its cell, with its birth animation; returns the ids shown. */
  const placeTiles = (
    game: ShownBoard,
    style: TileStyle,
    born: Map<number, string>,
  ): Set<number> => {
    const present = new Set<number>();
    game.ids.forEach((row, r) => {
      row.forEach((id, c) => {
        const value = game.board[r]?.[c] ?? 0;
        const cell = cellText[r]?.[c];
        if (cell) cell.textContent = value ? tileWords(value, style) : 'empty';
        if (!id) return;
        present.add(id);
        const existing = tiles.get(id);
        if (existing) {
          const { row, col } = existing.dataset;
          const changed =
            existing.dataset.value !== String(value) || row !== String(r) || col !== String(c);
          // A tile that stays put keeps its birth animation: a ranked game's new tile comes in
          // a draw of its own, a moment after the merge it must not cut short.
          if (!changed) return;
          existing.classList.remove('tile-new', 'tile-merged');
          if (existing.dataset.value !== String(value)) paintTile(existing, value);
          placeTile(existing, [r, c]);
          return;
        }
        const tile = createTile(id, value, [r, c]);
        tilesLayer.append(tile);
        tiles.set(id, tile);
        const birth = born.get(id);
        if (birth) tile.classList.add(`tile-${birth}`);
      });
    });
    return present;
  };

  return {
    draw(game, style, events = [], slideMs = SLIDE_MS) {
      const size = game.rules.size;
      if (board.dataset.size !== String(size)) {
        cellText = buildCells(board, cellsLayer, size);
        for (const tile of tiles.values()) tile.remove();
        tiles.clear();
      }
      board.dataset.tiles = style;
      const slide = `${slideMs}ms`;
      if (board.style.getPropertyValue('--slide-ms') !== slide) {
        board.style.setProperty('--slide-ms', slide);
      }
      const motion = animated() && events.length > 0;
      const { absorbedInto, born } = tileFates(motion ? events : []);
      const present = placeTiles(game, style, born);
      for (const [id, tile] of tiles) {
        if (present.has(id)) continue;
        tiles.delete(id);
        removeTile(tile, absorbedInto.get(id), slideMs);
      }
    },
    finish() {
      for (const leaving of tilesLayer.querySelectorAll('.tile-leaving')) leaving.remove();
      // The slides (CSS transitions) and pops (CSS animations) jump to their end.
      for (const animation of tilesLayer.getAnimations({ subtree: true })) animation.finish();
    },
  };
}
