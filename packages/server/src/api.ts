import {
  MAX_RANKED_SIZE,
  MIN_RANKED_SIZE,
  parseJson,
  parseName,
  type Result,
} from '@twenty48/common';
import { makeRecord, PRESET_NAMES } from '@twenty48/engine';
import type { Store } from '@twenty48/store';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { createRateLimiter, type Limits, type RateLimiter } from './limits.js';
import { refuseOtherMethods } from './methods.js';
import { problem, publicStoreFailure } from './problems.js';
import { verifyGame } from './verify.js';

/** What the API needs from its host: the store, a clock, limits, and who is asking. */
export interface ApiOptions {
  readonly store: Store;
  readonly now: () => Date;
  readonly limits: Limits;
  /** The client's address, for rate limits. */
  readonly clientOf: (c: Context) => string;
}

const sizeSchema = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(MIN_RANKED_SIZE),
  v.maxValue(MAX_RANKED_SIZE),
);
const NewGameBody = v.object({ rules: v.string(), size: v.unknown() });
const ScoreBody = v.object({
  name: v.string(),
  gameId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  record: v.unknown(),
  unfinished: v.optional(v.boolean()),
  score: v.optional(v.pipe(v.number(), v.finite())),
});
const ScoresQuery = v.object({
  rules: v.optional(v.picklist(PRESET_NAMES), 'classic'),
  size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number), sizeSchema), '4'),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)),
    '10',
  ),
});

const isJson = (c: Context): boolean =>
  /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '');

/** Read a JSON body the limits already allowed (a body that cannot be read is not JSON). */
async function readJson(c: Context): Promise<Result<unknown, 'ERR_JSON'>> {
  const text = await c.req.text().catch(() => '');
  return parseJson(text, 'the body is not valid JSON');
}

/** 429, with Retry-After: the whole seconds until the limiter frees a slot for this client. */
function tooMany(c: Context, limiter: RateLimiter, client: string, what: string): Response {
  const seconds = Math.max(1, Math.ceil(limiter.waitMs(client) / 1000));
  c.header('retry-after', String(seconds));
  return problem(
    c,
    429,
    'ERR_RATE_LIMIT',
    `too many ${what} from this address; try again in ${seconds} s`,
  );
}

