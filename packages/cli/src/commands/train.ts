/**
 * `2048 train`: learn the 2048 AI's n-tuple network by TD(0) on afterstates (four 6-tuples,
 * the 8 symmetries sharing weights), on worker threads, with a checkpoint every few minutes and
 * at the end, so Ctrl-C, a crash or a full disk loses at most the last interval:
 *
 *   2048 train --games 200000 --workers 1 --seed 1 --out classic.t48n
 *   2048 train --games 400000 --out classic.t48n --resume classic.t48n [--rate 0.1]
 *   2048 train --games 900000 --out late.t48n --resume classic.t48n --restart 16384
 *   2048 train --games 900000 --out late.t48n --resume late.t48n --restart 8192 --downgrade 4096
 *   2048 train --games 2000000 --out staged.t48n --resume late.t48n --stage 16384
 *
 * One worker and a seed give the same network every time, and a resumed training equals an
 * uninterrupted one; with more workers they share the weights without locks (Hogwild), which
 * is faster but not repeatable.
 */
import { DEFAULT_RATE, formatTrainProgress, trainNetwork } from '@twenty48/ai/node';
import { errorMessage } from '@twenty48/common';
import { type Command, InvalidArgumentError } from 'commander';
import { parseSeedFlag, positiveIntFlag } from '../flags.js';

interface TrainFlags {
  readonly games: number;
  readonly rate?: number;
  readonly workers: number;
  readonly seed: string;
  readonly out: string;
  readonly resume?: string;
  readonly lambda?: number;
  readonly coherence?: boolean;
  readonly restart?: number;
  readonly downgrade?: number;
  readonly stage?: number;
}

/**
 * `--rate R`: the learning rate, a number above 0 and at most 1.
 *
 * @example
 * parseRate('0.1') // 0.1
 * parseRate('2') // throws: rate must be above 0 and at most 1
 */
export function parseRate(text: string): number {
  const rate = decimal(text);
  if (!(rate > 0 && rate <= 1))
    throw new InvalidArgumentError('rate must be above 0 and at most 1');
  return rate;
}

/** A plain decimal (digits, one optional point) as a number; NaN for anything else. */
const decimal = (text: string): number => (/^\d*\.?\d+$/.test(text) ? Number(text) : Number.NaN);

/**
 * `--lambda L`: λ of the λ-returns, a number from 0 up to (not including) 1.
 *
 * @example
 * parseLambda('0.5') // 0.5
 * parseLambda('1') // throws: lambda must be at least 0 and below 1
 */
export function parseLambda(text: string): number {
  const lambda = decimal(text);
  if (!(lambda >= 0 && lambda < 1)) {
    throw new InvalidArgumentError('lambda must be at least 0 and below 1');
  }
  return lambda;
}

/** A tile flag's parser: a power of two from 8 to `largest`, or 0 (off), refused by its name. */
const tileFlag =
  (name: string, largest: number) =>
  (text: string): number => {
    const tile = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    if (!(tile === 0 || (Number.isInteger(Math.log2(tile)) && tile >= 8 && tile <= largest)))
      throw new InvalidArgumentError(`${name} must be 0 or a tile from 8 to ${largest}`);
    return tile;
  };

/**
 * `--restart TILE`: the tile whose first boards every other game restarts from, a power of two
 * from 8 to 65536; 0 turns restarts off.
 *
 * @example
 * parseRestart('16384') // 16384
 * parseRestart('1000') // throws: restart must be 0 or a tile from 8 to 65536
 */
export const parseRestart = tileFlag('restart', 65536);

/**
 * `--downgrade TILE`: boards holding a tile above TILE are valued and learned downgraded, as the
 * search values them; a power of two from 8 to 16384, or 0 (off).
 *
 * @example
 * parseDowngrade('4096') // 4096
 * parseDowngrade('32768') // throws: downgrade must be 0 or a tile from 8 to 16384
 */
export const parseDowngrade = tileFlag('downgrade', 16384);

/**
 * `--stage TILE`: add a stage of weights for the boards holding TILE or a larger tile, a power
 * of two from 8 to 32768 (0: none).
 *
 * @example
 * parseStage('16384') // 16384
 * parseStage('65536') // throws: stage must be 0 or a tile from 8 to 32768
 */
export const parseStage = tileFlag('stage', 32768);

/** Where the command writes; tests pass their own. */
export interface TrainIo {
  readonly err: (text: string) => void;
  /** True when stderr is a terminal: the progress line is redrawn in place. */
  readonly tty: boolean;
}

