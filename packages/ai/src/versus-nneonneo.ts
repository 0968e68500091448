/**
 * Our expectimax against nneonneo/2048-ai (C++, the best-known 2048 AI) at the same fixed depth,
 * side by side: game i of ours, then game i of theirs, alternately, both on one core, so both see
 * the same load. Prints each side's moves per second of search, the ratio and the reach rates.
 *
 *   node packages/ai/dist/versus-nneonneo.js [--depth 3] [--games 4] [--max-moves N]
 *     [--peer DIR] [--cpu 0] [--optional]
 *
 * The peer is a clone of https://github.com/nneonneo/2048-ai outside this repository (`--peer`,
 * else $NNEONNEO_DIR, else twenty48/peers/2048-ai under the user's cache directory:
 * $XDG_CACHE_HOME, or ~/.cache). Its source is copied to a temporary directory
 * with our driver (packages/ai/bench/nneonneo-driver.cpp: its search untouched, the depth fixed)
 * and compiled there with g++ -O3. Without a peer (or g++) it names the error (ERR_PEER_MISSING,
 * ERR_COMPILER_MISSING) and exits with code 3, or 0 with `--optional` (as `npm run bench` runs it).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorMessage } from '@twenty48/common';
import { maxTile, newGame, step } from '@twenty48/engine';
import { benchFlags, positiveCount } from './benchFlags.js';
import { expectimaxPlayer } from './expectimax.js';
import { REACH_TILES } from './strength.js';

interface Side {
  moves: number;
  seconds: number;
  maxTiles: number[];
}

const PEER_FILES = ['2048.cpp', '2048.h', 'platdefs.h'];

/**
 * Where the peer is looked for when neither --peer nor $NNEONNEO_DIR names it: a folder of the
 * user's cache directory (the XDG rule: $XDG_CACHE_HOME when it is an absolute path, else
 * ~/.cache), the same on every machine and never inside this repository.
 */
function defaultPeerDir(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const cache = env.XDG_CACHE_HOME;
  const base = cache !== undefined && isAbsolute(cache) ? cache : join(home, '.cache');
  return join(base, 'twenty48', 'peers', '2048-ai');
}

const DEFAULT_PEER = process.env.NNEONNEO_DIR || defaultPeerDir();

const USAGE = `usage: node packages/ai/dist/versus-nneonneo.js [--depth 3] [--games 4]
  [--max-moves N] [--peer DIR] [--cpu 0] [--optional]
  --peer DIR  a clone of https://github.com/nneonneo/2048-ai (default: $NNEONNEO_DIR, else
              $XDG_CACHE_HOME or ~/.cache, then twenty48/peers/2048-ai; here ${DEFAULT_PEER})`;

const flags = benchFlags(
  {
    options: {
      depth: { type: 'string', default: '3' },
      games: { type: 'string', default: '4' },
      'max-moves': { type: 'string', default: '1000000' },
      peer: { type: 'string', default: DEFAULT_PEER },
      cpu: { type: 'string', default: '0' },
      optional: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  },
  USAGE,
);
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}

const count = (name: 'depth' | 'games' | 'max-moves'): number =>
  positiveCount(flags[name], name, USAGE);

const depth = count('depth');
const games = count('games');
const maxMoves = count('max-moves');
const cpu = flags.cpu;
const peer = flags.peer;
const optional = flags.optional;

/** Stop for want of the peer or a compiler: an error, or a skip when the run is optional. */
function missing(lines: string[]): never {
  console.error(lines.join('\n'));
  if (optional) console.error('versus-nneonneo skipped (--optional).');
  process.exit(optional ? 0 : 3);
}

if (!PEER_FILES.every((file) => existsSync(join(peer, file)))) {
  missing([
    `ERR_PEER_MISSING: no nneonneo/2048-ai source at ${peer} (want ${PEER_FILES.join(', ')}).`,
    'Get it outside this repository, then pass --peer DIR or set NNEONNEO_DIR:',
    `  git clone https://github.com/nneonneo/2048-ai ${peer}`,
    `  cd ${peer} && ./configure && make   # needs g++`,
  ]);
}

