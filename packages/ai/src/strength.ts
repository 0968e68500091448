import { maxTile, newGame, type PresetName, type Rules, step } from '@twenty48/engine';
import { createPlayer, type PlayerName, type PlayerOptions } from './player.js';

/** The tiles whose reach rate a benchmark reports. */
export const REACH_TILES = [2048, 4096, 8192, 16384, 32768] as const;

/** A game a benchmark stops anyway, so a player that never loses cannot hang it. */
export const MAX_BENCH_MOVES = 1_000_000;

/** What one benchmark game came to. */
export interface BenchGame {
  readonly seed: string;
  readonly score: number;
  readonly maxTile: number;
  readonly moves: number;
  /** Time the player spent choosing moves, in milliseconds. */
  readonly thinkingMs: number;
}

/** What a benchmark asks for: which player, with which options, on which rules. */
export interface BenchSpec {
  readonly ai: PlayerName;
  readonly options: PlayerOptions;
  readonly rules: Rules | PresetName;
}

/** What `runBench` sends a strength worker (strength-worker.ts): a game to play, or stop. */
export type BenchRequest =
  | { readonly index: number; readonly seed: string }
  | { readonly stop: true };

/** What a strength worker answers for game `index`: the game played, or why it failed. */
export type BenchReply =
  | { readonly index: number; readonly game: BenchGame }
  | { readonly index: number; readonly error: string };

/**
 * Play one seeded game to the end (through the win, until no move is left) and measure it.
 *
 * @example
 * playBenchGame({ ai: 'greedy', options: {}, rules: 'classic' }, '1-0').maxTile // 256
 */
export function playBenchGame(spec: BenchSpec, seed: string): BenchGame {
  const player = createPlayer(spec.ai, { seed, ...spec.options });
  let game = newGame(spec.rules, seed);
  let thinkingMs = 0;
  let moves = 0;
  while (game.status !== 'lost' && moves < MAX_BENCH_MOVES) {
    const started = performance.now();
    const direction = player(game);
    thinkingMs += performance.now() - started;
    if (direction === null) break;
    const next = step(game, direction).game;
    if (next === game) break;
    game = next;
    moves++;
  }
  return { seed, score: game.score, maxTile: maxTile(game.board), moves, thinkingMs };
}

/** The seed of game `index` of a benchmark started with `seed`. */
export const benchGameSeed = (seed: string, index: number): string => `${seed}-${index}`;

/** A benchmark's figures, as `2048 bench --json` prints them. */
export interface BenchSummary {
  readonly ai: PlayerName;
  readonly depth: number | null;
  readonly ms: number | null;
  readonly rules: string;
  readonly seed: string;
  readonly games: number;
  readonly workers: number;
  /** Share of games whose largest tile reached each of `REACH_TILES`, 0..1. */
  readonly reach: Readonly<Record<string, number>>;
  readonly meanScore: number;
  readonly medianScore: number;
  readonly maxTiles: Readonly<Record<string, number>>;
  /** Moves per second of thinking on one core (total moves / total thinking time). */
  readonly movesPerSecond: number;
  readonly msPerMove: number;
  readonly wallSeconds: number;
  readonly results: readonly BenchGame[];
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/**
 * Sum up finished games.
 *
 * @example
 * summarizeBench(games, { ai: 'expectimax', depth: 3, ms: null, rules: 'classic', seed: '1',
 *   workers: 2, wallSeconds: 60 }).reach['8192'] // 0.6
 */
export function summarizeBench(
  results: readonly BenchGame[],
  meta: Pick<BenchSummary, 'ai' | 'depth' | 'ms' | 'rules' | 'seed' | 'workers' | 'wallSeconds'>,
): BenchSummary {
  const games = results.length;
  const reach: Record<string, number> = {};
  for (const tile of REACH_TILES) {
    const reached = results.filter((game) => game.maxTile >= tile).length;
    reach[String(tile)] = games === 0 ? 0 : round(reached / games, 4);
  }
  const maxTiles: Record<string, number> = {};
  for (const game of [...results].sort((a, b) => a.maxTile - b.maxTile)) {
    maxTiles[String(game.maxTile)] = (maxTiles[String(game.maxTile)] ?? 0) + 1;
  }
  const moves = results.reduce((sum, game) => sum + game.moves, 0);
  const thinking = results.reduce((sum, game) => sum + game.thinkingMs, 0);
  const scores = results.map((game) => game.score);
  return {
    ...meta,
    games,
    reach,
    meanScore: games === 0 ? 0 : round(scores.reduce((a, b) => a + b, 0) / games, 1),
    medianScore: median(scores),
    maxTiles,
    movesPerSecond: thinking === 0 ? 0 : round((moves / thinking) * 1000, 1),
    msPerMove: moves === 0 ? 0 : round(thinking / moves, 3),
    wallSeconds: round(meta.wallSeconds, 1),
    results,
  };
}

const percent = (share: number): string => `${(share * 100).toFixed(0)} %`;

/**
 * The benchmark as a plain-text table for a terminal.
 *
 * @example
 * formatBenchTable(summary).split('\n')[0] // 'expectimax depth 3 on classic, 100 games, 2 workers'
 */
export function formatBenchTable(summary: BenchSummary): string {
  const how =
    summary.depth !== null
      ? `depth ${summary.depth}`
      : summary.ms !== null
        ? `${summary.ms} ms per move`
        : 'default';
  const rows: [string, string][] = [
    ['games', String(summary.games)],
    ...REACH_TILES.map((tile): [string, string] => [
      `reached ${tile}`,
      percent(summary.reach[String(tile)] ?? 0),
    ]),
    ['mean score', summary.meanScore.toLocaleString('en')],
    ['median score', summary.medianScore.toLocaleString('en')],
    ['moves per second', summary.movesPerSecond.toLocaleString('en')],
    ['ms per move', summary.msPerMove.toFixed(3)],
    ['wall time', `${summary.wallSeconds} s`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    `${summary.ai} ${summary.ai === 'expectimax' || summary.ai === 'ntuple' ? `${how} ` : ''}on ${summary.rules}, ${summary.games} games, ${summary.workers} worker${summary.workers === 1 ? '' : 's'}`,
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value.padStart(12)}`),
  ].join('\n');
}