const processIo: TrainIo = {
  err: (text) => process.stderr.write(text),
  tty: process.stderr.isTTY === true,
};

/**
 * Train as the flags say; Ctrl-C (or SIGTERM) stops after the games under way and writes the
 * checkpoint. Returns the exit code.
 *
 * @example
 * await trainCommand({ games: 1000, workers: 1, seed: '1', out: 'net.t48n' });
 */
export async function trainCommand(
  flags: TrainFlags,
  io: TrainIo = processIo,
  checkpointMs = 300_000,
): Promise<number> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const last = await trainNetwork({
      games: flags.games,
      workers: flags.workers,
      seed: flags.seed,
      out: flags.out,
      ...(flags.resume !== undefined ? { resume: flags.resume } : {}),
      ...(flags.rate !== undefined ? { rate: flags.rate } : {}),
      ...(flags.lambda !== undefined ? { lambda: flags.lambda } : {}),
      ...(flags.coherence !== undefined ? { coherence: flags.coherence } : {}),
      ...(flags.restart !== undefined ? { restart: flags.restart } : {}),
      ...(flags.downgrade !== undefined ? { downgrade: flags.downgrade } : {}),
      ...(flags.stage !== undefined ? { stage: flags.stage } : {}),
      checkpointMs,
      signal: stop.signal,
      onProgress: (p) =>
        io.err(io.tty ? `\r${formatTrainProgress(p)}` : `${formatTrainProgress(p)}\n`),
      onWarning: (message) => io.err(`${io.tty ? '\n' : ''}warning: ERR_CHECKPOINT: ${message}\n`),
    });
    const how = last.games >= flags.games ? 'trained' : 'stopped';
    io.err(
      `${io.tty ? '\n' : ''}${how} at ${last.games} games in ${Math.round(last.seconds)} s; the network is in ${flags.out}` +
        (how === 'stopped' ? ` (go on with --resume ${flags.out})\n` : '\n'),
    );
    return 0;
  } catch (error) {
    const message = errorMessage(error);
    io.err(`error: ${message.startsWith('ERR_') ? message : `ERR_TRAIN: ${message}`}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * Add `2048 train` to a program.
 *
 * @example
 * register(program); // then: 2048 train --games 1000 --seed 1 --out net.t48n
 */
export function register(program: Command, io: TrainIo = processIo): void {
  program
    .command('train')
    .description('learn the n-tuple network of --ai ntuple by TD learning (checkpointed)')
    .option(
      '--games <n>',
      'games to train in all (a resumed run counts the checkpoint’s)',
      positiveIntFlag('games', 1e9),
      100_000,
    )
    .option(
      '--workers <n>',
      'worker threads (1 is repeatable; more share weights, Hogwild)',
      positiveIntFlag('workers', 64),
      1,
    )
    .option(
      '--seed <seed>',
      'the games’ seed (a resumed run keeps the checkpoint’s)',
      parseSeedFlag,
      '1',
    )
    .option('--out <file>', 'where the network and its checkpoints go', 'network.t48n')
    .option('--resume <file>', 'go on from this checkpoint')
    .option(
      '--rate <r>',
      `learning rate, 0 < r <= 1 (default ${DEFAULT_RATE}; with --resume it replaces the checkpoint's)`,
      parseRate,
    )
    .option(
      '--lambda <l>',
      "λ of the λ-returns learned toward, 0 <= l < 1 (default 0: TD(0); with --resume it replaces the checkpoint's)",
      parseLambda,
    )
    .option(
      '--coherence',
      "temporal coherence: each weight's rate scaled by its errors' agreement (kept in the checkpoint)",
    )
    .option('--no-coherence', 'learn without temporal coherence (the default)')
    .option(
      '--restart <tile>',
      "every other game restarts from a board where TILE had just appeared in an earlier game (0: off, the default; with --resume it replaces the checkpoint's)",
      parseRestart,
    )
    .option(
      '--downgrade <tile>',
      "value and learn boards holding a tile above TILE downgraded, as the search values them (0: off, the default; with --resume it replaces the checkpoint's)",
      parseDowngrade,
    )
    .option(
      '--stage <tile>',
      'add a stage of weights for boards holding TILE or more, starting as a copy of the weights that valued them (kept in the checkpoint; a stage it has already changes nothing)',
      parseStage,
    )
    .action(async (flags: TrainFlags) => {
      const code = await trainCommand(flags, io);
      if (code !== 0) process.exitCode = code;
    });
}
