/**
 * The evaluation's learned parts, made here: positions from engine games, each scored by a
 * strong engine's search; a least-squares fit of piece-square weights to those scores, and the
 * evaluation network fitted on top of them.
 *
 *   node packages/cli/dist/checkers/tune.js label --peer CMD --pdn FILE[,FILE…] --out FILE
 *     [--depth 6] [--seed 1] [--limit 20000]
 *   node packages/cli/dist/checkers/tune.js selfplay --peer CMD --out FILE [--depth 8]
 *     [--limit 100000] [--random 0.1] [--random-until 200] [--seed 1]
 *   node packages/cli/dist/checkers/tune.js leaves --out FILE [--peer CMD] [--network FILE]
 *     [--depth 10] [--games 156, 312 with a peer] [--rate 0.02] [--random 0.05] [--seed 1]
 *   node packages/cli/dist/checkers/tune.js sample --in FILE[,FILE…] --out FILE
 *     [--pieces 2-24] [--count all] [--seed 1]
 *   node packages/cli/dist/checkers/tune.js static --peer CMD --in FILE[,FILE…] --out FILE
 *     [--symmetric] [--results] [--depth 0]
 *   node packages/cli/dist/checkers/tune.js fit --in FILE[,FILE…] [--lambda 0.01]
 *     --out packages/checkers/src/evalWeights.ts
 *   node packages/cli/dist/checkers/tune.js network --in FILE[,FILE…] --out FILE [--hidden 64]
 *     [--hidden2 0] [--result 0] [--result-pieces 1] [--epochs 20] [--rate 0.8] [--seed 1]
 *     [--init FILE]
 *
 * (label files may be gzipped: the committed ones are packages/cli/data/tuning/*.tsv.gz).
 *
 * `label` reads the games of the PDN files (the match script's `--pdn`), keeps every quiet
 * position (no capture to make) and, from each, one position a random legal move away (so the
 * sample is not only what good players play), asks the peer (any engine speaking the `checkers
 * engine` protocol) for `go depth <depth>` and writes `FEN<TAB>score` lines (the score for the
 * side to move, as the peer reports it).
 *
 * `selfplay` makes labelled positions from the peer playing itself (see `selfplay` below);
 * `leaves` samples the positions our own search scores at its leaves, `sample` draws some of
 * them by their number of pieces, and `static` labels positions with the peer's static
 * evaluation, or its search (see `leaves`, `sample` and `staticLabels` below);
 * `network` fits the evaluation network (see `fitNetwork` below).
 *
 * `fit` solves a ridge least-squares problem: score ≈ a · (our hand-written evaluation) +
 * Σ w · features, the features being, for each square, a man or a king of the side to move
 * there minus one of the other side on the square turned half round, split between the middle
 * game and the ending by the number of pieces. It writes the weights, divided by a so they are
 * in our units (a man = 100), as a TypeScript module the evaluation imports.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  ACF_BALLOTS,
  applyMove,
  ballot,
  bitCount,
  colourFlip,
  EVAL_FEATURES,
  type EvalNetwork,
  evalFeatures,
  evaluate,
  handEvaluate,
  initialPosition,
  legalCaptures,
  legalMoves,
  MAX_HIDDEN,
  type Move,
  makeFen,
  makeNetworkFile,
  NETWORK_INPUTS,
  NETWORK_OUTPUT_SCALE,
  networkForward,
  networkInputs,
  networkTables,
  opponent,
  type Position,
  parseFen,
  parsePdnMove,
  type SideMasks,
  sampleLeaves,
  searchBest,
  sideMasks,
  splitPdnGames,
  useNetwork,
  WIN_SCORE,
} from '@twenty48/checkers';
import { errorMessage } from '@twenty48/common';
import { failOptions, scriptFlags } from '../toolkit/commandLine.js';
import { startEngine } from './engineProcess.js';
import { DEFAULT_NETWORK_PATH, readNetworkFile } from './networkFile.js';
import { textChunks } from './textChunks.js';

/** The tuner's random numbers in [0, 1), the same sequence for the same seed (every command's
 * `--seed`). */
function seededRandom(start: number): () => number {
  let seed = start;
  return () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
}

function gamesOf(pdn: string): Position[][] {
  const games: Position[][] = [];
  for (const block of splitPdnGames(pdn)) {
    const fenTag = /\[FEN "([^"]+)"\]/.exec(block);
    let position = initialPosition();
    if (fenTag?.[1]) {
      const parsed = parseFen(fenTag[1]);
      if (!parsed.ok) continue;
      position = parsed.value;
    }
    const text = block.replace(/\[[^\]]*\]/g, ' ');
    const positions: Position[] = [];
    for (const token of text.split(/\s+/)) {
      if (!/^\d+[-x]\d+/.test(token)) continue;
      const move = parsePdnMove(position, token);
      if (!move.ok) break;
      positions.push(position);
      position = applyMove(position, move.value);
    }
    games.push(positions);
  }
  return games;
}

/** The longest a peer may take over one line of its answer. */
const PEER_LINE_MS = 600_000;

