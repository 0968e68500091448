/**
 * The issue's "no game lost from a held position" check, over a match's PDN file (`match.js
 * --pdn FILE`). Run after a build:
 *
 *   node packages/cli/dist/checkers/heldCheck.js --pdn FILE [--depth 12] [--egdb FILE]
 *
 * For each game "ours" lost (the `Black`/`White` tags name the sides, the result says who won):
 * - every position of the game with few enough pieces is looked up in the endgame database
 *   (the committed one unless `--egdb`); a game lost after a position the database scores as a
 *   draw or a win for us is named: the ply, the FEN, the value;
 * - with `--depth D`, every position where we were to move is searched D plies deep (our search,
 *   the game's earlier positions counting for repetitions) and the last one scored held (0 or
 *   more for us) is named with the number of our moves from there to the end: where the game
 *   was lost by a mistake a D-ply search sees.
 * Then the totals; then each game "ours" drew or lost after a position the database scores as a
 * win for us (the ply and the FEN), and how many: wins let slip in the ending. A tool, not a
 * test: with `--depth` it takes about a second a position.
 */
import { readFileSync } from 'node:fs';
import {
  bitCount,
  EGDB_DRAW,
  EGDB_WIN,
  type Egdb,
  type Game,
  gamesOf,
  makeFen,
  networkTables,
  parsePdnGame,
  probeEgdb,
  searchBest,
  splitPdnGames,
  useEgdb,
  useNetwork,
} from '@twenty48/checkers';
import { failOptions, scriptFlags } from '../toolkit/commandLine.js';
import { DEFAULT_EGDB_PATH, readEgdbFile } from './egdbFile.js';
import { DEFAULT_NETWORK_PATH, readNetworkFile } from './networkFile.js';

const USAGE =
  'usage: node packages/cli/dist/checkers/heldCheck.js --pdn FILE [--depth 12] [--egdb FILE]';

function fail(message: string): never {
  return failOptions('heldCheck', message, USAGE);
}

const { values } = scriptFlags(
  'heldCheck',
  { options: { pdn: { type: 'string' }, depth: { type: 'string' }, egdb: { type: 'string' } } },
  USAGE,
);
if (values.pdn === undefined) fail('--pdn FILE is required');
const depth = values.depth === undefined ? 0 : Number(values.depth);
if (!Number.isInteger(depth) || depth < 0 || depth > 30)
  fail(`--depth must be a whole number 1 to 30, not ${String(values.depth).slice(0, 20)}`);
let text: string;
try {
  text = readFileSync(values.pdn, 'utf8');
} catch {
  fail(`cannot read ${values.pdn.slice(0, 200)}`);
}
const read = readEgdbFile(values.egdb ?? DEFAULT_EGDB_PATH);
if (!read.ok) fail(`the endgame database: ${read.message} (${read.code})`);
const db: Egdb = read.value;
useEgdb(db);
// The search judges with the evaluation the engine plays with.
const network = readNetworkFile(DEFAULT_NETWORK_PATH);
if (network.ok) useNetwork(networkTables(network.value.network));

const chunks = splitPdnGames(text);
let lost = 0;
let heldByDatabase = 0;
let heldBySearch = 0;
const slipped: string[] = [];
for (const [index, chunk] of chunks.entries()) {
  const parsed = parsePdnGame(chunk);
  if (!parsed.ok) {
    console.log(`game ${index + 1}: not read (${parsed.error.code})`);
    continue;
  }
  const { tags, result, game } = parsed.value;
  const ours = tags.Black === 'ours' ? 'black' : tags.White === 'ours' ? 'red' : null;
  if (ours === null) continue;
  const oursLost = (ours === 'black' && result === '0-2') || (ours === 'red' && result === '2-0');
  const oursWon = (ours === 'black' && result === '2-0') || (ours === 'red' && result === '0-2');
  const games = gamesOf(game);
  if (!oursWon) {
    const won = firstDatabaseHold(games, ours, 'win');
    if (won !== null)
      slipped.push(
        `game ${index + 1} (${tags.Event ?? ''}, ours ${ours}), ${oursLost ? 'lost' : 'drawn'} in ${game.moves.length} plies: won by the database at ply ${won.ply} (${won.fen})`,
      );
  }
  if (!oursLost) continue;
  lost++;
  const fromDatabase = firstDatabaseHold(games, ours);
  if (fromDatabase !== null) heldByDatabase++;
  let line = `game ${index + 1} (${tags.Event ?? ''}, ours ${ours}), lost in ${game.moves.length} plies: `;
  line +=
    fromDatabase === null
      ? 'never held by the database'
      : `held by the database at ply ${fromDatabase.ply} (${fromDatabase.value}, ${fromDatabase.fen})`;
  if (depth > 0) {
    const fromSearch = lastSearchHold(games, ours, depth);
    if (fromSearch !== null) {
      heldBySearch++;
      line += `; last held at ${depth} plies: ply ${fromSearch.ply} (score ${fromSearch.score}, ${fromSearch.ourMovesLeft} of our moves to the end, ${fromSearch.fen})`;
    } else line += `; never held at ${depth} plies`;
  }
  console.log(line);
}
console.log(
  `${lost} games lost; ${heldByDatabase} after a position the ${db.pieces}-piece database holds for us${depth > 0 ? `; ${heldBySearch} after a position a ${depth}-ply search scores 0 or more for us` : ''}`,
);
for (const line of slipped) console.log(line);
console.log(
  `${slipped.length} games drawn or lost after a position the ${db.pieces}-piece database scores as won for us`,
);

// The first position of the game the database scores as a draw or a win for `ours` (only a
// win with `only`).
function firstDatabaseHold(games: readonly Game[], ours: 'black' | 'red', only?: 'win') {
  for (const [ply, g] of games.entries()) {
    const p = g.position;
    if (bitCount(p.black | p.red) > db.pieces) continue;
    const value = probeEgdb(db, p.black | 0, p.red | 0, p.kings | 0, p.turn === 'black');
    // The value is for the side to move: a loss for the side to move is a win for the other.
    const forOurs =
      value === EGDB_DRAW ? 'draw' : (value === EGDB_WIN) === (p.turn === ours) ? 'win' : 'loss';
    if (value !== 0 && forOurs !== 'loss' && (only === undefined || forOurs === only))
      return { ply, value: forOurs, fen: makeFen(p) };
  }
  return null;
}

// The last position with `ours` to move a fixed-depth search scores 0 or more.
function lastSearchHold(games: readonly Game[], ours: 'black' | 'red', plies: number) {
  for (let ply = games.length - 1; ply >= 0; ply--) {
    const g = games[ply] as Game;
    if (g.position.turn !== ours || g.status.kind !== 'playing') continue;
    const history = games.slice(0, ply).map((earlier) => earlier.position);
    const { score } = searchBest(g.position, { depth: plies, history });
    if (score >= 0) {
      const ourMovesLeft = games.slice(ply, -1).filter((x) => x.position.turn === ours).length;
      return { ply, score, ourMovesLeft, fen: makeFen(g.position) };
    }
  }
  return null;
}
