/**
 * `tune.js`, the trainer of the evaluation's learned parts, run as a real process: self-play
 * labels with the games' results (our own `checkers engine` as the peer) and the network fitted
 * on them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  ballot,
  bitCount,
  colourFlip,
  legalCaptures,
  makeFen,
  parseFen,
  parseNetworkFile,
} from '@twenty48/checkers';
import { afterAll, describe, expect, it } from 'vitest';

const TUNE = fileURLToPath(new URL('../../dist/checkers/tune.js', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tune-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tune(args: string[]) {
  if (!existsSync(TUNE)) throw new Error(`build first: ${TUNE} is missing (npm run build)`);
  return spawnSync(process.execPath, [TUNE, ...args], { encoding: 'utf8', timeout: 120_000 });
}

const labels = join(dir, 'labels.tsv');
const peer = `"${process.execPath}" "${MAIN}" engine`;

/** The self-play run both describes read, made once (whichever test asks first). The peer
 * searches with the hand-written evaluation alone (`--no-network`): what is checked is the
 * labelling, not the committed network, whose depth-1 scores agree with the results less or more
 * from one network to the next. */
let selfplay: ReturnType<typeof tune> | undefined;
function labelled() {
  selfplay ??= tune([
    'selfplay',
    '--peer',
    `${peer} --no-network`,
    '--depth',
    '1',
    '--limit',
    '300',
    '--random',
    '0.5',
    '--seed',
    '5',
    '--out',
    labels,
  ]);
  return selfplay;
}

