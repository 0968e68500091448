// The player's shape on its own, so that the players (expectimax, ntuple) and the registry that
// builds them by name (player.ts) all import it without importing each other.
import type { Direction, Game } from '@twenty48/engine';

/** What a player looks at: the board, the rules and whether the game is over (a `Game` will do). */
export type PlayerView = Pick<Game, 'board' | 'rules' | 'status'>;

/** A player looks at a game and names its move, or `null` when no move changes the board. */
export type Player = (game: PlayerView) => Direction | null;
