/**
 * How long a game review takes on one core: a 1,000-move game reviewed at the default depth
 * (`DEFAULT_REVIEW_DEPTH`), the target being under a minute. Two 1,000-move stretches of one
 * game the n-tuple player played: its first 1,000 moves (a record of 1,000 moves), and its last
 * 1,000 (the crowded boards before the end, where each search costs most). Run after a build:
 *
 *   npm run bench:review            (node packages/ai/dist/review-speed.js [--depth N] [--seed S])
 *
 * Figures, not tests: CPU seconds of this one thread, and wall seconds, which a busy machine
 * makes longer.
 */
import { newGame, recordOf, step } from '@twenty48/engine';
import { benchFlags, positiveCount } from './benchFlags.js';
import { useShippedNetwork } from './ntuple-node.js';
import { currentNetwork, ntuplePlayer } from './ntuple-player.js';
import { DEFAULT_REVIEW_DEPTH, type ReviewPosition, reviewPositions } from './review.js';
import { gradePosition } from './review-values.js';

const MOVES = 1000;

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Grade these positions one after another; the seconds it took. */
function time(positions: readonly ReviewPosition[], depth: number) {
  const cpu = cpuSeconds();
  const wall = performance.now();
  let loss = 0;
  for (const position of positions) {
    const graded = gradePosition(position, { depth });
    if (!graded.ok) throw new Error(`${graded.error.code}: ${graded.error.message}`);
    loss += graded.value.loss;
  }
  return { cpu: cpuSeconds() - cpu, wall: (performance.now() - wall) / 1000, loss };
}

const USAGE = 'usage: node packages/ai/dist/review-speed.js [--depth N] [--seed S]';
const values = benchFlags(
  {
    options: {
      depth: { type: 'string', default: String(DEFAULT_REVIEW_DEPTH) },
      seed: { type: 'string', default: 'review-speed' },
    },
  },
  USAGE,
);
const depth = positiveCount(values.depth, 'depth', USAGE);
useShippedNetwork();
if (!currentNetwork().ok) throw new Error('the shipped network could not be read');

// The game: the n-tuple player at depth 1 (quick, and it lives thousands of moves).
const player = ntuplePlayer({ depth: 1 });
let game = newGame('classic', values.seed);
while (game.status !== 'lost') {
  const direction = player(game);
  if (direction === null) break;
  game = step(game, direction).game;
}
const positions = reviewPositions(recordOf(game));
if (!positions.ok) throw new Error(positions.error.message);
if (positions.value.length < MOVES)
  throw new Error(`the game lasted only ${game.moves.length} moves`);

// The search is made (the weights copied in) before the clock starts.
time(positions.value.slice(0, 1), depth);
console.log(
  `review speed: depth ${depth}, one thread; the game (seed ${values.seed}) lasted ${game.moves.length} moves`,
);
for (const [label, stretch] of [
  [`moves 1 to ${MOVES}`, positions.value.slice(0, MOVES)],
  [`the last ${MOVES} moves`, positions.value.slice(-MOVES)],
] as const) {
  const { cpu, wall } = time(stretch, depth);
  console.log(
    `${label.padEnd(22)} ${cpu.toFixed(1).padStart(6)} s CPU  ${wall.toFixed(1).padStart(6)} s wall  ${((cpu * 1000) / MOVES).toFixed(1).padStart(6)} ms CPU a move`,
  );
}
