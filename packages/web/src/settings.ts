import { PRESET_NAMES, type PresetName } from '@twenty48/engine';

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export const TILE_STYLES = ['numbers', 'tiers'] as const;
export type TileStyle = (typeof TILE_STYLES)[number];

/** The sizes the settings offer (the engine allows 2; a 2x2 game is over before it starts). */
export const MIN_BOARD = 3;
export const MAX_BOARD = 8;
export const MIN_SPEED = 1;
export const MAX_SPEED = 30;
export const MAX_NAME_LENGTH = 24;

/** Everything the player chooses, kept across visits. */
export interface Settings {
  readonly rules: PresetName;
  readonly size: number;
  readonly theme: ThemeChoice;
  readonly tiles: TileStyle;
  /** Off by default, as players asked. */
  readonly sound: boolean;
  /** Auto-play moves per second. */
  readonly speed: number;
  /** The name last entered for the high-score table. */
  readonly name: string;
}

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  rules: 'classic',
  size: 4,
  theme: 'system',
  tiles: 'numbers',
  sound: false,
  speed: 5,
  name: '',
});

const oneOf = <T extends string>(choices: readonly T[], value: unknown, fallback: T): T =>
  choices.includes(value as T) ? (value as T) : fallback;

const wholeIn = (value: unknown, min: number, max: number, fallback: number): number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? (value as number)
    : fallback;

/**
 * A player's name as the high-score table keeps it: trimmed, control characters removed,
 * at most 24 characters.
 *
 * @example
 * cleanName('  Ada\n') // 'Ada'
 */
export function cleanName(input: unknown): string {
  if (typeof input !== 'string') return '';
  const printable = [...input].filter((ch) => ch >= ' ' && ch !== '\u007f').join('');
  return printable.trim().slice(0, MAX_NAME_LENGTH);
}

/**
 * Settings from stored data of unknown shape: every field that is missing or wrong falls back
 * to its default on its own, so one bad field never loses the others.
 *
 * @example
 * parseSettings({ size: 5, theme: 'pink' }) // { ...DEFAULT_SETTINGS, size: 5 }
 */
export function parseSettings(input: unknown): Settings {
  const data = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const d = DEFAULT_SETTINGS;
  return {
    rules: oneOf(PRESET_NAMES, data.rules, d.rules),
    size: wholeIn(data.size, MIN_BOARD, MAX_BOARD, d.size),
    theme: oneOf(THEME_CHOICES, data.theme, d.theme),
    tiles: oneOf(TILE_STYLES, data.tiles, d.tiles),
    sound: typeof data.sound === 'boolean' ? data.sound : d.sound,
    speed: wholeIn(data.speed, MIN_SPEED, MAX_SPEED, d.speed),
    name: cleanName(data.name),
  };
}

/**
 * The settings for a game of `variant`. Changing to the `tiers` rules shows seed 000's
 * colour-and-size tiles, changing away shows numbers again; the player may still switch either
 * way afterwards, and staying on the same rules keeps their choice.
 *
 * @example
 * settingsFor(DEFAULT_SETTINGS, { rules: 'tiers', size: 5 }).tiles // 'tiers'
 */
export function settingsFor(
  settings: Settings,
  variant: { rules: PresetName; size: number },
): Settings {
  const tiles =
    variant.rules === settings.rules
      ? settings.tiles
      : variant.rules === 'tiers'
        ? 'tiers'
        : 'numbers';
  return { ...settings, rules: variant.rules, size: variant.size, tiles };
}
