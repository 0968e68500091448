import { readFileSync } from 'node:fs';
import {
  type Direction,
  type Game,
  makeRecord,
  newGame,
  parseRecord,
  step,
} from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { rulesOf } from './saved-game.js';
import { memoryStore } from './storage.js';
import { createGameModel, type ModelChange } from './view-model.js';

const DIRS = ['up', 'down', 'left', 'right'] as const;
const deps = (store = memoryStore()) => ({ store, newSeed: () => 'fresh', now: () => 1000 });
const play = (game: Game, moves: Direction[]): Game =>
  moves.reduce((g, direction) => step(g, direction).game, game);

/** A real classic game that reaches 2048 (scripts/make-win-fixture.mjs), replayed by the engine. */
const winRecord = (() => {
  const parsed = parseRecord(
    readFileSync(new URL('../e2e/fixtures/win.json', import.meta.url), 'utf8'),
  );
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
})();

describe('a game from a link', () => {
  it('starts exactly newGame(rules, seed) at the asked size', () => {
    const model = createGameModel(deps(), { seed: '42', rules: 'tiers', size: 5 });
    expect(model.game.board).toEqual(newGame(rulesOf({ rules: 'tiers', size: 5 }), '42').board);
    expect(model.variant).toEqual({ rules: 'tiers', size: 5 });
    expect(model.settings.size).toBe(5);
  });
});

describe('moves and animations', () => {
  it('plays the first move at once and queues the rest until each animation ends', () => {
    const model = createGameModel(deps(), { seed: '7' });
    const changes: ModelChange[] = [];
    model.subscribe((change) => changes.push(change));
    const moves: Direction[] = ['left', 'up', 'right', 'down'];
    for (const direction of moves) model.push(direction);
    expect(model.animating).toBe(true);
    expect(model.game.moves).toHaveLength(1);
    expect(model.queued).toBe(3);
    while (model.animating) model.animationDone();
    const expected = play(newGame('classic', '7'), moves);
    expect(model.game.board).toEqual(expected.board);
    expect(model.game.score).toBe(expected.score);
    expect(changes.filter((c) => c.type === 'move')).toHaveLength(expected.moves.length);
  });

  it('says when a move changes nothing, and does not wait for an animation', () => {
    // The first seed whose start leaves some direction with nothing to slide.
    const seeds = Array.from({ length: 100 }, (_, i) => String(i));
    const seed = seeds.find((s) => DIRS.some((d) => !step(newGame('classic', s), d).moved));
    if (seed === undefined) return expect.fail('no start among 100 seeds has a stuck direction');
    const model = createGameModel(deps(), { seed });
    const stuck = DIRS.find((d) => !step(model.game, d).moved) as Direction;
    model.push(stuck);
    expect(model.animating).toBe(false);
    expect(model.game.moves).toBe('');
    expect(model.announcement).toMatch(/nothing moves/);
  });

  it('announces merges, the new tile and the score', () => {
    const model = createGameModel(deps(), { seed: '7' });
    model.push('left');
    expect(model.announcement).toMatch(/^Left: .*New [24] at row \d, column \d\. Score \d+\.$/);
  });
});

describe('saving', () => {
  it('resumes the saved game after a reload, with its undo history', () => {
    const store = memoryStore();
    const first = createGameModel(deps(store), { seed: '9' });
    for (const direction of ['left', 'up', 'left'] as const) {
      first.push(direction);
      first.animationDone();
    }
    const second = createGameModel(deps(store));
    expect(second.game).toEqual(first.game);
    expect(second.canUndo).toBe(true);
    second.undo();
    expect(second.game.moves).toBe(first.game.moves.slice(0, -1));
  });

  it('keeps the best score per rules and size', () => {
    const store = memoryStore();
    const model = createGameModel(deps(store), { seed: '9' });
    for (let i = 0; i < 30; i++) {
      model.push((['left', 'up', 'right', 'down'] as const)[i % 4] as Direction);
      model.animationDone();
    }
    expect(model.game.score).toBeGreaterThan(0);
    expect(model.best).toBe(model.game.score);
    model.newGame({ variant: { rules: 'classic', size: 5 } });
    expect(model.best).toBe(0);
    model.newGame({ variant: { rules: 'classic', size: 4 } });
    expect(model.best).toBeGreaterThan(0);
  });

  it('reports a corrupt save by its code and starts afresh', () => {
    const store = memoryStore();
    store.set(
      'twenty48:game',
      '{"record":{"version":1,"rules":"classic","seed":"1","moves":"LX"}}',
    );
    const model = createGameModel(deps(store));
    expect(model.notice).toMatch(/ERR_MOVES/);
    expect(model.game.moves).toBe('');
    expect(model.game.seed).toBe('fresh');
  });

  it('prefers a link to a different game over the saved one', () => {
    const store = memoryStore();
    const first = createGameModel(deps(store), { seed: '9' });
    first.push('left');
    expect(createGameModel(deps(store), { seed: '9' }).game.moves).not.toBe('');
    expect(createGameModel(deps(store), { seed: '10' }).game.moves).toBe('');
  });
});

describe('winning, losing and the table', () => {
  const almostWon = () => {
    const store = memoryStore();
    const record = { ...winRecord, moves: winRecord.moves.slice(0, -1) };
    store.set('twenty48:game', JSON.stringify({ record: JSON.parse(makeRecord(record)) }));
    return createGameModel(deps(store));
  };
  const lastMove = { U: 'up', D: 'down', L: 'left', R: 'right' }[
    winRecord.moves.at(-1) as 'U'
  ] as Direction;

  it('shows the win, waits for an answer, then keeps going', () => {
    const model = almostWon();
    expect(model.overlay).toBe(null);
    model.push(lastMove);
    model.animationDone();
    expect(model.overlay).toBe('won');
    expect(model.announcement).toMatch(/You win!/);
    const board = model.game.board;
    model.push('left');
    expect(model.game.board).toBe(board);
    model.keepPlaying();
    expect(model.overlay).toBe(null);
    expect(model.game.keptPlaying).toBe(true);
  });

  it('enters a lost game in the table once, with a clean name', () => {
    const store = memoryStore();
    const model = createGameModel(deps(store), { seed: '3', size: 3 });
    const order = ['left', 'up', 'right', 'up'] as const;
    for (let i = 0; model.game.status === 'playing' && i < 5000; i++) {
      model.push(order[i % 4] as Direction);
      model.animationDone();
    }
    expect(model.overlay).toBe('lost');
    expect(model.saveScore('  Ada\u0007  ')).toBe(1);
    expect(model.saveScore('Ada')).toBe(null);
    expect(model.scores[0]).toMatchObject({ name: 'Ada', score: model.game.score });
  });
});
