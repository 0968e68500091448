// A one-screen demo of the engine: the labwork's solitary player on a seeded classic game.
import { DIRECTIONS, maxTile, newGame, step } from '@twenty48/engine';

const emptyAfter = (game, direction) => {
  const next = step(game, direction).game;
  return next === game ? -1 : next.board.flat().filter((v) => v === 0).length;
};

const show = (game) =>
  game.board
    .map((row) => row.map((v) => `|${String(v || '.').padEnd(3)}`).join('') + '|')
    .join('\n');

let game = newGame('classic', process.argv[2] ?? 'demo');
while (game.status !== 'lost') {
  const best = DIRECTIONS.reduce((a, b) => (emptyAfter(game, b) > emptyAfter(game, a) ? b : a));
  game = step(game, best).game;
}
console.log(`twenty48 engine demo: the seed's "most empty cells" player, seed ${game.seed}\n`);
console.log(`Score: ${game.score}\n\n${show(game)}\n`);
console.log(
  `${game.moves.length} moves, best tile ${maxTile(game.board)}. The terminal game comes next.`,
);
