/**
 * The browser's view of the shared 2048 palette (`@twenty48/common`): the same data, and the
 * tier of a tile's value (the engine's `tierOf`) turned into its colour and its name.
 */
import { colourOfTier, nameOfTier, type Theme } from '@twenty48/common';
import { tierOf } from '@twenty48/engine';

export {
  GOLD,
  SURFACES,
  THEMES,
  type Theme,
  TIER_COLOURS,
  type TileColours,
  tileColours,
} from '@twenty48/common';

/**
 * A tier tile in words, e.g. for a screen reader.
 *
 * @example
 * tierName(16) // 'small blue'
 */
export function tierName(value: number): string {
  const { tier, size } = tierOf(value);
  return nameOfTier(tier, size);
}

/**
 * The tier colour of a value in a theme; colours repeat after the last tier.
 *
 * @example
 * tierColour(2, 'light') // '#1b5e20'
 */
export function tierColour(value: number, theme: Theme): string {
  return colourOfTier(tierOf(value).tier, theme);
}