// The peer's source and our driver, compiled outside the repository.
const build = mkdtempSync(join(tmpdir(), 'nneonneo-'));
process.on('exit', () => rmSync(build, { recursive: true, force: true }));
for (const file of PEER_FILES) copyFileSync(join(peer, file), join(build, file));
if (existsSync(join(peer, 'config.h')))
  copyFileSync(join(peer, 'config.h'), join(build, 'config.h'));
else
  writeFileSync(join(build, 'config.h'), '#define HAVE_UNORDERED_MAP 1\n#define HAVE_DRAND48 1\n');
const driverSource = fileURLToPath(new URL('../bench/nneonneo-driver.cpp', import.meta.url));
copyFileSync(driverSource, join(build, 'driver.cpp'));
const driver = join(build, 'driver');
try {
  execFileSync('g++', ['-O3', '-Wno-return-type', '-o', driver, join(build, 'driver.cpp')], {
    stdio: 'inherit',
  });
} catch (error) {
  missing([`ERR_COMPILER_MISSING: g++ -O3 could not build the peer: ${errorMessage(error)}`]);
}

// Both sides on one core: this process (and so the peer it starts) pinned with taskset.
let pinned = false;
try {
  execFileSync('taskset', ['-a', '-cp', cpu, String(process.pid)], { stdio: 'ignore' });
  pinned = true;
} catch {
  console.log('taskset unavailable: the two sides are not pinned to one core');
}

const player = expectimaxPlayer({ depth });

function playOurs(seed: number, side: Side): void {
  let game = newGame('classic', `versus-${seed}`);
  let moves = 0;
  let seconds = 0;
  while (game.status !== 'lost' && moves < maxMoves) {
    const started = process.cpuUsage();
    const direction = player(game);
    const used = process.cpuUsage(started);
    seconds += (used.user + used.system) / 1e6;
    if (direction === null) break;
    game = step(game, direction).game;
    moves++;
  }
  side.moves += moves;
  side.seconds += seconds;
  side.maxTiles.push(maxTile(game.board));
}

function playTheirs(seed: number, side: Side): void {
  const out = execFileSync(driver, [String(depth), String(seed), String(maxMoves)], {
    encoding: 'utf8',
  });
  const result = JSON.parse(out) as { moves: number; seconds: number; maxTile: number };
  side.moves += result.moves;
  side.seconds += result.seconds;
  side.maxTiles.push(result.maxTile);
}

const ours: Side = { moves: 0, seconds: 0, maxTiles: [] };
const theirs: Side = { moves: 0, seconds: 0, maxTiles: [] };
// Warm our JIT on a few moves so the first game does not pay for it alone.
{
  let game = newGame('classic', 'versus-warm-up');
  for (let i = 0; i < 50 && game.status !== 'lost'; i++) {
    const direction = expectimaxPlayer({ depth })(game);
    if (direction === null) break;
    game = step(game, direction).game;
  }
}
console.log(
  `expectimax depth ${depth} (root move + ${depth}), ${games} games each${maxMoves < 1_000_000 ? ` of at most ${maxMoves} moves` : ''}, interleaved${pinned ? ` on cpu ${cpu}` : ''} (node ${process.version})`,
);
for (let i = 1; i <= games; i++) {
  playOurs(i, ours);
  playTheirs(i, theirs);
  const rate = (side: Side) => Math.round(side.moves / side.seconds);
  console.log(`  game ${i}: ours ${rate(ours)} moves/s, nneonneo ${rate(theirs)} moves/s so far`);
}

const reach = (side: Side): string =>
  REACH_TILES.map(
    (tile) =>
      `${tile}: ${Math.round((100 * side.maxTiles.filter((t) => t >= tile).length) / side.maxTiles.length)} %`,
  ).join(', ');
const rate = (side: Side): number => side.moves / side.seconds;
const line = (name: string, side: Side): string =>
  `${name.padEnd(10)} ${Math.round(rate(side)).toLocaleString('en').padStart(8)} moves/s  (${side.moves} moves in ${side.seconds.toFixed(1)} s)  reach ${reach(side)}`;
console.log(line('ours', ours));
console.log(line('nneonneo', theirs));
console.log(`ratio (ours / nneonneo) at depth ${depth}: ${(rate(ours) / rate(theirs)).toFixed(2)}`);