const issueMessage = (issues: readonly v.BaseIssue<unknown>[]): string =>
  issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`)
    .join('; ');

/**
 * Admit a POST: 429 past the client's rate for `what`, 400 for a body that is not JSON or not
 * of the schema's shape; otherwise the body as the schema reads it.
 */
async function admit<S extends v.GenericSchema>(
  c: Context,
  { clientOf }: ApiOptions,
  limiter: RateLimiter,
  what: string,
  schema: S,
): Promise<{ body: v.InferOutput<S> } | { refused: Response }> {
  const client = clientOf(c);
  if (!limiter.allow(client)) return { refused: tooMany(c, limiter, client, what) };
  const json = await readJson(c);
  if (!json.ok) return { refused: problem(c, 400, json.error.code, json.error.message) };
  const parsed = v.safeParse(schema, json.value);
  if (!parsed.success) {
    return { refused: problem(c, 400, 'ERR_BODY', issueMessage(parsed.issues)) };
  }
  return { body: parsed.output };
}

/** `GET /api/health`: 200 with what the leaderboard ranks, or 503 naming the store's problem. */
const health = (store: Store) => (c: Context) => {
  const checked = store.health();
  if (!checked.ok) {
    const { code, message } = publicStoreFailure(store, checked.error);
    return c.json({ ok: false, service: 'twenty48', error: code, message }, 503);
  }
  return c.json({
    ok: true,
    service: 'twenty48',
    rules: PRESET_NAMES,
    sizes: { min: MIN_RANKED_SIZE, max: MAX_RANKED_SIZE },
  });
};

/** `POST /api/games`: issue a single-use seed for a preset and a ranked size. */
const issueGame = (options: ApiOptions, limiter: RateLimiter) => async (c: Context) => {
  const admitted = await admit(c, options, limiter, 'new games', NewGameBody);
  if ('refused' in admitted) return admitted.refused;
  const { store, limits, now } = options;
  const { rules, size } = admitted.body;
  if (!(PRESET_NAMES as readonly string[]).includes(rules)) {
    return problem(
      c,
      422,
      'ERR_UNKNOWN_RULES',
      `the leaderboard ranks ${PRESET_NAMES.join(', ')}, not "${rules.slice(0, 40)}"`,
    );
  }
  if (!v.is(sizeSchema, size)) {
    return problem(
      c,
      422,
      'ERR_SIZE',
      `the leaderboard ranks sizes ${MIN_RANKED_SIZE} to ${MAX_RANKED_SIZE}`,
    );
  }
  const issued = store.issueGame(rules, size, limits.gameTtlMs, now());
  return c.json(issued, 201);
};

/**
 * `POST /api/scores`: check the name, replay the game against the seed issued for it, then
 * claim the seed and rank the score.
 */
const submitScore = (options: ApiOptions, limiter: RateLimiter) => async (c: Context) => {
  const admitted = await admit(c, options, limiter, 'submissions', ScoreBody);
  if ('refused' in admitted) return admitted.refused;
  const { store, now } = options;
  const submission = admitted.body;
  const name = parseName(submission.name);
  if (!name.ok) return problem(c, 422, name.error.code, name.error.message);
  const issued = store.peekGame(submission.gameId, now());
  if (!issued.ok) return problem(c, 422, issued.error.code, issued.error.message);
  const verified = verifyGame(issued.value, submission);
  if (!verified.ok) return problem(c, 422, verified.error.code, verified.error.message);
  // Nothing awaits between the claim and the insert, so concurrent submissions of one game
  // cannot both land: the second claim fails.
  const claimed = store.claimGame(submission.gameId, now());
  if (!claimed.ok) return problem(c, 422, claimed.error.code, claimed.error.message);
  const game = verified.value;
  const added = store.addScore({
    name: name.value,
    record: game.record,
    score: game.score,
    maxTile: game.maxTile,
    finished: game.finished,
  });
  if (!added.ok) return problem(c, 422, added.error.code, added.error.message);
  return c.json(
    { id: added.value.id, rank: added.value.rank, score: game.score, maxTile: game.maxTile },
    201,
  );
};

/** `GET /api/scores?rules&size&limit`: one table, best first. */
const scoreTable = (store: Store) => (c: Context) => {
  const parsed = v.safeParse(ScoresQuery, c.req.query());
  if (!parsed.success) return problem(c, 400, 'ERR_QUERY', issueMessage(parsed.issues));
  const { rules, size, limit } = parsed.output;
  const rows = store.topScores({ rules, size: Number(size), limit: Number(limit) });
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
const scoreRecord = (store: Store) => (c: Context) => {
  const id = c.req.param('id') ?? '';
  const row = /^\d{1,15}$/.test(id) ? store.getScore(Number(id)) : null;
  if (!row) return problem(c, 404, 'ERR_NOT_FOUND', `no score with id "${id.slice(0, 20)}"`);
  return c.json(JSON.parse(makeRecord(row.record)));
};

/**
 * The leaderboard API, under `/api`: issue seeds, verify and rank submitted games, read the
 * tables and the records behind them.
 *
 * @example
 * app.route('/api', createApi({ store, now: () => new Date(), limits, clientOf }));
 */
export function createApi(options: ApiOptions): Hono {
  const { store, limits } = options;
  const api = new Hono();
  // Checked before the body is read: an oversized or non-JSON body is refused unread.
  const jsonBody = bodyLimit({
    maxSize: limits.bodyBytes,
    onError: (c) =>
      problem(c, 413, 'ERR_TOO_LARGE', `a request body is at most ${limits.bodyBytes} bytes`),
  });
  const requireJson: MiddlewareHandler = async (c, next) =>
    isJson(c) ? next() : problem(c, 415, 'ERR_CONTENT_TYPE', 'send the body as application/json');

  api.get('/health', health(store));
  const gameLimiter = createRateLimiter(limits.gamesPerMinute);
  api.post('/games', requireJson, jsonBody, issueGame(options, gameLimiter));
  const scoreLimiter = createRateLimiter(limits.scoresPerMinute);
  api.post('/scores', requireJson, jsonBody, submitScore(options, scoreLimiter));
  api.get('/scores', scoreTable(store));
  api.get('/scores/:id/record', scoreRecord(store));
  refuseOtherMethods(api);
  api.notFound((c) =>
    problem(c, 404, 'ERR_NOT_FOUND', `no API route ${c.req.method} ${c.req.path}`),
  );
  return api;
}
