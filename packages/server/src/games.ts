import {
  isRankedId,
  isRankedRules,
  isRankedSize,
  MAX_RANKED_SIZE,
  MIN_RANKED_SIZE,
  RANKED_DIRECTIONS,
  RANKED_LIVE_LIST_LENGTH,
  RANKED_MAX_MOVES_PER_GAME,
  RANKED_RULES,
} from '@twenty48/common';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { admit, type ClientOf, refusal } from './admission.js';
import { createClientLimiter, type Limits } from './limits.js';
import { liveStream } from './liveEvents.js';
import type { RankedTable } from './rankedTable.js';

const CreateBody = v.object({ rules: v.string(), size: v.unknown() });
const MoveBody = v.object({
  direction: v.picklist(RANKED_DIRECTIONS),
  index: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(RANKED_MAX_MOVES_PER_GAME - 1)),
  ),
});

const EVENT_STREAM = 'text/event-stream; charset=utf-8';

/** Ids are 22 base64url characters; anything else is no game of ours, unread. */

const unknownGame = (c: Context) =>
  refusal(c, { code: 'ERR_UNKNOWN_GAME', message: 'no ranked game with this id' });

export interface GameRoutesOptions {
  readonly table: RankedTable;
  readonly limits: Limits;
  readonly clientOf: ClientOf;
  /** The checks of a JSON body, before it is read: its content type, then its size. */
  readonly requireJson: MiddlewareHandler;
  readonly jsonBody: MiddlewareHandler;
}

/**
 * The ranked games under `/api/games`: create, move, resume, the live list and each game's
 * live stream. The server deals every tile; no answer carries the seed.
 *
 * @example
 * addGameRoutes(api, { table, limits, clientOf, requireJson, jsonBody });
 */
export function addGameRoutes(
  api: Hono,
  { table, limits, clientOf, requireJson, jsonBody }: GameRoutesOptions,
) {
  const gameLimiter = createClientLimiter(limits.gamesPerMinute, 60_000, limits.addressShare);
  // moveBurst moves in any moveBurst / movesPerSecond seconds: the rate on average, the burst at once.
  const moveLimiter = createClientLimiter(
    limits.moveBurst,
    (limits.moveBurst / limits.movesPerSecond) * 1000,
    limits.addressShare,
  );

  api.post('/games', requireJson, jsonBody, async (c) => {
    const admitted = await admit(c, clientOf, gameLimiter, 'new games', CreateBody);
    if ('refused' in admitted) return admitted.refused;
    const { rules, size } = admitted.body;
    if (!isRankedRules(rules)) {
      return refusal(c, {
        code: 'ERR_UNKNOWN_RULES',
        message: `the leaderboard ranks ${RANKED_RULES.join(', ')}, not "${rules.slice(0, 40)}"`,
      });
    }
    if (!isRankedSize(size)) {
      return refusal(c, {
        code: 'ERR_SIZE',
        message: `the leaderboard ranks sizes ${MIN_RANKED_SIZE} to ${MAX_RANKED_SIZE}`,
      });
    }
    const created = await table.create(rules, size, clientOf(c));
    return created.ok ? c.json(created.value, 201) : refusal(c, created.error);
  });

  api.post('/games/:gameId/moves', requireJson, jsonBody, async (c) => {
    const gameId = c.req.param('gameId') ?? '';
    const admitted = await admit(c, clientOf, moveLimiter, 'moves', MoveBody);
    if ('refused' in admitted) return admitted.refused;
    if (!isRankedId(gameId)) return unknownGame(c);
    const { direction, index } = admitted.body;
    const played = await table.move(gameId, direction, index);
    return played.ok ? c.json(played.value) : refusal(c, played.error);
  });

  api.get('/games/live', async (c) => c.json(await table.live(RANKED_LIVE_LIST_LENGTH)));

  api.get('/games/:gameId', async (c) => {
    const gameId = c.req.param('gameId') ?? '';
    if (!isRankedId(gameId)) return unknownGame(c);
    const resumed = await table.resume(gameId);
    return resumed.ok ? c.json(resumed.value) : refusal(c, resumed.error);
  });

  api.get('/games/:id/events', async (c) => {
    const id = c.req.param('id') ?? '';
    const ranked = isRankedId(id) ? await table.watched(id) : null;
    if (!ranked) return unknownGame(c);
    if (c.req.method === 'HEAD') return c.body(null, 200, { 'content-type': EVENT_STREAM });
    const room = table.roomToWatch(ranked);
    if (!room.ok) return refusal(c, room.error);
    table.streamOpened();
    const body = liveStream(ranked, {
      keepAliveMs: limits.keepAliveMs,
      queueBytes: limits.watcherQueueBytes,
      lingerMs: limits.droppedLingerMs,
      onClose: () => table.streamClosed(),
    });
    return new Response(body, {
      headers: {
        'content-type': EVENT_STREAM,
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
    });
  });
}