function startPeer(command: string) {
  const peer = startEngine('peer', command);
  return {
    /** The peer's last score for the side to move and its best move (null: none given). */
    async search(
      fen: string,
      depth: number,
    ): Promise<{ score: number | null; best: string | null }> {
      peer.send(`position fen ${fen}`);
      peer.send(`go depth ${depth}`);
      let score: number | null = null;
      for (;;) {
        const line = await peer.next(PEER_LINE_MS);
        if (line === null) throw new Error(`the peer ended or went silent at ${fen} (ERR_PEER)`);
        const found = /^info .*score (-?\d+)/.exec(line);
        if (found) score = Number(found[1]);
        if (line.startsWith('error')) return { score, best: null };
        if (line.startsWith('bestmove')) {
          const best = line.split(' ')[1];
          return { score, best: best && best !== 'none' ? best : null };
        }
      }
    },
    /** A new game: the peer forgets the last one. */
    newGame: () => peer.send('newgame'),
    close: () => peer.close(),
  };
}

async function label(values: Record<string, string | undefined>): Promise<void> {
  const peer = startPeer(values.peer ?? '');
  const depth = Number(values.depth ?? 6);
  const limit = Number(values.limit ?? 20000);
  const random = seededRandom(Number(values.seed ?? 1));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const file of (values.pdn ?? '').split(',')) {
    for (const game of gamesOf(readFileSync(file, 'utf8'))) {
      for (const position of game) {
        const candidates = [position];
        const moves = legalMoves(position);
        const pick = moves[Math.floor(random() * moves.length)];
        if (pick) candidates.push(applyMove(position, pick));
        for (const p of candidates) {
          const fen = makeFen(p);
          if (seen.has(fen) || legalCaptures(p).length > 0 || legalMoves(p).length === 0) continue;
          seen.add(fen);
          const { score } = await peer.search(fen, depth);
          if (score === null || Math.abs(score) > DECIDED) continue;
          out.push(`${fen}\t${score}`);
          if (out.length % 500 === 0) {
            process.stderr.write(`${out.length} positions\n`);
            writeFileSync(values.out ?? 'labels.tsv', `${out.join('\n')}\n`);
          }
          if (out.length >= limit) break;
        }
      }
    }
  }
  writeFileSync(values.out ?? 'labels.tsv', `${out.join('\n')}\n`);
  process.stderr.write(`${out.length} positions labelled\n`);
  peer.close();
}

/** Scores beyond this (peer units) are decided games, not evaluations: not kept as labels. */
const DECIDED = 1500;

/** The longest self-play game, in plies; one that reaches it undecided counts as a draw. */
const MAX_SELFPLAY_PLIES = 200;

/**
 * Positions from the peer playing itself: each game starts from an ACF ballot (in turn); at every
 * position the peer searches to `depth`, which labels the position (when quiet and undecided)
 * and picks the move, except that a move in `random` (default 0.1) is a random legal one, so
 * the games spread out (`--random-until PLY`: only in the first PLY plies; default 200, always).
 * A game ends when decided (|score| > 1500), without moves, or at 200 plies. Each game's lines
 * are appended when it ends (`FEN<TAB>score<TAB>result`, the result for the side to move: 1 a
 * win, -1 a loss, 0 a draw or a game stopped undecided, at 200 plies or by `--limit` in the
 * last game), so a stopped run keeps every game it finished.
 */
async function selfplay(values: Record<string, string | undefined>): Promise<void> {
  const depth = Number(values.depth ?? 8);
  const limit = Number(values.limit ?? 100000);
  const share = Number(values.random ?? 0.1);
  const randomUntil = Number(values['random-until'] ?? MAX_SELFPLAY_PLIES);
  if (
    !Number.isInteger(depth) ||
    depth < 1 ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    !(share >= 0 && share <= 1) ||
    !Number.isInteger(randomUntil) ||
    randomUntil < 0
  ) {
    failOptions(
      'tune',
      '--depth and --limit take a whole number from 1, --random a share from 0 to 1 and --random-until a ply from 0',
    );
  }
  const peer = startPeer(values.peer ?? '');
  const random = seededRandom(Number(values.seed ?? 1));
  const file = values.out ?? 'labels.tsv';
  writeFileSync(file, '');
  const seen = new Set<string>();
  let batch: string[] = [];
  let kept = 0;
  for (let game = 0; kept < limit; game++) {
    let position = ballot(game % ACF_BALLOTS.length).position;
    const labels: { fen: string; score: number; turn: Position['turn'] }[] = [];
    // The winner once known: the side to move when the game was decided or ran out of moves.
    let winner: Position['turn'] | null = null;
    for (let ply = 0; ply < MAX_SELFPLAY_PLIES && kept + labels.length < limit; ply++) {
      const moves = legalMoves(position);
      if (moves.length === 0) {
        winner = opponent(position.turn);
        break;
      }
      const fen = makeFen(position);
      const { score, best } = await peer.search(fen, depth);
      if (score !== null && Math.abs(score) > DECIDED) {
        winner = score > 0 ? position.turn : opponent(position.turn);
        break;
      }
      if (score !== null && !seen.has(fen) && legalCaptures(position).length === 0) {
        seen.add(fen);
        labels.push({ fen, score, turn: position.turn });
      }
      const chosen = best === null ? null : parsePdnMove(position, best);
      const move =
        (ply < randomUntil && random() < share) || chosen === null || !chosen.ok
          ? moves[Math.floor(random() * moves.length)]
          : chosen.value;
      if (move === undefined) break;
      position = applyMove(position, move);
    }
    for (const { fen, score, turn } of labels) {
      const result = winner === null ? 0 : winner === turn ? 1 : -1;
      batch.push(`${fen}\t${score}\t${result}\n`);
    }
    kept += labels.length;
    if (batch.length >= 2000 || kept >= limit) {
      appendFileSync(file, batch.join(''));
      batch = [];
      process.stderr.write(`${kept} positions, ${game + 1} games\n`);
    }
  }
  peer.close();
}

