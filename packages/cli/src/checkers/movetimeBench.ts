/**
 * How closely `checkers engine` keeps to `go movetime`: the time from writing `go movetime <ms>`
 * to reading `bestmove`, pipes included, over the positions of ballots played out by the engine
 * itself. Run after a build:
 *
 *   node packages/cli/dist/checkers/movetimeBench.js [--ms 100] [--moves 40]
 *
 * Prints the mean, the 95th percentile and the longest, and how far each is over the budget.
 * A benchmark, not a test: the figures depend on the machine and its load.
 */
import { fileURLToPath } from 'node:url';
import { ballot, moveToPdn } from '@twenty48/checkers';
import { failOptions, scriptFlags } from '../toolkit/commandLine.js';
import { startEngine } from './engineProcess.js';

const USAGE = 'usage: node packages/cli/dist/checkers/movetimeBench.js [--ms 100] [--moves 40]';
const { values } = scriptFlags(
  'movetimeBench',
  { options: { ms: { type: 'string', default: '100' }, moves: { type: 'string', default: '40' } } },
  USAGE,
);
const ms = Number(values.ms);
const count = Number(values.moves);
if (!Number.isInteger(ms) || ms < 1 || !Number.isInteger(count) || count < 1)
  failOptions('movetimeBench', '--ms and --moves take a whole number from 1', USAGE);
const main = fileURLToPath(new URL('./main.js', import.meta.url));
const engine = startEngine('ours', `"${process.execPath}" "${main}" engine --no-book`);
/** The engine's next line; a bench whose engine ended or went silent stops with a named error. */
const next = async (): Promise<string> => {
  const line = await engine.next(60_000);
  if (line !== null) return line;
  process.stderr.write('movetimeBench: the engine ended or went silent (ERR_ENGINE)\n');
  process.exit(1);
};

engine.send('isready');
while ((await next()) !== 'readyok');
const spent: number[] = [];
let b = 0;
let moves = ballot(b).moves.map(moveToPdn);
while (spent.length < count) {
  engine.send(`position startpos moves ${moves.join(' ')}`);
  const started = performance.now();
  engine.send(`go movetime ${ms}`);
  let line = await next();
  while (!line.startsWith('bestmove ')) line = await next();
  const took = performance.now() - started;
  const move = line.slice('bestmove '.length);
  // Single legal moves are answered at once: they say nothing about the clock.
  if (took > ms / 2) spent.push(took);
  if (move === 'none' || moves.length > 120) {
    b++;
    moves = ballot(b).moves.map(moveToPdn);
  } else moves.push(move);
}
engine.close();
spent.sort((x, y) => x - y);
const mean = spent.reduce((a, x) => a + x, 0) / spent.length;
const p95 = spent[Math.floor(spent.length * 0.95)] as number;
const longest = spent[spent.length - 1] as number;
const over = (t: number) => `${t.toFixed(1)} ms (${t - ms >= 0 ? '+' : ''}${(t - ms).toFixed(1)})`;
console.log(
  `go movetime ${ms}, ${spent.length} searched moves: mean ${over(mean)}, 95th percentile ${over(p95)}, longest ${over(longest)}`,
);
