// Engine throughput on this machine: slides, full steps and replays per second
// (`node scripts/engine-speed.mjs`, after a build; `npm run bench` runs it first).
import { DIRECTIONS, drawOf, newGame, recordOf, replay, slide, step } from '@twenty48/engine';

const time = (label, unit, run) => {
  run(1000); // warm up the JIT
  const start = process.hrtime.bigint();
  const count = run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `${label.padEnd(44)} ${Math.round(count / seconds)
      .toLocaleString('en')
      .padStart(12)} ${unit}/s`,
  );
};

const boards = Array.from({ length: 256 }, (_, i) => {
  let game = newGame('classic', `bench-${i}`);
  for (let k = 0; k < 60; k++) game = step(game, DIRECTIONS[(k * 7 + i) % 4]).game;
  return game.board;
});

for (const rules of ['classic', 'fiveTwelve', 'tiers']) {
  time(`slide (${rules}, 4x4)`, 'slides', (n = 200_000) => {
    for (let i = 0; i < n; i++) slide(boards[i & 255], DIRECTIONS[i & 3], rules);
    return n;
  });
}

// A spawn of record version 2 takes two draws, each one HMAC-SHA256 (two SHA-256 blocks).
time('draw (version 2: one HMAC-SHA256)', 'draws', (n = 100_000) => {
  for (let i = 0; i < n; i++) drawOf('bench-draws', i);
  return n;
});

time('step (classic: slide, events, spawn, status)', 'steps', (n = 100_000) => {
  let game = newGame('classic', 'bench-step');
  for (let i = 0; i < n; i++) {
    const next = step(game, DIRECTIONS[i & 3]).game;
    game = next.status === 'lost' ? newGame('classic', `bench-step-${i}`) : next;
  }
  return n;
});

// Corner play (down, left, then right, up only when forced) makes games of a few hundred moves.
const records = Array.from({ length: 20 }, (_, i) => {
  let game = newGame('classic', `bench-replay-${i}`);
  while (game.status !== 'lost') {
    const next = ['down', 'left', 'right', 'up']
      .map((d) => step(game, d).game)
      .find((g) => g !== game);
    if (!next) break;
    game = next;
  }
  return recordOf(game);
});
const totalMoves = records.reduce((sum, r) => sum + r.moves.length, 0);
time(`replay ${records.length} games (${totalMoves} moves)`, 'moves', (n = 5) => {
  for (let i = 0; i < n; i++) for (const r of records) replay(r);
  return n * totalMoves;
});
