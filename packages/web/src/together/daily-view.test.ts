import { describe, expect, it } from 'vitest';
import {
  dayLine,
  EMPTY_RECORD,
  parseDailyRecord,
  recordFor,
  resultLine,
  shareLineOf,
  streakLine,
  tableRow,
  withFinish,
  withGame,
  withRank,
} from './daily-view.js';

const id = 'AbCdEfGhIjKlMnOpQrStUv';

describe('what the Daily page keeps', () => {
  it('reads back what it wrote, through a game, its finish and its rank', () => {
    const started = withGame({ ...EMPTY_RECORD, played: ['2026-11-25'] }, '2026-11-26', id);
    const done = withFinish(started, {
      date: '2026-11-26',
      score: 23456,
      maxTile: 2048,
      moves: 1234,
    });
    const ranked = withRank(done, 3, 'Ada');
    const back = parseDailyRecord(JSON.parse(JSON.stringify(ranked)));
    expect(back).toEqual(ranked);
    expect(back.played).toEqual(['2026-11-25', '2026-11-26']);
    expect(back.finish).toMatchObject({ rank: 3, name: 'Ada', score: 23456 });
  });

  it('drops each bad part on its own: a bad game id never loses the streak', () => {
    const stored = { date: '2026-11-26', gameId: '../etc', played: ['2026-11-25', 7, 'x'] };
    expect(parseDailyRecord(stored)).toEqual({
      date: '2026-11-26',
      gameId: null,
      finish: null,
      played: ['2026-11-25'],
    });
    expect(parseDailyRecord('not json at all')).toEqual(EMPTY_RECORD);
    expect(parseDailyRecord({ date: '2026-11-26', finish: { score: -1 } }).finish).toBeNull();
  });

  it('forgets another day’s game but keeps the days played', () => {
    const yesterday = withGame({ ...EMPTY_RECORD, played: ['2026-11-25'] }, '2026-11-25', id);
    expect(recordFor(yesterday, '2026-11-26')).toEqual({ ...EMPTY_RECORD, played: ['2026-11-25'] });
    expect(recordFor(yesterday, '2026-11-25')).toBe(yesterday);
  });
});

describe('what the Daily page says', () => {
  it('shares the pinned line of a finish', () => {
    const finish = {
      date: '2026-11-26',
      score: 23456,
      maxTile: 2048,
      moves: 1234,
      rank: null,
      name: null,
    };
    expect(shareLineOf(finish)).toBe('twenty48 daily 2026-11-26 · 2048 ✓ · 23,456 · 1,234 moves');
  });

  it('says the result, with the rank once ranked, the name escaped', () => {
    const finish = {
      date: '2026-11-26',
      score: 96,
      maxTile: 16,
      moves: 40,
      rank: null,
      name: null,
    };
    expect(resultLine(finish)).toBe('Your result: 96 points, best tile 16, 40 moves.');
    expect(resultLine({ ...finish, rank: 2, name: 'A\u001bda' })).toBe(
      'Your result: 96 points, best tile 16, 40 moves. A\\eda is number 2 today.',
    );
  });

  it('says the streak, the day and a row of the table', () => {
    expect(streakLine(['2026-11-25', '2026-11-26'], '2026-11-26')).toBe('Streak: 2 days in a row.');
    expect(streakLine(['2026-11-26'], '2026-11-26')).toBe('Streak: 1 day in a row.');
    expect(streakLine([], '2026-11-26')).toMatch(/^Streak: none yet/);
    const info = {
      date: '2026-11-26',
      rules: 'classic' as const,
      size: 4 as const,
      players: 1,
      best: [],
    };
    expect(dayLine(info)).toBe('Today, 2026-11-26: classic 4 × 4, 1 player so far.');
    expect(tableRow({ rank: 1, name: 'Ada', score: 2345, maxTile: 256, moves: 300 })).toBe(
      'Ada: 2,345 (256), 300 moves',
    );
  });
});
