import { describe, expect, it } from 'vitest';
import { newGame } from './game.js';
import { createSession, type SessionEvent } from './session.js';
import { DIRECTIONS } from './types.js';

describe('session', () => {
  it('moves, undoes and tells its listeners', () => {
    const first = newGame('classic', 11);
    const session = createSession(first);
    const seen: SessionEvent[] = [];
    const stop = session.subscribe((event) => seen.push(event));
    const direction = DIRECTIONS.find((d) => session.move(d).game !== first);
    expect(direction).toBeDefined();
    expect(session.game).not.toBe(first);
    expect(session.undoDepth).toBe(1);
    expect(seen.map((e) => e.type)).toEqual(['move']);
    expect(session.undo()).toBe(true);
    expect(session.game).toBe(first);
    expect(session.undo()).toBe(false);
    expect(seen.map((e) => e.type)).toEqual(['move', 'undo']);
    stop();
    session.start(newGame('classic', 12));
    expect(seen).toHaveLength(2);
  });

  it('undo then the same move gives the same spawn: the generator is part of the game', () => {
    const session = createSession(newGame('classic', 3));
    const direction = DIRECTIONS.find((d) => session.move(d).moved) ?? 'left';
    const after = session.game;
    session.undo();
    session.move(direction);
    expect(session.game).toEqual(after);
  });

  it('does not announce moves that do not count', () => {
    const session = createSession(newGame('classic', 2));
    const moves: string[] = [];
    session.on('move', (event) => moves.push(event.direction));
    for (const d of DIRECTIONS) session.move(d);
    expect(moves.length).toBe(session.undoDepth);
  });

  it('limits the undo history', () => {
    const session = createSession(newGame('fiveTwelve', 1), { undoLimit: 3 });
    for (let i = 0; i < 10; i++) session.move('left');
    expect(session.undoDepth).toBe(3);
  });

  it('typed listeners get only their kind of event, and can stop', () => {
    const session = createSession(newGame('classic', 9));
    let news = 0;
    const off = session.on('new', (event) => {
      expect(event.game.seed).toBe('10');
      news++;
    });
    session.start(newGame('classic', 10));
    off();
    session.start(newGame('classic', 10));
    expect(news).toBe(1);
  });
});
