import {
  MAX_RANKED_SIZE,
  MIN_RANKED_SIZE,
  parseName,
  RANKED_ID_MAX_LENGTH,
} from '@twenty48/common';
import { makeRecord, PRESET_NAMES } from '@twenty48/engine';
import type { LeaderboardStore } from '@twenty48/store';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { admit, type ClientOf, isJson, issueMessage, limitBody, refusal } from './admission.js';
import { addGameRoutes } from './games.js';
import { type ClientLimiter, createClientLimiter, type Limits } from './limits.js';
import { refuseOtherMethods } from './methods.js';
import type { PlayTable } from './play.js';
import { addPlayRoutes } from './playRoutes.js';
import { problem, publicStoreFailure } from './problems.js';
import type { RaceEventStreams } from './raceEvents.js';
import type { RankedTable } from './rankedTable.js';

/** What the API needs from its host: the store, the ranked games, limits, and who is asking. */
export interface ApiOptions {
  readonly store: LeaderboardStore;
  readonly table: RankedTable;
  readonly limits: Limits;
  /** The client's address, for rate limits. */
  readonly clientOf: ClientOf;
  /** The daily challenge and the races, with the races' streams (`playRoutes.ts`). */
  readonly play?: PlayTable;
  readonly events?: RaceEventStreams;
}

const sizeSchema = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(MIN_RANKED_SIZE),
  v.maxValue(MAX_RANKED_SIZE),
);
// Any object first, so that the old flow's body (with a record) is named, not just refused.
const AnyObject = v.record(v.string(), v.unknown());
const ScoreBody = v.object({
  gameId: v.pipe(v.string(), v.minLength(1), v.maxLength(RANKED_ID_MAX_LENGTH)),
  name: v.unknown(),
});
const ScoresQuery = v.object({
  rules: v.optional(v.picklist(PRESET_NAMES), 'classic'),
  size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number), sizeSchema), '4'),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)),
    '10',
  ),
});

/** `GET /api/health`: 200 with what the leaderboard ranks, or 503 naming the store's problem. */
const health = (store: LeaderboardStore) => async (c: Context) => {
  const checked = await store.health();
  if (!checked.ok) {
    const { code, message } = publicStoreFailure(checked.error);
    return c.json({ ok: false, service: 'twenty48', error: code, message }, 503);
  }
  return c.json({
    ok: true,
    service: 'twenty48',
    rules: PRESET_NAMES,
    sizes: { min: MIN_RANKED_SIZE, max: MAX_RANKED_SIZE },
  });
};

/**
 * `POST /api/scores { gameId, name }`: rank a lost game the server dealt, once, with the
 * server's own record of it. A client-made record is the old flow: 422 ERR_FLOW_CHANGED.
 */
const submitScore = (options: ApiOptions, limiter: ClientLimiter) => async (c: Context) => {
  const admitted = await admit(c, options.clientOf, limiter, 'submissions', AnyObject);
  if ('refused' in admitted) return admitted.refused;
  if ('record' in admitted.body) {
    return refusal(c, {
      code: 'ERR_FLOW_CHANGED',
      message:
        'the server no longer takes a record made by the client: play the game through POST /api/games and POST /api/games/:gameId/moves, then send POST /api/scores { gameId, name }',
    });
  }
  const parsed = v.safeParse(ScoreBody, admitted.body);
  if (!parsed.success) return problem(c, 400, 'ERR_BODY', issueMessage(parsed.issues));
  const name = parseName(parsed.output.name);
  if (!name.ok) return refusal(c, { code: 'ERR_NAME', message: name.error.message });
  const ranked = await options.table.rank(parsed.output.gameId, name.value);
  return ranked.ok ? c.json(ranked.value, 201) : refusal(c, ranked.error);
};

/** `GET /api/scores?rules&size&limit`: one table, best first. */
const scoreTable = (store: LeaderboardStore) => async (c: Context) => {
  const parsed = v.safeParse(ScoresQuery, c.req.query());
  if (!parsed.success) return problem(c, 400, 'ERR_QUERY', issueMessage(parsed.issues));
  const { rules, size, limit } = parsed.output;
  const rows = await store.topScores({ rules, size: Number(size), limit: Number(limit) });
  return c.json(
    rows.map((row) => ({
      id: row.id,
      rank: row.rank,
      name: row.name,
      score: row.score,
      maxTile: row.maxTile,
      moves: row.moves,
      finished: row.finished,
      createdAt: row.createdAt,
    })),
  );
};

/** `GET /api/scores/:id/record`: the record behind a score, to replay it. */
const scoreRecord = (store: LeaderboardStore) => async (c: Context) => {
  const id = c.req.param('id') ?? '';
  const row = /^\d{1,15}$/.test(id) ? await store.getScore(Number(id)) : null;
  if (!row) return problem(c, 404, 'ERR_NOT_FOUND', `no score with id "${id.slice(0, 20)}"`);
  return c.json(JSON.parse(makeRecord(row.record)));
};

/**
 * The leaderboard API, under `/api`: the ranked games the server deals (create, move, resume,
 * watch), ranking a finished one, the tables and the records behind them.
 *
 * @example
 * app.route('/api', createApi({ store, table, limits, clientOf }));
 */
export function createApi(options: ApiOptions): Hono {
  const { store, limits } = options;
  const api = new Hono();
  // Checked before the body is read: an oversized or non-JSON body is refused unread.
  const jsonBody = limitBody(limits.bodyBytes, (c) =>
    problem(c, 413, 'ERR_TOO_LARGE', `a request body is at most ${limits.bodyBytes} bytes`),
  );
  const requireJson: MiddlewareHandler = async (c, next) =>
    isJson(c) ? next() : problem(c, 415, 'ERR_CONTENT_TYPE', 'send the body as application/json');

  api.get('/health', health(store));
  addGameRoutes(api, { ...options, requireJson, jsonBody });
  const scoreLimiter = createClientLimiter(limits.scoresPerMinute, 60_000, limits.addressShare);
  api.post('/scores', requireJson, jsonBody, submitScore(options, scoreLimiter));
  api.get('/scores', scoreTable(store));
  api.get('/scores/:id/record', scoreRecord(store));
  const { play, events } = options;
  if (play && events) addPlayRoutes(api, { ...options, play, events, requireJson, jsonBody });
  refuseOtherMethods(api);
  api.notFound((c) =>
    problem(c, 404, 'ERR_NOT_FOUND', `no API route ${c.req.method} ${c.req.path}`),
  );
  return api;
}
