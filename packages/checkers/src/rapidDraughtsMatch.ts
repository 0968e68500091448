/**
 * A match: our search (`searchBest`) against rapid-draughts' strongest player (alpha-beta with
 * quiescence, at the deepest depth that fits the time), at equal time per move. Run after a
 * build:
 *
 *   node packages/checkers/dist/rapidDraughtsMatch.js [--games 40] [--ms 200] [--seed 2048] [--max-plies 200]
 *
 * (with `CHECKERS_NETWORK=packages/checkers/networks/eval.t48c.gz` in the environment our side
 * evaluates with that network, as `checkers engine` does by default)
 *
 * - Openings: `games / 2` distinct 3-ply openings (black, red, black) drawn from the legal moves
 *   with a seeded generator, kept when our depth-10 search scores them within half a man; each
 *   is played twice, colours swapped.
 * - Time: rapid-draughts has no clock, so its depth is calibrated first: the depth whose mean
 *   time per move on sample positions is nearest `--ms`. During the match its time per move is
 *   measured, and each of our moves gets its mean so far as budget.
 * - Our rules drive every game (`playMove`): draws by threefold repetition and by 80 plies
 *   without a capture or a man's move, and a game still going after `--max-plies` is a draw.
 *   rapid-draughts is set up from our position before each of its moves.
 * - Before anything, both move generators are compared on positions from random games (they
 *   must agree, but for the one known difference, see rapidDraughts.ts): a wrong square
 *   mapping stops the match.
 *
 * Prints each game, then the score (win 1, draw 1/2), W/D/L, and each side's mean time and
 * depth per move. The default budget, 200 ms, makes rapid-draughts play at depth 8 (depth 9
 * takes about a second a move) and the 40 games take about 8 minutes on one core.
 */

import { useNetwork } from './evaluate.js';
import { type Game, newGame, playMove } from './game.js';
import { applyMove, legalMoves } from './moves.js';
import { networkTables } from './network.js';
import { parseNetworkFile } from './networkFormat.js';
import { moveToPdn } from './pdn.js';
import { initialPosition } from './position.js';
import { compareMoves, rapidPlayer } from './rapidDraughts.js';
import { searchBest } from './search.js';
import type { Move, Position, Side } from './types.js';
import { splitMix32 } from './zobrist.js';

interface NodeProcess {
  readonly argv: readonly string[];
  readonly env: Record<string, string | undefined>;
  readonly stdout: { write(text: string): boolean };
  exitCode?: number;
  getBuiltinModule(name: string): unknown;
}
const nodeProcess = (globalThis as unknown as { process: NodeProcess }).process;
const clock = (): number =>
  (globalThis as unknown as { performance: { now(): number } }).performance.now();
const print = (line = ''): void => {
  nodeProcess.stdout.write(`${line}\n`);
};

interface Options {
  readonly games: number;
  readonly ms: number;
  readonly seed: number;
  readonly maxPlies: number;
}

const USAGE =
  'usage: node rapidDraughtsMatch.js [--games 40] [--ms 200] [--seed 2048] [--max-plies 200]';

function parseOptions(args: readonly string[]): Options | string {
  const values: Record<string, number> = { games: 40, ms: 200, seed: 2048, 'max-plies': 200 };
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/, '') ?? '';
    const value = Number(args[i + 1]);
    if (!(name in values) || !Number.isInteger(value) || value < 1)
      return `bad option ${args[i]} ${args[i + 1] ?? ''}\n${USAGE}`;
    values[name] = value;
  }
  const games = values.games as number;
  if (games % 2 !== 0) return `--games must be even (each opening is played twice)\n${USAGE}`;
  return {
    games,
    ms: values.ms as number,
    seed: values.seed as number,
    maxPlies: values['max-plies'] as number,
  };
}

/** Positions from seeded random games, every one checked: the two generators must agree. */
function checkMapping(seed: number, games: number): { positions: number; wrong: string[] } {
  const random = splitMix32(seed);
  let positions = 0;
  const wrong: string[] = [];
  for (let g = 0; g < games; g++) {
    let position = initialPosition();
    for (let ply = 0; ply < 200; ply++) {
      const { onlyOurs, onlyTheirs } = compareMoves(position);
      positions++;
      if (onlyOurs.length > 0 || onlyTheirs.length > 0)
        wrong.push(`${JSON.stringify(position)}: ours only ${onlyOurs}, theirs only ${onlyTheirs}`);
      const moves = legalMoves(position);
      if (moves.length === 0) break;
      position = applyMove(position, moves[(random() >>> 0) % moves.length] as Move);
    }
  }
  return { positions, wrong };
}

