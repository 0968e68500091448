import type { Direction, Game, TileEvent } from '@twenty48/engine';
import { tierName } from './palette.js';
import type { TileStyle } from './settings.js';

/**
 * A tile in words, as the screen reader and the board's cells say it.
 *
 * @example
 * tileWords(16, 'numbers') // '16'
 * tileWords(16, 'tiers')   // 'small blue'
 */
export function tileWords(value: number, style: TileStyle): string {
  return style === 'tiers' ? tierName(value) : String(value);
}

/** What a move did, as the engine's `step` says it, or a ranked move once the server answered. */
export interface MoveDone {
  readonly moved: boolean;
  /** The slides, the merges and the new tile. */
  readonly events: readonly TileEvent[];
  readonly game: GameEnd;
}

/** What the end of a game is told by. */
export type GameEnd = Pick<Game, 'status' | 'score' | 'rules'>;

const place = ([row, col]: readonly [number, number]): string =>
  `row ${row + 1}, column ${col + 1}`;

/**
 * What a move did, in one sentence for the live region: the direction, the merges, the new
 * tile, the score, and the end of the game when it came.
 *
 * @example
 * describeMove('left', result, 'numbers')
 * // 'Left: made 4 at row 1, column 1. New 2 at row 3, column 4. Score 4.'
 */
export function describeMove(direction: Direction, result: MoveDone, style: TileStyle): string {
  const heading = direction[0]?.toUpperCase() + direction.slice(1);
  if (!result.moved && result.events.length === 0) return `${heading}: nothing moves.`;
  const parts: string[] = [];
  const merges = result.events.flatMap((e) => (e.type === 'merge' ? [e] : []));
  if (merges.length > 0) {
    parts.push(
      `made ${merges.map((m) => `${tileWords(m.value, style)} at ${place(m.at)}`).join('; ')}.`,
    );
  } else if (result.moved) {
    parts.push('tiles slid.');
  } else {
    parts.push('nothing slid.');
  }
  for (const event of result.events) {
    if (event.type === 'spawn')
      parts.push(`New ${tileWords(event.value, style)} at ${place(event.at)}.`);
  }
  parts.push(`Score ${result.game.score}.`);
  const ending = describeStatus(result.game);
  if (ending) parts.push(ending);
  return `${heading}: ${parts.join(' ')}`;
}

/**
 * The end of a game in words, or an empty string while it goes on.
 *
 * @example
 * describeStatus(lostGame) // 'Game over! Final score 1024.'
 */
export function describeStatus(game: GameEnd): string {
  if (game.status === 'won') return `You win! You made ${game.rules.goal ?? ''}.`;
  if (game.status === 'lost') return `Game over! Final score ${game.score}.`;
  return '';
}
