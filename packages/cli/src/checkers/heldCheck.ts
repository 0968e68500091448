/**
 * The issue's "no game lost from a held position" check, over a match's PDN file (`match.js
 * --pdn FILE`). Run after a build:
 *
 *   node packages/cli/dist/checkers/heldCheck.js --pdn FILE [--depth 12] [--egdb FILE]
 *     [--judge CMD]
 *
 * For each game "ours" lost (the `Black`/`White` tags name the sides, the result says who won):
 * - every position of the game with few enough pieces is looked up in the endgame database
 *   (the committed one unless `--egdb`); a game lost after a position the database scores as a
 *   draw or a win for us is named: the ply, the FEN, the value;
 * - with `--depth D`, every position where we were to move is searched D plies deep (our search,
 *   the game's earlier positions counting for repetitions) and the last one scored held (0 or
 *   more for us) is named with the number of our moves from there to the end, the move we
 *   played there and the D-ply score for us of the position it made: where the game was lost
 *   by a mistake a D-ply search sees (a fall of a man or more in that one move), or lost by
 *   degrees. With `--judge CMD` another engine speaking the `checkers engine` protocol (GuiNN's
 *   driver, say) judges instead: each position is sent with the game's moves before it
 *   (`position … moves …`), searched with `go depth D`, and scored by its last `info … score`
 *   line, in the judge's own units. Either judge plays forced moves out first (`forcedLine`):
 *   a one-move position is scored by the position its forced moves reach. A game that opens
 *   with an ACF ballot from the start position (every match game) is judged from the first
 *   position after the ballot where we were to move: the ballot's moves were dealt, not
 *   chosen, so a hold inside them does not count.
 * Then the totals; then each game "ours" drew or lost after a position the database scores as a
 * win for us (the ply and the FEN), and how many: wins let slip in the ending. A tool, not a
 * test: with `--depth` it takes about a second a position.
 */
import { readFileSync } from 'node:fs';
import {
  ACF_BALLOTS,
  ballot,
  bitCount,
  EGDB_DRAW,
  EGDB_WIN,
  type Egdb,
  forcedLine,
  type Game,
  gamesOf,
  INITIAL_FEN,
  legalMoves,
  makeFen,
  moveToPdn,
  networkTables,
  parsePdnGame,
  probeEgdb,
  searchValue,
  splitPdnGames,
  useEgdb,
  useNetwork,
  WIN_SCORE,
} from '@twenty48/checkers';
import { escapeAndCut } from '@twenty48/common';
import { failOptions, scriptFlags, writeErrorLine } from '../toolkit/commandLine.js';
import { DEFAULT_EGDB_PATH, readEgdbFile } from './egdbFile.js';
import { type EngineProcess, startEngine } from './engineProcess.js';
import { DEFAULT_NETWORK_PATH, readNetworkFile } from './networkFile.js';

const USAGE =
  'usage: node packages/cli/dist/checkers/heldCheck.js --pdn FILE [--depth 12] [--egdb FILE] [--judge CMD]';

/** The longest the judge may take over one line of its answer. */
const JUDGE_LINE_MS = 600_000;

function fail(message: string): never {
  return failOptions('heldCheck', message, USAGE);
}

// The judge failed: its words, named, and the check ends (exit 1) without a verdict; the
// judge's input closes with this process, so it ends too.
function judgeFailed(message: string): never {
  writeErrorLine(`heldCheck: ${message}`, 'ERR_JUDGE');
  process.exit(1);
}

const { values } = scriptFlags(
  'heldCheck',
  {
    options: {
      pdn: { type: 'string' },
      depth: { type: 'string' },
      egdb: { type: 'string' },
      judge: { type: 'string' },
    },
  },
  USAGE,
);
if (values.pdn === undefined) fail('--pdn FILE is required');
const depth = values.depth === undefined ? 0 : Number(values.depth);
if (!Number.isInteger(depth) || depth < 0 || depth > 30)
  fail(`--depth must be a whole number 1 to 30, not ${String(values.depth).slice(0, 20)}`);
if (values.judge !== undefined && depth === 0)
  fail('--judge needs --depth: the depth it searches to');
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

// The positions after each ballot's three moves, to tell a ballot's dealt plies from chosen ones.
const BALLOT_PLIES = 3;
const ballotFens = new Set(ACF_BALLOTS.map((_, i) => makeFen(ballot(i).position)));

