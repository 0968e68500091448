// Random games for property tests: fast-check picks each move by index among the legal ones.
import fc from 'fast-check';
import { applyMove, legalMoves } from './moves.js';
import { initialPosition } from './position.js';
import type { Move, Position } from './types.js';

/** A position and the move played from it. */
export interface Ply {
  readonly position: Position;
  readonly move: Move;
}

/** Plays the moves the choices pick (index modulo the number of legal moves) until the end. */
export function playChoices(choices: readonly number[], start = initialPosition()): Ply[] {
  const plies: Ply[] = [];
  let position = start;
  for (const choice of choices) {
    const moves = legalMoves(position);
    const move = moves[choice % Math.max(moves.length, 1)];
    if (move === undefined) break;
    plies.push({ position, move });
    position = applyMove(position, move);
  }
  return plies;
}

/** Choices for a game of up to `maxLength` plies (long games reach kings and multi-jumps). */
export const choicesArb = (maxLength = 160) => fc.array(fc.nat(1000), { maxLength });

/** Positions met in random games, with the move played there. */
export const pliesArb = (maxLength = 160) => choicesArb(maxLength).map((c) => playChoices(c));
