/**
 * How far apart two colours look: CIEDE2000 (ΔE00) on CIELAB, from `#rrggbb` through sRGB and
 * D65. The one implementation the palette's tests, the browser's e2e checks and anything else
 * that compares tiles use; checked against Sharma, Wu and Dalal's published pairs (2005).
 */

/** A colour in CIELAB (D65): lightness 0-100, a* green-red, b* blue-yellow. */
export interface Lab {
  readonly l: number;
  readonly a: number;
  readonly b: number;
}

/** sRGB's transfer curve undone: a channel 0-255 as linear light 0-1. */
const linear = (byte: number): number => {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** D65's white point (CIE 1931 2°), as the sRGB standard gives it. */
const WHITE = { x: 0.95047, y: 1, z: 1.08883 } as const;

const f = (t: number): number =>
  t > (6 / 29) ** 3 ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29;

/**
 * `#rrggbb` in CIELAB (D65).
 *
 * @example
 * labOf('#ffffff') // { l: 100, a: ~0, b: ~0 }
 */
export function labOf(hex: string): Lab {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const [r, g, b] = [linear((n >> 16) & 0xff), linear((n >> 8) & 0xff), linear(n & 0xff)];
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / WHITE.x;
  const y = (0.2126729 * r + 0.7151522 * g + 0.072175 * b) / WHITE.y;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / WHITE.z;
  return { l: 116 * f(y) - 16, a: 500 * (f(x) - f(y)), b: 200 * (f(y) - f(z)) };
}

const DEG = Math.PI / 180;
/** The hue angle of (a, b) in degrees, 0 to 360; 0 for a neutral colour. */
const hueOf = (a: number, b: number): number => {
  if (a === 0 && b === 0) return 0;
  const h = Math.atan2(b, a) / DEG;
  return h < 0 ? h + 360 : h;
};

/**
 * The CIEDE2000 colour difference of two CIELAB colours (kL = kC = kH = 1).
 *
 * @example
 * deltaE2000Lab({ l: 50, a: 2.6772, b: -79.7751 }, { l: 50, a: 0, b: -82.7485 }) // 2.0425
 */
export function deltaE2000Lab(one: Lab, two: Lab): number {
  const c1 = Math.hypot(one.a, one.b);
  const c2 = Math.hypot(two.a, two.b);
  const cMean7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cMean7 / (cMean7 + 25 ** 7)));
  const a1 = (1 + g) * one.a;
  const a2 = (1 + g) * two.a;
  const cp1 = Math.hypot(a1, one.b);
  const cp2 = Math.hypot(a2, two.b);
  const h1 = hueOf(a1, one.b);
  const h2 = hueOf(a2, two.b);

  const dL = two.l - one.l;
  const dC = cp2 - cp1;
  let dh = 0;
  if (cp1 * cp2 !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(cp1 * cp2) * Math.sin((dh / 2) * DEG);

  const lMean = (one.l + two.l) / 2;
  const cpMean = (cp1 + cp2) / 2;
  let hMean = h1 + h2;
  if (cp1 * cp2 !== 0) {
    if (Math.abs(h1 - h2) <= 180) hMean = (h1 + h2) / 2;
    else hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos((hMean - 30) * DEG) +
    0.24 * Math.cos(2 * hMean * DEG) +
    0.32 * Math.cos((3 * hMean + 6) * DEG) -
    0.2 * Math.cos((4 * hMean - 63) * DEG);
  const dTheta = 30 * Math.exp(-(((hMean - 275) / 25) ** 2));
  const cpMean7 = cpMean ** 7;
  const rC = 2 * Math.sqrt(cpMean7 / (cpMean7 + 25 ** 7));
  const sL = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sC = 1 + 0.045 * cpMean;
  const sH = 1 + 0.015 * cpMean * t;
  const rT = -Math.sin(2 * dTheta * DEG) * rC;
  const [l, c, h] = [dL / sL, dC / sC, dH / sH];
  return Math.sqrt(l * l + c * c + h * h + rT * c * h);
}

/**
 * How far apart two `#rrggbb` colours look (CIEDE2000): about 1 is the smallest difference
 * one sees side by side; the original 2048's 2 and 4 tiles are 5.5 apart.
 *
 * @example
 * deltaE2000('#eee4da', '#ede0c8') // 5.6
 */
export const deltaE2000 = (one: string, two: string): number =>
  deltaE2000Lab(labOf(one), labOf(two));

/**
 * `#rrggbb` as HSL: hue in degrees (0-360), saturation and lightness 0-1.
 *
 * @example
 * hslOf('#edc22e') // { h: 46.5, s: 0.84, l: 0.56 }
 */
export function hslOf(hex: string): { h: number; s: number; l: number } {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const [r, g, b] = [((n >> 16) & 0xff) / 255, ((n >> 8) & 0xff) / 255, (n & 0xff) / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s, l };
}
