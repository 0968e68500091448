import type { RaceInfo } from '@twenty48/client';
import { describe, expect, it } from 'vitest';
import {
  countdownNumber,
  keepRace,
  lobbyLine,
  MAX_RACES_KEPT,
  parseJoinedRaces,
  playerLine,
  raceIdOf,
  raceLink,
  screenOf,
  supersedes,
  timeLeft,
  winnerLine,
} from './race-view.js';

const id = 'AbCdEfGhIjKlMnOpQrStUv';
const player = {
  name: 'Ada',
  watchId: id,
  score: 2048,
  maxTile: 256,
  moves: 300,
  status: 'playing' as const,
  reachedAt: null,
};
const race: RaceInfo = {
  raceId: id,
  rules: 'classic',
  size: 4,
  minutes: 5,
  status: 'waiting',
  startedAt: null,
  endsAt: null,
  players: [player],
  now: '2026-11-26T13:00:00.000Z',
};
const inIt = { raceId: id, gameId: id, name: 'Ada', hostToken: null };
const at = (iso: string) => Date.parse(iso);

describe('the screen a race shows', () => {
  it('goes from set-up to join, lobby, countdown, racing and over', () => {
    expect(screenOf(null, null, 0)).toBe('setup');
    expect(screenOf(race, null, 0)).toBe('join');
    expect(screenOf(race, { ...inIt, gameId: null }, 0)).toBe('join');
    expect(screenOf(race, inIt, 0)).toBe('lobby');
    const running = { ...race, status: 'running' as const, startedAt: '2026-11-26T13:00:03.000Z' };
    expect(screenOf(running, inIt, at('2026-11-26T13:00:01.000Z'))).toBe('countdown');
    expect(screenOf(running, inIt, at('2026-11-26T13:00:03.000Z'))).toBe('racing');
    expect(screenOf(running, null, at('2026-11-26T13:00:01.000Z'))).toBe('watching');
    expect(screenOf({ ...running, status: 'finished' }, inIt, 0)).toBe('over');
  });

  it('counts 3, 2, 1, then go; and the time left as m:ss', () => {
    expect([3000, 2001, 2000, 1001, 1000, 1, 0, -5].map(countdownNumber)).toEqual([
      3,
      3,
      2,
      2,
      1,
      1,
      null,
      null,
    ]);
    expect(countdownNumber(9000)).toBe(3);
    expect(timeLeft(300_000)).toBe('5:00');
    expect(timeLeft(61_500)).toBe('1:02');
    expect(timeLeft(-10)).toBe('0:00');
  });
});

describe('a race read again', () => {
  it('never takes the page back to an earlier stage of the same race', () => {
    const running = { ...race, status: 'running' as const };
    const finished = { ...race, status: 'finished' as const };
    expect(supersedes(null, race)).toBe(true);
    expect(supersedes(race, running)).toBe(true);
    expect(supersedes(running, finished)).toBe(true);
    expect(supersedes(running, { ...running, players: [] })).toBe(true);
    // A read answered before the end, arriving after the stream told of it.
    expect(supersedes(finished, running)).toBe(false);
    expect(supersedes(running, race)).toBe(false);
    // Another race (Race again) replaces it whatever its stage.
    expect(supersedes(finished, { ...race, raceId: 'ZyXwVuTsRqPoNmLkJiHgFe' })).toBe(true);
  });
});

describe('the race’s link', () => {
  it('puts the id after # (never in a server’s logs) and reads it back', () => {
    const link = raceLink('http://127.0.0.1:8048/race.html?from=x#old', id);
    expect(link).toBe(`http://127.0.0.1:8048/race.html#${id}`);
    expect(raceIdOf(new URL(link).hash)).toBe(id);
    expect(raceIdOf('#<img src=x>')).toBeNull();
    expect(raceIdOf('')).toBeNull();
  });
});

describe('the races kept', () => {
  it('keeps the well-formed ones, the newest last, at most MAX_RACES_KEPT', () => {
    const stored = [inIt, { raceId: 'bad id!' }, { raceId: id.replace('A', 'B'), hostToken: 7 }];
    expect(parseJoinedRaces(stored)).toEqual([
      inIt,
      { raceId: id.replace('A', 'B'), gameId: null, name: null, hostToken: null },
    ]);
    expect(parseJoinedRaces({})).toEqual([]);
    let races = parseJoinedRaces([]);
    for (let i = 0; i < MAX_RACES_KEPT + 3; i++) {
      races = keepRace(races, { ...inIt, raceId: `race${i}` });
    }
    expect(races).toHaveLength(MAX_RACES_KEPT);
    expect(races.at(-1)?.raceId).toBe(`race${MAX_RACES_KEPT + 2}`);
    expect(keepRace(races, { ...inIt, raceId: 'race5', hostToken: 'h' }).at(-1)).toMatchObject({
      raceId: 'race5',
      hostToken: 'h',
    });
  });
});

describe('what the race says', () => {
  it('names the winner: first to the goal, else the best score', () => {
    expect(winnerLine({ ...race, status: 'finished' })).toBe('Ada wins with 2,048 points.');
    const reached = { ...player, reachedAt: '2026-11-26T13:02:00.000Z' };
    expect(winnerLine({ ...race, players: [reached] })).toBe('Ada wins: first to reach the goal.');
    expect(winnerLine({ ...race, players: [] })).toBe('The race is over: nobody played.');
  });

  it('lists a player, and tells the host and the others what comes next', () => {
    expect(playerLine(player)).toBe('Ada: 2,048 (256), 300 moves');
    expect(playerLine({ ...player, status: 'lost' })).toBe(
      'Ada: 2,048 (256), 300 moves, out of moves',
    );
    expect(lobbyLine(race, true)).toBe('1 player of 8. Start when everyone is in.');
    expect(lobbyLine(race, false)).toBe('1 player of 8. Waiting for the host to start the race.');
  });
});
