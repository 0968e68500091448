import {
  isOneOf,
  isRecord,
  MAX_NAME_LENGTH,
  MAX_RANKED_SIZE,
  MIN_RANKED_SIZE,
  parseName,
} from '@twenty48/common';
import { PRESET_NAMES, type PresetName } from '@twenty48/engine';

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export const TILE_STYLES = ['numbers', 'tiers'] as const;
export type TileStyle = (typeof TILE_STYLES)[number];

export const MIN_SPEED = 1;
export const MAX_SPEED = 30;

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

const CONTROL = /\p{Cc}/gu;
const MARK = /\p{M}/u;

// The first `count` characters of `text`, each with the combining marks after it.
const firstCharacters = (text: string, count: number): string => {
  let kept = '';
  let characters = 0;
  for (const ch of text) {
    if (!MARK.test(ch)) characters += 1;
    if (characters > count) break;
    kept += ch;
  }
  return kept;
};

const oneOf = <T extends string>(choices: readonly T[], value: unknown, fallback: T): T =>
  isOneOf(choices, value) ? value : fallback;

const wholeIn = (value: unknown, min: number, max: number, fallback: number): number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? (value as number)
    : fallback;

/**
 * A player's name as the high-score table keeps it: control characters dropped, cut to
 * `MAX_NAME_LENGTH` characters (a letter keeps its accents), then the shared player-name rule
 * (`parseName` in `@twenty48/common`); '' for a name the rule refuses, so the caller shows its
 * own stand-in.
 *
 * @example
 * cleanName('  Ada\u0007 ') // 'Ada'
 * cleanName('A\u200Bda')    // ''
 */
export function cleanName(input: unknown): string {
  if (typeof input !== 'string') return '';
  const printable = input.replace(CONTROL, '').normalize('NFC').trim();
  const name = parseName(firstCharacters(printable, MAX_NAME_LENGTH));
  return name.ok ? name.value : '';
}

/**
 * Settings from stored data of unknown shape: every field that is missing or wrong falls back
 * to its default on its own, so one bad field never loses the others.
 *
 * @example
 * parseSettings({ size: 5, theme: 'pink' }) // { ...DEFAULT_SETTINGS, size: 5 }
 */
export function parseSettings(input: unknown): Settings {
  const data: Readonly<Record<string, unknown>> = isRecord(input) ? input : {};
  const d = DEFAULT_SETTINGS;
  return {
    rules: oneOf(PRESET_NAMES, data.rules, d.rules),
    size: wholeIn(data.size, MIN_RANKED_SIZE, MAX_RANKED_SIZE, d.size),
    theme: oneOf(THEME_CHOICES, data.theme, d.theme),
    tiles: oneOf(TILE_STYLES, data.tiles, d.tiles),
    sound: typeof data.sound === 'boolean' ? data.sound : d.sound,
    speed: wholeIn(data.speed, MIN_SPEED, MAX_SPEED, d.speed),
    name: cleanName(data.name),
  };
}

/**
 * The settings for a game of `variant`. Changing to the `tiers` rules shows its
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
