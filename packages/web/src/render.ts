import { type Game, type TileEvent, tierOf } from '@twenty48/engine';
import { tileWords } from './announce.js';
import { tierColour, tileColours } from './palette.js';
import type { TileStyle } from './settings.js';

/** The original's slide: 100 ms; spawns and merges start when it ends. */
export const SLIDE_MS = 100;

/** Draws a board into its element, keeping one node per tile id between moves. */
export interface BoardView {
  /**
   * Show `game`. With the events of the move that made it, tiles slide, merged tiles pop and
   * the new tile appears; without events (a load, an undo) the board is simply redrawn.
   */
  draw(game: Game, style: TileStyle, events?: readonly TileEvent[]): void;
}

/** Inset of the coloured square per tier size (small, medium, large), as a share of the cell. */
const TIER_INSETS = ['25%', '14%', '3%'];

function paintTile(tile: HTMLElement, value: number): void {
  const colours = tileColours(value);
  const { size } = tierOf(value);
  tile.dataset.value = String(value);
  tile.dataset.digits = String(Math.min(String(value).length, 6));
  tile.style.setProperty('--tile-bg', colours.background);
  tile.style.setProperty('--tile-fg', colours.text);
  tile.style.setProperty('--tier-light', tierColour(value, 'light'));
  tile.style.setProperty('--tier-dark', tierColour(value, 'dark'));
  tile.style.setProperty('--tier-inset', TIER_INSETS[size] ?? '3%');
  (tile.firstElementChild as HTMLElement).textContent = String(value);
}

function placeTile(tile: HTMLElement, [row, col]: readonly [number, number]): void {
  tile.dataset.row = String(row);
  tile.dataset.col = String(col);
  tile.style.setProperty('--row', String(row));
  tile.style.setProperty('--col', String(col));
}

/**
 * A board view over `board`, which holds a `.cells` table (what screen readers read, in
 * reading order) and a `.tiles` layer (what eyes see, animated, hidden from screen readers).
 *
 * @example
 * const view = createBoardView(document.querySelector('[data-testid=board]')!, () => true);
 * view.draw(model.game, 'numbers', result.events);
 */
export function createBoardView(board: HTMLElement, animated: () => boolean): BoardView {
  const cellsLayer = board.querySelector('.cells') as HTMLElement;
  const tilesLayer = board.querySelector('.tiles') as HTMLElement;
  const tiles = new Map<number, HTMLElement>();
  let cellText: HTMLElement[][] = [];

  const buildCells = (size: number): void => {
    board.dataset.size = String(size);
    board.style.setProperty('--n', String(size));
    cellsLayer.setAttribute('aria-label', `Board, ${size} by ${size}`);
    cellsLayer.setAttribute('role', 'table');
    cellsLayer.replaceChildren();
    cellText = [];
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
    for (const tile of tiles.values()) tile.remove();
    tiles.clear();
  };

  const newTile = (id: number, value: number, at: readonly [number, number]): HTMLElement => {
    const tile = document.createElement('div');
    tile.className = 'tile';
    tile.dataset.testid = 'tile';
    tile.dataset.id = String(id);
    const inner = document.createElement('div');
    inner.className = 'tile-inner';
    tile.append(inner);
    paintTile(tile, value);
    placeTile(tile, at);
    tilesLayer.append(tile);
    tiles.set(id, tile);
    return tile;
  };

  return {
    draw(game, style, events = []) {
      const size = game.rules.size;
      if (board.dataset.size !== String(size)) buildCells(size);
      board.dataset.tiles = style;
      const motion = animated() && events.length > 0;

      // Where each merged tile's sources end up, and which tiles are born in this move.
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

      const present = new Set<number>();
      game.ids.forEach((row, r) => {
        row.forEach((id, c) => {
          const value = game.board[r]?.[c] ?? 0;
          (cellText[r]?.[c] as HTMLElement).textContent = value ? tileWords(value, style) : 'empty';
          if (!id) return;
          present.add(id);
          const existing = tiles.get(id);
          if (existing) {
            existing.classList.remove('tile-new', 'tile-merged');
            if (existing.dataset.value !== String(value)) paintTile(existing, value);
            placeTile(existing, [r, c]);
          } else {
            const tile = newTile(id, value, [r, c]);
            const birth = motion ? born.get(id) : undefined;
            if (birth) tile.classList.add(`tile-${birth}`);
          }
        });
      });

      for (const [id, tile] of tiles) {
        if (present.has(id)) continue;
        tiles.delete(id);
        const target = motion ? absorbedInto.get(id) : undefined;
        if (!target) {
          tile.remove();
          continue;
        }
        // A merged source slides into its partner's cell, then goes; it is no tile any more.
        tile.dataset.testid = 'tile-leaving';
        tile.classList.add('tile-leaving');
        placeTile(tile, target);
        setTimeout(() => tile.remove(), SLIDE_MS);
      }
    },
  };
}
