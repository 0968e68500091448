// Helpers shared by the end-to-end specs: read the board the page shows, compare with the engine.

import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import {
  type Board,
  type Direction,
  directionOfLetter as engineDirectionOf,
  type Game,
  type GameRecord,
  makeRules,
  movableDirections,
  newGame,
  type PresetName,
  parseRecord,
  type Rules,
  step,
} from '@twenty48/engine';

/**
 * How long the first hint or auto-play move may take: the AI worker fetches, decompresses and
 * reads the n-tuple network first (about 8 s on a busy 2-core machine).
 */
export const FIRST_ANSWER = { timeout: 30_000 } as const;

export const KEYS: Readonly<Record<Direction, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};

/**
 * The board as the page shows it: every `[data-testid=tile]` of the board `testId` (the game's,
 * or the Watch view's `watch-board`) put at its data-row/data-col.
 */
export async function shownBoard(page: Page, testId = 'board'): Promise<number[][]> {
  const shown = page.getByTestId(testId);
  const size = Number(await shown.getAttribute('data-size'));
  const tiles = await shown
    .getByTestId('tile')
    .evaluateAll((elements) =>
      elements.map((e) => [
        Number((e as HTMLElement).dataset.value),
        Number((e as HTMLElement).dataset.row),
        Number((e as HTMLElement).dataset.col),
      ]),
    );
  const board = Array.from({ length: size }, () => Array<number>(size).fill(0));
  for (const [value, row, col] of tiles) {
    const line = board[row as number];
    if (line?.[col as number] !== 0) throw new Error(`two tiles, or none, at ${row},${col}`);
    line[col as number] = value as number;
  }
  return board;
}

/** A number as the page writes it: with thousands separators (12,345). */
export const shownNumber = (value: number): string => value.toLocaleString('en-US');

/** Wait until the page has played `moves` moves, then check every tile and the score. */
export async function expectGame(page: Page, game: Game): Promise<void> {
  await expect(page.getByTestId('moves')).toHaveText(shownNumber(game.moves.length));
  expect(await shownBoard(page)).toEqual(game.board);
  await expect(page.getByTestId('score')).toHaveText(shownNumber(game.score));
}

/** A preset on another board size, checked by the engine as every game's rules must be. */
export const presetOn = (preset: PresetName, size: number): Rules => {
  const rules = makeRules(preset, { size });
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
};

/** The engine's game after `moves` from a seed. */
export const engineGame = (seed: string, moves: readonly Direction[], size = 4): Game => {
  const start = newGame(size === 4 ? 'classic' : presetOn('classic', size), seed);
  return moves.reduce((game, direction) => step(game, direction).game, start);
};

/** A real game that reaches 2048 (scripts/make-win-fixture.mjs), checked by the engine. */
export const WIN: GameRecord = (() => {
  const parsed = parseRecord(readFileSync(new URL('fixtures/win.json', import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
})();

/** The direction a record's move letter stands for (the engine's MOVE_LETTERS, read back). */
export function directionOfLetter(letter: string | undefined): Direction {
  const direction = engineDirectionOf(letter);
  if (!direction) throw new Error(`no move letter: ${letter}`);
  return direction;
}

/** The first direction that moves `board` (the engine's `movableDirections`); throws when none is left. */
export function firstMovable(board: Board): Direction {
  const [direction] = movableDirections(board);
  if (direction === undefined) throw new Error('no move is left on the board');
  return direction;
}
