/**
 * A match between two engines speaking the `checkers engine` protocol, each its own process:
 * ours (`checkers engine`, or `--ours CMD`) against a peer (`--peer CMD`), at equal time a move,
 * from the ACF 3-move ballots, each ballot played twice with the colours swapped, one game at a
 * time. Run after a build:
 *
 *   node packages/cli/dist/checkers/match.js --peer CMD [--ms 100] [--games 20] [--first 1]
 *     [--max-plies 300] [--pdn FILE] [--ours CMD] [--ours-go GO] [--peer-go GO]
 *
 * Rules and adjudication: our rules drive every game (`playMove`): a side with no legal move or
 * no piece loses; the same position a third time with the same side to move, or 80 plies
 * without a capture or a man's move, is a draw; a game still going after `--max-plies` plies
 * (ballot included) is adjudicated a draw. An engine that answers an illegal move, an `error`
 * line, or nothing within 10 x ms + 5 s (nothing to `isready` within 2 minutes), or dies, loses
 * that game (named in its line).
 * Each engine gets `newgame` and `isready` before each game (its answer `readyok` is awaited,
 * untimed, so loading a database or warming up never counts as thinking), then
 * `position startpos moves …` (the whole game so far) and `go movetime <ms>` for each move.
 * The longest think of each side is printed with the game and ply it happened at.
 *
 * `--ours-go` and `--peer-go` send another `go` to that side instead: `movetime <ms>`,
 * `depth <n>` or `nodes <n>` (`go nodes` is our engine's; GuiNN's driver has the other two).
 * With `nodes` for ours and `depth` for the peer, neither side depends on the clock or the
 * machine's load, so a match repeats game for game: a change to the search is measured at an
 * equal node budget, every difference its own. An engine given a depth or a node budget has 10
 * minutes and 5 s to answer.
 *
 * Games go ballots `--first`, `--first`+1, … (1-based, ACF order less the barred ones), ours
 * with black first, then with red. Each game is printed as it ends; the totals (W/D/L for us,
 * points, percentage with its 95 % spread over ballot pairs, mean and longest think of each side)
 * at the end, so a log cut short still shows a partial match.
 *
 * The peer used for the README's figures is GuiNN Checkers 2.06 (github jonkr2/GuiNN_Checkers)
 * behind a small stdin/stdout driver, built outside this repository; see "Checkers: the
 * yardstick" in the README for how to build it. Any engine speaking the protocol will do.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ACF_BALLOTS,
  ballot,
  type Game,
  gameToPdn,
  MAX_GO_DEPTH,
  MAX_GO_NODES,
  MAX_MOVETIME,
  moveToPdn,
  newGame,
  parsePdnMove,
  playMove,
  type Side,
} from '@twenty48/checkers';
import { failOptions, scriptFlags } from '../toolkit/commandLine.js';
import { type EngineProcess, startEngine } from './engineProcess.js';

const USAGE = `usage: node packages/cli/dist/checkers/match.js --peer CMD [--ms 100] [--games 20]
  [--first 1] [--max-plies 300] [--pdn FILE] [--ours CMD] [--ours-go GO] [--peer-go GO]
  GO: "movetime <ms>", "depth <n>" or "nodes <n>" (default: movetime of --ms)`;

/** The longest wait for `readyok`: loading a 5-piece database on a loaded machine. */
const READY_TIMEOUT_MS = 120_000;

/** What one side is sent for each move, and how long its answer may take. */
interface Go {
  /** The words after `go`: `movetime 100`, `depth 14`, `nodes 40000`. */
  readonly words: string;
  readonly waitMs: number;
}

const GO_LIMITS = { movetime: MAX_MOVETIME, depth: MAX_GO_DEPTH, nodes: MAX_GO_NODES } as const;

/** A `--ours-go`/`--peer-go` value, checked; null when it is not one. */
function parseGo(text: string): Go | null {
  const match = /^(movetime|depth|nodes) (\d{1,9})$/.exec(text);
  if (match === null) return null;
  const kind = match[1] as keyof typeof GO_LIMITS;
  const value = Number(match[2]);
  if (value < 1 || value > GO_LIMITS[kind]) return null;
  // A movetime is answered within ten times its budget and 5 s; a depth or a node budget
  // within the engine's own longest search (ten minutes) and 5 s.
  return {
    words: `${kind} ${value}`,
    waitMs: (kind === 'movetime' ? value * 10 : MAX_MOVETIME) + 5000,
  };
}

/** One engine's thinking figures over the match. */
interface Thinking {
  moves: number;
  ms: number;
  longest: number;
  /** Where the longest think was: the game's number and the ply. */
  longestAt: string;
}