/**
 * The positions our own search scores at its leaves, where the evaluation must be right: the
 * engine (with the network `--network`, else the committed one) plays at `--depth` (default 10)
 * from the ACF ballots in turn, against itself, or with `--peer CMD` against that engine (any
 * engine speaking the `checkers engine` protocol, told `go depth` with the same depth): then each
 * ballot is played twice, ours with Black first, and only our own searches are sampled, so the
 * leaves are those of games against the opponent that counts. `--games` games (default 156
 * alone, 312 with a peer); a move of ours in `--random` (default 0.05) a random legal one so the
 * games spread out; a game ends when a side cannot move, when our search finds a win, or at 200
 * plies. Of the quiet leaves with more than 5 pieces (fewer are the endgame database's), each is
 * kept with chance `--rate` (default 0.02) and written once (a FEN a line), each game's when it
 * ends. The same options write the same file (with a peer, if the peer is deterministic at a
 * fixed depth after `newgame`: GuiNN's driver with `GUINN_NO_BOOK=1`, since its opening book
 * picks among good moves at random).
 */
async function leaves(values: Record<string, string | undefined>): Promise<void> {
  const depth = Number(values.depth ?? 10);
  const games = Number(values.games ?? (values.peer ? 2 : 1) * ACF_BALLOTS.length);
  const rate = Number(values.rate ?? 0.02);
  const share = Number(values.random ?? 0.05);
  if (
    !Number.isInteger(depth) ||
    depth < 1 ||
    depth > 20 ||
    !Number.isInteger(games) ||
    games < 1 ||
    !(rate > 0 && rate <= 1) ||
    !(share >= 0 && share <= 1)
  ) {
    failOptions(
      'tune',
      '--depth takes 1 to 20 plies, --games a whole number from 1, --rate a share above 0 to 1 and --random a share from 0 to 1',
    );
  }
  const read = readNetworkFile(values.network ?? DEFAULT_NETWORK_PATH);
  if (!read.ok) {
    process.stderr.write(`tune: ${read.message} (${read.code})\n`);
    process.exit(1);
  }
  useNetwork(networkTables(read.value.network));
  const random = seededRandom(Number(values.seed ?? 1));
  const file = values.out ?? 'leaves.txt';
  writeFileSync(file, '');
  const seen = new Set<string>();
  let batch: string[] = [];
  sampleLeaves((own, opp, kings, south) => {
    if (random() >= rate || bitCount(own | opp) <= 5) return;
    const black = south ? own : opp;
    const red = south ? opp : own;
    const fen = makeFen({ black, red, kings, turn: south ? 'black' : 'red' });
    if (seen.has(fen)) return;
    seen.add(fen);
    batch.push(`${fen}\n`);
  });
  const peer = values.peer ? startPeer(values.peer) : null;
  for (let game = 0; game < games; game++) {
    // Alone, a game a ballot; against a peer, each ballot twice, ours with Black first.
    let position = ballot((peer ? Math.floor(game / 2) : game) % ACF_BALLOTS.length).position;
    const ours = game % 2 === 0 ? 'black' : 'red';
    const history: Position[] = [];
    peer?.newGame();
    for (let ply = 0; ply < MAX_SELFPLAY_PLIES; ply++) {
      const moves = legalMoves(position);
      if (moves.length === 0) break;
      let chosen: Move | null | undefined;
      if (peer && position.turn !== ours) {
        const fen = makeFen(position);
        const { best } = await peer.search(fen, depth);
        const move = best === null ? null : parsePdnMove(position, best);
        if (!move?.ok) {
          peer.close();
          throw new Error(
            `the peer gave no legal move (${JSON.stringify((best ?? 'none').slice(0, 80))}) at ${fen} (ERR_PEER)`,
          );
        }
        chosen = move.value;
      } else {
        const { move, score } = searchBest(position, { depth, history });
        // A win found: the rest of the game teaches the evaluation nothing.
        if (Math.abs(score) > WIN_SCORE - 100) break;
        chosen = random() < share ? moves[Math.floor(random() * moves.length)] : move;
      }
      if (chosen === undefined || chosen === null) break;
      history.push(position);
      position = applyMove(position, chosen);
    }
    appendFileSync(file, batch.join(''));
    batch = [];
    process.stderr.write(`${seen.size} positions, ${game + 1} games\n`);
  }
  peer?.close();
  sampleLeaves(null);
}

