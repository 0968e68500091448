const NUMBERS = new Intl.NumberFormat('en');

/**
 * A score or a count of moves as the games write it for people: with thousands separators,
 * the same in the browser and on the server's pages.
 *
 * @example
 * formatNumber(12345) // '12,345'
 */
export const formatNumber = (value: number): string => NUMBERS.format(value);