/** How a game ended, from our side: 1 win, 0.5 draw, 0 loss. */
interface Outcome {
  readonly points: number;
  readonly reason: string;
  readonly game: Game;
}

/**
 * Sends `isready` and waits for `readyok` (not timed: an engine loads its database and warms up
 * before it answers, as a GUI waits for a UCI engine). An engine that never answers has failed.
 */
async function ready(engine: EngineProcess): Promise<boolean> {
  engine.send('isready');
  for (;;) {
    const line = await engine.next(READY_TIMEOUT_MS);
    if (line === null) return false;
    if (line === 'readyok') return true;
  }
}

async function askMove(
  engine: EngineProcess,
  game: Game,
  go: Go,
  thinking: Thinking,
  where: string,
): Promise<{ move: string } | { failure: string }> {
  const moves = game.moves.map(moveToPdn).join(' ');
  engine.send(`position startpos${moves === '' ? '' : ` moves ${moves}`}`);
  const started = performance.now();
  engine.send(`go ${go.words}`);
  for (;;) {
    const line = await engine.next(go.waitMs);
    if (line === null) return { failure: `${engine.name} gave no move` };
    if (line.startsWith('error ')) return { failure: `${engine.name} said ${line.slice(0, 80)}` };
    if (!line.startsWith('bestmove ')) continue;
    const spent = performance.now() - started;
    thinking.moves++;
    thinking.ms += spent;
    if (spent > thinking.longest) {
      thinking.longest = spent;
      thinking.longestAt = `${where}, ply ${game.moves.length + 1}`;
    }
    return { move: line.slice('bestmove '.length).trim() };
  }
}

async function playGame(
  ours: EngineProcess,
  peer: EngineProcess,
  opening: number,
  oursSide: Side,
  options: { oursGo: Go; peerGo: Go; maxPlies: number },
  thinking: { ours: Thinking; peer: Thinking },
  where: string,
): Promise<Outcome> {
  let game = newGame();
  for (const move of ballot(opening).moves) {
    const played = playMove(game, move);
    if (!played.ok) throw new Error(played.error.message);
    game = played.value;
  }
  ours.send('newgame');
  peer.send('newgame');
  for (const engine of [ours, peer])
    if (!(await ready(engine)))
      return {
        points: engine === ours ? 0 : 1,
        reason: `${engine.name} did not answer isready with readyok`,
        game,
      };
  const pointsFor = (winner: Side): number => (winner === oursSide ? 1 : 0);
  while (game.status.kind === 'playing') {
    if (game.moves.length >= options.maxPlies)
      return { points: 0.5, reason: `adjudicated a draw after ${options.maxPlies} plies`, game };
    const turn = game.position.turn;
    const engine = turn === oursSide ? ours : peer;
    const answer = await askMove(
      engine,
      game,
      turn === oursSide ? options.oursGo : options.peerGo,
      turn === oursSide ? thinking.ours : thinking.peer,
      where,
    );
    const other: Side = turn === 'black' ? 'red' : 'black';
    if ('failure' in answer) return { points: pointsFor(other), reason: answer.failure, game };
    const move = parsePdnMove(game.position, answer.move);
    if (!move.ok)
      return {
        points: pointsFor(other),
        reason: `${engine.name} played ${answer.move.slice(0, 40)}: ${move.error.code}`,
        game,
      };
    const played = playMove(game, move.value);
    if (!played.ok) return { points: pointsFor(other), reason: played.error.message, game };
    game = played.value;
  }
  const status = game.status;
  if (status.kind === 'draw') return { points: 0.5, reason: `draw (${status.reason})`, game };
  if (status.kind === 'won')
    return {
      points: pointsFor(status.winner),
      reason: `${status.winner} won (${status.reason})`,
      game,
    };
  return { points: 0.5, reason: 'unfinished', game };
}

function fail(message: string): never {
  return failOptions('match', message, USAGE);
}