/** Calls `each` with the first field of every line of the files (comma-separated, gzipped or
 * not) that is a FEN, and its position; other lines are skipped. */
function forEachFen(
  paths: string,
  each: (fen: string, position: Position, fields: string[]) => void,
): void {
  for (const path of paths.split(',')) {
    const bytes = readFileSync(path);
    for (const text of textChunks(path.endsWith('.gz') ? gunzipSync(bytes) : bytes))
      for (const line of text.split('\n')) {
        const fields = line.split('\t');
        const fen = fields[0] ?? '';
        const parsed = fen === '' ? null : parseFen(fen);
        if (parsed?.ok) each(fen, parsed.value, fields);
      }
  }
}

/** A label line's game result (its third field: 1, 0 or -1 for the side to move), or null. */
const resultField = (field: string | undefined): number | null =>
  field === '1' ? 1 : field === '-1' ? -1 : field === '0' ? 0 : null;

/**
 * Draws positions to label from FEN files (`leaves`' output, or any file whose lines begin
 * with a FEN): those with MIN to MAX pieces on the board (`--pieces MIN-MAX`, 2-24 by default),
 * each once (the same position written twice counts once), `--count` of them (all by default)
 * in a random order that `--seed` fixes, one FEN a line. The same files and flags give the same
 * file, so a sample to be labelled deeply (`static --depth`, slow) is made again by its command,
 * and its lines can be cut into parts (`split -l`) labelled one at a time.
 */
function sample(values: Record<string, string | undefined>): void {
  const range = /^(\d{1,2})-(\d{1,2})$/.exec(values.pieces ?? '2-24');
  const least = range ? Number(range[1]) : 0;
  const most = range ? Number(range[2]) : 0;
  const count = values.count === undefined ? Number.MAX_SAFE_INTEGER : Number(values.count);
  const seed = Number(values.seed ?? 1);
  if (least < 2 || most > 24 || least > most || !Number.isSafeInteger(count) || count < 1) {
    failOptions(
      'tune',
      '--pieces takes MIN-MAX, from 2 to 24 pieces, and --count a whole number from 1',
    );
  }
  const seen = new Set<string>();
  const kept: string[] = [];
  forEachFen(values.in ?? '', (_, position) => {
    const pieces = bitCount(position.black | position.red);
    if (pieces < least || pieces > most) return;
    const fen = makeFen(position);
    if (seen.has(fen)) return;
    seen.add(fen);
    kept.push(fen);
  });
  // The first `count` places of a Fisher-Yates shuffle.
  const random = seededRandom(seed);
  const drawn = Math.min(count, kept.length);
  for (let i = 0; i < drawn; i++) {
    const j = i + Math.floor(random() * (kept.length - i));
    const at = kept[i] as string;
    kept[i] = kept[j] as string;
    kept[j] = at;
  }
  writeFileSync(
    values.out ?? 'sample.fen',
    kept
      .slice(0, drawn)
      .map((fen) => `${fen}\n`)
      .join(''),
  );
  process.stderr.write(`${drawn} positions drawn of ${kept.length} with ${least}-${most} pieces\n`);
}

/** The longest a peer may take to answer `eval`, or a `label` line. */
const STATIC_LINE_MS = 60_000;

/** The deepest search `static --depth` asks for. */
const MAX_LABEL_DEPTH = 30;

/**
 * Labels positions with the peer's static evaluation: the first field (a FEN) of each line of
 * the `--in` files (gzipped or not) goes to the peer as `position fen <FEN>` then `eval`, and
 * its answer `eval <n>` (from the side to move; GuiNN's driver answers it, see the README)
 * becomes a `FEN<TAB>n` line of `--out`. With `--depth D` (1 to 30; 0, the default, is the
 * static value) the label is the peer's depth-D search score instead: the FENs go a thousand
 * at a time after `label D`, then `end`, and each answer line is `<static><TAB><score>` (GuiNN's
 * driver: every search from cleared tables, no book, ending at exactly depth D); a position
 * whose score (or its twin's) is beyond ±1500, a decided game and not an evaluation, is left
 * out. With `--symmetric`, the peer is also asked the value of the position's colour-flipped
 * twin (`colourFlip`: the same game with the colours exchanged), and the label is the mean of
 * the two, rounded half away from zero: GuiNN's evaluation gives the twins values that differ
 * (by 81 rms on 2,000 positions of the opening and middle game without kings; its depth-2
 * search by 58), and our network, which sees the board from the side to move, cannot tell them
 * apart, so that difference is noise to it. With `--results`, a line whose third field is a
 * game's result (1, 0 or -1, as `selfplay` writes it) keeps it: `FEN<TAB>n<TAB>result`, for
 * `network --result`. A line whose first field is no FEN is skipped; a
 * peer that answers anything else, ends or goes silent stops the run with ERR_PEER. The `--out`
 * file is written only once every `--in` file has been read.
 */