/** Distinct 3-ply openings, drawn from the legal moves, kept when they are roughly level. */
function drawOpenings(count: number, seed: number): Move[][] {
  const random = splitMix32(seed);
  const seen = new Set<string>();
  const openings: Move[][] = [];
  while (openings.length < count) {
    let position = initialPosition();
    const line: Move[] = [];
    for (let ply = 0; ply < 3; ply++) {
      const moves = legalMoves(position);
      const move = moves[(random() >>> 0) % moves.length] as Move;
      line.push(move);
      position = applyMove(position, move);
    }
    const name = line.map(moveToPdn).join(' ');
    if (seen.has(name)) continue;
    seen.add(name);
    if (Math.abs(searchBest(position, { depth: 10 }).score) <= 50) openings.push(line);
  }
  return openings;
}

/** Positions to time rapid-draughts on: each opening, then every 8 plies of a quick game. */
function samplePositions(openings: readonly Move[][]): Position[] {
  const sample: Position[] = [];
  for (const opening of openings) {
    let position = opening.reduce(applyMove, initialPosition());
    for (let ply = 0; ply < 48; ply++) {
      if (ply % 8 === 0) sample.push(position);
      const { move } = searchBest(position, { depth: 4 });
      if (move === null) break;
      position = applyMove(position, move);
    }
  }
  return sample;
}

/** rapid-draughts' depth whose mean time per move is nearest `ms` (by ratio). */
async function calibrate(
  ms: number,
  sample: readonly Position[],
): Promise<{ depth: number; mean: number }> {
  let best = { depth: 1, mean: 0 };
  for (let depth = 2; depth <= 20; depth++) {
    const play = rapidPlayer(depth);
    const started = clock();
    let timed = 0;
    // Stop timing a depth once it is clearly too slow: over three times the budget on average
    // after ten positions.
    for (const position of sample) {
      await play(position);
      timed++;
      if (timed >= 10 && clock() - started > ms * 3 * timed) break;
    }
    const mean = (clock() - started) / timed;
    print(`  rapid-draughts depth ${depth}: ${mean.toFixed(1)} ms per move`);
    if (best.mean === 0 || Math.abs(Math.log(mean / ms)) < Math.abs(Math.log(best.mean / ms)))
      best = { depth, mean };
    if (mean > ms * 1.5) break;
  }
  return best;
}

interface Tally {
  moves: number;
  ms: number;
  /** Moves searched (ours answers a forced move at once, without a search). */
  searched: number;
  depth: number;
  nodes: number;
}

type Outcome = 'win' | 'draw' | 'loss';

async function playGame(
  opening: readonly Move[],
  ours: Side,
  rapid: (position: Position) => Promise<Move>,
  tallies: { ours: Tally; rapid: Tally },
  maxPlies: number,
): Promise<{ outcome: Outcome; why: string; plies: number }> {
  let game: Game = newGame();
  for (const move of opening) game = mustPlay(game, move);
  let opened = initialPosition();
  const positions: Position[] = [opened];
  for (const move of opening) {
    opened = applyMove(opened, move);
    positions.push(opened);
  }
  while (game.status.kind === 'playing' && game.moves.length < maxPlies) {
    const position = game.position;
    let move: Move;
    const started = clock();
    if (position.turn === ours) {
      const budget = tallies.rapid.moves > 0 ? tallies.rapid.ms / tallies.rapid.moves : 100;
      const result = searchBest(position, { ms: budget, history: positions.slice(0, -1) });
      if (result.move === null) throw new Error('no move in a game still playing');
      move = result.move;
      tallies.ours.ms += clock() - started;
      tallies.ours.moves++;
      if (result.depth > 0) tallies.ours.searched++;
      tallies.ours.depth += result.depth;
      tallies.ours.nodes += result.nodes;
    } else {
      move = await rapid(position);
      tallies.rapid.ms += clock() - started;
      tallies.rapid.moves++;
    }
    game = mustPlay(game, move);
    positions.push(game.position);
  }
  const plies = game.moves.length;
  const { status } = game;
  if (status.kind === 'playing') return { outcome: 'draw', why: `${maxPlies}-ply cap`, plies };
  if (status.kind === 'draw')
    return {
      outcome: 'draw',
      why: status.reason === 'repetition' ? 'threefold repetition' : '80 quiet plies',
      plies,
    };
  const loser = status.winner === 'black' ? 'red' : 'black';
  const why = `${loser} has ${status.reason === 'no-pieces' ? 'no pieces' : 'no moves'}`;
  return { outcome: status.winner === ours ? 'win' : 'loss', why, plies };
}

