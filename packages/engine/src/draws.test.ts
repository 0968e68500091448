import { describe, expect, it } from 'vitest';
import { drawMessage, drawOf, numberBelow } from './draws.js';
import { newGame, spawnUnits, step } from './game.js';
import { classic, fiveTwelve } from './rules.js';

const u64 = ({ hi, lo }: { hi: number; lo: number }): bigint => (BigInt(hi) << 32n) | BigInt(lo);
const drawOfU = (u: bigint) => ({ hi: Number(u >> 32n), lo: Number(u & 0xffffffffn) });

describe('the pinned generator (record version 2)', () => {
  // Computed outside this code: Python 3's `hmac`/`hashlib`
  //   int.from_bytes(hmac.new(seed.encode(), b'twenty48/v2/' + str(k).encode(),
  //                  hashlib.sha256).digest()[:8], 'big')
  // and the first two checked with `printf 'twenty48/v2/0' | openssl dgst -sha256 -hmac abc`.
  it.each([
    ['abc', 0, 3548125594999633935n],
    ['abc', 1, 6472749866404565038n],
    ['abc', 2, 14400462951407100486n],
    ['abc', 3, 5739002889499834477n],
    ['abc', 10, 5823216619675770286n],
    ['1', 0, 4303447840585820826n],
    ['1', 1, 10463823155566435746n],
    ['L7Db04WyctE0dy2blS9cAw', 123456, 0x0990fe6d86b6869fn],
  ])('draw %j #%i is %s', (seed, k, u) => {
    expect(u64(drawOf(seed, k))).toBe(u);
  });

  it('signs the ASCII message "twenty48/v2/" and k in decimal', () => {
    expect(String.fromCharCode(...drawMessage(0))).toBe('twenty48/v2/0');
    expect(String.fromCharCode(...drawMessage(1234567))).toBe('twenty48/v2/1234567');
    expect(() => drawMessage(-1)).toThrow();
  });

  // Python: (n * u) >> 64 for the draws above.
  it.each([
    ['abc', 0, 10, 1],
    ['abc', 0, 16, 3],
    ['abc', 0, 1_000_000, 192344],
    ['abc', 1, 10, 3],
    ['abc', 1, 16, 5],
    ['abc', 1, 1_000_000, 350888],
    ['L7Db04WyctE0dy2blS9cAw', 123456, 1_000_000, 37368],
  ])('the number below n of draw %j #%i: below %i is %i', (seed, k, n, expected) => {
    expect(numberBelow(n, drawOf(seed, k))).toBe(expected);
  });

  it('is floor(n·u / 2^64) exactly, at the edges where a float would round', () => {
    const cases: [bigint, number][] = [
      [0n, 10],
      [2n ** 64n - 1n, 10],
      [2n ** 64n / 10n, 10], // floor(2^64/10): the last u whose number below 10 is 0
      [2n ** 64n / 10n + 1n, 10],
      [2n ** 64n - 1n, 2 ** 21],
      [2n ** 64n - 1n, 2 ** 21 + 1], // the BigInt path
      [2n ** 63n + 12345n, 1_000_000],
      [(2n ** 64n / 3n) * 2n, 3],
    ];
    for (const [u, n] of cases) {
      expect(numberBelow(n, drawOfU(u))).toBe(Number((BigInt(n) * u) >> 64n));
    }
    // Against BigInt on many draws and bounds.
    for (let k = 0; k < 2000; k++) {
      const draw = drawOf('exact', k);
      const n = 1 + ((k * 7919) % 2_000_000);
      expect(numberBelow(n, draw)).toBe(Number((BigInt(n) * u64(draw)) >> 64n));
    }
  });

  it('takes its spawn values by units: classic 4 exactly when the number below 10 is 0', () => {
    expect(spawnUnits(classic)).toEqual([
      { value: 4, units: 100_000 },
      { value: 2, units: 900_000 },
    ]);
    expect(spawnUnits(fiveTwelve)).toEqual([{ value: 2, units: 1_000_000 }]);
    // A new game's start tiles: two spawns, draws 0 to 3 (value, cell, value, cell).
    for (let s = 0; s < 200; s++) {
      const seed = `units-${s}`;
      const game = newGame(classic, seed);
      const four = numberBelow(10, drawOf(seed, 0)) === 0;
      const cell = numberBelow(16, drawOf(seed, 1));
      expect(game.board[Math.floor(cell / 4)]?.[cell % 4]).toBe(four ? 4 : 2);
      expect(game.rng).toEqual({ version: 2, draws: 4 });
    }
  });

  it('deals seed "abc" as Python does: the start, then a move', () => {
    const start = newGame(classic, 'abc');
    expect(start.board).toEqual([
      [0, 0, 0, 0],
      [2, 2, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    const moved = step(start, 'left').game;
    expect(moved.rng).toEqual({ version: 2, draws: 6 });
    // The left slide makes a 4 at (1,0); draws 4 and 5 place the spawn among the 15 empty cells.
    const value = numberBelow(10, drawOf('abc', 4)) === 0 ? 4 : 2;
    const cell = numberBelow(15, drawOf('abc', 5));
    const empty = moved.board.flat().filter((v) => v === 0).length;
    expect(empty).toBe(14);
    const before = [
      [0, 0, 0, 0],
      [4, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    const cells = before.flatMap((row, r) => row.flatMap((v, c) => (v === 0 ? [[r, c]] : [])));
    const [r, c] = cells[cell] ?? [];
    expect(moved.board[r ?? -1]?.[c ?? -1]).toBe(value);
  });
});
