import { isCount, isRecord } from '@twenty48/common';
import { cleanName } from './settings.js';

/** One line of the local high-score table. */
export interface ScoreEntry {
  readonly name: string;
  readonly score: number;
  readonly moves: number;
  readonly maxTile: number;
  /** Milliseconds since 1970, when the game ended. */
  readonly at: number;
}

/** How many scores each table keeps. */
export const TABLE_LENGTH = 10;

/**
 * A score table read from storage: entries that are not well formed are dropped, the rest
 * are sorted best first and cut to `TABLE_LENGTH`.
 *
 * @example
 * parseScoreTable([{ name: 'Ada', score: 20, moves: 9, maxTile: 8, at: 0 }, 'junk']).length // 1
 */
export function parseScoreTable(input: unknown): ScoreEntry[] {
  if (!Array.isArray(input)) return [];
  const entries: ScoreEntry[] = [];
  for (const item of input) {
    if (!isRecord(item)) continue;
    const { name, score, moves, maxTile, at } = item;
    if (!isCount(score) || !isCount(moves) || !isCount(maxTile) || !isCount(at)) continue;
    entries.push({ name: cleanName(name) || 'Anonymous', score, moves, maxTile, at });
  }
  return sortScores(entries).slice(0, TABLE_LENGTH);
}

/** Best first; a tie goes to the earlier game, which got there first. */
const sortScores = (entries: ScoreEntry[]): ScoreEntry[] =>
  entries.sort((a, b) => b.score - a.score || a.at - b.at);

/**
 * Put a finished game in the table. `rank` is its 1-based place, or `null` when it did not
 * make the table.
 *
 * @example
 * addScore([], { name: 'Ada', score: 20, moves: 9, maxTile: 8, at: 0 }).rank // 1
 */
export function addScore(
  table: readonly ScoreEntry[],
  entry: ScoreEntry,
): { table: ScoreEntry[]; rank: number | null } {
  const sorted = sortScores([...table, entry]).slice(0, TABLE_LENGTH);
  const index = sorted.indexOf(entry);
  return { table: sorted, rank: index < 0 ? null : index + 1 };
}
