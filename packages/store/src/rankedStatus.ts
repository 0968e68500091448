// Two ranked-game facts both the ranked store's types and the play store's need, in a file
// that imports neither, so neither imports the other.

/** A ranked game's status as the engine says it: the server API's own (common's). */
export type { RankedStatus } from '@twenty48/common';

/** A game the server closed before its end (abandoned or expired). */
export interface EndedRankedGame {
  readonly gameId: string;
  readonly watchId: string;
  readonly score: number;
  readonly status: 'abandoned' | 'expired';
}
