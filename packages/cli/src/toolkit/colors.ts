/**
 * Colour in a terminal, for any full-screen program: what the terminal can show (truecolor, 256
 * colours, the 16 standard ones or none), a colour as red, green and blue, and the escape
 * sequences that paint it in each mode (the 256-colour cube and the xterm 16 colours by nearest
 * match). No game's colours here: 2048's are `../colors.ts`, checkers' `../checkers/boardFrame.ts`.
 */
/**
 * What the terminal can show: 24-bit colour, the xterm 256-colour palette, the 16 standard
 * colours, or no colour.
 */
export type ColorMode = 'truecolor' | '256' | '16' | 'none';

/** A colour as red, green and blue from 0 to 255. */
export type Rgb = readonly [red: number, green: number, blue: number];

/**
 * The colour mode from the environment: `--no-color` and `NO_COLOR` (any non-empty value) turn
 * colour off, `COLORTERM=truecolor|24bit` turns 24-bit on, `TERM=dumb` or no `TERM` means none,
 * a `TERM` naming 256 colours gets them, a plain `xterm`, `screen`, `linux`… the 16 standard
 * colours, any other terminal 256 colours.
 *
 * @example
 * detectColorMode({ TERM: 'xterm-256color', COLORTERM: 'truecolor' }, false) // 'truecolor'
 * detectColorMode({ TERM: 'xterm-256color', NO_COLOR: '1' }, false)         // 'none'
 */
export function detectColorMode(env: NodeJS.ProcessEnv, noColorFlag: boolean): ColorMode {
  if (noColorFlag || (env.NO_COLOR !== undefined && env.NO_COLOR !== '')) return 'none';
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit') return 'truecolor';
  const term = env.TERM ?? '';
  if (term === '' || term === 'dumb') return 'none';
  if (/256/.test(term)) return '256';
  // A terminal that names no 256 colours (xterm, screen, linux, vt100…) is given the 16 it has.
  if (SIXTEEN_COLOUR_TERMS.test(term)) return '16';
  return '256';
}

const SIXTEEN_COLOUR_TERMS =
  /^(xterm|screen|tmux|linux|vt1\d\d|vt2\d\d|rxvt|ansi|cygwin|konsole|putty)(-.*)?$/;

/**
 * A `#rrggbb` colour as its red, green and blue.
 *
 * @example
 * rgbOf('#ff8000') // [255, 128, 0]
 */
export const rgbOf = (code: string): Rgb => [
  Number.parseInt(code.slice(1, 3), 16),
  Number.parseInt(code.slice(3, 5), 16),
  Number.parseInt(code.slice(5, 7), 16),
];

const CUBE_STEPS = [0, 95, 135, 175, 215, 255];

const nearestStep = (channel: number): number => {
  let best = 0;
  CUBE_STEPS.forEach((step, i) => {
    if (Math.abs(step - channel) < Math.abs((CUBE_STEPS[best] ?? 0) - channel)) best = i;
  });
  return best;
};

/**
 * The nearest xterm 256-colour index: the 6x6x6 cube or the grey ramp, whichever is closer.
 *
 * @example
 * to256([255, 0, 0]) // 196
 */
export function to256([red, green, blue]: Rgb): number {
  const [r, g, b] = [nearestStep(red), nearestStep(green), nearestStep(blue)];
  const cube = 16 + 36 * r + 6 * g + b;
  const cubeRgb = [CUBE_STEPS[r] ?? 0, CUBE_STEPS[g] ?? 0, CUBE_STEPS[b] ?? 0];
  const grey = Math.round((red + green + blue) / 3);
  const greyIndex = Math.min(23, Math.max(0, Math.round((grey - 8) / 10)));
  const greyLevel = 8 + 10 * greyIndex;
  const distance = (other: readonly number[]): number =>
    (red - (other[0] ?? 0)) ** 2 + (green - (other[1] ?? 0)) ** 2 + (blue - (other[2] ?? 0)) ** 2;
  return distance([greyLevel, greyLevel, greyLevel]) < distance(cubeRgb) ? 232 + greyIndex : cube;
}

