/**
 * WCAG 2.1 contrast of `#rrggbb` colours: the one formula the browser's palette and the server's
 * pages are checked with.
 */

const channel = (hex: string, shift: number): number => {
  const byte = (Number.parseInt(hex.slice(1), 16) >> shift) & 0xff;
  const c = byte / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of `#rrggbb`. */
export const luminance = (hex: string): number =>
  0.2126 * channel(hex, 16) + 0.7152 * channel(hex, 8) + 0.0722 * channel(hex, 0);

/**
 * The WCAG contrast ratio of two `#rrggbb` colours, 1 to 21.
 *
 * @example
 * contrastRatio('#000000', '#ffffff') // 21
 */
export function contrastRatio(a: string, b: string): number {
  const [first, second] = [luminance(a), luminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}
