// The Race page's policy, pure: which screen a race shows (set up, join, lobby, countdown,
// racing, over), the race's link, what the browser keeps of the races it joined, and the
// words the page shows. The DOM, the client and storage are race-main.ts's.

import type { RaceInfo, RacePlayer } from '@twenty48/client';
import { escapeAndCut, formatNumber, isRankedId, isRecord, RACE_STATUSES } from '@twenty48/common';

/** Where the Race page keeps the races it joined (by raceId) in localStorage. */
export const RACES_KEY = 'twenty48:races';
/** The most races kept: the oldest is forgotten past it. */
export const MAX_RACES_KEPT = 20;

/** A race this browser joined: its game, its name there, and the host's token when it made it. */
export interface JoinedRace {
  readonly raceId: string;
  readonly gameId: string | null;
  readonly name: string | null;
  readonly hostToken: string | null;
}

/** The screens of a race. */
export type RaceScreen =
  | 'setup'
  | 'join'
  | 'lobby'
  | 'countdown'
  | 'racing'
  /** Started, and this browser is not in it: the race is watched. */
  | 'watching'
  | 'over';

/**
 * Whether `next` may replace `current` on the page: another race, or the same race at the same
 * stage or a later one (waiting, running, finished), never an earlier one. A read answered
 * before the race's end can arrive after the stream told of the end; it must not undo it.
 *
 * @example
 * supersedes(finished, { ...finished, status: 'running' }) // false
 */
export function supersedes(current: RaceInfo | null, next: RaceInfo): boolean {
  if (current === null || current.raceId !== next.raceId) return true;
  return RACE_STATUSES.indexOf(next.status) >= RACE_STATUSES.indexOf(current.status);
}

/**
 * The screen for `race` (null: no race named) as this browser stands in it, at `now` on the
 * server's clock.
 *
 * @example
 * screenOf(null, null, 0) // 'setup'
 */
export function screenOf(
  race: RaceInfo | null,
  joined: JoinedRace | null,
  now: number,
): RaceScreen {
  if (race === null) return 'setup';
  if (race.status === 'finished') return 'over';
  const inIt = joined?.gameId != null;
  if (race.status === 'waiting') return inIt ? 'lobby' : 'join';
  if (!inIt) return 'watching';
  const start = race.startedAt === null ? Number.NaN : Date.parse(race.startedAt);
  return now < start ? 'countdown' : 'racing';
}

/**
 * The countdown's number at `msLeft` before the start: 3, 2, 1, then null (go).
 *
 * @example
 * countdownNumber(2500) // 3
 * countdownNumber(0)    // null
 */
export const countdownNumber = (msLeft: number): number | null =>
  msLeft > 0 ? Math.min(3, Math.ceil(msLeft / 1000)) : null;

/**
 * Time left as `m:ss`.
 *
 * @example
 * timeLeft(61_500) // '1:02'
 * timeLeft(-5)     // '0:00'
 */
export function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The race's link: this page with the raceId after `#`, so the id (whoever has it may join)
 * never reaches a server's logs as part of an address.
 *
 * @example
 * raceLink('https://example.org/race.html?x=1#old', 'AbC') // 'https://example.org/race.html#AbC'
 */
export function raceLink(pageUrl: string, raceId: string): string {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = raceId;
  return url.toString();
}

/**
 * The raceId a page address names after `#`, or null.
 *
 * @example
 * raceIdOf('#AbCdEfGhIjKlMnOpQrStUv') // 'AbCdEfGhIjKlMnOpQrStUv'
 * raceIdOf('#<script>')               // null
 */
export function raceIdOf(hash: string): string | null {
  const id = hash.replace(/^#/, '');
  return isRankedId(id) ? id : null;
}

const isText = (x: unknown): x is string => typeof x === 'string' && x.length <= 200;

/**
 * The races kept (any shape): each one checked on its own, the well-formed ones kept.
 *
 * @example
 * parseJoinedRaces([{ raceId: 'r1', gameId: 'g1', name: 'Ada', hostToken: null }]).length // 1
 */
export function parseJoinedRaces(x: unknown): JoinedRace[] {
  if (!Array.isArray(x)) return [];
  return x.slice(-MAX_RACES_KEPT).flatMap((item: unknown) => {
    if (!isRecord(item)) return [];
    const { raceId, gameId, name, hostToken } = item;
    if (!isRankedId(raceId)) return [];
    return [
      {
        raceId,
        gameId: isRankedId(gameId) ? gameId : null,
        name: isText(name) ? name : null,
        hostToken: isRankedId(hostToken) ? hostToken : null,
      },
    ];
  });
}

/**
 * `races` with `race` kept (replacing the one of its id, the newest last, at most
 * `MAX_RACES_KEPT`).
 *
 * @example
 * keepRace([], { raceId: 'r1', gameId: null, name: null, hostToken: 'h' })[0].hostToken // 'h'
 */
export function keepRace(races: readonly JoinedRace[], race: JoinedRace): JoinedRace[] {
  return [...races.filter((r) => r.raceId !== race.raceId), race].slice(-MAX_RACES_KEPT);
}

/**
 * A player as the lobby and the standings list them.
 *
 * @example
 * playerLine({ name: 'Ada', score: 1234, maxTile: 128, moves: 200, status: 'playing', … }) // 'Ada: 1,234 (128), 200 moves'
 */
export function playerLine(player: RacePlayer, goal: number | null = null): string {
  const name = escapeAndCut(player.name, 40);
  const reached = goal !== null && player.reachedAt !== null ? `, reached ${goal}` : '';
  const over = player.status === 'lost' ? ', out of moves' : '';
  return `${name}: ${formatNumber(player.score)} (${player.maxTile}), ${formatNumber(player.moves)} moves${reached}${over}`;
}

/**
 * Who won, in one sentence.
 *
 * @example
 * winnerLine(race) // 'Ada wins with 2,048 points.'
 */
export function winnerLine(race: RaceInfo): string {
  const first = race.players[0];
  if (first === undefined) return 'The race is over: nobody played.';
  const name = escapeAndCut(first.name, 40);
  if (first.reachedAt !== null) return `${name} wins: first to reach the goal.`;
  return `${name} wins with ${formatNumber(first.score)} points.`;
}

/**
 * What the lobby says of the players and who starts.
 *
 * @example
 * lobbyLine(race, true) // '2 players of 8. Start when everyone is in.'
 */
export function lobbyLine(race: RaceInfo, host: boolean, maxPlayers = 8): string {
  const count = `${race.players.length} ${race.players.length === 1 ? 'player' : 'players'} of ${maxPlayers}.`;
  return host
    ? `${count} Start when everyone is in.`
    : `${count} Waiting for the host to start the race.`;
}