async function staticLabels(values: Record<string, string | undefined>): Promise<void> {
  const given = values.depth ?? '0';
  const depth = /^\d{1,3}$/.test(given) ? Number(given) : -1;
  if (depth < 0 || depth > MAX_LABEL_DEPTH) {
    failOptions('tune', `--depth takes 0 (the static value) to ${MAX_LABEL_DEPTH} plies`);
  }
  const symmetric = values.symmetric !== undefined;
  const keepResults = values.results !== undefined;
  const fens: string[] = [];
  // Each FEN's twin with the colours exchanged, when asked for (`--symmetric`).
  const twins: string[] = [];
  // Each FEN's game result as the label line's tail ('' when not kept or there is none).
  const tails: string[] = [];
  forEachFen(values.in ?? '', (fen, position, fields) => {
    fens.push(fen);
    if (symmetric) twins.push(makeFen(colourFlip(position)));
    const result = keepResults ? resultField(fields[2]) : null;
    tails.push(result === null ? '' : `\t${result}`);
  });
  const peer = startEngine('peer', values.peer ?? '');
  const file = values.out ?? 'static.tsv';
  writeFileSync(file, '');
  const asked = depth === 0 ? 'eval' : `label ${depth}`;
  const answer = depth === 0 ? /^eval (-?\d+)$/ : /^-?\d+\t(-?\d+)$/;
  const labelOf = async (fen: string): Promise<number> => {
    const line = await peer.next(STATIC_LINE_MS);
    const found = line === null ? null : answer.exec(line.trim());
    if (found === null) {
      peer.close();
      throw new Error(
        `the peer answered ${line === null ? 'nothing' : JSON.stringify(line.slice(0, 80))} to ${asked} at ${fen} (ERR_PEER)`,
      );
    }
    return Number(found[1]);
  };
  const ask = (fen: string) => {
    if (depth > 0) peer.send(fen);
    else {
      peer.send(`position fen ${fen}`);
      peer.send('eval');
    }
  };
  let kept = 0;
  let decided = 0;
  // A thousand at a time, so the pipe, not a round trip a position, sets the pace.
  for (let from = 0; from < fens.length; from += 1000) {
    const chunk = fens.slice(from, from + 1000);
    if (depth > 0) peer.send(asked);
    for (let i = 0; i < chunk.length; i++) {
      ask(chunk[i] as string);
      if (symmetric) ask(twins[from + i] as string);
    }
    if (depth > 0) peer.send('end');
    const out: string[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const fen = chunk[i] as string;
      let value = await labelOf(fen);
      let far = Math.abs(value) > DECIDED;
      if (symmetric) {
        const twin = await labelOf(twins[from + i] as string);
        far ||= Math.abs(twin) > DECIDED;
        const mean = (value + twin) / 2;
        value = Math.sign(mean) * Math.round(Math.abs(mean));
      }
      if (depth > 0 && far) {
        decided++;
        continue;
      }
      kept++;
      out.push(`${fen}\t${value}${tails[from + i]}\n`);
    }
    appendFileSync(file, out.join(''));
    if ((from / 1000) % 100 === 99) process.stderr.write(`${from + chunk.length} positions\n`);
  }
  process.stderr.write(
    `${kept} positions labelled${decided > 0 ? `, ${decided} decided left out` : ''}\n`,
  );
  peer.close();
}

// Solves (X'X + λI) w = X'y by Gaussian elimination.
function ridge(rows: Float64Array[], targets: number[], lambda: number): Float64Array {
  const n = (rows[0] as Float64Array).length;
  const a = new Float64Array(n * n);
  const b = new Float64Array(n);
  rows.forEach((row, r) => {
    const y = targets[r] as number;
    for (let i = 0; i < n; i++) {
      const xi = row[i] as number;
      if (xi === 0) continue;
      b[i] = (b[i] as number) + xi * y;
      for (let j = 0; j < n; j++) a[i * n + j] = (a[i * n + j] as number) + xi * (row[j] as number);
    }
  });
  for (let i = 1; i < n; i++) a[i * n + i] = (a[i * n + i] as number) + lambda * rows.length;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs(a[r * n + c] as number) > Math.abs(a[p * n + c] as number)) p = r;
    for (let j = 0; j < n; j++) {
      const t = a[c * n + j] as number;
      a[c * n + j] = a[p * n + j] as number;
      a[p * n + j] = t;
    }
    const t = b[c] as number;
    b[c] = b[p] as number;
    b[p] = t;
    const pivot = a[c * n + c] as number;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = (a[r * n + c] as number) / pivot;
      if (f === 0) continue;
      for (let j = c; j < n; j++)
        a[r * n + j] = (a[r * n + j] as number) - f * (a[c * n + j] as number);
      b[r] = (b[r] as number) - f * (b[c] as number);
    }
  }
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = (b[i] as number) / (a[i * n + i] as number);
  return w;
}

