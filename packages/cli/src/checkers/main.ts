#!/usr/bin/env node
/**
 * The `checkers` command: play (full-screen in a terminal, the original Racket checkers' command
 * loop with `--plain` or through a pipe), against the computer with `--ai`; `bestmove` and `perft`
 * for engines and scripts; `analyze` grades the moves of a PDN game. Flag mistakes are one named line and exit code 2, as for `2048`.
 */
import { createInterface } from 'node:readline';
import {
  type Book,
  buildEgdb,
  buildEgdbDistances,
  EGDB_DISTANCE_MATERIALS,
  type EgdbDistances,
  type EgdbMaterial,
  egdbDistanceLayout,
  egdbSize,
  formatBook,
  handleEngineLine,
  initialPosition,
  MAX_EGDB_PIECES,
  moveToPdn,
  networkTables,
  newEngineSession,
  newGame,
  type PerftDivision,
  type Position,
  parseFen,
  perft,
  perftDivide,
  recurringPositions,
  SIDES,
  type Side,
  searchBest,
  useEgdb,
  useEgdbDistances,
  useNetwork,
  warmUpEngine,
} from '@twenty48/checkers';
import { errorMessage } from '@twenty48/common';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { detectColorMode } from '../toolkit/colors.js';
import {
  failUsage,
  intFlagBetween,
  newProgram,
  positiveIntFlag,
  runCommandLine,
} from '../toolkit/commandLine.js';
import { ANALYZE_HELP, type AnalyzeOptions, analyzeCommand } from './analyze.js';
import {
  buildBook,
  DEFAULT_BOOK_PATH,
  readBookFile,
  readGameFiles,
  writeBookFile,
} from './bookFile.js';
import {
  DEFAULT_EGDB_DISTANCES_PATH,
  DEFAULT_EGDB_PATH,
  readEgdbDistancesFile,
  readEgdbFile,
  writeEgdbDistancesFile,
  writeEgdbFile,
} from './egdbFile.js';
import { playFullScreenCheckers } from './fullScreenPlay.js';
import { announcement } from './moveText.js';
import { DEFAULT_NETWORK_PATH, readNetworkFile } from './networkFile.js';
import { playPlainCheckers } from './plainPlay.js';
import { openSearcher, type SearchLimits } from './searchClient.js';
import { createSession } from './session.js';
import { formatBoard } from './textBoard.js';

/** The deepest fixed search `--level` and `--depth` take. */
const MAX_LEVEL = 30;
/** The longest time budget per move `--ms` takes: a minute. */
const MAX_MS = 60_000;
/** The deepest perft: depth 12 is 388 million leaves already. */
const MAX_PERFT_DEPTH = 20;

const parseSide = (text: string): Side => {
  const side = SIDES.find((name) => name === text);
  if (side === undefined)
    throw new InvalidArgumentError(`the computer plays black or red, not "${text.slice(0, 40)}"`);
  return side;
};

/** The position `--fen` names, or the start; a bad FEN is one line naming ERR_FEN, exit 2. */
function positionOf(fen: string | undefined): Position {
  if (fen === undefined) return initialPosition();
  const parsed = parseFen(fen);
  if (!parsed.ok) failUsage(parsed.error.message, parsed.error.code);
  return parsed.value;
}

const limitsOf = (options: {
  level?: number | undefined;
  ms?: number | undefined;
}): SearchLimits =>
  options.level !== undefined ? { depth: options.level } : { ms: options.ms ?? 1000 };

interface PlayOptions {
  readonly plain?: boolean;
  readonly ai?: Side;
  readonly level?: number;
  readonly ms?: number;
  readonly fen?: string;
  readonly color: boolean;
}

async function play(options: PlayOptions): Promise<void> {
  const position = positionOf(options.fen);
  const searcher = openSearcher();
  const session = createSession({
    game: newGame(position),
    ai: options.ai ?? null,
    limits: limitsOf(options),
    searcher,
    directory: process.cwd(),
  });
  const { stdin, stdout } = process;
  let code = 0;
  try {
    if (options.plain || !stdin.isTTY || !stdout.isTTY) {
      const end = await playPlainCheckers({
        session,
        input: stdin,
        output: stdout,
        echo: !stdin.isTTY,
      });
      if (end === 'failed') code = 1;
    } else {
      const mode = detectColorMode(process.env, !options.color);
      const end = await playFullScreenCheckers({ session, input: stdin, output: stdout, mode });
      const over = announcement(session.game.status);
      if (end === 'over' && over !== null) {
        stdout.write(`${formatBoard(session.game.position).join('\n')}\n\n${over}\n`);
      }
      if (end === 'interrupt') code = 130;
      if (end === 'failed') {
        process.stderr.write('checkers: the computer could not move (ERR_SEARCH)\n');
        code = 1;
      }
    }
  } finally {
    await searcher.close();
  }
  // Standard input may still be open (a terminal, a pipe nobody closed): the game is over.
  stdout.write('', () => process.exit(code));
}