/** The flags, checked: an unknown flag or a bad value is named, with the usage. */
function readFlags() {
  const { values } = scriptFlags(
    'match',
    {
      options: {
        peer: { type: 'string' },
        ours: { type: 'string' },
        ms: { type: 'string', default: '100' },
        games: { type: 'string', default: '20' },
        first: { type: 'string', default: '1' },
        'max-plies': { type: 'string', default: '300' },
        pdn: { type: 'string' },
        'ours-go': { type: 'string' },
        'peer-go': { type: 'string' },
      },
    },
    USAGE,
  );
  const whole = (name: string, text: string, max: number): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1 || value > max)
      fail(`--${name} must be a whole number 1 to ${max}, not ${text.slice(0, 20)}`);
    return value;
  };
  if (values.peer === undefined) fail('--peer CMD is required');
  const games = whole('games', values.games, 2 * ACF_BALLOTS.length);
  if (games % 2 !== 0) fail('--games must be even: each ballot is played with both colours');
  const first = whole('first', values.first, ACF_BALLOTS.length);
  if (first - 1 + games / 2 > ACF_BALLOTS.length)
    fail(`--first ${first} with --games ${games} runs past the ${ACF_BALLOTS.length} ballots`);
  const ms = whole('ms', values.ms, MAX_MOVETIME);
  const goOf = (name: string, text: string | undefined): Go => {
    const go = parseGo(text ?? `movetime ${ms}`);
    if (go === null)
      fail(
        `--${name} must be "movetime <ms>" (1 to ${MAX_MOVETIME}), "depth <n>" (1 to ${MAX_GO_DEPTH}) or "nodes <n>" (1 to ${MAX_GO_NODES}), not ${JSON.stringify((text ?? '').slice(0, 30))}`,
      );
    return go;
  };
  const oursGo = goOf('ours-go', values['ours-go']);
  const peerGo = goOf('peer-go', values['peer-go']);
  const main = fileURLToPath(new URL('./main.js', import.meta.url));
  return {
    peer: values.peer,
    ours: values.ours ?? `${JSON.stringify(process.execPath)} ${JSON.stringify(main)} engine`,
    oursGo,
    peerGo,
    // How the header and the PDN name the pace: `100 ms` when both sides get --ms.
    pace:
      values['ours-go'] === undefined && values['peer-go'] === undefined
        ? `${ms} ms`
        : `ours go ${oursGo.words}, peer go ${peerGo.words}`,
    games,
    first,
    maxPlies: whole('max-plies', values['max-plies'], 10_000),
    pdn: values.pdn,
  };
}

async function main(): Promise<void> {
  const flags = readFlags();
  const ours = startEngine('ours', flags.ours);
  const peer = startEngine('peer', flags.peer);
  const thinking = {
    ours: { moves: 0, ms: 0, longest: 0, longestAt: 'none' },
    peer: { moves: 0, ms: 0, longest: 0, longestAt: 'none' },
  };
  const tally = { win: 0, draw: 0, loss: 0 };
  const pairs: number[] = [];
  const pdn: string[] = [];
  console.log(
    `match: ours (${flags.ours}) vs peer (${flags.peer}), ${flags.pace} a move, ${flags.games} games from ballot ${flags.first}`,
  );
  try {
    for (let b = flags.first - 1; b < flags.first - 1 + flags.games / 2; b++) {
      let pair = 0;
      for (const side of ['black', 'red'] as const) {
        const where = `game ${tally.win + tally.draw + tally.loss + 1}`;
        const outcome = await playGame(ours, peer, b, side, flags, thinking, where);
        pair += outcome.points;
        if (outcome.points === 1) tally.win++;
        else if (outcome.points === 0) tally.loss++;
        else tally.draw++;
        const n = tally.win + tally.draw + tally.loss;
        const points = tally.win + tally.draw / 2;
        console.log(
          `game ${n}: ballot ${b + 1} (${ACF_BALLOTS[b]}), ours ${side}: ${outcome.points === 1 ? 'win' : outcome.points === 0 ? 'loss' : 'draw'}, ${outcome.reason}, ${outcome.game.moves.length} plies; so far +${tally.win} =${tally.draw} -${tally.loss}, ${points}/${n}`,
        );
        pdn.push(
          gameToPdn(outcome.game, {
            event: `match ballot ${b + 1} ${flags.pace}`,
            black: side === 'black' ? 'ours' : 'peer',
            white: side === 'red' ? 'ours' : 'peer',
          }),
        );
        if (flags.pdn !== undefined) writeFileSync(flags.pdn, pdn.join('\n'));
      }
      pairs.push(pair);
    }
  } finally {
    ours.close();
    peer.close();
  }
  const n = tally.win + tally.draw + tally.loss;
  const points = tally.win + tally.draw / 2;
  const mean = pairs.reduce((a, b) => a + b, 0) / pairs.length;
  const variance = pairs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, pairs.length - 1);
  const spread = (1.96 * Math.sqrt(variance / pairs.length)) / 2;
  const think = (t: Thinking) =>
    `${(t.ms / Math.max(1, t.moves)).toFixed(1)} ms mean, ${t.longest.toFixed(1)} ms longest (${t.longestAt})`;
  console.log(
    `result: ours +${tally.win} =${tally.draw} -${tally.loss}: ${points}/${n} points, ${((100 * points) / n).toFixed(1)} % ± ${(100 * spread).toFixed(1)} (95 %, over ${pairs.length} ballot pairs)`,
  );
  console.log(`think: ours ${think(thinking.ours)}; peer ${think(thinking.peer)} (pipes included)`);
  setTimeout(() => process.exit(0), 200).unref();
}

await main();