/**
 * Each labelled position of the label files (`FEN<TAB>score[<TAB>result]` lines, comma-separated
 * paths, gzipped or not) as the side to move's masks, the score and the game's result for the
 * side to move (1, 0 or -1; null when the line has none), in file order; lines that are not a
 * label are skipped.
 */
function forEachLabel(
  files: string,
  take: (masks: SideMasks, score: number, result: number | null) => void,
): void {
  for (const file of files.split(',')) {
    const read = readFileSync(file);
    const bytes = file.endsWith('.gz') ? gunzipSync(read) : read;
    // A piece at a time, cut after a newline: a file of millions of lines is longer than the
    // longest string the engine makes.
    for (const text of textChunks(bytes)) forEachLine(text, take);
  }
}

function forEachLine(
  text: string,
  take: (masks: SideMasks, score: number, result: number | null) => void,
): void {
  for (const line of text.split('\n')) {
    const [fen, score, result] = line.split('\t');
    if (!fen || score === undefined) continue;
    const parsed = parseFen(fen);
    if (parsed.ok) take(sideMasks(parsed.value), Number(score), resultField(result));
  }
}

function fit(values: Record<string, string | undefined>): void {
  const rows: Float64Array[] = [];
  const targets: number[] = [];
  forEachLabel(values.in ?? '', ({ own, opp, kings, south }, score) => {
    const row = new Float64Array(1 + EVAL_FEATURES);
    row[0] = handEvaluate(own, opp, kings, south);
    evalFeatures(own, opp, kings, south, row, 1);
    rows.push(row);
    targets.push(score);
  });
  const lambda = Number(values.lambda ?? 0.001);
  // Hold out every tenth position to report the fit honestly.
  const train = rows.filter((_, i) => i % 10 !== 0);
  const trainY = targets.filter((_, i) => i % 10 !== 0);
  const w = ridge(train, trainY, lambda);
  const error = (pick: (i: number) => boolean, model: (row: Float64Array) => number) => {
    let sum = 0;
    let n = 0;
    rows.forEach((row, i) => {
      if (!pick(i)) return;
      sum += (model(row) - (targets[i] as number)) ** 2;
      n++;
    });
    return Math.sqrt(sum / n).toFixed(1);
  };
  const full = (row: Float64Array) => row.reduce((s, x, i) => s + x * (w[i] as number), 0);
  const handOnly = ridge(
    train.map((r) => Float64Array.of(r[0] as number)),
    trainY,
    0,
  );
  const hand = (row: Float64Array) => (row[0] as number) * (handOnly[0] as number);
  const a = w[0] as number;
  process.stderr.write(
    `${rows.length} positions; scale ${a.toFixed(3)}; rms error on the held-out tenth: hand-written ${error((i) => i % 10 === 0, hand)}, fitted ${error((i) => i % 10 === 0, full)} (peer units)\n`,
  );
  const weights = Array.from(w.subarray(1), (x) => Math.round(x / a));
  const source = `// Generated by \`node packages/cli/dist/checkers/tune.js fit --in ${values.in} --lambda ${lambda}\`:
// piece-square weights fitted to a strong engine's search scores (see tune.ts); do not edit.
// ${rows.length} positions; order: evalFeatures' (men middle game, men ending, kings middle game,
// kings ending; 32 squares each, the side to move's view).

/** The learned weights, a man = 100. */
export const EVAL_WEIGHTS: readonly number[] = [${weights.join(', ')}];
`;
  writeFileSync(values.out ?? 'evalWeights.ts', source);
}

/** The sigmoid's scale for the network fit (peer units): the loss is on win chances, not scores. */
const SIGMOID_SCALE = 400;
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x / SIGMOID_SCALE));

/**
 * Fits the evaluation network (network.ts) on top of the evaluation: the peer's score ≈ s ·
 * (evaluate + 100 · network), s the least-squares scale of evaluate alone, by stochastic gradient
 * descent on the squared difference of the two as win chances (a sigmoid), holding out the last
 * tenth of the positions (the latest games) to report the fit. With `--result W` (0 to 1) and
 * label lines that carry the game's result, the win chance fitted to is (1 - W) · the score's
 * plus W · the result's (1, 1/2, 0); with `--result-pieces N` as well, only positions of N
 * pieces or more are fitted to their result (in an ending a game's result says more of how it
 * was played than of the position). Writes the network file (networkFormat.ts), gzipped.
 */