const chunks = splitPdnGames(text);
// Who judges the positions: our search, or the engine `--judge` names.
const judge = values.judge === undefined ? null : await startJudge(values.judge);
const judgeName = judge === null ? '' : ' by the judge';
let lost = 0;
let heldByDatabase = 0;
let heldBySearch = 0;
let blunders = 0;
// A fall of this much or more in one move is a mistake the search sees: a man, in the
// evaluation's units.
const MAN = 100;
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
    const dealt = dealtPlies(games);
    if (judge !== null) judge.send('newgame');
    const fromSearch = await lastSearchHold(games, ours, depth, dealt);
    const after = dealt > 0 ? ' after the ballot' : '';
    if (fromSearch !== null) {
      heldBySearch++;
      line += `; last held at ${depth} plies${judgeName}${after}: ply ${fromSearch.ply} (score ${fromSearch.score}, ${fromSearch.ourMovesLeft} of our moves to the end, ${fromSearch.fen}), then ${fromSearch.played} to ${fromSearch.scoreAfter}`;
      if (fromSearch.scoreAfter <= -MAN) blunders++;
    } else line += `; never held at ${depth} plies${judgeName}${after}`;
  }
  console.log(line);
}
console.log(
  `${lost} games lost; ${heldByDatabase} after a position the ${db.pieces}-piece database holds for us${depth > 0 ? `; ${heldBySearch} after a position a ${depth}-ply search${judgeName} scores 0 or more for us, in ${blunders} of them lost there by a move it scores ${MAN} or more below 0` : ''}`,
);
judge?.close();
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

// How many of the game's first plies a ballot dealt: 3 when it starts from the start position
// and its third ply reaches a ballot's position, else 0.
function dealtPlies(games: readonly Game[]): number {
  const start = games[0];
  const third = games[BALLOT_PLIES];
  if (start === undefined || third === undefined || makeFen(start.position) !== INITIAL_FEN)
    return 0;
  return ballotFens.has(makeFen(third.position)) ? BALLOT_PLIES : 0;
}

// The last position from ply `from` on with `ours` to move a fixed-depth search scores 0 or
// more, with the move played there and the same search's score for us of the position it made.
async function lastSearchHold(
  games: readonly Game[],
  ours: 'black' | 'red',
  plies: number,
  from: number,
) {
  const score = (ply: number) =>
    judge === null ? ourScore(games, ply, plies) : judged(games, ply, plies);
  for (let ply = games.length - 1; ply >= from; ply--) {
    const g = games[ply] as Game;
    if (g.position.turn !== ours || g.status.kind !== 'playing') continue;
    const held = await score(ply);
    if (held >= 0) {
      const ourMovesLeft = games.slice(ply, -1).filter((x) => x.position.turn === ours).length;
      // The move played there ('none' when the record stops at it) and the position it made,
      // scored for the side to move there, the opponent: for us it is the opposite.
      const next = games[ply + 1];
      const move = next?.moves[next.moves.length - 1];
      const played = move === undefined ? 'none' : moveToPdn(move);
      const scoreAfter = next?.status.kind === 'playing' ? -(await score(ply + 1)) : held;
      return { ply, score: held, ourMovesLeft, fen: makeFen(g.position), played, scoreAfter };
    }
  }
  return null;
}

// Our search's value of the position at `ply` for its side to move; a forced move costs no ply
// (searchBest alone would answer it with the static value).
function ourScore(games: readonly Game[], ply: number, plies: number): number {
  return searchValue(
    (games[ply] as Game).position,
    plies,
    games.slice(0, ply).map((earlier) => earlier.position),
  );
}

// The judge, started and asked `isready`: a command that is not an engine fails by name.
async function startJudge(command: string): Promise<EngineProcess> {
  const engine = startEngine('judge', command);
  engine.send('isready');
  for (;;) {
    const line = await engine.next(JUDGE_LINE_MS);
    if (line === 'readyok') return engine;
    if (line === null) {
      engine.close();
      judgeFailed(`the judge did not answer isready (${escapeAndCut(command, 80)})`);
    }
  }
}

// The judge's value of the position at `ply` for its side to move: the game's moves to there
// and the forced moves after it sent as one position, searched `plies` deep; its sign flips
// with each forced move. A position with no legal move is lost; a judge that answers with an
// error, no score or not at all ends the check with the judge's words.
async function judged(games: readonly Game[], ply: number, plies: number): Promise<number> {
  const engine = judge as EngineProcess;
  const g = games[ply] as Game;
  const { moves: forced, reached: at, sign } = forcedLine(g.position);
  if (legalMoves(at).length === 0) return -sign * WIN_SCORE;
  const start = makeFen((games[0] as Game).position);
  const moves = [...g.moves, ...forced].map(moveToPdn).join(' ');
  const setup = start === INITIAL_FEN ? 'position startpos' : `position fen ${start}`;
  engine.send(`${setup}${moves === '' ? '' : ` moves ${moves}`}`);
  engine.send(`go depth ${plies}`);
  let value: number | null = null;
  for (;;) {
    const line = await engine.next(JUDGE_LINE_MS);
    if (line === null) judgeFailed(`the judge ended or went silent at ${makeFen(at)}`);
    if (line.startsWith('error '))
      judgeFailed(`the judge said ${escapeAndCut(line, 120)} at ${makeFen(at)}`);
    const found = /^info .*\bscore (-?\d+)/.exec(line);
    if (found) value = Number(found[1]);
    if (line.startsWith('bestmove ')) {
      if (value === null) judgeFailed(`the judge gave no score at ${makeFen(at)}`);
      return sign * value;
    }
  }
}
