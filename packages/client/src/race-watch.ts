// Following a race live: `GET /api/races/:raceId/events`, read over fetch. A player's move
// (watchId, board, score) is handed on as it is, to draw that player's small board; every
// other event (a join, the start, the standings at the end) is news that the race changed,
// with the race itself when the event carries it whole, so a view reads `GET /api/races/:id`
// only when it does not.

import { parseJson, type WireBoard } from '@twenty48/common';
import { MAX_EVENT_LINE } from './event-stream.js';
import { followEventStream } from './follow-stream.js';
import { apiUrl, type ClientError, type Fetch } from './http.js';
import { parseRaceInfo, parseRaceMove, type RaceInfo } from './together-answers.js';

/** What a race's follower sees, in order; `error` is the last. */
export type RaceUpdate =
  | {
      readonly type: 'move';
      readonly watchId: string;
      readonly board: WireBoard;
      readonly score: number;
      /** The moves that count in that player's game so far. */
      readonly moves: number;
    }
  /** The race changed (the event's name: a join, the start, the end); `race` when it came whole. */
  | { readonly type: 'changed'; readonly event: string; readonly race: RaceInfo | null }
  /** The stream could not be opened, broke off, or was closed by the server; it is over. */
  | { readonly type: 'error'; readonly error: ClientError };

/** A race being followed: its updates, and a way to stop at once. */
export interface RaceWatch extends AsyncIterable<RaceUpdate> {
  close(): void;
}

/**
 * One event of a race's stream as an update, for boards of `size`: a move when it has a
 * player's board, else news of a change (with the race when the event carries it whole).
 *
 * @example
 * raceUpdateOf('move', '{"watchId":"w1","board":[[2,0],[0,0]],"score":0,"moves":0}', 2) // { type: 'move', … }
 */
export function raceUpdateOf(event: string, data: string, size: number): RaceUpdate {
  const body = parseJson(data);
  const value = body.ok ? body.value : undefined;
  const move = parseRaceMove(value, size);
  if (move !== null) return { type: 'move', ...move };
  const whole =
    parseRaceInfo(value) ??
    (typeof value === 'object' && value !== null && 'race' in value
      ? parseRaceInfo(value.race)
      : null);
  return { type: 'changed', event: event.slice(0, 40), race: whole };
}

/**
 * Follow the race `raceId` on the server at `baseUrl` (boards of `size`): each player's move,
 * and news of every other change, until `close()` or the stream ends (an `error` update, with
 * `ERR_STREAM_CLOSED` when the server closed it).
 *
 * @example
 * for await (const update of watchRace(fetch, '.', raceId, 4)) if (update.type === 'move') draw(update);
 */
export function watchRace(
  fetcher: Fetch,
  baseUrl: string,
  raceId: string,
  size: number,
  maxLine = MAX_EVENT_LINE,
): RaceWatch {
  const url = apiUrl(baseUrl, `/api/races/${encodeURIComponent(raceId)}/events`);
  const words = { cannot: 'cannot follow', ended: 'the race stream ended' };
  return followEventStream(
    fetcher,
    url,
    words,
    (event) => ({ update: raceUpdateOf(event.event, event.data, size), last: false }),
    maxLine,
  );
}