function fitNetwork(values: Record<string, string | undefined>): void {
  // With --init, the fit goes on from that network's weights, and its layers' sizes are its own.
  let start: EvalNetwork | null = null;
  if (values.init !== undefined) {
    const read = readNetworkFile(values.init);
    if (!read.ok) {
      process.stderr.write(`tune: ${read.message} (${read.code})\n`);
      process.exit(1);
    }
    start = read.value.network;
    for (const [flag, size] of [
      ['hidden', start.hidden],
      ['hidden2', start.hidden2 ?? 0],
    ] as const) {
      if (values[flag] !== undefined && Number(values[flag]) !== size) {
        failOptions('tune', `--${flag} ${values[flag]} is not the --init network's ${size}`);
      }
    }
  }
  const hidden = start?.hidden ?? Number(values.hidden ?? 64);
  const hidden2 = start === null ? Number(values.hidden2 ?? 0) : (start.hidden2 ?? 0);
  if (
    !Number.isInteger(hidden) ||
    hidden < 1 ||
    hidden > MAX_HIDDEN ||
    !Number.isInteger(hidden2) ||
    hidden2 < 0 ||
    hidden2 > MAX_HIDDEN
  ) {
    failOptions('tune', `--hidden takes 1 to ${MAX_HIDDEN} units and --hidden2 0 to ${MAX_HIDDEN}`);
  }
  const resultWeight = Number(values.result ?? 0);
  if (!(resultWeight >= 0 && resultWeight <= 1)) {
    failOptions('tune', '--result takes a weight from 0 to 1');
  }
  const resultPieces = values['result-pieces'] ?? '1';
  if (!/^\d{1,2}$/.test(resultPieces) || Number(resultPieces) < 1 || Number(resultPieces) > 24) {
    failOptions('tune', '--result-pieces takes 1 to 24 pieces');
  }
  const fewestForResult = Number(resultPieces);
  const bases: number[] = [];
  const targets: number[] = [];
  // The win chance each position is fitted to: the score's, blended with the game's result.
  const chances: number[] = [];
  // Every position's inputs, one after another (position i's from starts[i] to starts[i + 1]):
  // millions of positions fit in memory this way, where an array each would not.
  let flat = new Uint8Array(1 << 20);
  let used = 0;
  const starts: number[] = [0];
  forEachLabel(values.in ?? '', ({ own, opp, kings, south }, score, result) => {
    const on = networkInputs(own, opp, kings, south);
    if (used + on.length > flat.length) {
      const grown = new Uint8Array(flat.length * 2);
      grown.set(flat);
      flat = grown;
    }
    flat.set(on, used);
    used += on.length;
    starts.push(used);
    bases.push(evaluate(own, opp, kings, south));
    targets.push(score);
    chances.push(
      result === null || bitCount(own | opp) < fewestForResult
        ? sigmoid(score)
        : (1 - resultWeight) * sigmoid(score) + (resultWeight * (result + 1)) / 2,
    );
  });
  const n = targets.length;
  const heldFrom = Math.ceil(n * 0.9);
  let xy = 0;
  let xx = 0;
  for (let i = 0; i < heldFrom; i++) {
    xy += (bases[i] as number) * (targets[i] as number);
    xx += (bases[i] as number) ** 2;
  }
  const scale = xy / xx;
  const random = seededRandom(Number(values.seed ?? 1));
  // Fresh weights are drawn from the seed (a second hidden layer's after the first layer's); with
  // --init they are copies of that network's, and the seed orders the positions only.
  const net =
    start === null
      ? {
          hidden,
          w1: new Float32Array(NETWORK_INPUTS * hidden).map(() => (random() - 0.5) * 0.2),
          b1: new Float32Array(hidden),
          hidden2,
          wMid: new Float32Array(hidden2 * hidden).map(
            () => (random() - 0.5) * 2 * Math.sqrt(3 / hidden),
          ),
          bMid: new Float32Array(hidden2),
          w2: new Float32Array(hidden2 > 0 ? hidden2 : hidden).map(() => (random() - 0.5) * 0.2),
          b2: 0,
        }
      : {
          hidden,
          w1: Float32Array.from(start.w1),
          b1: Float32Array.from(start.b1),
          hidden2,
          wMid: Float32Array.from(start.wMid ?? []),
          bMid: Float32Array.from(start.bMid ?? []),
          w2: Float32Array.from(start.w2),
          b2: start.b2,
        };
  const { wMid } = net;
  const units = new Float32Array(hidden);
  const second = new Float32Array(hidden2);
  const back1 = new Float32Array(hidden);
  const inputsOf = (i: number): Uint8Array =>
    flat.subarray(starts[i] as number, starts[i + 1] as number);
  const predict = (i: number): number =>
    scale *
    ((bases[i] as number) + NETWORK_OUTPUT_SCALE * networkForward(net, inputsOf(i), units, second));
  const rms = (model: (i: number) => number): string => {
    let sum = 0;
    for (let i = heldFrom; i < n; i++) sum += (model(i) - (targets[i] as number)) ** 2;
    return Math.sqrt(sum / (n - heldFrom)).toFixed(1);
  };
  const handOnly = rms((i) => scale * (bases[i] as number));
  const epochs = Number(values.epochs ?? 20);
  const firstRate = Number(values.rate ?? 0.8);
  let rate = firstRate;
  const order = Array.from({ length: heldFrom }, (_, i) => i);
  // A gradient step on first-layer unit j, whose error is `back`, for the inputs that are on.
  const stepFirst = (on: Uint8Array, j: number, back: number): void => {
    net.b1[j] = (net.b1[j] as number) - back;
    for (const input of on) {
      net.w1[input * hidden + j] = (net.w1[input * hidden + j] as number) - back;
    }
  };
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      const t = order[k] as number;
      order[k] = order[j] as number;
      order[j] = t;
    }
    for (const i of order) {
      const p = sigmoid(predict(i));
      const y = chances[i] as number;
      // d(loss)/d(output), the loss (p - y)^2 / 2 on win chances.
      const g = (rate * (p - y) * p * (1 - p) * scale * NETWORK_OUTPUT_SCALE) / SIGMOID_SCALE;
      net.b2 -= g;
      const on = inputsOf(i);
      if (hidden2 > 0) {
        // Back through the second layer, then the first.
        back1.fill(0);
        for (let k = 0; k < hidden2; k++) {
          const u = second[k] as number;
          if (u <= 0) continue;
          const back = g * (net.w2[k] as number);
          net.w2[k] = (net.w2[k] as number) - g * u;
          net.bMid[k] = (net.bMid[k] as number) - back;
          const row = k * hidden;
          for (let j = 0; j < hidden; j++) {
            const h = units[j] as number;
            if (h <= 0) continue;
            back1[j] = (back1[j] as number) + back * (wMid[row + j] as number);
            wMid[row + j] = (wMid[row + j] as number) - back * h;
          }
        }
        for (let j = 0; j < hidden; j++) {
          const back = back1[j] as number;
          if (back !== 0) stepFirst(on, j, back);
        }
        continue;
      }
      for (let j = 0; j < hidden; j++) {
        const h = units[j] as number;
        if (h <= 0) continue;
        const back = g * (net.w2[j] as number);
        net.w2[j] = (net.w2[j] as number) - g * h;
        stepFirst(on, j, back);
      }
    }
    process.stderr.write(`epoch ${epoch + 1}: rms on the held-out tenth ${rms(predict)}\n`);
    rate *= 0.85;
  }
  const summary = `${n} positions; scale ${scale.toFixed(3)}; rms error on the held-out last tenth: evaluation alone ${handOnly}, with the network ${rms(predict)} (peer units)`;
  process.stderr.write(`${summary}\n`);
  const provenance = {
    command: `tune.js network --in ${values.in}${values.init === undefined ? '' : ` --init ${values.init}`} --hidden ${hidden}${hidden2 > 0 ? ` --hidden2 ${hidden2}` : ''}${resultWeight > 0 ? ` --result ${resultWeight}` : ''}${fewestForResult > 1 ? ` --result-pieces ${fewestForResult}` : ''} --epochs ${epochs} --rate ${firstRate} --seed ${values.seed ?? 1}`,
    summary,
  };
  writeFileSync(
    values.out ?? 'network.t48c.gz',
    gzipSync(makeNetworkFile(net, provenance), { level: 9 }),
  );
}

