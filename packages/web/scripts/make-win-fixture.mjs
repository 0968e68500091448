// Finds a real classic game that reaches 2048, for the tests of the win overlay: a small
// expectimax (two plies, corner-weighted heuristic) plays seeds 1, 2, … until one wins. The record is
// written to e2e/fixtures/win.json; the tests replay it with the engine before trusting it.
// Run: node packages/web/scripts/make-win-fixture.mjs
import { writeFileSync } from 'node:fs';
import { DIRECTIONS, makeRecord, newGame, recordOf, slide, step } from '@twenty48/engine';

const rules = newGame('classic', 1).rules;
const WEIGHTS = [
  [2 ** 15, 2 ** 14, 2 ** 13, 2 ** 12],
  [2 ** 8, 2 ** 9, 2 ** 10, 2 ** 11],
  [2 ** 7, 2 ** 6, 2 ** 5, 2 ** 4],
  [2 ** 0, 2 ** 1, 2 ** 2, 2 ** 3],
];
const score = (board) => {
  let total = 0;
  let empty = 0;
  for (const [r, row] of board.entries()) {
    for (const [c, v] of row.entries()) {
      total += v * (WEIGHTS[r]?.[c] ?? 0);
      if (v === 0) empty++;
    }
  }
  return total + empty * 2 ** 12;
};
const chance = (board, depth) => {
  const cells = board.flatMap((row, r) => row.flatMap((v, c) => (v === 0 ? [[r, c]] : [])));
  if (cells.length === 0) return score(board);
  let sum = 0;
  for (const [r, c] of cells) {
    for (const [value, p] of [
      [2, 0.9],
      [4, 0.1],
    ]) {
      const next = board.map((row) => [...row]);
      next[r][c] = value;
      sum += p * (depth > 0 ? best(next, depth - 1).value : score(next));
    }
  }
  return sum / cells.length;
};
const best = (board, depth) => {
  let choice = { direction: null, value: -1 };
  for (const direction of DIRECTIONS) {
    const moved = slide(board, direction, rules);
    if (!moved.moved) continue;
    const value = chance(moved.board, depth);
    if (value > choice.value) choice = { direction, value };
  }
  return choice;
};

const playSeed = (seed) => {
  let game = newGame('classic', seed);
  while (game.status === 'playing') {
    const { direction } = best(game.board, 1);
    if (!direction) break;
    game = step(game, direction).game;
  }
  console.log(`seed ${seed}: ${game.status} after ${game.moves.length} moves, score ${game.score}`);
  return game;
};
let seed = 1;
let game = playSeed(seed);
while (game.status !== 'won' && seed < 20) game = playSeed(++seed);
if (game.status !== 'won') process.exit(1);
writeFileSync(
  new URL('../e2e/fixtures/win.json', import.meta.url),
  `${makeRecord(recordOf(game))}\n`,
);