describe('tune.js selfplay', () => {
  it('labels quiet positions with the score and the game result for the side to move', () => {
    const { status, stderr } = labelled();
    expect(stderr).toMatch(/^300 positions, \d+ games$/m);
    expect(status).toBe(0);
    const lines = readFileSync(labels, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(300);
    // Games follow each other; a game never gains pieces, so a new one starts where they grow.
    const games: { black: boolean; score: number; result: number }[][] = [];
    let lastPieces = Number.POSITIVE_INFINITY;
    for (const line of lines) {
      const [fen, score, result, ...rest] = line.split('\t');
      expect(rest).toEqual([]);
      expect(score).toMatch(/^-?\d+$/);
      expect(['1', '0', '-1']).toContain(result);
      const parsed = parseFen(fen ?? '');
      if (!parsed.ok) throw new Error(`bad FEN ${fen}`);
      expect(legalCaptures(parsed.value)).toEqual([]);
      const { black, red } = parsed.value;
      const pieces = bitCount(black | red);
      if (pieces > lastPieces || games.length === 0) games.push([]);
      lastPieces = pieces;
      games.at(-1)?.push({
        black: parsed.value.turn === 'black',
        score: Number(score),
        result: Number(result),
      });
    }
    // Within a game the result is one winner's: it flips with the side to move.
    for (const game of games) {
      const blackResults = new Set(game.map(({ black, result }) => (black ? result : -result)));
      expect(blackResults.size).toBe(1);
    }
    const decided = games.filter((game) => game[0]?.result !== 0);
    expect(decided.length).toBeGreaterThan(0);
    // And it is the winner's, not the loser's: where the peer saw the side to move clearly
    // ahead or behind (a score past ±400) in a decided game, the result nearly always says the
    // same (not always: half the moves are random, and a side a depth-1 search sees ahead
    // can still lose). Results given to the wrong side would agree nearly never.
    const clear = decided.flatMap((game) => game.filter(({ score }) => Math.abs(score) > 400));
    expect(clear.length).toBeGreaterThan(10);
    const agree = clear.filter(({ score, result }) => result === Math.sign(score)).length;
    expect(agree / clear.length).toBeGreaterThan(0.9);
  });

  it('refuses bad numbers in one named line with exit code 2, before starting the peer', () => {
    for (const flags of [
      ['--depth', '0'],
      ['--limit', 'many'],
      ['--random', '2'],
      ['--random-until=-1'],
    ]) {
      const { status, stderr } = tune(['selfplay', '--peer', 'no-such-peer', ...flags]);
      expect(status, flags.join(' ')).toBe(2);
      expect(stderr).toBe(
        'tune: --depth and --limit take a whole number from 1, --random a share from 0 to 1 and --random-until a ply from 0 (ERR_OPTIONS)\n',
      );
    }
  });
});

describe('tune.js commands', () => {
  it('names an unknown command with the usage and exit code 2', () => {
    for (const name of ['bogus', 'constructor', 'toString']) {
      const { status, stderr } = tune([name]);
      expect(status, name).toBe(2);
      expect(stderr).toMatch(/^usage: tune\.js label .* \(ERR_OPTIONS\)\n$/);
    }
  });

  it('names a file it cannot read in one line with exit code 1', () => {
    const missing = join(dir, 'missing.tsv');
    for (const args of [
      ['network', '--in', missing, '--out', join(dir, 'never.t48c.gz')],
      ['fit', '--in', missing, '--out', join(dir, 'never.ts')],
      ['static', '--peer', 'true', '--in', missing, '--out', join(dir, 'never.tsv')],
    ]) {
      const { status, stderr } = tune(args);
      expect(status, args[0]).toBe(1);
      expect(stderr).toMatch(/^tune: ENOENT: no such file or directory, open '.*missing\.tsv'\n$/);
      // Nothing is written before the input is read: no empty file is left behind.
      expect(existsSync(args[args.length - 1] as string), args[0]).toBe(false);
    }
  });
});

describe('tune.js flags', () => {
  it('names an unknown flag or a missing value in one line with exit code 2', () => {
    for (const args of [
      ['selfplay', '--bogus'],
      ['network', '--in'],
    ]) {
      const { status, stderr } = tune(args);
      expect(status, args.join(' ')).toBe(2);
      expect(stderr).toMatch(/^tune: .+ \(ERR_OPTIONS\)\n$/);
    }
  });
});

describe('tune.js network', () => {
  const fitted = (name: string, extra: string[]) => {
    expect(labelled().status).toBe(0);
    const out = join(dir, name);
    const { status, stderr } = tune([
      'network',
      '--in',
      labels,
      '--hidden',
      '4',
      '--epochs',
      '1',
      '--out',
      out,
      ...extra,
    ]);
    expect(stderr).toMatch(/300 positions; scale .* with the network \d+(\.\d)?/);
    expect(status).toBe(0);
    const read = parseNetworkFile(gunzipSync(readFileSync(out)));
    if (!read.ok) throw new Error(read.message);
    return read.value;
  };

  it('fits toward the results when asked, and says so in the file', () => {
    const scores = fitted('scores.t48c.gz', []);
    const results = fitted('results.t48c.gz', ['--result', '1']);
    expect(JSON.stringify(results.provenance)).toContain('--result 1 ');
    expect(JSON.stringify(scores.provenance)).not.toContain('--result');
    expect(results.network.hidden).toBe(4);
    // The same seed and positions: only the targets differ, and so do the weights.
    expect(Array.from(results.network.w2)).not.toEqual(Array.from(scores.network.w2));
  });

  it('with --result-pieces N, fits only positions of N pieces or more to their result', () => {
    // The fewest pieces of the middle label: about half the positions have as many or more.
    const lines = readFileSync(labels, 'utf8').trim().split('\n');
    const pieces = (line: string) => {
      const parsed = parseFen(line.split('\t')[0] ?? '');
      if (!parsed.ok) throw new Error(`bad label ${line}`);
      return bitCount(parsed.value.black | parsed.value.red);
    };
    const counts = lines.map(pieces).sort((a, b) => a - b);
    const least = counts[counts.length >> 1] as number;
    expect(counts[0]).toBeLessThan(least);
    // The same labels with the result cut from the positions of fewer pieces: what the flag means.
    const cut = join(dir, 'cut.tsv');
    writeFileSync(
      cut,
      lines
        .map((line) => (pieces(line) < least ? line.split('\t').slice(0, 2).join('\t') : line))
        .join('\n'),
    );
    const flagged = fitted('pieces.t48c.gz', ['--result', '1', '--result-pieces', `${least}`]);
    expect(JSON.stringify(flagged.provenance)).toContain(`--result 1 --result-pieces ${least} `);
    const out = join(dir, 'cut.t48c.gz');
    const args = ['network', '--in', cut, '--hidden', '4', '--epochs', '1', '--result', '1'];
    expect(tune([...args, '--out', out]).status).toBe(0);
    const read = parseNetworkFile(gunzipSync(readFileSync(out)));
    if (!read.ok) throw new Error(read.message);
    expect(Array.from(flagged.network.w1)).toEqual(Array.from(read.value.network.w1));
    expect(flagged.network.b2).toBe(read.value.network.b2);
    // And it is not the fit to every result.
    const every = fitted('every.t48c.gz', ['--result', '1']);
    expect(Array.from(flagged.network.w2)).not.toEqual(Array.from(every.network.w2));
  });

  it('fits a second hidden layer', () => {
    const two = fitted('two.t48c.gz', ['--hidden2', '2', '--result', '0.5']);
    expect(two.network.hidden2).toBe(2);
    expect(two.network.w2).toHaveLength(2);
  });

  it('goes on from a network given by --init, its weights and sizes', () => {
    const first = fitted('first.t48c.gz', ['--hidden2', '2']);
    const init = join(dir, 'first.t48c.gz');
    // No epoch: the weights come back as they were.
    const same = fitted('same.t48c.gz', ['--init', init, '--epochs', '0']);
    expect(same.network.hidden2).toBe(2);
    expect(Array.from(same.network.w1)).toEqual(Array.from(first.network.w1));
    expect(Array.from(same.network.wMid ?? [])).toEqual(Array.from(first.network.wMid ?? []));
    expect(same.network.b2).toBe(first.network.b2);
    // An epoch more moves them on from there, and the file says where it started.
    const more = fitted('more.t48c.gz', ['--init', init, '--rate', '0.1']);
    expect(JSON.stringify(more.provenance)).toContain(`--init ${init} --hidden 4 --hidden2 2`);
    expect(Array.from(more.network.w2)).not.toEqual(Array.from(first.network.w2));
    const moved = more.network.w1.reduce(
      (sum, w, i) => sum + Math.abs(w - (first.network.w1[i] as number)),
      0,
    );
    expect(moved).toBeGreaterThan(0);
    expect(moved / more.network.w1.length).toBeLessThan(0.05);
  });

  it('refuses --init sizes other than the network’s, and names a file it cannot read', () => {
    const init = join(dir, 'sizes.t48c.gz');
    fitted('sizes.t48c.gz', []);
    const wrong = tune(['network', '--in', labels, '--init', init, '--hidden', '8']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toBe("tune: --hidden 8 is not the --init network's 4 (ERR_OPTIONS)\n");
    const missing = tune(['network', '--in', labels, '--init', join(dir, 'none.t48c.gz')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^tune: .*\(ERR_NETWORK_MISSING\)\n$/);
  });

  it('refuses a result weight outside 0 to 1 before reading the labels', () => {
    const { status, stderr } = tune(['network', '--in', join(dir, 'none.tsv'), '--result', '1.5']);
    expect(status).toBe(2);
    expect(stderr).toBe('tune: --result takes a weight from 0 to 1 (ERR_OPTIONS)\n');
    for (const pieces of ['0', '25', '2.5', 'ten', '']) {
      const refused = tune(['network', '--in', join(dir, 'none.tsv'), `--result-pieces=${pieces}`]);
      expect(refused.status, pieces).toBe(2);
      expect(refused.stderr).toBe('tune: --result-pieces takes 1 to 24 pieces (ERR_OPTIONS)\n');
    }
  });
});

describe('tune.js leaves', () => {
  const leaves = (out: string, seed: string) =>
    tune(['leaves', '--games', '2', '--depth', '4', '--rate', '0.3', '--seed', seed, '--out', out]);

  it('writes the quiet leaves of its own search once each, the same for the same seed', () => {
    const a = join(dir, 'a.fen');
    const run = leaves(a, '3');
    expect(run.stderr).toMatch(/^\d+ positions, 2 games$/m);
    expect(run.status).toBe(0);
    const lines = readFileSync(a, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(20);
    expect(new Set(lines).size).toBe(lines.length);
    for (const fen of lines) {
      const parsed = parseFen(fen);
      if (!parsed.ok) throw new Error(`bad FEN ${fen}`);
      expect(legalCaptures(parsed.value), fen).toEqual([]);
      expect(bitCount(parsed.value.black | parsed.value.red), fen).toBeGreaterThan(5);
    }
    const again = join(dir, 'again.fen');
    expect(leaves(again, '3').status).toBe(0);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(a, 'utf8'));
    const other = join(dir, 'other.fen');
    expect(leaves(other, '4').status).toBe(0);
    expect(readFileSync(other, 'utf8')).not.toBe(readFileSync(a, 'utf8'));
  });

  it('against a peer, plays each ballot with both colours, the peer searching as deep', () => {
    // The peer (our own engine) logs every line it is sent.
    const log = join(dir, 'peer.log');
    const logged = `${peer.replace(' engine', '')} engine`;
    const script = join(dir, 'logging-peer.sh');
    writeFileSync(script, `tee -a '${log}' | ${logged}\n`);
    const out = join(dir, 'peer.fen');
    const run = tune([
      'leaves',
      '--peer',
      `sh '${script}'`,
      '--games',
      '2',
      '--depth',
      '3',
      '--rate',
      '0.5',
      '--out',
      out,
    ]);
    expect(run.stderr).toMatch(/^\d+ positions, 2 games$/m);
    expect(run.status).toBe(0);
    const sent = readFileSync(log, 'utf8').trimEnd().split('\n');
    // Two games, a newgame each; the peer searched at the same depth, for both colours.
    expect(sent.filter((line) => line === 'newgame')).toHaveLength(2);
    const asked = sent.filter((line) => line.startsWith('position fen '));
    expect(asked.length).toBeGreaterThan(10);
    expect(
      sent.filter((line) => line.startsWith('go ')).every((line) => line === 'go depth 3'),
    ).toBe(true);
    const turns = new Set(asked.map((line) => line.slice('position fen '.length, 14)));
    expect(turns).toEqual(new Set(['B', 'W']));
    // The first game's first search is the peer's only when the ballot leaves the peer to move:
    // ballot 1 leaves White to move, so the peer (White in game 1) is asked first.
    expect(asked[0]).toBe(`position fen ${makeFen(ballot(0).position)}`);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('stops with ERR_PEER, quoting it, when the peer gives no legal move', () => {
    const script = join(dir, 'wrong-peer.cjs');
    writeFileSync(
      script,
      `require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.startsWith('go ')) console.log('bestmove 1-5');
  else if (line === 'quit') process.exit(0);
});
`,
    );
    const { status, stderr } = tune([
      'leaves',
      '--peer',
      `"${process.execPath}" "${script}"`,
      '--games',
      '1',
      '--depth',
      '2',
      '--out',
      join(dir, 'wrong.fen'),
    ]);
    expect(status).toBe(1);
    expect(stderr).toBe(
      `tune: the peer gave no legal move ("1-5") at ${makeFen(ballot(0).position)} (ERR_PEER)\n`,
    );
  });

  it('refuses bad numbers in one named line with exit code 2', () => {
    for (const flags of [
      ['--depth', '0'],
      ['--games', 'many'],
      ['--rate', '0'],
      ['--random', '2'],
    ]) {
      const { status, stderr } = tune(['leaves', '--out', join(dir, 'no.fen'), ...flags]);
      expect(status, flags.join(' ')).toBe(2);
      expect(stderr).toBe(
        'tune: --depth takes 1 to 20 plies, --games a whole number from 1, --rate a share above 0 to 1 and --random a share from 0 to 1 (ERR_OPTIONS)\n',
      );
    }
  });

  it('names a network file it cannot read, with exit code 1', () => {
    const { status, stderr } = tune(['leaves', '--network', join(dir, 'none.t48c.gz')]);
    expect(status).toBe(1);
    expect(stderr).toMatch(/^tune: .+ \(ERR_NETWORK_MISSING\)\n$/);
  });
});

describe('tune.js sample', () => {
  // Positions of 2 to 12 pieces: `a` black men on 1 to a, `b` red men on 32 back to 33 - b,
  // either side to move; each written twice (once with a label after it, once with the red
  // squares listed backwards: the same position spelt otherwise), between lines that are no FEN.
  const all: string[] = [];
  const lines: string[] = ['not a fen', ''];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (const turn of ['B', 'W']) {
        const black = Array.from({ length: a }, (_, i) => i + 1);
        const red = Array.from({ length: b }, (_, i) => 32 - i);
        const fen = `${turn}:W${[...red].reverse().join(',')}:B${black.join(',')}`;
        all.push(fen);
        lines.push(`${fen}\t${a - b}`, `${turn}:W${red.join(',')}:B${black.join(',')}`);
      }
  const input = join(dir, 'pool.tsv');
  writeFileSync(input, `${lines.join('\n')}\n`);
  const pieces = (fen: string) => {
    const parsed = parseFen(fen);
    if (!parsed.ok) throw new Error(`bad FEN ${fen}`);
    return bitCount(parsed.value.black | parsed.value.red);
  };
  const draw = (out: string, ...flags: string[]) => {
    const run = tune(['sample', '--in', input, '--out', out, ...flags]);
    return {
      ...run,
      fens: existsSync(out) ? readFileSync(out, 'utf8').split('\n').slice(0, -1) : [],
    };
  };

  it('draws distinct positions with MIN to MAX pieces, the same for the same seed', () => {
    // 4 to 6 pieces: a + b = 4 (3 ways), 5 (4) or 6 (5), with either side to move: 24.
    const eligible = all
      .filter((fen) => pieces(fen) >= 4 && pieces(fen) <= 6)
      .map((fen) => {
        const parsed = parseFen(fen);
        if (!parsed.ok) throw new Error(`bad FEN ${fen}`);
        return makeFen(parsed.value);
      });
    expect(eligible).toHaveLength(24);
    const a = draw(join(dir, 'sample-a.fen'), '--pieces', '4-6', '--count', '10', '--seed', '7');
    expect(a.stderr).toBe('10 positions drawn of 24 with 4-6 pieces\n');
    expect(a.status).toBe(0);
    expect(a.fens).toHaveLength(10);
    expect(new Set(a.fens).size).toBe(10);
    for (const fen of a.fens) expect(eligible).toContain(fen);
    const again = draw(
      join(dir, 'sample-again.fen'),
      '--pieces',
      '4-6',
      '--count',
      '10',
      '--seed',
      '7',
    );
    expect(again.fens).toEqual(a.fens);
    const other = draw(
      join(dir, 'sample-other.fen'),
      '--pieces',
      '4-6',
      '--count',
      '10',
      '--seed',
      '8',
    );
    expect(other.fens).not.toEqual(a.fens);
    // Without --count, every eligible position once, shuffled.
    const every = draw(join(dir, 'sample-all.fen'), '--pieces', '4-6');
    expect(every.fens).toHaveLength(24);
    expect([...every.fens].sort()).toEqual([...eligible].sort());
    expect(every.fens).not.toEqual(eligible);
    // By default every piece count from 2 to 24.
    const whole = draw(join(dir, 'sample-whole.fen'), '--count', '1000');
    expect(whole.stderr).toBe('72 positions drawn of 72 with 2-24 pieces\n');
    expect(new Set(whole.fens).size).toBe(72);
  });

  it('refuses a seed that is no whole number, in this command or another, before any work', () => {
    for (const [flags, shown] of [
      [['sample', '--in', input, '--seed', 'one'], '"one"'],
      [['sample', '--in', input, '--seed', ''], '""'],
      [['sample', '--in', input, '--seed', '1.5'], '"1.5"'],
      [['leaves', '--seed', '2x'], '"2x"'],
      [['network', '--in', input, '--seed', 'NaN'], '"NaN"'],
    ] as const) {
      const out = join(dir, 'seedless.out');
      const { status, stderr } = tune([...flags, '--out', out]);
      expect(stderr, flags.join(' ')).toBe(
        `tune: --seed takes a whole number, not ${shown} (ERR_OPTIONS)\n`,
      );
      expect(status, flags.join(' ')).toBe(2);
      expect(existsSync(out), flags.join(' ')).toBe(false);
    }
  });

  it('refuses a bad range or count in one named line with exit code 2', () => {
    for (const flags of [
      ['--pieces', '6-4'],
      ['--pieces', '1-4'],
      ['--pieces', '4-25'],
      ['--pieces', 'x'],
      ['--count', '0'],
      ['--count', '2.5'],
      ['--count', 'ten'],
    ]) {
      const out = join(dir, 'refused.fen');
      const { status, stderr } = draw(out, ...flags);
      expect(stderr, flags.join(' ')).toMatch(/^tune: --pieces takes MIN-MAX.*\(ERR_OPTIONS\)\n/);
      expect(status, flags.join(' ')).toBe(2);
      expect(existsSync(out), flags.join(' ')).toBe(false);
    }
  });
});

describe('tune.js static', () => {
  // A peer that answers `eval` with the length of the last FEN it was given, or, told to be
  // rude, with an error line.
  const fakePeer = (rude: boolean) => {
    const script = join(dir, rude ? 'rude.cjs' : 'peer.cjs');
    writeFileSync(
      script,
      `let fen = '';
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.startsWith('position fen ')) fen = line.slice(13);
  else if (line === 'eval') console.log(${rude ? "'error ERR_UNKNOWN eval'" : "'eval ' + fen.length"});
  else if (line === 'quit') process.exit(0);
});
`,
    );
    return `"${process.execPath}" "${script}"`;
  };
  const input = join(dir, 'fens.tsv');
  const fens = ['B:W21-32:B1-12', 'W:W18,22:B5,K9', 'B:WK30:B1,2'];
  writeFileSync(input, `${fens[0]}\n${fens[1]}\t17\tmore\nnot a fen\n\n${fens[2]}\n`);
  /** `tune.js static` with this peer on `input`, writing `out`. */
  const runStatic = (peerCommand: string, out: string, ...flags: string[]) =>
    tune(['static', '--peer', peerCommand, '--in', input, '--out', out, ...flags]);
  /** The FEN of a position's colour-flipped twin. */
  const twin = (fen: string) => {
    const parsed = parseFen(fen);
    if (!parsed.ok) throw new Error(`bad FEN ${fen}`);
    return makeFen(colourFlip(parsed.value));
  };

  it("labels the first field of each line that is a FEN with the peer's eval answer", () => {
    const out = join(dir, 'static.tsv');
    const { status, stderr } = runStatic(fakePeer(false), out);
    expect(stderr).toBe('3 positions labelled\n');
    expect(status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(fens.map((fen) => `${fen}\t${fen.length}\n`).join(''));
  });

  it("keeps each line's game result with --results, and only a result", () => {
    const withResults = join(dir, 'results-in.tsv');
    writeFileSync(
      withResults,
      `${fens[0]}\t5\t-1\n${fens[1]}\t17\tmore\n${fens[2]}\t0\t0\tmore\nnot a fen\t3\t1\n`,
    );
    const out = join(dir, 'static-results.tsv');
    const peerCommand = fakePeer(false);
    const run = (...flags: string[]) =>
      tune(['static', '--peer', peerCommand, '--in', withResults, '--out', out, ...flags]);
    expect(run('--results').status).toBe(0);
    // The fake peer's value of a FEN is its length.
    const tails = ['\t-1', '', '\t0'];
    expect(readFileSync(out, 'utf8')).toBe(
      fens.map((fen, i) => `${fen}\t${fen.length}${tails[i]}\n`).join(''),
    );
    // Without the flag, the labels alone.
    expect(run().status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(fens.map((fen) => `${fen}\t${fen.length}\n`).join(''));
  });

  it('labels each position with the mean of its value and its colour-flipped twin’s with --symmetric', () => {
    // This peer values a position 10 with black to move and 3 with red to move (so each twin
    // gets the other value), or the negatives, and logs the FENs it is given.
    const log = join(dir, 'twins.log');
    const script = join(dir, 'twins.cjs');
    writeFileSync(
      script,
      `const sign = Number(process.argv[2]);
let fen = '';
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.startsWith('position fen ')) {
    fen = line.slice(13);
    require('node:fs').appendFileSync(${JSON.stringify(log)}, fen + '\\n');
  } else if (line === 'eval') console.log('eval ' + sign * (fen.startsWith('B') ? 10 : 3));
  else if (line === 'quit') process.exit(0);
});
`,
    );
    for (const sign of [1, -1]) {
      writeFileSync(log, '');
      const out = join(dir, 'twins.tsv');
      const { status, stderr } = runStatic(
        `"${process.execPath}" "${script}" ${sign}`,
        out,
        '--symmetric',
      );
      expect(stderr).toBe('3 positions labelled\n');
      expect(status).toBe(0);
      // (10 + 3) / 2 = 6.5, rounded half away from zero.
      expect(readFileSync(out, 'utf8')).toBe(fens.map((fen) => `${fen}\t${7 * sign}\n`).join(''));
      expect(readFileSync(log, 'utf8')).toBe(fens.map((fen) => `${fen}\n${twin(fen)}\n`).join(''));
    }
  });

  describe("with --depth, the peer's search score", () => {
    // This peer answers `label D`: each FEN line up to `end` gets `<static>\t<score>`, the score
    // 10·D with black to move and 3·D with red to move, and 1999 (a won game) for the third FEN
    // (told `rude`, an error line instead); it logs every line it is given.
    const log = join(dir, 'label.log');
    const script = join(dir, 'label.cjs');
    writeFileSync(
      script,
      `const decided = ${JSON.stringify(fens[2])};
let depth = null;
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  require('node:fs').appendFileSync(${JSON.stringify(log)}, line + '\\n');
  if (line.startsWith('label ')) depth = Number(line.slice(6));
  else if (line === 'end') depth = null;
  else if (line === 'quit') process.exit(0);
  else if (depth !== null && process.argv[2] === 'rude') console.log('error ERR_FEN no');
  else if (depth !== null)
    console.log('5\\t' + (line === decided ? 1999 : depth * (line.startsWith('B') ? 10 : 3)));
});
`,
    );
    const labelPeer = `"${process.execPath}" "${script}"`;

    it('labels each position with the score, leaving out decided games', () => {
      writeFileSync(log, '');
      const out = join(dir, 'depth.tsv');
      const { status, stderr } = runStatic(labelPeer, out, '--depth', '3');
      expect(stderr).toBe('2 positions labelled, 1 decided left out\n');
      expect(status).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(`${fens[0]}\t30\n${fens[1]}\t9\n`);
      expect(readFileSync(log, 'utf8')).toBe(`label 3\n${fens.join('\n')}\nend\nquit\n`);
    });

    it("with --symmetric, the mean of the twins' scores", () => {
      writeFileSync(log, '');
      const out = join(dir, 'depth-twins.tsv');
      const { status, stderr } = runStatic(labelPeer, out, '--depth', '3', '--symmetric');
      expect(stderr).toBe('2 positions labelled, 1 decided left out\n');
      expect(status).toBe(0);
      // (30 + 9) / 2 = 19.5, rounded half away from zero; the third is decided for one twin.
      expect(readFileSync(out, 'utf8')).toBe(`${fens[0]}\t20\n${fens[1]}\t20\n`);
      expect(readFileSync(log, 'utf8')).toBe(
        `label 3\n${fens.map((fen) => `${fen}\n${twin(fen)}\n`).join('')}end\nquit\n`,
      );
    });

    it('refuses a depth that is not 0 to 30 plies, writing nothing', () => {
      for (const depth of ['-1', '31', '2.5', 'deep', '']) {
        const out = join(dir, 'never-deep.tsv');
        const { status, stderr } = runStatic(labelPeer, out, `--depth=${depth}`);
        expect(status, depth).toBe(2);
        expect(stderr).toBe('tune: --depth takes 0 (the static value) to 30 plies (ERR_OPTIONS)\n');
        expect(existsSync(out)).toBe(false);
      }
    });

    it('stops with ERR_PEER when a label line is not two numbers', () => {
      const { status, stderr } = runStatic(
        `${labelPeer} rude`,
        join(dir, 'rude-depth.tsv'),
        '--depth',
        '2',
      );
      expect(status).toBe(1);
      expect(stderr).toBe(
        `tune: the peer answered "error ERR_FEN no" to label 2 at ${fens[0]} (ERR_PEER)\n`,
      );
    });
  });

  it('stops with ERR_PEER, naming the answer, when the peer does not answer eval', () => {
    const out = join(dir, 'rude.tsv');
    const { status, stderr } = runStatic(fakePeer(true), out);
    expect(status).toBe(1);
    expect(stderr).toBe(
      `tune: the peer answered "error ERR_UNKNOWN eval" to eval at ${fens[0]} (ERR_PEER)\n`,
    );
  });
});