function mustPlay(game: Game, move: Move): Game {
  const next = playMove(game, move);
  if (!next.ok) throw new Error(`${moveToPdn(move)}: ${next.error.message}`);
  return next.value;
}

async function main(): Promise<void> {
  const options = parseOptions(nodeProcess.argv.slice(2));
  if (typeof options === 'string') {
    print(options);
    nodeProcess.exitCode = 2;
    return;
  }
  const networkPath = nodeProcess.env.CHECKERS_NETWORK;
  if (networkPath) {
    // Our side evaluates with this network file (gzipped), as `checkers engine` does.
    const fs = nodeProcess.getBuiltinModule('node:fs') as { readFileSync(p: string): Uint8Array };
    const zlib = nodeProcess.getBuiltinModule('node:zlib') as {
      gunzipSync(b: Uint8Array): Uint8Array;
    };
    const read = parseNetworkFile(zlib.gunzipSync(fs.readFileSync(networkPath)));
    if (!read.ok) {
      print(`CHECKERS_NETWORK: ${read.message} (${read.code})`);
      nodeProcess.exitCode = 1;
      return;
    }
    useNetwork(networkTables(read.value.network));
  }
  const mapping = checkMapping(options.seed, 40);
  if (mapping.wrong.length > 0) {
    print(`rapid-draughts' moves differ from ours on ${mapping.wrong.length} positions:`);
    for (const line of mapping.wrong.slice(0, 5)) print(`  ${line}`);
    nodeProcess.exitCode = 1;
    return;
  }
  print(
    `square mapping checked: both generators agree on ${mapping.positions} positions from random games`,
  );
  const openings = drawOpenings(options.games / 2, options.seed);
  print(
    `${openings.length} openings, 3 plies each, seed ${options.seed}; each played twice, colours swapped`,
  );
  print(`calibrating rapid-draughts (alpha-beta with quiescence) to ${options.ms} ms per move:`);
  const calibration = await calibrate(options.ms, samplePositions(openings));
  print(
    `rapid-draughts plays at depth ${calibration.depth} (${calibration.mean.toFixed(1)} ms per move in calibration)`,
  );
  print();

  const rapid = rapidPlayer(calibration.depth);
  const tallies = {
    ours: { moves: 0, ms: 0, searched: 0, depth: 0, nodes: 0 },
    rapid: { moves: 1, ms: calibration.mean, searched: 0, depth: 0, nodes: 0 },
  };
  // The calibration's mean seeds the running mean; it is taken out of the totals at the end.
  const counts = { win: 0, draw: 0, loss: 0 };
  let number = 0;
  for (const opening of openings) {
    for (const ours of ['black', 'red'] as const) {
      number++;
      const result = await playGame(opening, ours, rapid, tallies, options.maxPlies);
      counts[result.outcome]++;
      const name = opening.map(moveToPdn).join(' ');
      const verdict =
        result.outcome === 'win' ? 'ours won' : result.outcome === 'loss' ? 'rapid won' : 'draw';
      print(
        `game ${String(number).padStart(2)}  ${name.padEnd(17)} ours ${ours.padEnd(5)}  ${verdict.padEnd(9)} ${result.why}, ${result.plies} plies`,
      );
    }
  }
  const games = counts.win + counts.draw + counts.loss;
  const score = counts.win + counts.draw / 2;
  const rapidMoves = tallies.rapid.moves - 1;
  const rapidMs = tallies.rapid.ms - calibration.mean;
  print();
  print(
    `score: ours ${score} / ${games} = ${((100 * score) / games).toFixed(1)} %   W ${counts.win}  D ${counts.draw}  L ${counts.loss}`,
  );
  const { ours } = tallies;
  print(
    `ours:           ${(ours.ms / ours.moves).toFixed(1)} ms per move (${ours.moves} moves; ${(ours.ms / ours.searched).toFixed(1)} ms per move searched, ${ours.moves - ours.searched} forced moves answered at once), mean depth ${(ours.depth / ours.searched).toFixed(1)}, ${(ours.nodes / ours.ms / 1000).toFixed(2)} M nodes/s`,
  );
  print(
    `rapid-draughts: ${(rapidMs / rapidMoves).toFixed(1)} ms per move, depth ${calibration.depth} + quiescence (${rapidMoves} moves)`,
  );
}

await main();
