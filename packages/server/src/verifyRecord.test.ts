/**
 * A ranked game's published record replays with an independent implementation of the pinned
 * generator: `scripts/verify_record.py` (Python's own `hmac` and `hashlib`, no code shared
 * with the engine) on records a real server dealt, played and published.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MoveAnswer, RankedRules, RecordAnswer, ScoreAnswer } from '@twenty48/common';
import { parseRecord, replay } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { cornerMove, rankedClient } from './testing/rankedClient.js';
import { testServer } from './testing/testServer.js';

const SCRIPT = fileURLToPath(new URL('../../../scripts/verify_record.py', import.meta.url));
const server = testServer('verify');
const { post, get, create, move } = rankedClient(() => server.current.url);

/** What the Python script prints for a record (or its error line and exit status). */
function python(input: string): { status: number | null; out: string; err: string } {
  const run = spawnSync('python3', [SCRIPT], { input, encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
}

/** A game dealt by the server, played to its end, ranked; its published record's text. */
async function publishedRecord(rules: RankedRules, size: number): Promise<string> {
  const { gameId, board } = await create(rules, size);
  let last: Pick<MoveAnswer, 'board' | 'status'> = { board, status: 'playing' };
  while (last.status !== 'lost') {
    const answer = await move(gameId, cornerMove(last.board, rules));
    expect(answer.status).toBe(200);
    last = answer.body;
  }
  const ranked = await post<ScoreAnswer>('/api/scores', { gameId, name: 'Ada' });
  expect(ranked.status).toBe(201);
  const record = await get<RecordAnswer>(`/api/scores/${ranked.body.id}/record`);
  expect(record.status).toBe(200);
  return record.text;
}

describe('a published ranked record, replayed by another implementation', {
  timeout: 60_000,
}, () => {
  it.each([
    ['classic', 4],
    ['classic', 3],
    ['classic', 5],
    ['fiveTwelve', 4],
    ['tiers', 4],
  ] as const)(
    '%s %ix%i: Python gives the board and score the engine gives',
    async (rules, size) => {
      const text = await publishedRecord(rules, size);
      const record = parseRecord(text);
      if (!record.ok) throw new Error(record.error.message);
      expect(record.value.version).toBe(2);
      expect(record.value.seed).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 random bits
      const engine = replay(record.value);
      if (!engine.ok) throw new Error(engine.error.message);
      const verified = python(text);
      expect(verified.err).toBe('');
      expect(JSON.parse(verified.out)).toEqual({
        board: engine.value.board,
        score: engine.value.score,
        moves: engine.value.moves.length,
        status: 'lost',
      });
      expect(engine.value.status).toBe('lost');
    },
  );

  it('a record changed by one move is another game, or none, for both', async () => {
    const text = await publishedRecord('classic', 4);
    const record = JSON.parse(text) as { moves: string };
    const other = { ...record, moves: record.moves.slice(0, -1) };
    const engine = parseRecord(other);
    if (!engine.ok) throw new Error(engine.error.message);
    const replayed = replay(engine.value);
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(JSON.parse(python(JSON.stringify(other)).out)).toMatchObject({
      board: replayed.value.board,
      score: replayed.value.score,
      status: 'playing',
    });
    const refused = python(JSON.stringify({ ...record, version: 1 }));
    expect([refused.status, refused.err]).toEqual([
      1,
      'verify_record: ERR_VERSION: this script replays version 2 records',
    ]);
  });
});
