/**
 * `2048 review FILE|- [--depth N | --ms N] [--json]`: the default AI (the n-tuple network with
 * expectimax) grades every move of a recorded game: each legal direction's value, the move
 * played, the best, the loss. `--json` prints `{ moves, accuracy, costliest }`; the text is a
 * summary, the five costliest moves with their boards and a loss chart. A bad record is one line
 * naming the error (with the move number) and exit code 1; a long review shows progress on stderr.
 */
import {
  currentNetwork,
  DEFAULT_REVIEW_DEPTH,
  gradePosition,
  type ReviewedMove,
  type ReviewOptions,
  reviewPositions,
  summarizeReview,
} from '@twenty48/ai';
import { useShippedNetwork } from '@twenty48/ai/node';
import { escapeAndCut, formatNumber } from '@twenty48/common';
import type { Command } from 'commander';
import { depthFlag, failUsage, positiveIntFlag } from '../flags.js';
import { readRecordFile } from '../recordFile.js';
import { formatReview } from '../reviewText.js';
import { writeErrorLine } from '../toolkit/commandLine.js';

interface ReviewFlags {
  readonly depth?: number;
  readonly ms?: number;
  readonly json?: boolean;
}

/** Progress is shown once a review has run this long, then this often on a terminal. */
export const PROGRESS_MS = 1000;
/** How often a progress line is written when stderr is a file or a pipe (a log, not a screen). */
export const PROGRESS_LOG_MS = 5000;

/** When progress was last shown (null: not yet). */
export interface ProgressState {
  readonly started: number;
  readonly shown: number | null;
}

/**
 * The progress line due at `now` after `done` of `total` moves, or null when none is due: the
 * first once the review has taken `PROGRESS_MS`, then one every `every` milliseconds.
 *
 * @example
 * progressLine({ started: 0, shown: null }, 1200, 250, 1000, PROGRESS_MS)
 * // { line: 'review: move 250 of 1,000 (25 %)', state: { started: 0, shown: 1200 } }
 */
export function progressLine(
  state: ProgressState,
  now: number,
  done: number,
  total: number,
  every: number,
): { line: string; state: ProgressState } | null {
  if (now - (state.shown ?? state.started) < (state.shown === null ? PROGRESS_MS : every)) {
    return null;
  }
  const percent = total === 0 ? 100 : Math.floor((done * 100) / total);
  return {
    line: `review: move ${formatNumber(done)} of ${formatNumber(total)} (${percent} %)`,
    state: { ...state, shown: now },
  };
}

function fail(message: string, code: string): void {
  writeErrorLine(`error: ${message}`, code);
  process.exitCode = 1;
}

async function reviewCommand(file: string, flags: ReviewFlags): Promise<void> {
  if (flags.depth !== undefined && flags.ms !== undefined) {
    failUsage('give --depth or --ms, not both', 'ERR_USAGE');
  }
  const verified = await readRecordFile(file);
  if (!verified.ok) return fail(verified.error.message, verified.error.code);
  const { record } = verified.value;
  const positions = reviewPositions(record);
  if (!positions.ok) return fail(positions.error.message, positions.error.code);
  useShippedNetwork();
  const network = currentNetwork();
  if (!network.ok) return fail(network.error.message, network.error.code);
  const options: ReviewOptions = {
    ...(flags.depth !== undefined ? { depth: flags.depth } : {}),
    ...(flags.ms !== undefined ? { ms: flags.ms } : {}),
  };
  const tty = process.stderr.isTTY === true;
  // The clock starts after the first move: before it, the search was being made (the network's
  // weights copied in), which is not the review's progress.
  let progress: ProgressState | null = null;
  const moves: ReviewedMove[] = [];
  for (const position of positions.value) {
    const graded = gradePosition(position, options);
    if (!graded.ok) return fail(graded.error.message, graded.error.code);
    moves.push(graded.value);
    progress ??= { started: performance.now(), shown: null };
    const due = progressLine(
      progress,
      performance.now(),
      moves.length,
      positions.value.length,
      tty ? PROGRESS_MS : PROGRESS_LOG_MS,
    );
    if (due) {
      progress = due.state;
      process.stderr.write(tty ? `\r${due.line}\x1b[K` : `${due.line}\n`);
    }
  }
  if (tty && progress?.shown) process.stderr.write('\r\x1b[K');
  const review = summarizeReview(moves);
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(review)}\n`);
    return;
  }
  const { name, size } = record.rules;
  process.stdout.write(
    formatReview(review, positions.value, {
      source: file === '-' ? 'stdin' : escapeAndCut(file),
      rules: `${name} ${size}x${size}`,
      seed: escapeAndCut(String(record.seed), 80),
      search:
        flags.ms !== undefined
          ? `${flags.ms} ms a move`
          : `depth ${flags.depth ?? DEFAULT_REVIEW_DEPTH}`,
    }),
  );
}

/**
 * Add `review` to the program.
 *
 * @example
 * register(program); // 2048 review game.json --depth 3 --json
 */
export function register(program: Command): void {
  program
    .command('review')
    .description(
      "grade every move of a game record with the default AI (the n-tuple network's search)",
    )
    .argument('<file>', 'the record file (JSON, as 2048 auto --record writes it), or - for stdin')
    .option(
      '--depth <n>',
      `search depth past each move (default ${DEFAULT_REVIEW_DEPTH}; 0 is the network alone)`,
      depthFlag(10),
    )
    .option(
      '--ms <n>',
      'deepen each move for this many milliseconds instead',
      positiveIntFlag('ms', 60_000),
    )
    .option('--json', 'print { moves, accuracy, costliest } as JSON')
    .action((file: string, flags: ReviewFlags) => reviewCommand(file, flags));
}