/**
 * The escape sequence that sets the text colour (empty when there is no colour).
 *
 * @example
 * foreground('truecolor', [1, 2, 3]) // '\x1b[38;2;1;2;3m'
 */
export function foreground(mode: ColorMode, rgb: Rgb): string {
  if (mode === 'truecolor') return `\x1b[38;2;${rgb[0]};${rgb[1]};${rgb[2]}m`;
  if (mode === '16') return `\x1b[${30 + nearest16(rgb)}m`;
  return mode === '256' ? `\x1b[38;5;${to256(rgb)}m` : '';
}

/**
 * The escape sequence that sets the background colour (empty when there is no colour).
 *
 * @example
 * background('256', [255, 0, 0]) // '\x1b[48;5;196m'
 */
export function background(mode: ColorMode, rgb: Rgb): string {
  if (mode === 'truecolor') return `\x1b[48;2;${rgb[0]};${rgb[1]};${rgb[2]}m`;
  if (mode === '16') return `\x1b[${40 + nearest16(rgb)}m`;
  return mode === '256' ? `\x1b[48;5;${to256(rgb)}m` : '';
}

/** Back to the terminal's own colours and attributes. */
export const RESET = '\x1b[0m';
/** Bold text (the title line). */
export const BOLD = '\x1b[1m';

/** The xterm default colours of SGR 30-37 and 90-97 (backgrounds 40-47, 100-107). */
const ANSI_16: readonly { readonly code: number; readonly rgb: Rgb }[] = [
  { code: 0, rgb: [0, 0, 0] },
  { code: 1, rgb: [205, 0, 0] },
  { code: 2, rgb: [0, 205, 0] },
  { code: 3, rgb: [205, 205, 0] },
  { code: 4, rgb: [0, 0, 238] },
  { code: 5, rgb: [205, 0, 205] },
  { code: 6, rgb: [0, 205, 205] },
  { code: 7, rgb: [229, 229, 229] },
  { code: 60, rgb: [127, 127, 127] },
  { code: 61, rgb: [255, 0, 0] },
  { code: 62, rgb: [0, 255, 0] },
  { code: 63, rgb: [255, 255, 0] },
  { code: 64, rgb: [92, 92, 255] },
  { code: 65, rgb: [255, 0, 255] },
  { code: 66, rgb: [0, 255, 255] },
  { code: 67, rgb: [255, 255, 255] },
];

/**
 * The colour of an xterm 256-colour index.
 *
 * @example
 * rgbOf256(196) // [255, 0, 0]
 */
export function rgbOf256(index: number): Rgb {
  if (index >= 232) {
    const level = 8 + 10 * (index - 232);
    return [level, level, level];
  }
  if (index >= 16) {
    const i = index - 16;
    return [
      CUBE_STEPS[Math.floor(i / 36)] ?? 0,
      CUBE_STEPS[Math.floor(i / 6) % 6] ?? 0,
      CUBE_STEPS[i % 6] ?? 0,
    ];
  }
  return ANSI_16.find((entry) => entry.code === (index < 8 ? index : index + 52))?.rgb ?? [0, 0, 0];
}

/**
 * The offset (0-7 or 60-67) of the standard terminal colour nearest `rgb`: SGR 30 + offset sets
 * the text, 40 + offset the background.
 *
 * @example
 * nearest16([200, 0, 0]) // 1 (red)
 */
export function nearest16([red, green, blue]: Rgb): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const entry of ANSI_16) {
    const [r, g, b] = entry.rgb;
    const distance = (red - r) ** 2 + (green - g) ** 2 + (blue - b) ** 2;
    if (distance < bestDistance) {
      best = entry.code;
      bestDistance = distance;
    }
  }
  return best;
}
