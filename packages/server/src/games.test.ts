import type {
  CreateGameAnswer,
  MoveAnswer,
  RankedDirection,
  RankedRules,
  RecordAnswer,
  ResumeAnswer,
  ScoreAnswer,
} from '@twenty48/common';
import { type Game, makeRules, newGame, parseRecord, replay, step } from '@twenty48/engine';
import { answerOf } from '@twenty48/ranked';
import { beforeEach, describe, expect, it } from 'vitest';
import { cornerMove, rankedClient, watchStream } from './testing/rankedClient.js';
import { testServer } from './testing/testServer.js';

const server = testServer('ranked');

const client = rankedClient(() => server.current.url);
const { post, get, create, move } = client;

/** Every answer text a client saw, to check afterwards that none held the seed. */
let seen: string[] = [];
beforeEach(() => {
  seen = [];
});

/** A move that must be applied; its answer. */
async function played(gameId: string, direction: RankedDirection, index?: number) {
  const answer = await move(gameId, direction, index);
  seen.push(answer.text);
  if (answer.status !== 200) throw new Error(`move: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** The direction of the last move `playToEnd` played. */
let lastDirection: RankedDirection = 'up';

/** Play on with the corner strategy until the game is lost; the last answer. */
async function playToEnd(gameId: string, rules: RankedRules = 'classic'): Promise<MoveAnswer> {
  const resumed = await get<ResumeAnswer>(`/api/games/${gameId}`);
  seen.push(resumed.text);
  let last = { ...resumed.body, index: resumed.body.sent - 1 } as unknown as MoveAnswer;
  while (last.status !== 'lost') {
    lastDirection = cornerMove(last.board, rules);
    last = await played(gameId, lastDirection);
  }
  return last;
}

/** Rank a lost game and fetch its record (which reveals the seed). */
async function rankAndReveal(gameId: string, name = 'Ada') {
  const ranked = await post<ScoreAnswer>('/api/scores', { gameId, name });
  expect(ranked.status).toBe(201);
  const record = await get<RecordAnswer>(`/api/scores/${ranked.body.id}/record`);
  expect(record.status).toBe(200);
  return { score: ranked.body, record: record.body };
}

/** Replay the moves sent, in index order, with the engine; each answer and the final game. */
function engineReplay(seed: string, rules: RankedRules, size: number, sent: RankedDirection[]) {
  const made = makeRules(rules, { size });
  if (!made.ok) throw new Error(made.error.message);
  let game: Game = newGame(made.value, seed);
  const answers = sent.map((direction, index) => {
    const result = step(game, direction);
    game = result.game;
    return answerOf(result, index);
  });
  return { answers, game };
}

describe('the pinned shapes', { timeout: 30_000 }, () => {
  it('create, move, resume, live, stream: the fields agreed, and no seed in any answer before the end', async () => {
    const created = await post<CreateGameAnswer>('/api/games', { rules: 'classic', size: 4 });
    seen.push(created.text);
    expect(created.status).toBe(201);
    const { gameId, watchId } = created.body;
    expect(created.body).toEqual({
      gameId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), // 128 random bits
      watchId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      board: expect.any(Array),
      score: 0,
      status: 'playing',
    });
    expect(gameId).not.toBe(watchId);
    const watcher = await watchStream(`${server.current.url}/api/games/${watchId}/events`);
    expect(created.body.board.flat().filter((value) => value > 0)).toHaveLength(2);

    const first = await played(gameId, 'up', 0);
    expect(Object.keys(first).sort()).toEqual(
      ['board', 'gained', 'index', 'moved', 'moves', 'score', 'spawn', 'status'].sort(),
    );
    expect(first.index).toBe(0);
    const resumed = await get<ResumeAnswer>(`/api/games/${gameId}`);
    seen.push(resumed.text);
    expect(resumed.body).toEqual({
      gameId,
      watchId,
      rules: 'classic',
      size: 4,
      board: first.board,
      score: first.score,
      status: first.status,
      sent: 1,
      moves: first.moves,
    });
    const live = await get('/api/games/live');
    seen.push(live.text);
    expect(live.body).toEqual([
      {
        watchId,
        rules: 'classic',
        size: 4,
        score: first.score,
        maxTile: Math.max(...first.board.flat()),
        moves: first.moves,
        status: 'playing',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);

    await playToEnd(gameId);
    const streamed = await watcher.rest();
    expect(streamed.at(-1)?.event).toBe('end');
    seen.push(JSON.stringify(streamed));
    const { record } = await rankAndReveal(gameId);
    expect(record.seed).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const text of seen) {
      expect(text).not.toContain(record.seed);
      expect(text).not.toMatch(/"(seed|rng)"/);
    }
  });
});

describe('forged moves', () => {
  it('refuses a bad direction or index, an unknown game, and a watch id used to play', async () => {
    const { gameId, watchId } = await create();
    const cases: [string, unknown, number, string][] = [
      [gameId, { direction: 'sideways' }, 400, 'ERR_BODY'],
      [gameId, { direction: 'UP' }, 400, 'ERR_BODY'],
      [gameId, {}, 400, 'ERR_BODY'],
      [gameId, { direction: 'up', index: -1 }, 400, 'ERR_BODY'],
      [gameId, { direction: 'up', index: 1.5 }, 400, 'ERR_BODY'],
      [gameId, { direction: 'up', index: '0' }, 400, 'ERR_BODY'],
      ['A'.repeat(22), { direction: 'up' }, 404, 'ERR_UNKNOWN_GAME'],
      ['not an id!', { direction: 'up' }, 404, 'ERR_UNKNOWN_GAME'],
      [watchId, { direction: 'up' }, 404, 'ERR_UNKNOWN_GAME'],
    ];
    for (const [id, body, status, error] of cases) {
      const refused = await post(`/api/games/${encodeURIComponent(id)}/moves`, body);
      expect({ body, status: refused.status, error: refused.body.error }).toEqual({
        body,
        status,
        error,
      });
    }
    // A watch id cannot resume the game either (a resume answer holds the gameId).
    expect(await get(`/api/games/${watchId}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_UNKNOWN_GAME' },
    });
    // None of the refusals moved the game.
    expect((await get<ResumeAnswer>(`/api/games/${gameId}`)).body.sent).toBe(0);
  });

  it('refuses rules and sizes the tables do not keep', async () => {
    const cases: [unknown, number, string][] = [
      [{ rules: 'chess', size: 4 }, 422, 'ERR_UNKNOWN_RULES'],
      [{ rules: 'classic', size: 9 }, 422, 'ERR_SIZE'],
      [{ rules: 'classic', size: 2 }, 422, 'ERR_SIZE'],
      [{ rules: 'classic', size: '4' }, 422, 'ERR_SIZE'],
      [{ size: 4 }, 400, 'ERR_BODY'],
    ];
    for (const [body, status, error] of cases) {
      expect(await post('/api/games', body)).toMatchObject({ status, body: { error } });
    }
  });
});