function bestMove(options: { fen: string; ms?: number; depth?: number }): void {
  const position = positionOf(options.fen);
  loadNetwork(undefined);
  const found = searchBest(position, limitsOf({ level: options.depth, ms: options.ms }));
  if (found.move === null) {
    process.stderr.write(`checkers: ${position.turn} has no legal move here (ERR_GAME_OVER)\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`${moveToPdn(found.move)}\n`);
}

/**
 * `checkers engine`: the persistent engine, one command a line on standard input, answers on
 * standard output (the rules package's `handleEngineLine`), until `quit` or the end of input.
 */
async function engineCommand(options: {
  egdb?: string | false;
  egdbDistances?: string | false;
  book?: string | false;
  network?: string | false;
}): Promise<void> {
  loadEgdb(options.egdb, options.egdbDistances);
  loadNetwork(options.network);
  const session = newEngineSession(loadBook(options.book));
  warmUpEngine();
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  const write = (line: string): void => {
    process.stdout.write(`${line}\n`);
  };
  for await (const line of lines) {
    if (handleEngineLine(session, line, { write }) === 'quit') break;
  }
  lines.close();
  process.stdout.write('', () => process.exit(0));
}

/**
 * Lets the search use the endgame database (`path`, else the committed one; `false`: none) and
 * the root play its won endings by the distance table (`distances`, else the committed one;
 * `false`: none; not without a database). A file that is missing or refused is named in one line
 * on standard error and the engine plays on without it.
 */
function loadEgdb(path: string | false | undefined, distances?: string | false): void {
  if (path === false) return;
  const read = readEgdbFile(path ?? DEFAULT_EGDB_PATH);
  if (read.ok) useEgdb(read.value);
  else {
    process.stderr.write(
      `checkers: playing without the endgame database: ${read.message} (${read.code})\n`,
    );
    return;
  }
  if (distances === false) return;
  const table = readEgdbDistancesFile(distances ?? DEFAULT_EGDB_DISTANCES_PATH);
  if (table.ok) useEgdbDistances(table.value);
  else
    process.stderr.write(
      `checkers: playing without the distance table: ${table.message} (${table.code})\n`,
    );
}

/**
 * Lets the evaluation add the learned network (`path`, else the committed one; `false`: none).
 * A file that is missing or refused is named in one line on standard error and the engine plays
 * on with the hand-written evaluation alone.
 */
function loadNetwork(path: string | false | undefined): void {
  if (path === false) return;
  const read = readNetworkFile(path ?? DEFAULT_NETWORK_PATH);
  if (read.ok) useNetwork(networkTables(read.value.network));
  else
    process.stderr.write(
      `checkers: playing without the evaluation network: ${read.message} (${read.code})\n`,
    );
}

/**
 * The opening book (`path`, else the committed one; `false`: none). A missing or refused file is
 * named in one line on standard error and the engine plays on without it.
 */
function loadBook(path: string | false | undefined): Book | null {
  if (path === false) return null;
  const read = readBookFile(path ?? DEFAULT_BOOK_PATH);
  if (read.ok) return read.value;
  process.stderr.write(
    `checkers: playing without the opening book: ${read.message} (${read.code})\n`,
  );
  return null;
}

interface BookBuildFlags {
  readonly ms: number;
  readonly depth?: number;
  readonly plies: number;
  readonly games?: string;
  readonly player?: string;
  readonly maxPly?: number;
  readonly minCount?: number;
  readonly addTo?: string;
  readonly out?: string;
}

function bookBuild(options: BookBuildFlags): void {
  const out = options.out ?? DEFAULT_BOOK_PATH;
  // The book to add to is read before any search, so a refused one costs nothing.
  let base: Book | null = null;
  if (options.addTo !== undefined) {
    const read = readBookFile(options.addTo);
    if (!read.ok) failUsage(`--add-to: ${read.message}`, read.code);
    base = read.value;
  }
  let positions: Position[] = [];
  const { games: files, player, maxPly = 18, minCount = 2 } = options;
  if (files === undefined && (player ?? options.maxPly ?? options.minCount) !== undefined)
    failUsage('--player, --max-ply and --min-count only apply with --games', 'ERR_USAGE');
  if (files !== undefined) {
    const games = readGameFiles(files.split(','));
    if (!games.ok) failUsage(games.message, games.code);
    positions = recurringPositions(games.value, {
      maxPly,
      minCount,
      ...(player === undefined ? {} : { player }),
    });
    process.stderr.write(
      `${games.value.length} games: ${positions.length} positions met in ${minCount} or more of them\n`,
    );
  }
  loadEgdb(undefined);
  loadNetwork(undefined);
  const started = performance.now();
  const book = buildBook({ ...options, positions }, (done, total, line) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    process.stderr.write(`${done}/${total} ${seconds} s  ${line}\n`);
  });
  const searched = book.moves.size;
  const written = base === null ? book : { moves: new Map([...base.moves, ...book.moves]) };
  writeBookFile(out, formatBook(written));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const kept = written.moves.size - searched;
  const also = base === null ? '' : `, and ${kept} of the ${base.moves.size} it was added to`;
  process.stdout.write(`wrote ${out}: ${searched} positions in ${seconds} s${also}\n`);
}

function egdbBuild(options: { pieces: number; out?: string }): void {
  const out = options.out ?? DEFAULT_EGDB_PATH;
  const total = egdbSize(options.pieces);
  process.stderr.write(
    `building the ${options.pieces}-piece endgame database: ${total.toLocaleString('en-US')} positions (${Math.ceil(total / 4 / 1048576)} MiB of 2-bit values)\n`,
  );
  const started = performance.now();
  const db = buildEgdb(options.pieces, (progress) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const percent = ((100 * progress.done) / progress.total).toFixed(1);
    process.stderr.write(`${percent} % ${seconds} s  ${progress.slice}\n`);
  });
  const bytes = writeEgdbFile(out, db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`wrote ${out}: ${bytes} bytes, ${options.pieces} pieces, in ${seconds} s\n`);
}

/** `--balances`: four digits a balance (men and kings of the side ahead, then of the other),
 * comma-separated. */
function balancesFlag(text: string): EgdbMaterial[] {
  const balances = text.split(',').map((word) => {
    if (!/^[0-6]{4}$/.test(word))
      throw new InvalidArgumentError(
        `a balance is four digits (men and kings of the side ahead, then of the other), not ${JSON.stringify(word.slice(0, 20))}`,
      );
    const [sm, sk, wm, wk] = [...word].map(Number) as [number, number, number, number];
    if (sm + sk <= wm + wk)
      throw new InvalidArgumentError(`${word}: the side ahead (first) must have more pieces`);
    return [sm, sk, wm, wk] as const;
  });
  return balances;
}

function egdbDistancesBuild(options: {
  egdb?: string;
  out?: string;
  balances?: EgdbMaterial[];
}): void {
  const balances = options.balances ?? EGDB_DISTANCE_MATERIALS;
  const out = options.out ?? DEFAULT_EGDB_DISTANCES_PATH;
  const read = readEgdbFile(options.egdb ?? DEFAULT_EGDB_PATH);
  if (!read.ok) {
    process.stderr.write(`error: no database to build from: ${read.message} (${read.code})\n`);
    process.exitCode = 2;
    return;
  }
  const materials = balances.map((m) => m.join('')).join(' ');
  if (egdbDistanceLayout(read.value.pieces, balances).length === 0) {
    process.stderr.write(
      `error: a ${read.value.pieces}-piece database holds none of the balances ${materials} (men and kings of the side ahead, then of the other): build one of 5 pieces\n`,
    );
    process.exitCode = 2;
    return;
  }
  process.stderr.write(
    `building the distance table of balances ${materials} from the ${read.value.pieces}-piece database\n`,
  );
  const started = performance.now();
  let table: EgdbDistances;
  try {
    table = buildEgdbDistances(read.value, balances, (progress) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const percent = ((100 * progress.done) / progress.total).toFixed(1);
      process.stderr.write(`${percent} % ${seconds} s  ${progress.slice}\n`);
    });
  } catch (error) {
    // A database whose values are not what its slices solve to (a file made by other rules).
    process.stderr.write(`error: ${errorMessage(error).slice(0, 200)}\n`);
    process.exitCode = 2;
    return;
  }
  const bytes = writeEgdbDistancesFile(out, table);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const held = table.materials.map((m) => m.join('')).join(' ');
  process.stdout.write(`wrote ${out}: ${bytes} bytes, balances ${held}, in ${seconds} s\n`);
}

function perftCommand(options: { depth: number; json?: boolean; divide?: boolean; fen?: string }) {
  const position = positionOf(options.fen);
  const started = performance.now();
  const division: PerftDivision[] | null = options.divide
    ? perftDivide(position, options.depth)
    : null;
  const nodes = division
    ? division.reduce((sum, d) => sum + d.nodes, 0)
    : perft(position, options.depth);
  const seconds = (performance.now() - started) / 1000;
  const nodesPerSecond = Math.round(nodes / Math.max(seconds, 1e-6));
  if (options.json) {
    const divide = division
      ? { divide: Object.fromEntries(division.map((d) => [d.move, d.nodes])) }
      : {};
    process.stdout.write(
      `${JSON.stringify({ depth: options.depth, nodes, seconds, nodesPerSecond, ...divide })}\n`,
    );
    return;
  }
  for (const { move, nodes: count } of division ?? []) process.stdout.write(`${move}: ${count}\n`);
  process.stdout.write(
    `perft ${options.depth}: ${nodes} nodes in ${seconds.toFixed(3)} s (${nodesPerSecond.toLocaleString('en-US')} nodes/s)\n`,
  );
}

const msOption = (): Option =>
  new Option(
    '--ms <n>',
    `time to think per move in milliseconds, 1 to ${MAX_MS} (default 1000)`,
  ).argParser(positiveIntFlag('ms', MAX_MS));

function register(program: Command): void {
  program
    .command('play', { isDefault: true })
    .description('play checkers: full-screen in a terminal, line by line with --plain or a pipe')
    .option(
      '--plain',
      "the original Racket checkers' command loop, one command per line (also through a pipe)",
    )
    .option('--ai <side>', 'the computer plays this side: black or red', parseSide)
    .addOption(
      new Option('--level <n>', `the computer searches exactly this deep, 1 to ${MAX_LEVEL}`)
        .argParser(positiveIntFlag('level', MAX_LEVEL))
        .conflicts('ms'),
    )
    .addOption(msOption())
    .option('--fen <fen>', 'start from this position (PDN FEN, e.g. "W:W21,K3:B1,2")')
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .action((options: PlayOptions) => play(options));
  program
    .command('bestmove')
    .description("print the computer's move for a position, in PDN")
    .requiredOption('--fen <fen>', 'the position, in PDN FEN')
    .addOption(msOption().conflicts('depth'))
    .option(
      '--depth <n>',
      `search exactly this deep, 1 to ${MAX_LEVEL}`,
      positiveIntFlag('depth', MAX_LEVEL),
    )
    .action(bestMove);
  program
    .command('analyze')
    .description(
      'grade every move of a PDN game: the value before and after, the best move, ?? and ?',
    )
    .argument('<file>', 'the game in PDN, or - for standard input')
    .addOption(
      new Option('--ms <n>', `search each position this many milliseconds, 1 to ${MAX_MS}`)
        .argParser(positiveIntFlag('ms', MAX_MS))
        .conflicts('depth'),
    )
    .option(
      '--depth <n>',
      `search each position exactly this deep, 1 to ${MAX_LEVEL} (default 10)`,
      positiveIntFlag('depth', MAX_LEVEL),
    )
    .option(
      '--json',
      'one JSON object: { moves: [{ index, side, played, best, before, after, mark }] }',
    )
    .addHelpText('after', ANALYZE_HELP)
    .action((file: string, options: AnalyzeOptions) =>
      analyzeCommand(file, options, () => {
        loadEgdb(undefined);
        loadNetwork(undefined);
      }),
    );
  program
    .command('engine')
    .description(
      'the persistent engine for GUIs and match scripts: isready, newgame, position, go, quit on stdin',
    )
    .option(
      '--egdb <file>',
      'the endgame database file (default: the one that comes with checkers)',
    )
    .option('--no-egdb', 'play without the endgame database')
    .option(
      '--egdb-distances <file>',
      "the endgame database's distance table file (default: the one that comes with checkers)",
    )
    .option('--no-egdb-distances', 'play won endings by search, without the distance table')
    .option('--book <file>', 'the opening book file (default: the one that comes with checkers)')
    .option('--no-book', 'play without the opening book')
    .option(
      '--network <file>',
      'the evaluation network file (default: the one that comes with checkers)',
    )
    .option('--no-network', 'play with the hand-written evaluation alone')
    .action(engineCommand);
  program
    .command('book')
    .description('the opening book')
    .command('build')
    .description(
      'build the opening book: the main line from each ACF ballot, and the positions games meet again and again, by long searches',
    )
    .addOption(
      new Option('--ms <n>', 'milliseconds of search a position')
        .argParser(positiveIntFlag('ms', MAX_MS))
        .default(3000)
        .conflicts('depth'),
    )
    .option(
      '--depth <n>',
      `search each position exactly this deep, 1 to ${MAX_LEVEL} (the same book on any machine)`,
      positiveIntFlag('depth', MAX_LEVEL),
    )
    .option(
      '--plies <n>',
      'moves of the main line from each ballot, 0 for none',
      intFlagBetween('plies', 0, 20),
      2,
    )
    .option(
      '--games <files>',
      'PDN files (comma-separated): also answer the positions their games meet again and again',
    )
    .option(
      '--player <name>',
      'with --games: only where the player so named (Black or White tag) is to move',
    )
    .option(
      '--max-ply <n>',
      'with --games: positions before this ply of each game (default 18)',
      positiveIntFlag('max-ply', 200),
    )
    .option(
      '--min-count <n>',
      'with --games: positions met in at least this many games (default 2)',
      positiveIntFlag('min-count', 1_000_000),
    )
    .option(
      '--add-to <file>',
      "keep this book's entries, the positions searched now replacing theirs",
    )
    .option('--out <file>', 'where to write it (default: the one checkers engine reads)')
    .action(bookBuild);
  const egdb = program.command('egdb').description('the endgame database');
  egdb
    .command('build')
    .description('build the endgame database by retrograde analysis (a progress line per slice)')
    .option(
      '--pieces <n>',
      `every position of up to this many pieces, 2 to ${MAX_EGDB_PIECES}`,
      (text: string) => {
        const pieces = positiveIntFlag('pieces', MAX_EGDB_PIECES)(text);
        if (pieces < 2) throw new InvalidArgumentError(`pieces must be 2 to ${MAX_EGDB_PIECES}`);
        return pieces;
      },
      5,
    )
    .option('--out <file>', 'where to write it (default: the one checkers engine reads)')
    .action(egdbBuild);
  egdb
    .command('distances')
    .description(
      'build the distance table the engine plays won endings by, from the database (a progress line per slice)',
    )
    .option('--egdb <file>', 'the database to build it from (default: the committed one)')
    .option(
      '--balances <list>',
      `the balances it holds, four digits each: men and kings of the side ahead, then of the other (default ${EGDB_DISTANCE_MATERIALS.map((m) => m.join('')).join(',')})`,
      balancesFlag,
    )
    .option('--out <file>', 'where to write it (default: the one checkers engine reads)')
    .action(egdbDistancesBuild);
  program
    .command('perft')
    .description('count the move sequences DEPTH plies deep (a move generator check)')
    .requiredOption(
      '--depth <n>',
      `plies, 1 to ${MAX_PERFT_DEPTH}`,
      positiveIntFlag('depth', MAX_PERFT_DEPTH),
    )
    .option('--json', 'one JSON object: depth, nodes, seconds, nodesPerSecond')
    .option('--divide', 'the count below each first move, in PDN')
    .option('--fen <fen>', 'from this position instead of the start (PDN FEN)')
    .action(perftCommand);
}

const program = newProgram('checkers')
  .description(
    'checkers (American draughts) in the terminal, as the Racket original: (move (3 2) southeast)',
  )
  .version('0.1.0')
  .addHelpText(
    'after',
    '\nWithout a command it plays: checkers [--plain] [--ai black|red] [--level N | --ms N] [--fen FEN]\n(checkers play --help says more; in the game, (help) lists the commands).',
  );
register(program);
await runCommandLine(program, 'checkers');
