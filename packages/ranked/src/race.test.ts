import type { RacePlayer } from '@twenty48/common';
import { describe, expect, it } from 'vitest';
import { type RaceFacts, raceAnswerOf, raceMoveRefusal, raceStatus, standings } from './race.js';

const player = (name: string, more: Partial<RacePlayer & { joinedAt: string }> = {}) => ({
  name,
  watchId: `w-${name}`,
  score: 0,
  maxTile: 2,
  moves: 0,
  status: 'playing' as const,
  reachedAt: null,
  joinedAt: '2026-11-26T10:00:00.000Z',
  ...more,
});
const race = (more: Partial<RaceFacts> = {}): RaceFacts => ({
  raceId: 'r',
  rules: 'classic',
  size: 4,
  minutes: 5,
  createdAt: '2026-11-26T10:00:00.000Z',
  startedAt: null,
  endsAt: null,
  finishedAt: null,
  players: [player('Ada'), player('Bo')],
  ...more,
});
const at = (iso: string) => Date.parse(iso);
const started = { startedAt: '2026-11-26T10:01:03.000Z', endsAt: '2026-11-26T10:06:03.000Z' };

describe("a race's rules", () => {
  it('waits, counts down, runs, and ends on time; a race never started ends after an hour', () => {
    expect(raceStatus(race(), at('2026-11-26T10:59:59.999Z'))).toBe('waiting');
    expect(raceStatus(race(), at('2026-11-26T11:00:00.000Z'))).toBe('finished');
    const running = race(started);
    expect(raceStatus(running, at('2026-11-26T10:01:00.000Z'))).toBe('running');
    expect(raceMoveRefusal(running, at('2026-11-26T10:01:02.999Z'))).toBe('ERR_RACE_NOT_STARTED');
    expect(raceMoveRefusal(running, at('2026-11-26T10:01:03.000Z'))).toBeNull();
    expect(raceMoveRefusal(running, at('2026-11-26T10:06:02.999Z'))).toBeNull();
    expect(raceMoveRefusal(running, at('2026-11-26T10:06:03.000Z'))).toBe('ERR_RACE_OVER');
    expect(raceMoveRefusal(race(), at('2026-11-26T10:00:00.000Z'))).toBe('ERR_RACE_NOT_STARTED');
  });

  it('ends when a player reaches the goal, or when every game is lost', () => {
    const now = at('2026-11-26T10:02:00.000Z');
    expect(raceStatus(race({ ...started, finishedAt: '2026-11-26T10:01:30.000Z' }), now)).toBe(
      'finished',
    );
    const lost = [player('Ada', { status: 'lost' }), player('Bo', { status: 'lost' })];
    expect(raceStatus(race({ ...started, players: lost }), now)).toBe('finished');
    const one = [player('Ada', { status: 'lost' }), player('Bo')];
    expect(raceStatus(race({ ...started, players: one }), now)).toBe('running');
  });

  it('ranks who reached the goal first, then the score, the tile, fewer moves, who joined first', () => {
    const ranked = standings([
      player('Ann', { score: 900, maxTile: 64, moves: 90 }),
      player('Ben', { score: 900, maxTile: 128, moves: 95 }),
      player('Cat', { score: 100, reachedAt: '2026-11-26T10:03:00.000Z' }),
      player('Dan', { score: 50, reachedAt: '2026-11-26T10:02:00.000Z' }),
      player('Eve', { score: 900, maxTile: 64, moves: 80 }),
      player('Fay', { score: 900, maxTile: 64, moves: 80, joinedAt: '2026-11-26T09:00:00.000Z' }),
    ]);
    expect(ranked.map((p) => p.name)).toEqual(['Dan', 'Cat', 'Ben', 'Fay', 'Eve', 'Ann']);
  });

  it('answers the race without the players’ join times, with the server clock', () => {
    const answer = raceAnswerOf(race(started), at('2026-11-26T10:02:00.000Z'));
    expect(answer.now).toBe('2026-11-26T10:02:00.000Z');
    expect(answer.status).toBe('running');
    expect(answer.players[0]).not.toHaveProperty('joinedAt');
  });
});