describe('replayed moves', () => {
  it('answers the same index twice with the same answer and applies it once', async () => {
    const { gameId } = await create();
    const first = await played(gameId, 'down', 0);
    const again = await played(gameId, 'down', 0);
    expect(again).toEqual(first);
    expect((await get<ResumeAnswer>(`/api/games/${gameId}`)).body).toMatchObject({
      sent: 1,
      board: first.board,
    });
    // Another direction under an index already taken is refused, and changes nothing.
    expect(await move(gameId, 'up', 0)).toMatchObject({
      status: 409,
      body: { error: 'ERR_MOVE_ORDER' },
    });
    const second = await played(gameId, 'left', 1);
    expect(second.index).toBe(1);
    // An early answer asked for again, after later moves: the same as it was.
    expect(await played(gameId, 'down', 0)).toEqual(first);
  });

  it('answers a replay long after (beyond the recent answers) as it was', async () => {
    const { gameId } = await create('classic', 8);
    const answers: MoveAnswer[] = [];
    for (let i = 0; i < 300; i++) answers.push(await played(gameId, i % 2 ? 'left' : 'down', i));
    expect(await played(gameId, 'down', 0)).toEqual(answers[0]);
    expect(await played(gameId, 'left', 41)).toEqual(answers[41]);
    expect(await played(gameId, 'left', 299)).toEqual(answers[299]);
  });

  it('applies moves sent ahead of their turn in index order', async () => {
    const { gameId } = await create();
    const later = played(gameId, 'left', 1);
    const last = played(gameId, 'up', 2);
    const first = await played(gameId, 'down', 0);
    expect([(await later).index, (await last).index, first.index]).toEqual([1, 2, 0]);
    expect((await get<ResumeAnswer>(`/api/games/${gameId}`)).body.sent).toBe(3);
  });
});

