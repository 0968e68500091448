import {
  DAILY_SCORES_LENGTH,
  isDailyDate,
  isPlayerToken,
  isRaceMinutes,
  isRankedId,
  isRankedRules,
  isRankedSize,
  MAX_RANKED_SIZE,
  MIN_RANKED_SIZE,
  parseName,
  RACE_DEFAULT_MINUTES,
  RACE_MAX_MINUTES,
  RACE_MIN_MINUTES,
  RANKED_PLAYER_HEADER,
  RANKED_RULES,
  RANKED_WATCH_RETRY_MS,
} from '@twenty48/common';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { admit, type ClientOf, refusal, tooMany } from './admission.js';
import { createClientLimiter, type Limits } from './limits.js';
import type { PlayTable } from './play.js';
import { problem } from './problems.js';
import type { RaceEventStreams } from './raceEvents.js';
import type { RankedTable } from './rankedTable.js';

const EVENT_STREAM = 'text/event-stream; charset=utf-8';

const CreateRaceBody = v.object({
  rules: v.optional(v.string(), 'classic'),
  size: v.optional(v.unknown(), 4),
  minutes: v.optional(v.unknown(), RACE_DEFAULT_MINUTES),
});
const JoinBody = v.object({ name: v.unknown() });
const StartBody = v.object({ hostToken: v.pipe(v.string(), v.maxLength(200)) });

export interface PlayRoutesOptions {
  readonly play: PlayTable;
  readonly events: RaceEventStreams;
  readonly table: RankedTable;
  readonly limits: Limits;
  readonly clientOf: ClientOf;
  readonly requireJson: MiddlewareHandler;
  readonly jsonBody: MiddlewareHandler;
}

/** The `date` query: absent (today), a calendar day, or 400 ERR_DATE. */
function dateQuery(c: Context): { date: string | undefined } | { refused: Response } {
  const date = c.req.query('date');
  if (date === undefined) return { date };
  if (isDailyDate(date)) return { date };
  return {
    refused: problem(
      c,
      400,
      'ERR_DATE',
      `date must be a day as YYYY-MM-DD, not "${String(date).slice(0, 40)}"`,
    ),
  };
}

const unknownRace = (c: Context) =>
  refusal(c, { code: 'ERR_UNKNOWN_RACE', message: 'no race with this id' });

/**
 * The daily challenge (`/api/daily…`) and the races (`/api/races…`). Their games are ranked
 * games: their moves go to `POST /api/games/:gameId/moves`, their ranking to `POST /api/scores`.
 *
 * @example
 * addPlayRoutes(api, { play, events, table, limits, clientOf, requireJson, jsonBody });
 */
export function addPlayRoutes(api: Hono, options: PlayRoutesOptions): void {
  const { play, events, table, limits, clientOf, requireJson, jsonBody } = options;
  // New games (a day's, a race's) count in the same rate as any ranked game's.
  const gameLimiter = createClientLimiter(limits.gamesPerMinute, 60_000, limits.addressShare);

  api.get('/daily', async (c) => {
    const query = dateQuery(c);
    if ('refused' in query) return query.refused;
    const daily = await play.daily(query.date);
    return daily.ok ? c.json(daily.value) : refusal(c, daily.error);
  });

  api.get('/daily/scores', async (c) => {
    const query = dateQuery(c);
    if ('refused' in query) return query.refused;
    const scores = await play.dailyScores(query.date, DAILY_SCORES_LENGTH);
    return scores.ok ? c.json(scores.value) : refusal(c, scores.error);
  });

  // No body is needed (any is left unread): today's game for the asking player.
  api.post('/daily/games', async (c) => {
    const token = c.req.header(RANKED_PLAYER_HEADER);
    if (token !== undefined && !isPlayerToken(token)) {
      return problem(c, 400, 'ERR_PLAYER_TOKEN', `${RANKED_PLAYER_HEADER} must be a player token`);
    }
    const client = clientOf(c);
    if (!gameLimiter.allow(client)) return tooMany(c, gameLimiter, client, 'new games');
    const created = await play.dailyGame(client);
    return created.ok ? c.json(created.value, 201) : refusal(c, created.error);
  });

  api.post('/races', requireJson, jsonBody, async (c) => {
    const admitted = await admit(c, clientOf, gameLimiter, 'new races', CreateRaceBody);
    if ('refused' in admitted) return admitted.refused;
    const { rules, size, minutes } = admitted.body;
    if (!isRankedRules(rules)) {
      return refusal(c, {
        code: 'ERR_UNKNOWN_RULES',
        message: `races are played with ${RANKED_RULES.join(', ')}, not "${rules.slice(0, 40)}"`,
      });
    }
    if (!isRankedSize(size)) {
      return refusal(c, {
        code: 'ERR_SIZE',
        message: `races are played on sizes ${MIN_RANKED_SIZE} to ${MAX_RANKED_SIZE}`,
      });
    }
    if (!isRaceMinutes(minutes)) {
      return refusal(c, {
        code: 'ERR_RACE_MINUTES',
        message: `minutes must be a whole number from ${RACE_MIN_MINUTES} to ${RACE_MAX_MINUTES}`,
      });
    }
    const created = await play.createRace(rules, size, minutes, clientOf(c));
    return created.ok ? c.json(created.value, 201) : refusal(c, created.error);
  });

  api.post('/races/:raceId/players', requireJson, jsonBody, async (c) => {
    const raceId = c.req.param('raceId') ?? '';
    const admitted = await admit(c, clientOf, gameLimiter, 'new games', JoinBody);
    if ('refused' in admitted) return admitted.refused;
    if (!isRankedId(raceId)) return unknownRace(c);
    const name = parseName(admitted.body.name);
    if (!name.ok) return refusal(c, { code: 'ERR_NAME', message: name.error.message });
    const joined = await play.join(raceId, name.value, clientOf(c));
    return joined.ok ? c.json(joined.value, 201) : refusal(c, joined.error);
  });

  api.post('/races/:raceId/start', requireJson, jsonBody, async (c) => {
    const raceId = c.req.param('raceId') ?? '';
    const admitted = await admit(c, clientOf, gameLimiter, 'starts', StartBody);
    if ('refused' in admitted) return admitted.refused;
    if (!isRankedId(raceId)) return unknownRace(c);
    const started = await play.start(raceId, admitted.body.hostToken);
    return started.ok ? c.json(started.value) : refusal(c, started.error);
  });

  api.get('/races/:raceId', async (c) => {
    const raceId = c.req.param('raceId') ?? '';
    if (!isRankedId(raceId)) return unknownRace(c);
    const race = await play.race(raceId);
    return race.ok ? c.json(race.value) : refusal(c, race.error);
  });

  api.get('/races/:raceId/events', async (c) => {
    const raceId = c.req.param('raceId') ?? '';
    if (!isRankedId(raceId)) return unknownRace(c);
    if (c.req.method === 'HEAD') {
      const race = await play.readRace(raceId);
      return race ? c.body(null, 200, { 'content-type': EVENT_STREAM }) : unknownRace(c);
    }
    if (!events.roomFor(raceId, limits.watchersPerGame, limits.maxStreams)) {
      return refusal(c, {
        code: 'ERR_TOO_MANY_WATCHERS',
        message: 'too many watchers now; try again later',
        retryAfterMs: RANKED_WATCH_RETRY_MS,
      });
    }
    table.streamOpened();
    const body = await events.open(raceId, () => table.streamClosed());
    if (!body) {
      table.streamClosed();
      return unknownRace(c);
    }
    return new Response(body, {
      headers: {
        'content-type': EVENT_STREAM,
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
    });
  });
}
