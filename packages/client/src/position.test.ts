import { DIRECTIONS, type Game, makeRules, newGame, PRESET_NAMES, step } from '@twenty48/engine';
import { answerOf, moveEventOf } from '@twenty48/ranked';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countIds,
  followMove,
  type Position,
  placeSpawn,
  positionOf,
  slidePosition,
} from './position.js';

/** The engine's game as a client position, with the engine's own tile ids. */
const positionOfGame = (game: Game): Position => ({
  rules: game.rules,
  board: game.board,
  ids: game.ids,
  score: game.score,
  status: game.status,
  moves: game.moves.length,
});

const arbitraryPlay = fc.record({
  preset: fc.constantFrom(...PRESET_NAMES),
  size: fc.integer({ min: 3, max: 6 }),
  seed: fc.integer({ min: 0, max: 1_000_000 }).map(String),
  moves: fc.array(fc.constantFrom(...DIRECTIONS), { maxLength: 60 }),
});

describe('the local board of a ranked game', () => {
  it('numbers the tiles of a board from the server in reading order', () => {
    const rules = makeRules('classic', { size: 2 });
    if (!rules.ok) throw new Error(rules.error.message);
    const position = positionOf(
      rules.value,
      [
        [2, 0],
        [4, 2],
      ],
      { score: 0, status: 'playing', moves: 0 },
      countIds(5),
    );
    expect(position.ids).toEqual([
      [5, 0],
      [6, 7],
    ]);
  });

  it('slides as the engine steps, event for event, without the spawn', () => {
    fc.assert(
      fc.property(arbitraryPlay, ({ preset, size, seed, moves }) => {
        const rules = makeRules(preset, { size });
        if (!rules.ok) throw new Error(rules.error.message);
        let game = newGame(rules.value, seed);
        for (const direction of moves) {
          const engine = step(game, direction);
          if (engine.game === game) continue;
          const slid = slidePosition(positionOfGame(game), direction, countIds(game.nextId));
          expect(slid.events).toEqual(engine.events.filter((e) => e.type !== 'spawn'));
          expect(slid.gained).toBe(engine.gained);
          expect(slid.moved).toBe(engine.moved);
          game = engine.game;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('follows every move the engine makes, given its spawn, to the same board, ids and score', () => {
    fc.assert(
      fc.property(arbitraryPlay, ({ preset, size, seed, moves }) => {
        const rules = makeRules(preset, { size });
        if (!rules.ok) throw new Error(rules.error.message);
        let game = newGame(rules.value, seed);
        for (const direction of moves) {
          const engine = step(game, direction);
          if (engine.game === game) continue;
          const spawn = engine.events.find((e) => e.type === 'spawn');
          const move = moveEventOf(direction, answerOf(engine, 0));
          const followed = followMove(positionOfGame(game), move, countIds(game.nextId));
          expect(followed?.position).toEqual(positionOfGame(engine.game));
          expect(followed?.spawn ?? null).toEqual(spawn ?? null);
          game = engine.game;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a spawn on a taken cell, and a board or score the move cannot make', () => {
    const game = newGame('classic', '234'); // 2s at [1,1] and [2,1]
    const position = positionOfGame(game);
    expect(placeSpawn(position, { row: 1, col: 1, value: 2 }, countIds(9))).toBeNull();
    const engine = step(game, 'up');
    const spawn = engine.events.find((e) => e.type === 'spawn');
    if (spawn?.type !== 'spawn') throw new Error('no spawn');
    const move = {
      direction: 'up' as const,
      board: engine.game.board,
      score: engine.game.score,
      moved: true,
      spawn: { row: spawn.at[0], col: spawn.at[1], value: spawn.value },
      status: engine.game.status,
      moves: 1,
    };
    expect(followMove(position, move, countIds(game.nextId))).not.toBeNull();
    expect(followMove(position, { ...move, score: move.score + 4 }, countIds(9))).toBeNull();
    expect(followMove(position, { ...move, direction: 'down' }, countIds(9))).toBeNull();
    expect(followMove(position, { ...move, moved: false }, countIds(9))).toBeNull();
    const other = spawn.value === 2 ? 4 : 2;
    expect(
      followMove(position, { ...move, spawn: { ...move.spawn, value: other } }, countIds(9)),
    ).toBeNull();
  });
});