describe('a finished game', () => {
  it('refuses moves, ranks once, and its record replays to the same score', async () => {
    const { gameId } = await create('tiers', 3);
    expect(await post('/api/scores', { gameId, name: 'Early' })).toMatchObject({
      status: 409,
      body: { error: 'ERR_NOT_FINISHED' },
    });
    const last = await playToEnd(gameId, 'tiers');
    expect(await move(gameId, 'up')).toMatchObject({
      status: 409,
      body: { error: 'ERR_GAME_OVER' },
    });
    expect(await move(gameId, 'up', last.index + 1)).toMatchObject({
      status: 409,
      body: { error: 'ERR_GAME_OVER' },
    });
    // A retry of the last move gets its answer again.
    expect(await played(gameId, lastDirection, last.index)).toEqual(last);

    expect(await post('/api/scores', { gameId, name: '<b>' })).toMatchObject({
      status: 422,
      body: { error: 'ERR_NAME' },
    });
    const { score, record } = await rankAndReveal(gameId, ' Ada ');
    expect(score).toEqual({
      id: expect.any(Number),
      rank: 1,
      score: last.score,
      maxTile: expect.any(Number),
    });
    expect(await post('/api/scores', { gameId, name: 'Ada' })).toMatchObject({
      status: 409,
      body: { error: 'ERR_GAME_USED' },
    });
    const parsed = parseRecord(record);
    const replayed = parsed.ok ? replay(parsed.value) : parsed;
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.value.score).toBe(last.score);
    expect(replayed.value.status).toBe('lost');
    expect(replayed.value.moves).toHaveLength(last.moves);
    expect(await get('/api/scores?rules=tiers&size=3')).toMatchObject({
      body: [{ name: 'Ada', score: last.score, finished: true }],
    });
    expect((await get<ResumeAnswer>(`/api/games/${gameId}`)).body).toMatchObject({
      status: 'lost',
      scoreId: score.id,
    });
  });

  it('refuses a client-made record, naming the new flow', async () => {
    const { gameId } = await create();
    const old = await post('/api/scores', {
      name: 'Eve',
      gameId,
      record: { version: 1, rules: 'classic', seed: 'mine', moves: 'LR' },
    });
    expect(old).toMatchObject({
      status: 422,
      body: { error: 'ERR_FLOW_CHANGED', message: expect.stringContaining('POST /api/games') },
    });
    expect(await post('/api/scores', { gameId: 'A'.repeat(22), name: 'Eve' })).toMatchObject({
      status: 404,
      body: { error: 'ERR_UNKNOWN_GAME' },
    });
  });
});

describe('concurrent moves on one game', { timeout: 30_000 }, () => {
  const DIRECTIONS: readonly RankedDirection[] = ['down', 'left', 'right', 'up'];
  const fifty = Array.from({ length: 50 }, (_, i) => DIRECTIONS[(i * 7) % 4] ?? 'up');

  it.each([
    ['without index: in arrival order', false],
    ['with index, sent in a shuffled order', true],
  ])('50 at once, %s, end as the engine plays them in the server order', async (_, withIndex) => {
    const { gameId } = await create('classic', 5);
    const order = fifty.map((_, i) => (i * 31) % 50); // a permutation of 0..49
    const answers = await Promise.all(
      order.map((i) => played(gameId, fifty[i] ?? 'up', withIndex ? i : undefined)),
    );
    const byIndex = new Map(answers.map((answer, k) => [answer.index, { answer, k }]));
    expect([...byIndex.keys()].sort((a, b) => a - b)).toEqual(fifty.map((_, i) => i));
    // The directions in the order the server applied them.
    const applied = fifty.map((_, i) => fifty[order[byIndex.get(i)?.k ?? 0] ?? 0] ?? 'up');
    if (withIndex) expect(applied).toEqual(fifty);
    const resumed = (await get<ResumeAnswer>(`/api/games/${gameId}`)).body;
    expect(resumed.sent).toBe(50);

    await playToEnd(gameId);
    const { record } = await rankAndReveal(gameId);
    const engine = engineReplay(record.seed, 'classic', 5, applied);
    for (let i = 0; i < 50; i++) expect(byIndex.get(i)?.answer).toEqual(engine.answers[i]);
    expect(resumed.board).toEqual(engine.game.board);
    expect(resumed.moves).toBe(engine.game.moves.length);
    // One spawn per move that counted, never two.
    const spawns = answers.filter((answer) => answer.spawn !== null).length;
    expect(spawns).toBe(engine.game.moves.length);
  });
});

describe('a restart mid-game', { timeout: 30_000 }, () => {
  it('loses nothing: resume on a new server on the same file, replay an answer, finish and rank', async () => {
    const { gameId, watchId } = await create('fiveTwelve', 5);
    const answers: MoveAnswer[] = [];
    for (let i = 0; i < 12; i++) answers.push(await played(gameId, i % 2 ? 'down' : 'left', i));
    const before = (await get<ResumeAnswer>(`/api/games/${gameId}`)).body;
    await server.start();
    const after = (await get<ResumeAnswer>(`/api/games/${gameId}`)).body;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ watchId, sent: 12 });
    expect(await played(gameId, 'down', 11)).toEqual(answers[11]);
    const next = await played(gameId, 'right', 12);
    expect(next.index).toBe(12);
    const last = await playToEnd(gameId, 'fiveTwelve');
    const { record } = await rankAndReveal(gameId);
    const parsed = parseRecord(record);
    const replayed = parsed.ok ? replay(parsed.value) : parsed;
    expect(replayed.ok && replayed.value.score).toBe(last.score);
  });
});
