import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeNetwork, parseNetwork } from './ntuple-format.js';
import type { NetworkShape } from './ntuple-network.js';
import {
  formatTrainProgress,
  type TrainProgress,
  trainNetwork,
  writeAtomically,
} from './ntuple-train.js';

const TINY: NetworkShape = {
  tuples: [
    [0, 1, 2],
    [4, 5, 6],
  ],
  stages: [0],
};

const weightsOf = (path: string) => {
  const parsed = parseNetwork(readFileSync(path));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

describe('2048 train (one worker, a tiny network)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'train-'));
  const run = (out: string, games: number, resume?: string) =>
    trainNetwork({
      games,
      workers: 1,
      seed: 'resume',
      out,
      shape: TINY,
      ...(resume ? { resume } : {}),
    });

  it('gives the same network every time, and a resumed training equals an uninterrupted one', async () => {
    await run(join(dir, 'whole.t48n'), 400);
    await run(join(dir, 'again.t48n'), 400);
    await run(join(dir, 'half.t48n'), 150);
    await run(join(dir, 'half.t48n'), 400, join(dir, 'half.t48n'));
    const whole = weightsOf(join(dir, 'whole.t48n'));
    const again = weightsOf(join(dir, 'again.t48n'));
    const resumed = weightsOf(join(dir, 'half.t48n'));
    expect(whole.games).toBe(400);
    expect(resumed.games).toBe(400);
    expect(again.network.weights).toEqual(whole.network.weights);
    expect(resumed.network.weights).toEqual(whole.network.weights);
    expect((resumed.training as { rng: unknown }).rng).toEqual(
      (whole.training as { rng: unknown }).rng,
    );
    // It learned something: some weights moved from 0.
    expect(whole.network.weights.some((w) => w !== 0)).toBe(true);
  }, 60_000);

  it('with λ-returns and temporal coherence, a resumed training equals an uninterrupted one', async () => {
    const learn = (out: string, games: number, resume?: string) =>
      trainNetwork({
        games,
        workers: 1,
        seed: 'coherent',
        out,
        shape: TINY,
        lambda: 0.5,
        coherence: true,
        rate: 1,
        ...(resume ? { resume } : {}),
      });
    await learn(join(dir, 'tc-whole.t48n'), 300);
    await learn(join(dir, 'tc-half.t48n'), 120);
    // Resumed without the flags: the checkpoint's λ, coherence and its E and A go on.
    await trainNetwork({
      games: 300,
      workers: 1,
      seed: 'ignored',
      out: join(dir, 'tc-half.t48n'),
      resume: join(dir, 'tc-half.t48n'),
    });
    const whole = parseNetwork(readFileSync(join(dir, 'tc-whole.t48n')));
    const resumed = parseNetwork(readFileSync(join(dir, 'tc-half.t48n')));
    if (!whole.ok || !resumed.ok) throw new Error('unreadable checkpoint');
    expect(resumed.value.network.weights).toEqual(whole.value.network.weights);
    expect(resumed.value.coherence).toEqual(whole.value.coherence);
    expect(resumed.value.training).toMatchObject({ lambda: 0.5, coherence: true, rate: 1 });
    expect(whole.value.coherence?.some((a, i) => i % 2 === 1 && a > 0)).toBe(true);
    // The same games without coherence learn other weights: the flag is not ignored.
    await trainNetwork({
      games: 300,
      workers: 1,
      seed: 'coherent',
      out: join(dir, 'td.t48n'),
      shape: TINY,
      lambda: 0.5,
      rate: 1,
    });
    expect(weightsOf(join(dir, 'td.t48n')).network.weights).not.toEqual(
      whole.value.network.weights,
    );
  }, 120_000);

  it('with restarts, every other game starts from a kept board, and a resumed run equals a whole one', async () => {
    const reports: TrainProgress[] = [];
    const learn = (out: string, games: number, resume?: string) =>
      trainNetwork({
        games,
        workers: 1,
        seed: 'restart',
        out,
        shape: TINY,
        restart: 64,
        onProgress: (p) => reports.push(p),
        ...(resume ? { resume } : {}),
      });
    await learn(join(dir, 'rs-whole.t48n'), 300);
    const last = reports[reports.length - 1];
    await learn(join(dir, 'rs-half.t48n'), 110);
    // Resumed without --restart: the checkpoint's tile, pool and count of games go on.
    await trainNetwork({
      games: 300,
      workers: 1,
      seed: 'ignored',
      out: join(dir, 'rs-half.t48n'),
      resume: join(dir, 'rs-half.t48n'),
    });
    const whole = weightsOf(join(dir, 'rs-whole.t48n'));
    const resumed = weightsOf(join(dir, 'rs-half.t48n'));
    expect(resumed.network.weights).toEqual(whole.network.weights);
    expect(resumed.training).toEqual({
      ...(whole.training as object),
      seconds: expect.any(Number),
    });
    const state = whole.training as {
      restartExponent: number;
      pools: string[][];
      played: number[];
    };
    expect(state.restartExponent).toBe(6);
    expect(state.played).toEqual([300]);
    // The pool holds boards whose largest tile is 64 or more, as hexadecimal afterstates.
    const pool = state.pools[0] ?? [];
    expect(pool.length).toBeGreaterThan(10);
    for (const hex of pool) {
      const board = BigInt(`0x${hex}`);
      const exponents = Array.from({ length: 16 }, (_, i) =>
        Number((board >> BigInt(4 * i)) & 15n),
      );
      expect(Math.max(...exponents)).toBeGreaterThanOrEqual(6);
    }
    // Every other game was a restart once the pool had a board (150 of 300 at most), reported
    // apart from the new games.
    expect(last?.restarts?.games).toBeGreaterThan(130);
    expect(last?.restarts?.games).toBeLessThanOrEqual(150);
    expect(formatTrainProgress(last as TrainProgress)).toMatch(
      / restarts: last \d+: mean \d+ 2048 /,
    );
    // The same games without restarts learn other weights: the flag is not ignored.
    await trainNetwork({
      games: 300,
      workers: 1,
      seed: 'restart',
      out: join(dir, 'no-rs.t48n'),
      shape: TINY,
    });
    expect(weightsOf(join(dir, 'no-rs.t48n')).network.weights).not.toEqual(whole.network.weights);
  }, 120_000);

  it('with downgrading, keeps the limit in the checkpoint, resumes it, and learns other weights', async () => {
    const learn = (out: string, games: number, extra: { resume?: string; downgrade?: number }) =>
      trainNetwork({ games, workers: 1, seed: 'down', out, shape: TINY, ...extra });
    await learn(join(dir, 'dg-whole.t48n'), 200, { downgrade: 32 });
    await learn(join(dir, 'dg-half.t48n'), 70, { downgrade: 32 });
    // Resumed without --downgrade: the checkpoint's limit goes on.
    await learn(join(dir, 'dg-half.t48n'), 200, { resume: join(dir, 'dg-half.t48n') });
    const whole = weightsOf(join(dir, 'dg-whole.t48n'));
    const resumed = weightsOf(join(dir, 'dg-half.t48n'));
    expect((whole.training as { downgradeAbove: number }).downgradeAbove).toBe(5);
    expect(resumed.network.weights).toEqual(whole.network.weights);
    expect(resumed.training).toEqual({
      ...(whole.training as object),
      seconds: expect.any(Number),
    });
    // The same games without downgrading learn other weights: the flag reaches the workers.
    await learn(join(dir, 'dg-none.t48n'), 200, {});
    expect(weightsOf(join(dir, 'dg-none.t48n')).network.weights).not.toEqual(whole.network.weights);
    // --downgrade 0 on resume turns it off, and the checkpoint says nothing of it.
    await learn(join(dir, 'dg-whole.t48n'), 220, {
      resume: join(dir, 'dg-whole.t48n'),
      downgrade: 0,
    });
    expect(weightsOf(join(dir, 'dg-whole.t48n')).training).not.toHaveProperty('downgradeAbove');
  }, 120_000);

  it('goes on from a shipped network (no training state) with a new trainer state', async () => {
    const first = join(dir, 'to-ship.t48n');
    await run(first, 50);
    const trained = weightsOf(first);
    const shipped = join(dir, 'shipped.t48n');
    writeFileSync(shipped, makeNetwork({ ...trained, training: null }, 'float16'));
    const out = join(dir, 'from-shipped.t48n');
    await trainNetwork({ games: 80, workers: 1, seed: 'later', out, resume: shipped, rate: 0.1 });
    const after = weightsOf(out);
    expect(after.games).toBe(80);
    expect(after.training).toMatchObject({ seed: 'later', rate: 0.1, lambda: 0 });
    expect(after.network.weights).not.toEqual(trained.network.weights);
  }, 60_000);

  it('adds a stage on resume that values every board as before, then learns it apart', async () => {
    const first = join(dir, 'one-stage.t48n');
    await trainNetwork({ games: 60, workers: 1, seed: 'st', out: first, shape: TINY });
    const staged = join(dir, 'two-stages.t48n');
    // Stage 1 from the 64 tile; no game is played (the checkpoint already has 60).
    await trainNetwork({
      games: 60,
      workers: 1,
      seed: 'st',
      out: staged,
      resume: first,
      stage: 64,
    });
    const before = weightsOf(first).network;
    const after = weightsOf(staged);
    expect(after.network.shape.stages).toEqual([0, 6]);
    expect(after.network.weights.length).toBe(2 * before.weights.length);
    const half = before.weights.length;
    expect(after.network.weights.subarray(0, half)).toEqual(before.weights);
    expect(after.network.weights.subarray(half)).toEqual(before.weights);
    // Trained on, the late stage learns other weights than the early one.
    await trainNetwork({
      games: 200,
      workers: 1,
      seed: 'st',
      out: staged,
      resume: staged,
      stage: 64,
    });
    const trained = weightsOf(staged).network;
    expect(trained.shape.stages).toEqual([0, 6]);
    expect(trained.weights.subarray(half)).not.toEqual(trained.weights.subarray(0, half));
  }, 60_000);

  it('takes a new rate on resume and keeps it in the checkpoint', async () => {
    const out = join(dir, 'rate.t48n');
    await run(out, 20);
    expect((weightsOf(out).training as { rate: number }).rate).toBe(0.4);
    await trainNetwork({ games: 40, workers: 1, seed: 'x', out, resume: out, rate: 0.1 });
    const after = weightsOf(out);
    expect(after.games).toBe(40);
    expect((after.training as { rate: number; seed: string }).rate).toBe(0.1);
    expect((after.training as { rate: number; seed: string }).seed).toBe('resume');
  }, 60_000);

  it('refuses to resume from a file that is not a checkpoint (ERR_TRAIN_RESUME)', async () => {
    await expect(run(join(dir, 'x.t48n'), 10, join(dir, 'none.t48n'))).rejects.toThrow(
      /ERR_TRAIN_RESUME: ERR_NETWORK_MISSING/,
    );
  });
});

describe('a checkpoint write', () => {
  it('that fails (a full disk, here a directory where the temporary file goes) keeps the last one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
    const path = join(dir, 'net.t48n');
    writeAtomically(path, new Uint8Array([1, 2, 3]));
    expect(Array.from(readFileSync(path))).toEqual([1, 2, 3]);
    mkdirSync(`${path}.tmp-${process.pid}`);
    expect(() => writeAtomically(path, new Uint8Array([4, 5, 6, 7]))).toThrow();
    expect(Array.from(readFileSync(path))).toEqual([1, 2, 3]);
  });
});