const { positionals, values } = scriptFlags('tune', {
  allowPositionals: true,
  options: {
    peer: { type: 'string' },
    pdn: { type: 'string' },
    out: { type: 'string' },
    in: { type: 'string' },
    depth: { type: 'string' },
    seed: { type: 'string' },
    limit: { type: 'string' },
    lambda: { type: 'string' },
    random: { type: 'string' },
    'random-until': { type: 'string' },
    result: { type: 'string' },
    'result-pieces': { type: 'string' },
    results: { type: 'boolean' },
    epochs: { type: 'string' },
    hidden: { type: 'string' },
    hidden2: { type: 'string' },
    init: { type: 'string' },
    rate: { type: 'string' },
    network: { type: 'string' },
    games: { type: 'string' },
    symmetric: { type: 'boolean' },
    pieces: { type: 'string' },
    count: { type: 'string' },
  },
});
const commands: Record<string, (values: Record<string, string | undefined>) => unknown> = {
  label,
  selfplay,
  leaves,
  sample,
  static: staticLabels,
  fit,
  network: fitNetwork,
};
const name = positionals[0] ?? '';
const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
if (command === undefined) {
  process.stderr.write(
    'usage: tune.js label --peer CMD --pdn FILES --out FILE | selfplay --peer CMD --out FILE | leaves --out FILE [--peer CMD] | sample --in FILES --out FILE [--pieces MIN-MAX] [--count N] [--seed S] | static --peer CMD --in FILES --out FILE [--symmetric] [--results] [--depth D] | fit --in FILES --out FILE | network --in FILES --out FILE (ERR_OPTIONS)\n',
  );
  process.exit(2);
}
// Every command's `--seed` is a whole number: an empty or other one would make a sequence of its
// own (Number('') is 0, Number('one') NaN), silently.
if (values.seed !== undefined && !/^-?\d{1,15}$/.test(values.seed))
  failOptions(
    'tune',
    `--seed takes a whole number, not ${JSON.stringify(values.seed.slice(0, 20))}`,
  );
// A peer that ends or goes silent, or a file that cannot be read or written, is one line and
// exit code 1, not a stack trace.
await Promise.resolve()
  // A flag without a value (`--symmetric`) is '' when given, like a string left empty.
  .then(() =>
    command(
      Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          key,
          value === true ? '' : value === false ? undefined : value,
        ]),
      ),
    ),
  )
  .catch((error: unknown) => {
    process.stderr.write(`tune: ${errorMessage(error)}\n`);
    process.exit(1);
  });
