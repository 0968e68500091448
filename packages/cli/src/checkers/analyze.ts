/**
 * `checkers analyze FILE.pdn|-`: every move of a PDN game searched and graded (the rules
 * package's `reviewGame`), written back as PDN with the marks as NAGs and the values as
 * comments, or as JSON; progress on standard error, a bad file refused in one named line.
 */
import {
  MAX_PDN_CHARS,
  menText,
  moveToPdn,
  parsePdnGame,
  type ReviewLimits,
  reviewedPdn,
  reviewGame,
  reviewJson,
} from '@twenty48/checkers';
import { writeErrorLine } from '../toolkit/commandLine.js';
import { readTextInput } from '../toolkit/textInput.js';

/** Each position searched this deep when neither `--depth` nor `--ms` is given. */
export const DEFAULT_ANALYZE_DEPTH = 10;

/** What `checkers analyze --help` adds: the scale, the marks, the output. */
export const ANALYZE_HELP = `
Each move is searched (default: ${DEFAULT_ANALYZE_DEPTH} plies a position). Values are in men for
the side that moved: the search counts a man as 100 and shows it as 1.0 ("-1.2" is a man and a
fifth down); a found win or loss is "win"/"loss" (100 in --json). The move played is valued as
deep as the best one. Marks: ?? when the move gives up a man or more against the best (or turns
a held position, at most 2 men down, into a lost one), ? at half a man or more; against an
undecided value a found win counts as a 3-man lead (a loss as 3 men down); the search's own
choice is never marked.
Output: the game as PDN, each move followed by its mark as a NAG ($2 is ?, $4 is ??) and a
comment with the value after it, and for a marked move the better one: 14-17 $4 {-1.4, best 3-7}.
--json: { "moves": [{ "index", "side", "played", "best", "before", "after", "mark" }] }, index
the ply (0 for the first move), before and after in men, mark "??", "?" or null.
Progress goes to standard error; a bad file is one line naming the error (ERR_…) and the move.`;

/** The flags of `checkers analyze`. */
export interface AnalyzeOptions {
  readonly depth?: number;
  readonly ms?: number;
  readonly json?: boolean;
}

const limitsOf = (options: AnalyzeOptions): ReviewLimits =>
  options.ms !== undefined ? { ms: options.ms } : { depth: options.depth ?? DEFAULT_ANALYZE_DEPTH };

/**
 * Reads the game, grades every move, prints the result; a file that cannot be read or is no
 * good PDN is one line on standard error with its code (and the line and move), exit code 1.
 * `beforeSearch` runs once the game is read (loading the endgame database takes seconds).
 *
 * @example
 * await analyzeCommand('game.pdn', { depth: 8, json: true });
 */
export async function analyzeCommand(
  file: string,
  options: AnalyzeOptions,
  beforeSearch: () => void = () => {},
): Promise<void> {
  const text = await readTextInput(file, MAX_PDN_CHARS * 4, 'any PDN game');
  if (!text.ok) {
    writeErrorLine(`error: ${text.error.message}`, text.error.code);
    process.exitCode = 1;
    return;
  }
  const read = parsePdnGame(text.value);
  if (!read.ok) {
    writeErrorLine(`error: ${read.error.message}`, read.error.code);
    process.exitCode = 1;
    return;
  }
  const { game, tags, result } = read.value;
  beforeSearch();
  const limits = limitsOf(options);
  const live = process.stderr.isTTY === true;
  const offset = game.start.turn === 'red' ? 1 : 0;
  const reviews = reviewGame(game, limits, (done, total) => {
    const move = game.moves[done];
    const number = `${Math.floor((done + offset) / 2) + 1}${(done + offset) % 2 === 0 ? '.' : '...'}`;
    const line =
      move === undefined
        ? `analyzed ${total} moves`
        : `analyzing move ${done + 1}/${total}: ${number} ${moveToPdn(move)}`;
    if (live) process.stderr.write(`\r\x1b[K${line}${done === total ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  });
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ moves: reviews.map(reviewJson) })}\n`);
    return;
  }
  const how =
    limits.ms !== undefined ? `${limits.ms} ms a position` : `depth ${limits.depth ?? ''}`;
  process.stdout.write(
    reviewedPdn(game, tags, result, reviews, `twenty48 checkers analyze, ${how}`),
  );
  const marked = reviews.filter((review) => review.mark !== null);
  process.stderr.write(
    `${marked.length} marked: ${marked.map((r) => `${moveToPdn(r.played)}${r.mark} (${menText(r.after)}, best ${moveToPdn(r.best)})`).join(', ') || 'none'}\n`,
  );
}
