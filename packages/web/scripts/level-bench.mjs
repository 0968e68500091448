// How often the checkers page's level 1 gives material away for nothing: it plays games from
// the ACF ballots (both colours) against a deeper search, and counts its blunders: moves a
// depth-8 search (--judge) scores a man (100) or more below the best move, in positions not yet lost or
// won (the best within 3 men of even). Material lost to a deep combination counts too, so this
// is an upper bound on "men given away for nothing".
// Prints a line per game and the totals. Usage (after `npm run build`):
//   node packages/web/scripts/level-bench.mjs [--depth N] [--against 6] [--games 20] [--judge 8]
// A shallow judge (--judge 3) counts only the men a three-ply look sees hang: the absurd ones.
// Without `--depth` the weak side is level 1 as the page plays it (checkers' LEVEL_LIMITS[1]: a
// 4-ply search picking at random, seeded by game and ply, among moves near the best); with
// `--depth N` a plain N-ply search; `--margin M` tries level 1 with another margin (the old level 1 was --depth 2). `--against level2` plays
// the page's level 2 (250 ms a move) instead of a fixed depth.
import { parseArgs } from 'node:util';
import {
  ACF_BALLOTS,
  ballot,
  LEVEL_LIMITS,
  legalMoves,
  newGame,
  playMove,
  searchBest,
  searchInput,
  searchVaried,
} from '@twenty48/checkers';

const { values } = parseArgs({
  options: {
    depth: { type: 'string' },
    margin: { type: 'string' },
    against: { type: 'string', default: '6' },
    games: { type: 'string', default: '20' },
    judge: { type: 'string', default: '8' },
  },
});
const depth = values.depth === undefined ? null : Number(values.depth);
const level1 =
  values.margin === undefined
    ? LEVEL_LIMITS[1]
    : { ...LEVEL_LIMITS[1], margin: Number(values.margin) };
const against = values.against === 'level2' ? null : Number(values.against);
const strong = against === null ? { ms: LEVEL_LIMITS[2].ms } : { depth: against, ms: 60_000 };
const weakName = depth === null ? `level 1 (${JSON.stringify(level1)})` : `depth ${depth}`;
const games = Number(values.games);
const judge = Number(values.judge);

let giveaways = 0;
let moves = 0;
const results = { win: 0, draw: 0, loss: 0 };
for (let g = 0; g < games; g++) {
  const deal = ballot(Math.floor(g / 2) % ACF_BALLOTS.length);
  const weak = g % 2 === 0 ? 'black' : 'red';
  let game = newGame();
  for (const move of deal.moves) game = playMove(game, move).value;
  let given = 0;
  for (let ply = 0; ply < 200 && game.status.kind === 'playing'; ply++) {
    const mover = game.position.turn;
    const { position, history } = searchInput(game);
    const found =
      mover !== weak
        ? searchBest(position, { ...strong, history })
        : depth !== null
          ? searchBest(position, { depth, ms: 60_000, history })
          : (searchVaried(position, {
              depth: level1.depth,
              margin: level1.margin,
              seed: g * 1000 + ply,
              history,
            }) ?? { move: null });
    if (found.move === null || legalMoves(position).length === 0) break;
    if (mover === weak) {
      moves++;
      const best = searchBest(position, { depth: judge, ms: 60_000, history });
      const after = playMove(game, found.move).value;
      const next = searchInput(after);
      const reply =
        after.status.kind === 'playing'
          ? -searchBest(next.position, { depth: judge - 1, ms: 60_000, history: next.history })
              .score
          : best.score;
      if (Math.abs(best.score) < 300 && best.score - reply >= 100) given++;
    }
    game = playMove(game, found.move).value;
  }
  giveaways += given;
  const status = game.status;
  const outcome = status.kind === 'won' ? (status.winner === weak ? 'win' : 'loss') : 'draw';
  results[outcome]++;
  console.log(
    `game ${g + 1} (${deal.text}, level 1 ${weak}): ${outcome}, ${given} blunders of a man or more`,
  );
}
console.log(
  `${weakName} against ${against === null ? 'level 2 (250 ms)' : `depth ${against}`}: ${games} games, ${results.win} won, ${results.draw} drawn, ${results.loss} lost; ${giveaways} blunders of a man or more (judged at depth ${judge}) in ${moves} moves`,
);
